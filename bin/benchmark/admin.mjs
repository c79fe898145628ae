/* eslint-disable no-console -- a command-line report. */
/**
 * Admin timings at a given number of donations, beside WordPress's own Pages list.
 *
 *   node bin/benchmark.mjs --admin http://127.0.0.1:9710 [--rows 1000000] [--site-name e2e] [--runs 10]
 *
 * Logs in as admin (admin / password), warms each screen up, then times ten rounds in which
 * every screen is requested once (interleaved, so load changes hit all screens alike):
 * the Pages list (wp-admin/edit.php?post_type=page), the Donations list (first page, search by
 * email, by a common surname, by reference, status filter, method + month filter, page 500 and the last
 * page), the 4-weekly list, the Donors list (first page, search by a common surname, sorted by
 * total given) and its first donor's page, the dashboard, the Reports screen and its route (this financial year
 * by month and by campaign), the Payouts list, one payout's page (a Stripe payout of 1,000 gifts
 * that admin-site.php records once), the Statements, Emails and Settings screens, and Export
 * CSV's start (its POST, answered by a redirect; each round starts one export). It prints the
 * median time to first byte and to the last byte (the server's whole work: PHP's server sends
 * the admin header before the list is built, so the first byte comes early) and each screen's
 * ratio to the Pages list, with the load average. With --site-name (a local site of bin/lib/env.sh) it also reports the row count
 * and the dashboard widget's own time, measured in-process by bin/benchmark/admin-site.php, and
 * with --rows it first seeds that site up to that many rows.
 */
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { logIn } from './admin-session.mjs';
import { loadAverage } from './figures.mjs';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);

let RUNS = 10;

// The ratios to the Pages list the issues asked for (issue 30), flagged when broken.
const TARGETS = {
	'Donations: search name (Smith)': 3,
	'Payouts list': 2,
	// Issue 31: the Donors list, a donor search and one donor's page.
	'Donors: first page': 2,
	'Donors: search name (Smith)': 2,
	"Donors: one donor's page": 2,
};

/**
 * One timed request: a GET, or a form's POST ({url, body}) answered by a redirect.
 *
 * @param {string|{url: string, body: string}} url    URL, or a form to POST.
 * @param {string}                             cookie Cookie header.
 * @param {string}                             nonce  REST nonce, for the plugin's routes.
 * @return {Promise<{ttfb: number, total: number, body: string}>} Times in ms, and the HTML.
 */
async function get( url, cookie, nonce = '' ) {
	const post = typeof url === 'object';
	const headers = { cookie, ...( nonce ? { 'x-wp-nonce': nonce } : {} ) };
	const started = performance.now();
	const response = await fetch(
		post ? url.url : url,
		post
			? {
					method: 'POST',
					headers: {
						...headers,
						'content-type': 'application/x-www-form-urlencoded',
					},
					body: url.body,
					redirect: 'manual',
				}
			: { headers, redirect: 'manual' }
	);
	const ttfb = performance.now() - started;
	const body = await response.text();
	const total = performance.now() - started;
	if ( response.status !== ( post ? 302 : 200 ) ) {
		throw new Error(
			`${ post ? url.url : url } answered HTTP ${ response.status }`
		);
	}
	if ( /<b>(Fatal error|Warning|Notice)<\/b>|critical error/i.test( body ) ) {
		throw new Error( `${ post ? url.url : url } printed a PHP error` );
	}
	return { ttfb, total, body };
}

const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	return sorted[ Math.floor( sorted.length / 2 ) ];
};

/**
 * Runs the admin timings and prints them.
 *
 * @param {Object}      options
 * @param {string}      options.site     Site URL.
 * @param {number|null} options.rows     Seed the local site up to this many rows first.
 * @param {string|null} options.siteName Local site name (bin/lib/env.sh), for the in-process figures.
 * @param {number|null} options.runs     Requests timed per screen (10).
 */
export async function adminTimings( { site, rows, siteName, runs } ) {
	RUNS = runs || RUNS;
	site = site.replace( /\/$/, '' );
	let inside = null;
	if ( siteName ) {
		const args = [
			path.join( root, 'bin/benchmark/admin-site.php' ),
			`--site=${ siteName }`,
		];
		if ( rows ) {
			args.push( `--rows=${ rows }` );
		}
		inside = JSON.parse(
			execFileSync( 'php', args, {
				encoding: 'utf8',
				maxBuffer: 1024 * 1024,
			} )
				.trim()
				.split( '\n' )
				.pop()
		);
	} else if ( rows ) {
		console.log(
			`  (--rows needs --site-name to seed; or run: php bin/seed-donations.php --site=<name> --rows=${ rows })`
		);
	}

	const cookie = await logIn( site );
	const admin = `${ site }/wp-admin`;
	const list = `${ admin }/admin.php?page=donation-widget-donations`;

	// Real values to search for, read from the list itself and one donation's page.
	const first = await get( list, cookie );
	const email =
		( first.body.match( /<br \/>([^<\s]+@[^<\s]+)</ ) || [] )[ 1 ] ||
		'jane@example.org.au';
	const id = ( first.body.match( /View donation #(\d+)/ ) || [] )[ 1 ] || '1';
	const detail = await get( `${ list }&donation=${ id }`, cookie );
	const reference =
		( detail.body.match( /\b(ch_[A-Za-z0-9]+|pi_[A-Za-z0-9]+)\b/ ) ||
			[] )[ 1 ] || `#${ id }`;
	const pages = Number(
		( first.body.match( /class=['"]total-pages['"]>([\d,]+)</ ) ||
			[] )[ 1 ]?.replace( /,/g, '' ) || 1
	);
	const month = new Date();
	month.setUTCMonth( month.getUTCMonth() - 13, 1 );
	const from = month.toISOString().slice( 0, 10 );
	const to = new Date(
		Date.UTC( month.getUTCFullYear(), month.getUTCMonth() + 1, 0 )
	)
		.toISOString()
		.slice( 0, 10 );

	// The donor with the most gifts (the longest page), from the list sorted by gifts.
	const donors = `${ admin }/admin.php?page=donation-widget-donors`;
	const donorsFirst = await get(
		`${ donors }&orderby=gifts&order=desc`,
		cookie
	);
	const donorGifts =
		( donorsFirst.body.match(
			/class=['"]gifts column-gifts['"][^>]*>([\d,]+)</
		) || [] )[ 1 ] || '?';
	const donorId =
		( donorsFirst.body.match(
			/page=donation-widget-donors&#038;donor=(\d+)/
		) || [] )[ 1 ] || '1';

	// The Reports screen's data comes from its REST route (cookie + REST nonce).
	const nonce = (
		await get( `${ admin }/admin-ajax.php?action=rest-nonce`, cookie )
	).body.trim();
	const api = `${ site }/wp-json/donation-widget/v1`;
	const today = new Date().toISOString().slice( 0, 10 );
	const now = new Date();
	const financialYear =
		now.getUTCMonth() >= 6
			? now.getUTCFullYear()
			: now.getUTCFullYear() - 1;
	const exportNonce = first.body
		.match(
			/<form id="donation-widget-export-start"[\s\S]*?<\/form>/
		)?.[ 0 ]
		?.match( /name="_wpnonce" value="([^"]+)"/ )?.[ 1 ];
	const exportStart = {
		url: `${ admin }/admin-post.php`,
		body: new URLSearchParams( {
			action: 'donation_widget_start_export',
			_wpnonce: exportNonce ?? '',
			s: '',
		} ).toString(),
	};

	const screens = [
		[ 'Pages list (WordPress)', `${ admin }/edit.php?post_type=page` ],
		[ 'Donations: first page', list ],
		[
			`Donations: search email`,
			`${ list }&s=${ encodeURIComponent( email ) }`,
		],
		// A common surname: thousands of matches to count, sum and sort.
		[ 'Donations: search name (Smith)', `${ list }&s=Smith` ],
		[
			`Donations: search reference`,
			`${ list }&s=${ encodeURIComponent( reference ) }`,
		],
		[ 'Donations: status failed', `${ list }&status=failed` ],
		[
			`Donations: paypal in ${ from.slice( 0, 7 ) }`,
			`${ list }&method=paypal&date_from=${ from }&date_to=${ to }`,
		],
		[ 'Donations: page 500', `${ list }&paged=500` ],
		[ `Donations: last page (${ pages })`, `${ list }&paged=${ pages }` ],
		[
			'4-weekly list',
			`${ admin }/admin.php?page=donation-widget-subscriptions`,
		],
		[ 'Donors: first page', donors ],
		[ 'Donors: search name (Smith)', `${ donors }&s=Smith` ],
		[
			'Donors: sorted by total given',
			`${ donors }&orderby=given&order=desc`,
		],
		[
			`Donors: one donor's page (${ donorGifts } gifts)`,
			`${ donors }&donor=${ donorId }`,
		],
		[ 'Dashboard (whole page)', `${ admin }/index.php` ],
		[
			'Reports screen',
			`${ admin }/admin.php?page=donation-widget-reports`,
		],
		[
			`Reports: FY ${ financialYear } by month`,
			`${ api }/reports?from=${ financialYear }-07-01&to=${ today }&interval=month&group=period`,
		],
		[
			'Reports: FY by campaign',
			`${ api }/reports?from=${ financialYear }-07-01&to=${ today }&interval=month&group=campaign`,
		],
		[ 'Payouts list', `${ admin }/admin.php?page=donation-widget-payouts` ],
		[
			`Payout page (${ inside?.payout_transactions ?? '?' } txns)`,
			`${ admin }/admin.php?page=donation-widget-payouts&payout=${ inside?.payout ?? 'po_benchmark1000' }`,
		],
		[
			'Statements screen',
			`${ admin }/admin.php?page=donation-widget-statements`,
		],
		[ 'Emails screen', `${ admin }/admin.php?page=donation-widget-emails` ],
		[ 'Settings screen', `${ admin }/admin.php?page=donation-widget` ],
		// Export CSV's start (admin-post.php answers a redirect to the progress page).
		[ 'Export CSV: start (all rows)', exportStart ],
	];

	const load = loadAverage( ', ' );
	console.log(
		`Admin timings against ${ site }${ inside ? ` (${ inside.rows.toLocaleString( 'en' ) } donation rows${ inside.seeded ? `, ${ inside.seeded } seeded now` : '' })` : '' }, median of ${ RUNS } interleaved rounds after a warm-up; load average ${ load }:`
	);
	// Interleaved: each run requests every screen once, so a change in the machine's load (2
	// shared cores) reaches every screen alike and the ratios to the Pages list stay fair.
	const samples = screens.map( () => ( { ttfb: [], total: [] } ) );
	const rest = ( url ) =>
		typeof url === 'string' && url.startsWith( api ) ? nonce : '';
	for ( const [ , url ] of screens ) {
		await get( url, cookie, rest( url ) );
	}
	for ( let run = 0; run < RUNS; run++ ) {
		for ( const [ index, [ , url ] ] of screens.entries() ) {
			const sample = await get( url, cookie, rest( url ) );
			samples[ index ].ttfb.push( sample.ttfb );
			samples[ index ].total.push( sample.total );
		}
	}
	let pagesTotal = null;
	for ( const [ index, [ label ] ] of screens.entries() ) {
		const ttfb = median( samples[ index ].ttfb );
		const total = median( samples[ index ].total );
		pagesTotal ??= total;
		const ratio = total / pagesTotal;
		const target =
			TARGETS[ label ] ?? TARGETS[ label.replace( / \(.*\)$/, '' ) ];
		let verdict = '';
		if ( target ) {
			verdict =
				ratio <= target
					? `  within ${ target }x`
					: `  OVER ${ target }x`;
		}
		console.log(
			`  ${ label.padEnd( 36 ) } ${ total.toFixed( 0 ).padStart( 6 ) } ms  (first byte ${ ttfb.toFixed( 0 ).padStart( 5 ) } ms)  ${ ratio.toFixed( 2 ) }x Pages${ verdict }`
		);
	}
	if ( inside ) {
		console.log(
			`  ${ 'Dashboard widget (in-process)'.padEnd( 36 ) } ${ inside.widget_ms.toFixed( 1 ).padStart( 6 ) } ms`
		);
	}
	console.log(
		`  searched for ${ email } and ${ reference }; load average after: ${ loadAverage( ', ' ) }`
	);
}
