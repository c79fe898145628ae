/**
 * The link's `requestID` (docs/widget-contract.md#28-update-card-widget), from the page URL's query string.
 *
 * @param search The page's `location.search`.
 * @return The requestID, or "" when the URL has none.
 */
export function readRequestId( search: string ): string {
	return ( new URLSearchParams( search ).get( 'requestID' ) ?? '' ).trim();
}
