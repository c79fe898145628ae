/**
 * Link wrappers for createInterpolateElement, which fills in the text.
 */

/**
 * A link to another page of the charity's site, opened in a new tab; plain
 * text when no address is configured.
 *
 * @param url Address of the page, or "".
 */
export function newTabLink( url: string ) {
	return url ? (
		// eslint-disable-next-line jsx-a11y/anchor-has-content -- text is interpolated.
		<a href={ url } target="_blank" rel="noopener noreferrer" />
	) : (
		<span />
	);
}
