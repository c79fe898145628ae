/**
 * What the inspector says about an amount an editor typed (docs/widget-contract.md#51-amount's limits): the
 * message shown beside the control, or null when the value can be saved.
 */
import { __, sprintf } from '@wordpress/i18n';
import {
	isUsableAmount,
	presetAmountsProblem,
	presetAmountsProblems,
	type PresetProblem,
} from '../shared/amount-limits';

/**
 * The first problem only (presetAmountsErrors() names them all).
 *
 * @param text Comma-separated presets as typed; empty means "use the settings' presets".
 */
export function presetAmountsError( text: string ): string | null {
	const problem = presetAmountsProblem( text );
	return problem === null ? null : problemText( problem );
}

/**
 * One message per problem: each unusable amount named, then a wrong count.
 *
 * @param text Comma-separated presets as typed; empty means "use the settings' presets".
 */
export function presetAmountsErrors( text: string ): string[] {
	return presetAmountsProblems( text ).map( problemText );
}

function problemText( problem: PresetProblem ): string {
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

/**
 * What keeps a block from being published, each bad value named with its field, e.g.
 * 'Preset amounts: "abc" is not an amount …'.
 *
 * @param drafts               What the inspector's fields hold, typed but maybe not saved.
 * @param drafts.amountValues  The preset amounts field.
 * @param drafts.defaultAmount The default amount field.
 */
export function inspectorProblems( drafts: {
	amountValues?: string;
	defaultAmount?: string;
} ): string[] {
	const problems: string[] = [];
	const presetsLabel = __( 'Preset amounts', 'donation-widget' );
	for ( const error of presetAmountsErrors( drafts.amountValues ?? '' ) ) {
		problems.push(
			sprintf(
				/* translators: 1: a field's label, 2: what is wrong with its value. */
				__( '%1$s: %2$s', 'donation-widget' ),
				presetsLabel,
				error
			)
		);
	}
	const defaultAmount = drafts.defaultAmount ?? '';
	if ( defaultAmountError( defaultAmount ) !== null ) {
		problems.push(
			sprintf(
				/* translators: 1: a field's label, 2: what the editor typed there, e.g. "-4". */
				__(
					'%1$s: "%2$s" is not an amount from $5 to $999,999.99 with at most two decimals.',
					'donation-widget'
				),
				__( 'Default amount', 'donation-widget' ),
				defaultAmount.trim()
			)
		);
	}
	return problems;
}
