/**
 * Help cover and the total (SPEC §4.3, §9): the amount every payment method
 * charges, so it lives beside the donation values rather than in one step.
 */
import type { DonationValues } from './donation-values';
import { roundToCents } from './money';

export const HELP_COVER_PERCENT = 0.05;
export const HELP_COVER_CAP = 20;

/**
 * Cover = amount × rate, capped at $20, in whole cents.
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
	return roundToCents( Math.min( amount * percent, HELP_COVER_CAP ) );
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
