/**
 * Which amounts a widget can offer (docs/widget-contract.md#51-amount, docs/widget-contract.md#9-business-constants-and-limits): from $5 to $999,999.99,
 * at most two decimals, and exactly three presets. The block inspector checks
 * what an editor types with these, and the widget reads its configuration
 * through them, so the editor's preview and the page agree; the server applies
 * the same rules (includes/Blocks/WidgetConfig.php).
 */

export const MINIMUM_DONATION = 5;
export const MAXIMUM_DONATION = 999999.99;

/** Per docs/widget-contract.md#9-business-constants-and-limits: three preset amounts. */
export const PRESET_COUNT = 3;

// Digits with an optional decimal part of one or two digits, as docs/widget-contract.md#51-amount accepts when typed
// (the same pattern as WidgetConfig.php; the range is checked as a number).
const AMOUNT_TEXT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * Whether text is one amount a donor could give.
 * @param text Amount text such as "25" or "25.50".
 */
export function isUsableAmount( text: string ): boolean {
	const trimmed = text.trim();
	if ( ! AMOUNT_TEXT.test( trimmed ) ) {
		return false;
	}
	const value = Number( trimmed );
	return value >= MINIMUM_DONATION && value <= MAXIMUM_DONATION;
}

export type PresetProblem =
	{ kind: 'count'; count: number } | { kind: 'amount'; amount: string };

/**
 * What is wrong with a comma-separated preset list, or null when it can be
 * used. An empty list is usable: the settings' presets are shown instead.
 * @param text Comma-separated amounts such as "25, 50, 100".
 */
export function presetAmountsProblem( text: string ): PresetProblem | null {
	if ( text.trim() === '' ) {
		return null;
	}
	const parts = text.split( ',' ).map( ( part ) => part.trim() );
	const wrong = parts.find(
		( part ) => part !== '' && ! isUsableAmount( part )
	);
	if ( wrong !== undefined ) {
		return { kind: 'amount', amount: wrong };
	}
	const count = parts.filter( Boolean ).length;
	return count === PRESET_COUNT && parts.length === PRESET_COUNT
		? null
		: { kind: 'count', count };
}

/**
 * Everything wrong with a comma-separated preset list, each unusable amount once in the order
 * typed, then a wrong count; empty when the list can be used.
 * @param text Comma-separated amounts such as "25, 50, 100".
 */
export function presetAmountsProblems( text: string ): PresetProblem[] {
	if ( presetAmountsProblem( text ) === null ) {
		return [];
	}
	const parts = text.split( ',' ).map( ( part ) => part.trim() );
	const wrong = [
		...new Set(
			parts.filter( ( part ) => part !== '' && ! isUsableAmount( part ) )
		),
	];
	const problems: PresetProblem[] = wrong.map( ( amount ) => ( {
		kind: 'amount',
		amount,
	} ) );
	const count = parts.filter( Boolean ).length;
	if ( count !== PRESET_COUNT || parts.length !== PRESET_COUNT ) {
		problems.push( { kind: 'count', count } );
	}
	return problems;
}

/**
 * The presets a widget shows from its configuration: all three, or none
 * (then the settings' presets), never a partial or unusable list.
 * @param value Raw configuration value: a comma string or a list.
 */
export function usablePresets( value: unknown ): string[] {
	let parts: unknown[] = [];
	if ( Array.isArray( value ) ) {
		parts = value;
	} else if ( typeof value === 'string' ) {
		parts = value.split( ',' );
	} else if ( typeof value === 'number' ) {
		parts = [ value ];
	}
	const texts = parts.map( ( part ) =>
		typeof part === 'number' || typeof part === 'string'
			? String( part ).trim()
			: ''
	);
	if ( texts.length === 1 && texts[ 0 ] === '' ) {
		return [];
	}
	return texts.length === PRESET_COUNT && texts.every( isUsableAmount )
		? texts
		: [];
}

/**
 * The default amount from configuration: the amount, or 0 (then the settings'
 * default) when it is missing or unusable.
 * @param value Raw configuration value.
 */
export function usableDefaultAmount( value: unknown ): number {
	const text =
		typeof value === 'number' && Number.isFinite( value )
			? String( value )
			: value;
	return typeof text === 'string' && isUsableAmount( text )
		? Number( text.trim() )
		: 0;
}
