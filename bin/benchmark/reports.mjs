/* eslint-disable no-console -- a command-line report. */
/**
 * The reports' timings at a given number of donations, beside WordPress's own Pages list, and
 * the schema 12 → 13 upgrade of the same site while donations keep coming in.
 *
 *   node bin/benchmark.mjs --reports http://127.0.0.1:8942 [--site-name demo] [--rows 1000000]
 *                          [--runs 10] [--upgrade]
 *
 * Logs in as admin (admin / password), takes a REST nonce, warms each report up, then times
 * interleaved rounds in which the Pages list and every report (GET …/reports, and one
 * GET …/reports.csv) are requested once: the median of each, its ratio to the Pages list and
 * whether it answered within 300 ms. With --site-name (a local site of bin/lib/env.sh) it seeds
 * up to --rows first (bin/benchmark/reports-site.php: donations with fees, refunds and lost
 * disputes) and adds each report's query time in-process. With --upgrade it then puts that
 * site back to schema 12, upgrades it while another PHP process makes a donation every quarter
 * second (the checkout's writes: insert, then paid), and prints how long the upgrade took and
 * what happened to those donations; then it writes the money figures back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { logIn } from './admin-session.mjs';
import { loadAverage, median } from './figures.mjs';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);
const inside = path.join( root, 'bin/benchmark/reports-site.php' );
const LIMIT_MS = 300;

/**
 * Runs an action of reports-site.php and answers its JSON.
 *
 * @param {string}   siteName Local site.
 * @param {string[]} args     More arguments.
 * @return {Object} Its answer.
 */
const siteAction = ( siteName, args ) =>
	JSON.parse(
		execFileSync( 'php', [ inside, `--site=${ siteName }`, ...args ], {
			encoding: 'utf8',
			maxBuffer: 16 * 1024 * 1024,
		} )
			.trim()
			.split( '\n' )
			.pop()
	);

/**
 * Starts an action of reports-site.php in the background.
 *
 * @param {string}   siteName Local site.
 * @param {string[]} args     More arguments.
 * @return {Promise<Object>} Its answer, once it ends.
 */
const siteActionInBackground = ( siteName, args ) =>
	new Promise( ( resolve, reject ) => {
		const child = spawn( 'php', [
			inside,
			`--site=${ siteName }`,
			...args,
		] );
		let out = '';
		let err = '';
		child.stdout.on( 'data', ( chunk ) => ( out += chunk ) );
		child.stderr.on( 'data', ( chunk ) => ( err += chunk ) );
		child.on( 'close', ( code ) => {
			if ( code !== 0 ) {
				reject(
					new Error(
						`reports-site.php ${ args[ 0 ] } ended with ${ code }: ${ err }`
					)
				);
				return;
			}
			resolve( JSON.parse( out.trim().split( '\n' ).pop() ) );
		} );
	} );

/**
 * One timed GET that must answer 200.
 *
 * @param {string} url     URL.
 * @param {Object} headers Request headers.
 * @return {Promise<{total: number, body: string}>} Milliseconds to the last byte, and the body.
 */
async function get( url, headers ) {
	const started = performance.now();
	const response = await fetch( url, { headers, redirect: 'manual' } );
	const body = await response.text();
	const total = performance.now() - started;
	if ( response.status !== 200 ) {
		throw new Error(
			`${ url } answered HTTP ${ response.status }: ${ body.slice( 0, 200 ) }`
		);
	}
	return { total, body };
}

/**
 * A day as YYYY-MM-DD.
 *
 * @param {Date} date Date.
 * @return {string} Day.
 */
const day = ( date ) => date.toISOString().slice( 0, 10 );

/**
 * The reports timed: each a label and its query string.
 *
 * @return {Array<[string, string]>} Label and parameters.
 */
function reports() {
	const today = new Date();
	const fyStart = new Date(
		Date.UTC(
			today.getUTCMonth() >= 6
				? today.getUTCFullYear()
				: today.getUTCFullYear() - 1,
			6,
			1
		)
	);
	const lastFyStart = new Date(
		Date.UTC( fyStart.getUTCFullYear() - 1, 6, 1 )
	);
	const lastFyEnd = new Date( Date.UTC( fyStart.getUTCFullYear(), 5, 30 ) );
	const monthStart = new Date(
		Date.UTC( today.getUTCFullYear(), today.getUTCMonth(), 1 )
	);
	const threeYears = new Date( today );
	threeYears.setUTCFullYear( today.getUTCFullYear() - 3 );
	const tenYears = new Date( today );
	tenYears.setUTCFullYear( today.getUTCFullYear() - 10 );
	tenYears.setUTCDate( tenYears.getUTCDate() + 3 );
	const fy = `from=${ day( fyStart ) }&to=${ day( today ) }`;
	return [
		[ 'This FY by month', `${ fy }&interval=month&group=period` ],
		[
			'Last FY by month',
			`from=${ day( lastFyStart ) }&to=${ day( lastFyEnd ) }&interval=month&group=period`,
		],
		[
			'This month by day',
			`from=${ day( monthStart ) }&to=${ day( today ) }&interval=day&group=period`,
		],
		[
			'Three years by week',
			`from=${ day( threeYears ) }&to=${ day( today ) }&interval=week&group=period`,
		],
		[
			'Ten years by month',
			`from=${ day( tenYears ) }&to=${ day( today ) }&interval=month&group=period`,
		],
		[ 'This FY by campaign', `${ fy }&group=campaign` ],
		[ 'This FY by UTM source', `${ fy }&group=utm_source` ],
		[ 'This FY by UTM campaign', `${ fy }&group=utm_campaign` ],
		[ 'This FY by method', `${ fy }&group=method` ],
		[ 'This FY by frequency', `${ fy }&group=frequency` ],
		[ 'CSV: this FY by month', `${ fy }&interval=month&group=period&csv` ],
	];
}

/**
 * Runs the reports' timings (and the upgrade) and prints them.
 *
 * @param {Object}      options
 * @param {string}      options.site     Site URL.
 * @param {number|null} options.rows     Seed the local site up to this many rows first.
 * @param {string|null} options.siteName Local site name (bin/lib/env.sh).
 * @param {number|null} options.runs     Rounds timed (10).
 * @param {boolean}     options.upgrade  Also time the schema 12 → 13 upgrade.
 */
export async function reportsTimings( {
	site,
	rows,
	siteName,
	runs,
	upgrade,
} ) {
	const RUNS = runs || 10;
	site = site.replace( /\/$/, '' );
	let count = null;
	if ( siteName ) {
		count = siteAction( siteName, [
			'--action=count',
			...( rows ? [ `--rows=${ rows }` ] : [] ),
		] );
	}
	const cookie = await logIn( site );
	const nonce = (
		await get( `${ site }/wp-admin/admin-ajax.php?action=rest-nonce`, {
			cookie,
		} )
	).body.trim();
	const headers = { cookie, 'x-wp-nonce': nonce };
	const api = `${ site }/wp-json/donation-widget/v1`;
	const targets = [
		[
			'Pages list (WordPress)',
			`${ site }/wp-admin/edit.php?post_type=page`,
		],
		...reports().map( ( [ label, query ] ) => [
			label,
			query.endsWith( '&csv' )
				? `${ api }/reports.csv?${ query.slice( 0, -4 ) }`
				: `${ api }/reports?${ query }`,
		] ),
	];

	console.log(
		`Reports against ${ site }${ count ? ` (${ count.rows.toLocaleString( 'en' ) } donation rows${ count.seeded ? `, ${ count.seeded } seeded now` : '' }: ${ count.refunded.toLocaleString( 'en' ) } refunded in part or whole, ${ count.disputed.toLocaleString( 'en' ) } lost disputes, ${ count.with_fee.toLocaleString( 'en' ) } with fees; ${ count.figures.toLocaleString( 'en' ) } report_totals rows)` : '' }, median of ${ RUNS } interleaved rounds after a warm-up; ${ os.cpus().length } cores, load average ${ loadAverage( ', ' ) }:`
	);
	const samples = targets.map( () => [] );
	for ( const [ , url ] of targets ) {
		await get( url, headers );
	}
	for ( let run = 0; run < RUNS; run++ ) {
		for ( const [ index, [ , url ] ] of targets.entries() ) {
			samples[ index ].push( ( await get( url, headers ) ).total );
		}
	}
	const pages = median( samples[ 0 ] );
	const over = [];
	for ( const [ index, [ label ] ] of targets.entries() ) {
		const ms = median( samples[ index ] );
		let verdict = '';
		if ( index > 0 ) {
			verdict = ms <= LIMIT_MS ? `  within ${ LIMIT_MS } ms` : '  OVER';
			if ( ms > LIMIT_MS ) {
				over.push( label );
			}
		}
		console.log(
			`  ${ label.padEnd( 26 ) } ${ ms.toFixed( 0 ).padStart( 6 ) } ms  ${ ( ms / pages ).toFixed( 2 ) }x Pages${ verdict }`
		);
	}
	if ( siteName ) {
		const queries = siteAction( siteName, [ '--action=queries' ] );
		console.log(
			`  in-process query only: ${ Object.entries( queries )
				.map( ( [ label, ms ] ) => `${ label } ${ ms } ms` )
				.join( ', ' ) }`
		);
	}
	console.log(
		over.length
			? `  Over ${ LIMIT_MS } ms: ${ over.join( ', ' ) }`
			: `  Every report answered within ${ LIMIT_MS } ms.`
	);

	if ( ! upgrade ) {
		return;
	}
	if ( ! siteName ) {
		console.log(
			'  (--upgrade needs --site-name: the upgrade runs inside the site)'
		);
		return;
	}
	const downgrade = siteAction( siteName, [ '--action=downgrade' ] );
	console.log(
		`Schema 12 → 13 upgrade (the site put back to schema 12 in ${ downgrade.seconds } s first); load average ${ loadAverage( ', ' ) }:`
	);
	const stop = path.join(
		fs.mkdtempSync( path.join( os.tmpdir(), 'dw-reports-' ) ),
		'stop'
	);
	// The upgrade starts first and claims it (Installer::maybe_upgrade()); the donations' process
	// then boots like any request during an upgrade (it finds the claim and goes on) and pays a
	// gift every quarter second until the upgrade has ended.
	const upgrading = siteActionInBackground( siteName, [
		'--action=upgrade',
	] );
	await new Promise( ( resolve ) => setTimeout( resolve, 1000 ) );
	const donating = siteActionInBackground( siteName, [
		'--action=donate',
		`--stop-file=${ stop }`,
	] );
	const upgraded = await upgrading;
	fs.writeFileSync( stop, '' );
	const donations = await donating;
	console.log(
		`  upgrade of ${ upgraded.rows.toLocaleString( 'en' ) } donation rows to schema ${ upgraded.to }: ${ upgraded.seconds } s (columns, keys, the reports' figures and movements derived from the rows)`
	);
	console.log(
		`  donations made while it ran (one every 0.25 s, from its first second to its end): ${ donations.made } paid, ${ donations.failed } failed; slowest ${ donations.slowest_ms } ms${ donations.errors.length ? `; errors: ${ donations.errors.join( ' | ' ) }` : '' }`
	);
	const settled = siteAction( siteName, [ '--action=settle' ] );
	console.log(
		`  (fees, refunds and disputes written back and every total re-derived in ${ settled.seconds } s; load average ${ loadAverage( ', ' ) })`
	);
}
