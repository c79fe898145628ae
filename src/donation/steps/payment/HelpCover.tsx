/**
 * The help-cover box (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#43-amount-selection): adds the cover to the total, for
 * every payment method.
 */
import { useId } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { useFormikContext } from 'formik';
import type { DonationValues } from '../../../shared/donation-values';
import { helpCoverAmount } from '../../../shared/help-cover';
import { formatMoney } from '../../../shared/money';

export function HelpCover() {
	const { values, setFieldValue } = useFormikContext< DonationValues >();
	const id = useId();
	const cover = helpCoverAmount( values.amount, values.helpCoverPercent );
	// At the $999,999.99 maximum there is no room for a cover (help-cover.ts): nothing to offer.
	if ( cover <= 0 ) {
		return null;
	}
	return (
		<div className="dw-check">
			<input
				id={ id }
				type="checkbox"
				checked={ values.helpCover }
				onChange={ ( event ) =>
					setFieldValue( 'helpCover', event.target.checked )
				}
			/>
			<label htmlFor={ id }>
				{ sprintf(
					/* translators: %s: the help-cover amount, e.g. 1.25 */
					__(
						'I would like to add $%s to help cover fundraising costs',
						'donation-widget'
					),
					formatMoney( cover )
				) }
			</label>
		</div>
	);
}
