/**
 * Times the Donations screen's background CSV export over HTTP, as an admin's browser runs it:
 * log in, press Export CSV for a search, ask the batch route until the export is complete (each
 * request writes one batch on the server), then download the file. Prints the total time, rows
 * per second, the requests' times, the file's size and the load average. Seeds nothing: run it
 * against a site that already holds the rows (the search picks them).
 *
 *   node bin/benchmark.mjs --export http://127.0.0.1:9810 [--export-search TEXT]
 *   (user admin / password, or DONATION_WIDGET_ADMIN_USER / DONATION_WIDGET_ADMIN_PASSWORD)
 */
import crypto from 'node:crypto';
import { loadAverage } from './figures.mjs';

const cookies = new Map();

function remember( response ) {
	for ( const header of response.headers.getSetCookie() ) {
		const [ pair ] = header.split( ';' );
		const at = pair.indexOf( '=' );
		cookies.set( pair.slice( 0, at ), pair.slice( at + 1 ) );
	}
}

async function request( url, init = {} ) {
	const response = await fetch( url, {
		redirect: 'manual',
		...init,
		headers: {
			...( init.headers ?? {} ),
			cookie: [ ...cookies ]
				.map( ( [ k, v ] ) => `${ k }=${ v }` )
				.join( '; ' ),
		},
	} );
	remember( response );
	return response;
}

const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	return sorted[ Math.floor( sorted.length / 2 ) ] ?? 0;
};

/**
 * Runs one export and returns its figures.
 *
 * @param {string} site   Site URL.
 * @param {string} search The list's search (the rows to export).
 */
export async function measureExport( site, search = '' ) {
	const base = site.replace( /\/$/, '' );
	const user = process.env.DONATION_WIDGET_ADMIN_USER ?? 'admin';
	const password = process.env.DONATION_WIDGET_ADMIN_PASSWORD ?? 'password';
	cookies.set( 'wordpress_test_cookie', 'WP%20Cookie%20check' );
	const login = await request( `${ base }/wp-login.php`, {
		method: 'POST',
		body: new URLSearchParams( {
			log: user,
			pwd: password,
			testcookie: '1',
			'wp-submit': 'Log In',
		} ),
	} );
	if ( login.status !== 302 ) {
		throw new Error( `log in answered ${ login.status }` );
	}
	const list = `${ base }/wp-admin/admin.php?page=donation-widget-donations&s=${ encodeURIComponent( search ) }`;
	const page = await ( await request( list ) ).text();
	const form = page.match(
		/<form id="donation-widget-export-start"[\s\S]*?<\/form>/
	)?.[ 0 ];
	const nonce = form?.match( /name="_wpnonce" value="([^"]+)"/ )?.[ 1 ];
	if ( ! nonce ) {
		throw new Error( 'no Export CSV form on the Donations screen' );
	}

	const started = performance.now();
	const start = await request( `${ base }/wp-admin/admin-post.php`, {
		method: 'POST',
		body: new URLSearchParams( {
			action: 'donation_widget_start_export',
			_wpnonce: nonce,
			s: search,
		} ),
	} );
	const location = start.headers.get( 'location' ) ?? '';
	const id = new URL( location, base ).searchParams.get( 'export' );
	if ( start.status !== 302 || ! id ) {
		throw new Error( `Export CSV answered ${ start.status }` );
	}
	const progressPage = await (
		await request( new URL( location, base ).toString() )
	).text();
	const restNonce = progressPage.match(
		/createNonceMiddleware\(\s*"([^"]+)"/
	)?.[ 1 ];
	if ( ! restNonce ) {
		throw new Error( 'no REST nonce on the progress page' );
	}

	const polls = [];
	let answer;
	do {
		const asked = performance.now();
		const response = await request(
			`${ base }/?rest_route=/donation-widget/v1/exports/${ id }/batch`,
			{ method: 'POST', headers: { 'X-WP-Nonce': restNonce } }
		);
		answer = await response.json();
		polls.push( performance.now() - asked );
		if ( ! response.ok ) {
			throw new Error(
				`batch answered ${ response.status }: ${ answer.message }`
			);
		}
		if ( answer.status === 'failed' ) {
			throw new Error( `the export failed: ${ answer.error }` );
		}
		if ( ! answer.worked && answer.status !== 'complete' ) {
			await new Promise( ( resolve ) => setTimeout( resolve, 1000 ) );
		}
	} while ( answer.status !== 'complete' );
	const written = performance.now();

	const download = await request(
		answer.download_url.replace( /&amp;/g, '&' )
	);
	if ( download.status !== 200 ) {
		throw new Error( `download answered ${ download.status }` );
	}
	const hash = crypto.createHash( 'sha256' );
	let bytes = 0;
	let lines = 0;
	for await ( const chunk of download.body ) {
		hash.update( chunk );
		bytes += chunk.length;
		for ( const byte of chunk ) {
			lines += byte === 10 ? 1 : 0;
		}
	}
	const ended = performance.now();
	return {
		rows: answer.rows_done,
		batches: polls.length,
		writeMs: written - started,
		downloadMs: ended - written,
		totalMs: ended - started,
		medianPollMs: median( polls ),
		maxPollMs: Math.max( ...polls ),
		bytes,
		contentLength: Number( download.headers.get( 'content-length' ) ),
		lines,
		sha256: hash.digest( 'hex' ),
	};
}

/**
 * Prints the figures of one export.
 *
 * @param {string} site   Site URL.
 * @param {string} search The list's search.
 */
export async function printExport( site, search ) {
	const load = loadAverage();
	const r = await measureExport( site, search );
	console.log(
		`Background CSV export against ${ site } (search "${ search }"), load average ${ load }:`
	);
	console.log(
		`  ${ r.rows.toLocaleString( 'en-AU' ) } rows in ${ ( r.totalMs / 1000 ).toFixed( 1 ) } s (${ Math.round( r.rows / ( r.totalMs / 1000 ) ).toLocaleString( 'en-AU' ) } rows/s): ` +
			`${ r.batches } batch requests (median ${ r.medianPollMs.toFixed( 0 ) } ms, longest ${ r.maxPollMs.toFixed( 0 ) } ms), ` +
			`download ${ ( r.downloadMs / 1000 ).toFixed( 1 ) } s, ${ ( r.bytes / 1048576 ).toFixed( 1 ) } MB` +
			`${ r.bytes === r.contentLength ? ' (= Content-Length)' : ` (Content-Length ${ r.contentLength }!)` }, ${ r.lines.toLocaleString( 'en-AU' ) } lines, sha256 ${ r.sha256.slice( 0, 16 ) }…`
	);
}
