/**
 * Button wording that depends on the amount and frequency (docs/widget-contract.md#23-tab-1-amount, docs/widget-contract.md#25-tab-3-payment).
 */
import { __, sprintf } from '@wordpress/i18n';
import { formatMoney } from './money';
import type { Frequency } from './donation-values';

/**
 * "Donate $25 4-weekly >>" on tab 1, "Donate $25 4-weekly" on tab 3; the
 * word "4-weekly" only when recurring.
 *
 * @param total      Total in dollars.
 * @param frequency  Chosen frequency.
 * @param withArrows Tab 1's button ends with " >>".
 */
export function donateLabel(
	total: number,
	frequency: Frequency,
	withArrows: boolean
): string {
	const amount = formatMoney( total );
	const recurring = frequency === '4weekly';
	if ( recurring && withArrows ) {
		return sprintf(
			/* translators: %s: donation total, e.g. 25 or 25.50 */
			__( 'Donate $%s 4-weekly >>', 'donation-widget' ),
			amount
		);
	}
	if ( recurring ) {
		return sprintf(
			/* translators: %s: donation total, e.g. 25 or 25.50 */
			__( 'Donate $%s 4-weekly', 'donation-widget' ),
			amount
		);
	}
	if ( withArrows ) {
		/* translators: %s: donation total, e.g. 25 or 25.50 */
		return sprintf( __( 'Donate $%s >>', 'donation-widget' ), amount );
	}
	/* translators: %s: donation total, e.g. 25 or 25.50 */
	return sprintf( __( 'Donate $%s', 'donation-widget' ), amount );
}
