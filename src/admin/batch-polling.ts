/**
 * The loop behind the admin's progress bars (CSV export, tax statements): each request to a
 * batch route does the next piece of the work on the server and answers the progress. A failed
 * request is asked again after a growing pause; a refusal (4xx) or the fifth failure in a row
 * ends it. While another server (WP-Cron) holds the work, the loop gives it a moment.
 */
import apiFetch from '@wordpress/api-fetch';

export type Wait = ( milliseconds: number ) => Promise< void >;

/** Requests in a row that may fail (a dropped connection, a busy server) before giving up. */
const MAX_FAILURES = 5;

export const sleep: Wait = ( milliseconds ) =>
	new Promise( ( resolve ) => setTimeout( resolve, milliseconds ) );

/**
 * POSTs to a batch route through wp-api-fetch (which adds the cookie nonce).
 * @param path The route.
 */
export function postBatch< T >( path: string ): Promise< T > {
	return apiFetch< T >( { path, method: 'POST' } );
}

/**
 * The HTTP status of a failed wp-api-fetch request, or 0.
 * @param error What apiFetch rejected with.
 */
function statusOf( error: unknown ): number {
	const data = ( error as { data?: { status?: unknown } } | null )?.data;
	return typeof data?.status === 'number' ? data.status : 0;
}

/**
 * Asks for batches until `handle` says the work is over.
 *
 * @param fetchBatch Sends one request.
 * @param handle     Shows a progress; true when nothing is left to ask for.
 * @param giveUp     Told the last error, and whether the server refused (4xx), when it ends.
 * @param wait       Pauses.
 * @return The last progress, or null when the server could not be asked.
 */
export async function followBatches< T extends { worked?: boolean } >(
	fetchBatch: () => Promise< T >,
	handle: ( progress: T ) => boolean,
	giveUp: ( error: unknown, refused: boolean ) => void,
	wait: Wait
): Promise< T | null > {
	let failures = 0;
	for (;;) {
		let progress: T;
		try {
			progress = await fetchBatch();
			failures = 0;
		} catch ( error ) {
			failures++;
			const status = statusOf( error );
			const refused = status >= 400 && status < 500;
			if ( refused || failures >= MAX_FAILURES ) {
				giveUp( error, refused );
				return null;
			}
			await wait( 2000 * failures );
			continue;
		}
		if ( handle( progress ) ) {
			return progress;
		}
		// Another worker (WP-Cron) holds the work: give it a moment.
		if ( ! progress.worked ) {
			await wait( 1000 );
		}
	}
}
