/**
 * What the inspector says about an amount an editor typed (SPEC §5.1's limits): the
 * message shown beside the control, or null when the value can be saved.
 */
import { __, sprintf } from '@wordpress/i18n';
import { isUsableAmount, presetAmountsProblem } from '../shared/amount-limits';

/**
 * @param text Comma-separated presets as typed; empty means "use the settings' presets".
 */
export function presetAmountsError( text: string ): string | null {
	const problem = presetAmountsProblem( text );
	if ( problem === null ) {
		return null;
	}
	if ( problem.kind === 'amount' ) {
		return sprintf(
			/* translators: %s: what the editor typed as one preset amount, e.g. "abc". */
			__(
				'"%s" is not an amount from $5 to $999,999.99 with at most two decimals.',
				'donation-widget'
			),
			problem.amount
		);
	}
	return __(
		'Enter exactly three amounts, separated by commas.',
		'donation-widget'
	);
}

/**
 * @param text The default amount as typed; empty means "use the settings' default".
 */
export function defaultAmountError( text: string ): string | null {
	if ( text.trim() === '' || isUsableAmount( text ) ) {
		return null;
	}
	return __(
		'Enter an amount from $5 to $999,999.99 with at most two decimals, or leave this empty.',
		'donation-widget'
	);
}
