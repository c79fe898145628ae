/**
 * Supporter care contacts as links: the visible text is exactly the setting.
 */

/**
 * A mailto: link, or the plain text when it is not an email address.
 * @param email Supporter care email address.
 */
export function emailLink( email: string ) {
	return /^[^\s@]+@[^\s@]+$/.test( email ) ? (
		<a href={ `mailto:${ email }` }>{ email }</a>
	) : (
		<span>{ email }</span>
	);
}

/**
 * A tel: link (digits and a leading + only), or the plain text when it has
 * no digits.
 * @param phone Supporter care phone number, as written for people.
 */
export function phoneLink( phone: string ) {
	const dialable = phone.replace( /[^\d+]/g, '' );
	return /\d/.test( dialable ) ? (
		<a href={ `tel:${ dialable }` }>{ phone }</a>
	) : (
		<span>{ phone }</span>
	);
}
