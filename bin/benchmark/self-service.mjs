/**
 * The "Manage my donation" link request, timed for an address with donations and for unknown
 * addresses, taking turns: the two should answer alike (the page waits to a floor of 300 ms
 * either way) and with the same outcome. Prints the median and slowest of each, the outcomes
 * (from the redirect), and the load average beside. The site limits link requests to 10 per
 * IP an hour, so keep runs at 5 or fewer per hour.
 *
 *   node bin/benchmark.mjs --self-service http://127.0.0.1:9310 --known donor@example.org.au [--runs 4]
 */
import { loadAverage, median } from './figures.mjs';

/**
 * One link request: its time in milliseconds and its outcome.
 *
 * @param {string} site   Site address.
 * @param {string} pageId The manage page's post id.
 * @param {string} email  The address asked for.
 */
async function request( site, pageId, email ) {
	const started = performance.now();
	const response = await fetch( `${ site }/wp-admin/admin-post.php`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams( {
			action: 'donation_widget_manage_request',
			page_id: pageId,
			email,
		} ).toString(),
	} );
	const ms = performance.now() - started;
	const location = response.headers.get( 'location' ) || '';
	const outcome =
		/[?&]manage_request=([a-z_]+)/.exec( location )?.[ 1 ] ||
		`HTTP ${ response.status }`;
	return { ms, outcome };
}

/**
 * Prints the figures.
 *
 * @param {string} site  Site address.
 * @param {string} known An address with donations on that site.
 * @param {number} runs  Requests of each kind.
 */
export async function printSelfService( site, known, runs ) {
	site = site.replace( /\/$/, '' );
	const page = await ( await fetch( `${ site }/manage-donation/` ) ).text();
	const pageId = /name="page_id" value="(\d+)"/.exec( page )?.[ 1 ];
	if ( ! pageId ) {
		throw new Error(
			`No "Manage my donation" form at ${ site }/manage-donation/`
		);
	}
	const times = { known: [], unknown: [] };
	const outcomes = { known: new Set(), unknown: new Set() };
	for ( let run = 0; run < runs; run++ ) {
		for ( const [ kind, email ] of [
			[ 'known', known ],
			[ 'unknown', `nobody-${ Date.now() }-${ run }@example.org.au` ],
		] ) {
			const { ms, outcome } = await request( site, pageId, email );
			times[ kind ].push( ms );
			outcomes[ kind ].add( outcome );
		}
	}
	const load = loadAverage();
	console.log(
		`\nSelf-service link requests (${ runs } each, load average ${ load }):`
	);
	for ( const kind of [ 'known', 'unknown' ] ) {
		console.log(
			`  ${ kind.padEnd( 8 ) } median ${ median( times[ kind ] ).toFixed(
				0
			) } ms, slowest ${ Math.max( ...times[ kind ] ).toFixed(
				0
			) } ms, answered: ${ [ ...outcomes[ kind ] ].join( ', ' ) }`
		);
	}
}
