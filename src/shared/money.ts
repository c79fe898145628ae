/**
 * Money rules shared by every screen (SPEC §9): amounts carry at most two
 * decimals and are shown with two decimals, a trailing ".00" dropped.
 */

/**
 * Rounds to whole cents, avoiding binary drift such as 1.005 → 1.00.
 * @param value Dollars.
 */
export function roundToCents( value: number ): number {
	if ( ! Number.isFinite( value ) ) {
		return 0;
	}
	return Math.round( ( value + Number.EPSILON ) * 100 ) / 100;
}

/**
 * "25" for 25, "25.50" for 25.5, "1.25" for 1.25.
 * @param value Dollars.
 */
export function formatMoney( value: number | string ): string {
	const amount = typeof value === 'string' ? parseFloat( value ) : value;
	if ( ! Number.isFinite( amount ) ) {
		return '0';
	}
	const fixed = roundToCents( amount ).toFixed( 2 );
	return fixed.endsWith( '.00' ) ? fixed.slice( 0, -3 ) : fixed;
}

/**
 * Whole cents, as the card provider's payment intent expects.
 * @param value Dollars.
 */
export function toCents( value: number ): number {
	return Math.round( roundToCents( value ) * 100 );
}

/**
 * Two-decimal string, as the wallet provider's order expects ("25.00").
 * @param value Dollars.
 */
export function toDecimalString( value: number ): string {
	return roundToCents( value ).toFixed( 2 );
}
