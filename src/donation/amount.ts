/**
 * Amount rules (docs/widget-contract.md#43-amount-selection, docs/widget-contract.md#51-amount, docs/widget-contract.md#9-business-constants-and-limits): help cover, total, custom amount and
 * the validation run on "Donate" (tab 1).
 */
import { roundToCents } from '../shared/money';
import { messages } from '../shared/messages';
import type { DonationValues, Frequency } from '../shared/donation-values';
import { MAXIMUM_DONATION, MINIMUM_DONATION } from '../shared/amount-limits';

export { MINIMUM_DONATION };
export const MAXIMUM_CUSTOM_DONATION = MAXIMUM_DONATION;

const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

// Help cover and the total are read by the payment methods too (src/shared/help-cover.ts).
export {
	HELP_COVER_CAP,
	HELP_COVER_PERCENT,
	helpCoverAmount,
	totalAmount,
} from '../shared/help-cover';

/**
 * What typing a custom amount does to `amount`: the typed number, or the
 * settings' default when the field is empty or 0.
 * @param inputAmount   Custom amount text.
 * @param defaultAmount The settings' default amount.
 */
export function amountFromInput(
	inputAmount: string,
	defaultAmount: number
): number {
	const parsed = parseFloat( inputAmount );
	if ( ! Number.isFinite( parsed ) || parsed === 0 ) {
		return defaultAmount;
	}
	return parsed;
}

/**
 * Whether a preset button shows as chosen.
 * @param preset Preset amount text, e.g. "25".
 * @param amount The chosen amount.
 */
export function isPresetSelected( preset: string, amount: number ): boolean {
	const value = parseFloat( preset );
	return (
		Number.isFinite( value ) &&
		roundToCents( value ) === roundToCents( amount )
	);
}

/**
 * The message the amount step shows, or null when the amount may go on.
 * A typed custom amount is checked as typed; otherwise the chosen preset.
 * @param values Form values.
 */
export function validateAmount(
	values: Pick< DonationValues, 'amount' | 'inputAmount' >
): string | null {
	const typed = values.inputAmount.trim();
	if ( typed !== '' ) {
		if ( ! AMOUNT_PATTERN.test( typed ) ) {
			return messages.invalidNumber();
		}
		const custom = parseFloat( typed );
		if ( custom < MINIMUM_DONATION ) {
			return messages.amountTooLow();
		}
		if ( custom > MAXIMUM_CUSTOM_DONATION ) {
			return messages.amountTooHigh();
		}
		return null;
	}
	if (
		! Number.isFinite( values.amount ) ||
		values.amount < MINIMUM_DONATION
	) {
		return messages.amountTooLow();
	}
	return null;
}

/**
 * The "d-" value of the wallet order and the wording of each frequency.
 * @param frequency Chosen frequency.
 */
export function isRecurring( frequency: Frequency ): boolean {
	return frequency === '4weekly';
}

/**
 * Reads a frequency from configuration text; null when it is not one.
 * @param value Configuration text such as "Oneoff".
 */
export function parseFrequency( value: string ): Frequency | null {
	const normalised = value.trim().toLowerCase();
	if ( normalised === '4weekly' ) {
		return '4weekly';
	}
	if ( normalised === 'oneoff' ) {
		return 'Oneoff';
	}
	return null;
}
