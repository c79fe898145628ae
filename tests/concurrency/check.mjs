/**
 * The concurrency check (tests/concurrency/run.sh starts the servers and runs this once per
 * cache set-up): fires simultaneous real calls at two PHP servers sharing one site and database,
 * then counts what got through, what the Stripe stand-in charged and what the site recorded.
 *
 *   1. 50 card payments (process_payment_method, SPEC §7 call 4) against a payment limit of 20;
 *   2. 100 card-update link checks (process_request_id, call 8) against their limit (60).
 *
 * All calls come from 127.0.0.1, so they are one visitor for the rate limits. Prints a table and
 * exits non-zero unless exactly the limit got through, with 0 duplicates and 0 lost, no answer
 * other than "through" or "rate limited", the counters in the expected store, and no PHP warning
 * in the site's debug log.
 *
 * Environment: DW_SERVERS (comma-separated base URLs), DONATION_WIDGET_STAND_IN_URL,
 * DW_SETUP (a label), DW_EXPECT_STORE (table | object-cache), DW_REDIS_SOCKET (when Redis runs),
 * DONATION_WIDGET_STATE_DIR and DONATION_WIDGET_SITE (for tests/concurrency/site.php).
 */
/* eslint-disable no-console -- a command-line check: its output is the report. */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const ROOT = path.resolve( HERE, '../..' );
const SERVERS = ( process.env.DW_SERVERS ?? '' ).split( ',' ).filter( Boolean );
const STAND_INS = process.env.DONATION_WIDGET_STAND_IN_URL ?? '';
const SETUP = process.env.DW_SETUP ?? 'MariaDB only';
const EXPECT_STORE = process.env.DW_EXPECT_STORE ?? 'table';
const REDIS_SOCKET = process.env.DW_REDIS_SOCKET ?? '';
const STATE =
	process.env.DONATION_WIDGET_STATE_DIR ?? path.join( ROOT, '.wp-local' );
const SITE = process.env.DONATION_WIDGET_SITE ?? 'concurrency';
const DEBUG_LOG = path.join( STATE, 'logs', `${ SITE }-debug.log` );
const PAYMENT_CALLS = 50;
const PAYMENT_LIMIT = 20;
const LINK_CALLS = 100;
const WINDOW_SECONDS = 3600;
const STRIPE_SECRET = 'sk_test_localStandIn';

if ( SERVERS.length < 2 || ! STAND_INS ) {
	console.error(
		'Run through tests/concurrency/run.sh (it starts two servers and the stand-ins).'
	);
	process.exit( 2 );
}

/**
 * Runs tests/concurrency/site.php on the same site; its JSON answer.
 *
 * @param {...string} args Command and arguments.
 * @return {Object} Parsed answer.
 */
function site( ...args ) {
	const result = spawnSync(
		'php',
		[ path.join( HERE, 'site.php' ), ...args ],
		{
			cwd: ROOT,
			env: {
				...process.env,
				DONATION_WIDGET_SITE: SITE,
				DONATION_WIDGET_STATE_DIR: STATE,
			},
			encoding: 'utf8',
		}
	);
	if ( result.status !== 0 ) {
		throw new Error(
			`site.php ${ args.join( ' ' ) } failed: ${ result.stderr }${ result.stdout }`
		);
	}
	return JSON.parse( result.stdout.trim().split( '\n' ).pop() );
}

/**
 * One admin-ajax call, as the widget makes it (form-encoded POST, no nonce).
 *
 * @param {string} server Base URL.
 * @param {Object} fields POST fields.
 * @return {Promise<{status: number, body: Object|null}>} The answer.
 */
async function ajax( server, fields ) {
	try {
		const response = await fetch( `${ server }/wp-admin/admin-ajax.php`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams( fields ).toString(),
		} );
		const text = await response.text();
		let body = null;
		try {
			body = JSON.parse( text );
		} catch {
			body = { unreadable: text.slice( 0, 200 ) };
		}
		return { status: response.status, body };
	} catch ( error ) {
		return { status: 0, body: { error: String( error ) } };
	}
}

/**
 * Classifies answers: through (not refused by the limit), limited (429 rate_limited), other.
 *
 * @param {Array}    answers   Answers.
 * @param {Function} isThrough Whether an answer is the call's normal success.
 * @return {{through: number, limited: number, other: Array}} Counts.
 */
function tally( answers, isThrough ) {
	const counts = { through: 0, limited: 0, other: [] };
	for ( const answer of answers ) {
		if ( answer.status === 429 && answer.body?.type === 'rate_limited' ) {
			counts.limited++;
		} else if ( isThrough( answer ) ) {
			counts.through++;
		} else {
			counts.other.push( answer );
		}
	}
	return counts;
}

async function standIn( method, url, headers = {} ) {
	const response = await fetch( STAND_INS + url, { method, headers } );
	return response.json();
}

/**
 * Waits out the last seconds of an hour: the limits count in fixed hourly windows, and a burst
 * split over two windows would rightly let more than the limit through.
 */
async function awayFromWindowEdge() {
	const left =
		WINDOW_SECONDS - ( Math.floor( Date.now() / 1000 ) % WINDOW_SECONDS );
	if ( left < 45 ) {
		console.log(
			`(waiting ${ left } s for the next hourly rate-limit window)`
		);
		await new Promise( ( resolve ) =>
			setTimeout( resolve, ( left + 1 ) * 1000 )
		);
	}
}

function phpProblems() {
	if ( ! fs.existsSync( DEBUG_LOG ) ) {
		return [];
	}
	return fs
		.readFileSync( DEBUG_LOG, 'utf8' )
		.split( '\n' )
		.filter( ( line ) =>
			/PHP (Warning|Notice|Deprecated|Fatal error|Parse error)|WordPress database error/.test(
				line
			)
		);
}

function redisCounterKeys() {
	if ( ! REDIS_SOCKET ) {
		return null;
	}
	const result = spawnSync(
		'redis-cli',
		[
			'-s',
			REDIS_SOCKET,
			'--scan',
			'--pattern',
			'*:donation_widget_rate:*',
		],
		{ encoding: 'utf8' }
	);
	return result.status === 0
		? result.stdout.split( '\n' ).filter( Boolean ).length
		: null;
}

async function paymentRun( runId ) {
	const email = `concurrency-${ runId }@example.org.au`;
	const formData = JSON.stringify( {
		email,
		firstName: 'Jane',
		lastName: 'Citizen',
		mobile: '0412345678',
		address: {
			addressLine1: '1 Example St',
			addressLine2: '',
			city: 'Sydney',
			state: 'NSW',
			postalCode: '2000',
			country: 'Australia',
		},
		totalAmount: '25',
		currency: 'AUD',
		frequency: 'Oneoff',
		utm_campaign: '',
		utm_source: '',
		utm_medium: '',
		utm_content: '',
		utm_term: '',
		inMemoryOf: '',
		organisationName: '',
		iteration_id: '',
	} );
	const attempts = Array.from( { length: PAYMENT_CALLS }, () =>
		randomUUID()
	);
	const answers = await Promise.all(
		attempts.map( ( attemptId, i ) =>
			ajax( SERVERS[ i % SERVERS.length ], {
				action: 'process_payment_method',
				token: 'pm_card_visa',
				cardId: 'pm_card_visa',
				formData,
				currentUrl: `${ SERVERS[ 0 ] }/donate/`,
				attemptId,
				captchaToken: 'stand-in-captcha-token',
			} )
		)
	);
	const counts = tally(
		answers,
		( a ) => a.status === 200 && a.body?.success === true
	);

	// Charges: the stand-in's PaymentIntents for these attempts that took the money.
	const sent = new Set( attempts );
	const intents = await standIn(
		'GET',
		'/stripe/v1/payment_intents?limit=100',
		{
			Authorization: `Bearer ${ STRIPE_SECRET }`,
		}
	);
	const charged = ( intents.data ?? [] ).filter(
		( pi ) =>
			sent.has( pi.metadata?.attempt_id ) && pi.status === 'succeeded'
	);
	const { rows } = site( 'donations', email );

	const intentsPerAttempt = new Map();
	for ( const pi of charged ) {
		const key = pi.metadata.attempt_id;
		intentsPerAttempt.set( key, ( intentsPerAttempt.get( key ) ?? 0 ) + 1 );
	}
	const referencesSeen = new Map();
	for ( const row of rows ) {
		if ( row.provider_reference ) {
			referencesSeen.set(
				row.provider_reference,
				( referencesSeen.get( row.provider_reference ) ?? 0 ) + 1
			);
		}
	}
	const duplicates =
		[ ...intentsPerAttempt.values() ].reduce( ( n, c ) => n + c - 1, 0 ) +
		[ ...referencesSeen.values() ].reduce( ( n, c ) => n + c - 1, 0 );
	const recorded = new Map( rows.map( ( row ) => [ row.attempt_id, row ] ) );
	const chargesWithoutRecord = charged.filter(
		( pi ) => recorded.get( pi.metadata.attempt_id )?.status !== 'succeeded'
	).length;
	const recordsWithoutOutcome = rows.filter(
		( row ) =>
			row.status !== 'succeeded' ||
			! charged.some(
				( pi ) => pi.metadata.attempt_id === row.attempt_id
			)
	).length;

	return {
		name: 'Card payments (process_payment_method)',
		sent: PAYMENT_CALLS,
		limit: PAYMENT_LIMIT,
		through: counts.through,
		limited: counts.limited,
		other: counts.other,
		charges: charged.length,
		records: rows.length,
		duplicates,
		lost: chargesWithoutRecord + recordsWithoutOutcome,
	};
}

async function linkCheckRun( limit ) {
	const link = site( 'link' );
	// Making the donor went through the payment limit as another visitor (the command line has
	// no address); the link checks have a counter of their own.
	const answers = await Promise.all(
		Array.from( { length: LINK_CALLS }, ( _, i ) =>
			ajax( SERVERS[ i % SERVERS.length ], {
				action: 'process_request_id',
				id: link.requestId,
			} )
		)
	);
	const counts = tally(
		answers,
		( a ) => a.status === 200 && a.body?.success === true
	);
	const { validated } = site( 'validated', link.subscriptionId );
	return {
		name: 'Card-update link checks (process_request_id)',
		sent: LINK_CALLS,
		limit,
		through: counts.through,
		limited: counts.limited,
		other: counts.other,
		charges: null,
		records: validated,
		duplicates: Math.max( 0, validated - counts.through ),
		lost: Math.max( 0, counts.through - validated ),
	};
}

function printTable( rows ) {
	const header = [
		'Check',
		'Calls sent',
		'Limit',
		'Let through',
		'Refused (429)',
		'Charges',
		'Records',
		'Duplicates',
		'Lost',
	];
	const lines = rows.map( ( r ) => [
		r.name,
		r.sent,
		r.limit,
		r.through,
		r.limited,
		r.charges ?? '–',
		r.records,
		r.duplicates,
		r.lost,
	] );
	const widths = header.map( ( h, i ) =>
		Math.max(
			String( h ).length,
			...lines.map( ( l ) => String( l[ i ] ).length )
		)
	);
	const format = ( cells ) =>
		'| ' +
		cells
			.map( ( c, i ) =>
				i === 0
					? String( c ).padEnd( widths[ i ] )
					: String( c ).padStart( widths[ i ] )
			)
			.join( ' | ' ) +
		' |';
	console.log( format( header ) );
	console.log(
		'|' + widths.map( ( w ) => '-'.repeat( w + 2 ) ).join( '|' ) + '|'
	);
	for ( const line of lines ) {
		console.log( format( line ) );
	}
}

async function main() {
	await awayFromWindowEdge();
	if ( fs.existsSync( DEBUG_LOG ) ) {
		fs.truncateSync( DEBUG_LOG, 0 );
	}
	const runId = randomUUID().slice( 0, 8 );
	const prepared = site( 'prepare', String( PAYMENT_LIMIT ) );
	await standIn( 'POST', '/__control/reset' );

	const payments = await paymentRun( runId );
	const links = await linkCheckRun( prepared.linkCheckLimit );
	const store = site( 'store' );
	const redisKeys = redisCounterKeys();

	console.log(
		`\nConcurrency check: ${ SETUP } — ${ SERVERS.length } PHP servers (${ SERVERS.join(
			', '
		) }), one database`
	);
	printTable( [ payments, links ] );
	const where = store.objectCache
		? `object cache (${ store.cacheClass }${
				redisKeys === null
					? ''
					: `, ${ redisKeys } counter keys in Redis`
			}), ${ store.tableRows } table rows`
		: `rate_counters table (${ store.tableRows } rows)`;
	console.log( `Counters kept in: ${ where }` );

	const problems = [];
	for ( const run of [ payments, links ] ) {
		if ( run.through !== run.limit ) {
			problems.push(
				`${ run.name }: ${ run.through } let through, the limit is ${ run.limit }`
			);
		}
		if ( run.through + run.limited !== run.sent ) {
			problems.push(
				`${ run.name }: ${ run.other.length } answers neither through nor rate limited, e.g. ${ JSON.stringify(
					run.other[ 0 ]
				) }`
			);
		}
		if ( run.duplicates !== 0 ) {
			problems.push( `${ run.name }: ${ run.duplicates } duplicates` );
		}
		if ( run.lost !== 0 ) {
			problems.push( `${ run.name }: ${ run.lost } lost` );
		}
		if ( run.records !== run.through ) {
			problems.push(
				`${ run.name }: ${ run.records } records for ${ run.through } calls let through`
			);
		}
	}
	if ( payments.charges !== payments.through ) {
		problems.push(
			`${ payments.charges } charges for ${ payments.through } payments let through`
		);
	}
	if ( EXPECT_STORE === 'object-cache' ) {
		if ( ! store.objectCache || store.tableRows !== 0 || redisKeys === 0 ) {
			problems.push(
				`The counters were expected in the object cache (Redis), not: ${ where }`
			);
		}
	} else if ( store.objectCache || store.tableRows === 0 ) {
		problems.push(
			`The counters were expected in the rate_counters table, not: ${ where }`
		);
	}
	const php = phpProblems();
	if ( php.length > 0 ) {
		problems.push(
			`${ php.length } PHP warnings or database errors in ${ DEBUG_LOG }, e.g. ${ php[ 0 ] }`
		);
	}

	if ( problems.length > 0 ) {
		console.log( `FAILED (${ SETUP }):\n- ${ problems.join( '\n- ' ) }` );
		process.exit( 1 );
	}
	console.log(
		`OK (${ SETUP }): exactly the limits got through, 0 duplicates, 0 lost, no PHP warning.`
	);
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
