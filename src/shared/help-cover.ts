/**
 * Help cover and the total (docs/widget-contract.md#43-amount-selection, docs/widget-contract.md#9-business-constants-and-limits): the amount every payment method
 * charges, so it lives beside the donation values rather than in one step.
 */
import type { DonationValues } from './donation-values';
import { roundToCents, toDecimalString } from './money';
import { MAXIMUM_DONATION } from './amount-limits';

export const HELP_COVER_PERCENT = 0.05;
export const HELP_COVER_CAP = 20;

/**
 * Cover = amount × rate, capped at $20, rounded half up to the cent. Worked
 * out in whole cents (the rate in basis points) so it matches the server to
 * the cent: 5 % of $80.30 is $4.015, which floating point makes $4.01.
 *
 * Nor may it take the total past the $999,999.99 maximum (docs/widget-contract.md#9-business-constants-and-limits): near the
 * top the cover shrinks to what is left under it, and at the maximum it is 0
 * (the help-cover box is then not offered). The donor's own amount is never
 * changed; the cover is the optional part. Same rule as HelpCover.php.
 * @param amount  The chosen amount.
 * @param percent Cover rate (helpCoverPercent).
 */
export function helpCoverAmount(
	amount: number,
	percent: number = HELP_COVER_PERCENT
): number {
	if ( ! Number.isFinite( amount ) || amount <= 0 ) {
		return 0;
	}
	const amountCents = Math.round( roundToCents( amount ) * 100 );
	const basisPoints = Math.round( percent * 10000 );
	// An integer divided once: a half cent is exact, so Math.round takes it up.
	const coverCents = Math.round( ( amountCents * basisPoints ) / 10000 );
	const roomCents = Math.max(
		0,
		Math.round( MAXIMUM_DONATION * 100 ) - amountCents
	);
	return Math.min( coverCents, HELP_COVER_CAP * 100, roomCents ) / 100;
}

/**
 * The coverAmount field sent beside formData (which holds the total only):
 * the cover in dollars with two decimals, or "0" when help cover is off.
 * @param values Form values.
 */
export function coverAmountField(
	values: Pick< DonationValues, 'amount' | 'helpCover' | 'helpCoverPercent' >
): string {
	if ( ! values.helpCover ) {
		return '0';
	}
	return toDecimalString(
		helpCoverAmount( values.amount, values.helpCoverPercent )
	);
}

/**
 * Amount plus cover when help cover is on, otherwise the amount.
 * @param values Form values.
 */
export function totalAmount(
	values: Pick< DonationValues, 'amount' | 'helpCover' | 'helpCoverPercent' >
): number {
	const amount = Number.isFinite( values.amount ) ? values.amount : 0;
	return values.helpCover
		? roundToCents(
				amount + helpCoverAmount( amount, values.helpCoverPercent )
			)
		: roundToCents( amount );
}
