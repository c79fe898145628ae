/**
 * "$1,234.56" from integer cents, as the admin's PHP screens show money
 * (Receipts\DonationFormat::money): never through a float, so no cent drifts.
 * @param cents Whole cents; negative gives "-$12.00".
 */
export function formatCents( cents: number ): string {
	const whole = Math.abs( Math.trunc( cents ) );
	const dollars = Math.floor( whole / 100 )
		.toString()
		.replace( /\B(?=(\d{3})+(?!\d))/g, ',' );
	const rest = String( whole % 100 ).padStart( 2, '0' );
	return `${ cents < 0 ? '-' : '' }$${ dollars }.${ rest }`;
}

/**
 * "1,234" for a count.
 * @param count Whole number.
 */
export function formatCount( count: number ): string {
	return Math.trunc( count )
		.toString()
		.replace( /\B(?=(\d{3})+(?!\d))/g, ',' );
}
