/**
 * Tab 3's amount line (docs/widget-contract.md#25-tab-3-payment): what every payment method charges.
 */
import { __ } from '@wordpress/i18n';
import { formatMoney } from '../../../shared/money';

interface AmountLineProps {
	total: number;
	recurring: boolean;
}

export function AmountLine( { total, recurring }: AmountLineProps ) {
	return (
		<p className="dw-amount-line">
			<span>
				{ recurring
					? __( '4-weekly donation amount :', 'donation-widget' )
					: __( 'Donation Amount :', 'donation-widget' ) }
			</span>{ ' ' }
			<strong>{ `$${ formatMoney( total ) }` }</strong>
		</p>
	);
}
