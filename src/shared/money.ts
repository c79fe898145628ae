/**
 * Money rules shared by every screen (docs/widget-contract.md#9-business-constants-and-limits): amounts carry at most two
 * decimals and are shown with two decimals, a trailing ".00" dropped, and
 * with en-AU thousands separators ("1,000,019.99").
 */

// Built once: the browser's own formatter, so separators cost no bundle weight.
const EN_AU = new Intl.NumberFormat( 'en-AU', {
	minimumFractionDigits: 2,
	maximumFractionDigits: 2,
	useGrouping: true,
} );

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
 * "25" for 25, "25.50" for 25.5, "1,000,019.99" for 1000019.99: the one way
 * every screen shows a sum (the "$" is the caller's, as SPEC's texts place it).
 * @param value Dollars.
 */
export function formatMoney( value: number | string ): string {
	const amount = typeof value === 'string' ? parseFloat( value ) : value;
	if ( ! Number.isFinite( amount ) ) {
		return '0';
	}
	const text = EN_AU.format( roundToCents( amount ) );
	return text.endsWith( '.00' ) ? text.slice( 0, -3 ) : text;
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
