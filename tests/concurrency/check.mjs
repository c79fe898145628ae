/**
 * The concurrency check (tests/concurrency/run.sh starts the servers and runs this once per
 * cache set-up): fires simultaneous real calls at two PHP servers sharing one site and database,
 * then counts what got through, what the Stripe stand-in charged and what the site recorded.
 *
 * The site trusts 127.0.0.1 as a proxy sending X-Forwarded-For (site.php prepare), so each call
 * names its client there, as a load balancer in front of the servers would:
 *
 *   1. 50 card payments (process_payment_method, docs/widget-contract.md#7-the-calls-it-makes call 4) from one client, each with its
 *      own email, against the per-address limit (20);
 *   2. 30 card payments with one email, each from its own client, against the per-email limit (10),
 *      and their donors: one per address, holding every gift, however the two servers raced;
 *   3. 200 junk payment calls (no or broken formData, attemptId, token) from one client, with a
 *      valid donation from another client behind the same proxy at the same time, then one from
 *      the flooding client: every junk call is refused (400) and counts nowhere, both donations
 *      go through, although the client of run 1 is over its limit behind the same proxy;
 *   4. 100 card-update link checks (process_request_id, call 8) against their limit (60);
 *   5. 24 card payments naming one donor's email (in varied case and +tags) with a captcha
 *      Google refuses, each from its own attacker's client, at once; then 12 of the donor's own
 *      from another client, at once: every attacker's call is refused (403 captcha) and counts
 *      against no allowance of hers, so exactly her per-email limit (10) goes through;
 *   6. the schema upgrade: the tables put back to schema 11, then 40 page requests at once, each
 *      seeing the old version: one request claims the upgrade and runs its two ALTERs; the
 *      others carry on (had each upgraded, their ALTERs would queue on the tables' metadata
 *      locks and hold back every insert behind them).
 *
 * Prints a table and exits non-zero unless exactly each limit got through, with 0 duplicates and
 * 0 lost, no answer other than "through" or "rate limited" (run 3: "refused as junk", run 5:
 * the attackers' "captcha refused"), the
 * counters in the expected store, and no PHP warning in the site's debug log.
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
import { issueToken } from '../stand-ins/lib/recaptcha.mjs';

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
const EMAIL_CALLS = 30;
const EMAIL_LIMIT = 10;
const JUNK_CALLS = 200;
const LINK_CALLS = 100;
const CAPTCHA_CALLS = 24;
const DONOR_CALLS = 12;
const UPGRADE_CALLS = 40;
// Schema 12's online ALTERs: one for the subscriptions, one for the donations.
const UPGRADE_ALTERS = 2;
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
 * One admin-ajax call, as the widget makes it (form-encoded POST, no nonce), through the
 * trusted proxy: X-Forwarded-For names the client when one is given.
 *
 * @param {string} server Base URL.
 * @param {Object} fields POST fields.
 * @param {string} client The client's address, or '' for a call without the header.
 * @return {Promise<{status: number, body: Object|null}>} The answer.
 */
async function ajax( server, fields, client = '' ) {
	try {
		const response = await fetch( `${ server }/wp-admin/admin-ajax.php`, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				...( client ? { 'X-Forwarded-For': client } : {} ),
			},
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

/**
 * The widget's formData (docs/widget-contract.md#34-formdata-sent-to-the-server) for one donor.
 *
 * @param {string} email The donor's email.
 * @return {string} JSON.
 */
function formDataFor( email ) {
	return JSON.stringify( {
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
}

/**
 * One card payment call's fields, with a new captcha token.
 *
 * @param {string} email     The donor's email.
 * @param {string} attemptId The attempt.
 * @return {Object} POST fields.
 */
function cardPayment( email, attemptId ) {
	return {
		action: 'process_payment_method',
		token: 'pm_card_visa',
		cardId: 'pm_card_visa',
		formData: formDataFor( email ),
		currentUrl: `${ SERVERS[ 0 ] }/donate/`,
		attemptId,
		// A new token for every call, as the widget fetches one: Google accepts each once.
		captchaToken: issueToken(),
	};
}

/**
 * Charges and records of the attempts sent, and how many of them are duplicated or lost.
 *
 * @param {Set<string>} sent        The attempts sent.
 * @param {string}      emailPrefix Every email of the run starts with it.
 */
async function chargesAndRecords( sent, emailPrefix ) {
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
	const { rows } = site( 'donations', emailPrefix );

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
		charges: charged.length,
		records: rows.length,
		duplicates,
		lost: chargesWithoutRecord + recordsWithoutOutcome,
	};
}

/**
 * The donors of a run's emails against their received donations: how many emails gave, how many
 * donors there are, and how many donors' gifts or totals differ from their donations'.
 *
 * @param {string} emailPrefix Every email of the run starts with it.
 */
function donorsOf( emailPrefix ) {
	const { donors, received } = site( 'donors', emailPrefix );
	const byEmail = new Map( donors.map( ( d ) => [ d.email, d ] ) );
	const mismatched = received.filter(
		( r ) =>
			Number( byEmail.get( r.email )?.gifts ) !== Number( r.gifts ) ||
			Number( byEmail.get( r.email )?.given_cents ) !==
				Number( r.given_cents )
	).length;
	return { emails: received.length, donors: donors.length, mismatched };
}

/**
 * Simultaneous card payments; each call's email and client come from its index.
 *
 * @param {Object}   run             What to send.
 * @param {string}   run.name        Table label.
 * @param {number}   run.calls       How many.
 * @param {number}   run.limit       How many should get through.
 * @param {string}   run.emailPrefix Every email of the run starts with it.
 * @param {Function} run.emailFor    Index → email.
 * @param {Function} run.clientFor   Index → X-Forwarded-For client.
 */
async function paymentRun( {
	name,
	calls,
	limit,
	emailPrefix,
	emailFor,
	clientFor,
} ) {
	await standIn( 'POST', '/__control/reset' );
	const attempts = Array.from( { length: calls }, () => randomUUID() );
	const answers = await Promise.all(
		attempts.map( ( attemptId, i ) =>
			ajax(
				SERVERS[ i % SERVERS.length ],
				cardPayment( emailFor( i ), attemptId ),
				clientFor( i )
			)
		)
	);
	const counts = tally(
		answers,
		( a ) => a.status === 200 && a.body?.success === true
	);
	const limitedSayNotCharged = answers.filter(
		( a ) =>
			a.status === 429 &&
			a.body?.data?.charged === false &&
			typeof a.body?.data?.message === 'string' &&
			a.body.data.message.length > 0
	).length;
	return {
		name,
		sent: calls,
		limit,
		through: counts.through,
		limited: counts.limited,
		limitedSayNotCharged,
		other: counts.other,
		...( await chargesAndRecords( new Set( attempts ), emailPrefix ) ),
	};
}

/**
 * Junk from one client behind the proxy, a valid donation from another at the same time, then
 * one from the junk's client: junk counts nowhere, so neither is refused.
 *
 * @param {string} runId This run's id.
 */
async function junkRun( runId ) {
	await standIn( 'POST', '/__control/reset' );
	const flooder = '192.0.2.30';
	const neighbour = '192.0.2.31';
	const emailPrefix = `concurrency-${ runId }-junk-`;
	const valid = cardPayment( `${ emailPrefix }x@example.org.au`, '' );
	const junkShapes = [
		{ action: 'process_payment_method' },
		{ ...valid, formData: '' },
		{ ...valid, formData: '{"email":' },
		{ ...valid, attemptId: 'not-a-uuid' },
		{ ...valid, attemptId: randomUUID(), token: 'tok_forged' },
		{
			...valid,
			attemptId: randomUUID(),
			formData: formDataFor( 'not-an-email' ),
		},
	];
	const neighbourAttempt = randomUUID();
	const [ junk, neighbourAnswer ] = await Promise.all( [
		Promise.all(
			Array.from( { length: JUNK_CALLS }, ( _, i ) =>
				ajax(
					SERVERS[ i % SERVERS.length ],
					junkShapes[ i % junkShapes.length ],
					flooder
				)
			)
		),
		ajax(
			SERVERS[ 1 ],
			cardPayment(
				`${ emailPrefix }neighbour@example.org.au`,
				neighbourAttempt
			),
			neighbour
		),
	] );
	const flooderAttempt = randomUUID();
	const flooderAnswer = await ajax(
		SERVERS[ 0 ],
		cardPayment( `${ emailPrefix }flooder@example.org.au`, flooderAttempt ),
		flooder
	);
	const junkRefused = junk.filter(
		( a ) => a.status === 400 && a.body?.type === 'validation'
	).length;
	const valid2 = [ neighbourAnswer, flooderAnswer ];
	const counts = tally(
		valid2,
		( a ) => a.status === 200 && a.body?.success === true
	);
	return {
		name: 'Junk flood + 2 donations behind the proxy',
		sent: JUNK_CALLS + 2,
		limit: 2,
		through: counts.through,
		limited: counts.limited,
		junkRefused,
		other: [
			...counts.other,
			...junk.filter(
				( a ) => ! ( a.status === 400 && a.body?.type === 'validation' )
			),
		],
		...( await chargesAndRecords(
			new Set( [ neighbourAttempt, flooderAttempt ] ),
			emailPrefix
		) ),
	};
}

/**
 * Attackers who know a donor's email send payment calls naming it with captchas Google refuses,
 * all at once, each from its own client; then the donor pays from hers. Only calls that passed
 * the captcha count against her allowance, so all of it is still hers.
 *
 * @param {string} runId      This run's id.
 * @param {number} emailLimit The per-email limit.
 */
async function failedCaptchaRun( runId, emailLimit ) {
	await standIn( 'POST', '/__control/reset' );
	const emailPrefix = `concurrency-${ runId }-captcha-`;
	const variant = ( i ) =>
		i % 3 === 0
			? `${ emailPrefix }jane@example.org.au`
			: `Concurrency-${ runId }-Captcha-Jane+${ i }@Example.org.au`;
	const attackers = await Promise.all(
		Array.from( { length: CAPTCHA_CALLS }, ( _, i ) =>
			ajax(
				SERVERS[ i % SERVERS.length ],
				{
					...cardPayment( variant( i ), randomUUID() ),
					captchaToken: 'stand-in-captcha-fail',
				},
				`203.0.113.${ i + 1 }`
			)
		)
	);
	const attempts = Array.from( { length: DONOR_CALLS }, () => randomUUID() );
	const donor = await Promise.all(
		attempts.map( ( attemptId, i ) =>
			ajax(
				SERVERS[ i % SERVERS.length ],
				cardPayment( variant( i ), attemptId ),
				'192.0.2.50'
			)
		)
	);
	const captchaRefused = attackers.filter(
		( a ) => a.status === 403 && a.body?.type === 'captcha'
	).length;
	const counts = tally(
		donor,
		( a ) => a.status === 200 && a.body?.success === true
	);
	return {
		name: 'Failed captchas naming a donor, then the donor',
		sent: CAPTCHA_CALLS + DONOR_CALLS,
		limit: emailLimit,
		through: counts.through,
		limited: counts.limited,
		junkRefused: captchaRefused,
		other: [
			...counts.other,
			...attackers.filter(
				( a ) => ! ( a.status === 403 && a.body?.type === 'captcha' )
			),
		],
		...( await chargesAndRecords( new Set( attempts ), emailPrefix ) ),
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

/**
 * A page request; its HTTP status (0 when it got no answer).
 *
 * @param {string} server Base URL.
 * @return {Promise<number>} Status.
 */
async function pageStatus( server ) {
	try {
		const response = await fetch( `${ server }/` );
		await response.text();
		return response.status;
	} catch {
		return 0;
	}
}

async function upgradeRun() {
	const before = site( 'schema-11' ).alters;
	const statuses = await Promise.all(
		Array.from( { length: UPGRADE_CALLS }, ( _, i ) =>
			pageStatus( SERVERS[ i % SERVERS.length ] )
		)
	);
	const after = site( 'schema' );
	return {
		sent: UPGRADE_CALLS,
		answered: statuses.filter( ( status ) => status === 200 ).length,
		alters: after.alters - before,
		version: after.version,
		current: after.current,
		lastGifts: after.lastGifts,
		claims: after.claims,
	};
}

function printTable( rows ) {
	const header = [
		'Check',
		'Calls sent',
		'Limit',
		'Let through',
		'Refused (429)',
		'Junk (400) or captcha (403)',
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
		r.junkRefused ?? '–',
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
	const prepared = site(
		'prepare',
		String( PAYMENT_LIMIT ),
		String( EMAIL_LIMIT )
	);

	const payments = await paymentRun( {
		name: 'Card payments, one client (per-address limit)',
		calls: PAYMENT_CALLS,
		limit: prepared.paymentLimit,
		emailPrefix: `concurrency-${ runId }-address-`,
		emailFor: ( i ) =>
			`concurrency-${ runId }-address-${ i }@example.org.au`,
		clientFor: () => '192.0.2.10',
	} );
	const perEmail = await paymentRun( {
		name: 'Card payments, one email (per-email limit)',
		calls: EMAIL_CALLS,
		limit: prepared.emailLimit,
		emailPrefix: `concurrency-${ runId }-email-`,
		// One donor, written as the widget might send it: case and +tags do not make a new one.
		emailFor: ( i ) =>
			i % 2
				? `Concurrency-${ runId }-Email-Jane+${ i }@Example.org.au`
				: `concurrency-${ runId }-email-jane@example.org.au`,
		clientFor: ( i ) => `198.51.100.${ i + 1 }`,
	} );
	// The same donor's payments on both servers at once: one donor per email, every gift on it.
	const donors = donorsOf( `concurrency-${ runId }-email-` );
	const junk = await junkRun( runId );
	const links = await linkCheckRun( prepared.linkCheckLimit );
	const captcha = await failedCaptchaRun( runId, prepared.emailLimit );
	const runs = [ payments, perEmail, junk, links, captcha ];
	const upgrade = await upgradeRun();
	const store = site( 'store' );
	const redisKeys = redisCounterKeys();

	console.log(
		`\nConcurrency check: ${ SETUP } — ${ SERVERS.length } PHP servers (${ SERVERS.join(
			', '
		) }), one database`
	);
	printTable( runs );
	const where = store.objectCache
		? `object cache (${ store.cacheClass }${
				redisKeys === null
					? ''
					: `, ${ redisKeys } counter keys in Redis`
			}), ${ store.tableRows } table rows`
		: `rate_counters table (${ store.tableRows } rows)`;
	console.log( `Counters kept in: ${ where }` );
	console.log(
		`Schema upgrade under ${ upgrade.sent } simultaneous page requests: ${ upgrade.alters } ALTER statements (one upgrade: ${ UPGRADE_ALTERS }), ${ upgrade.answered } answered 200, schema version ${ upgrade.version }`
	);

	const problems = [];
	for ( const run of runs ) {
		if ( run.through !== run.limit ) {
			problems.push(
				`${ run.name }: ${ run.through } let through, the limit is ${ run.limit }`
			);
		}
		if (
			run.through + run.limited + ( run.junkRefused ?? 0 ) !==
			run.sent
		) {
			problems.push(
				`${ run.name }: ${ run.other.length } answers neither through, rate limited nor refused as junk, e.g. ${ JSON.stringify(
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
	for ( const run of [ payments, perEmail, junk, captcha ] ) {
		if ( run.charges !== run.through ) {
			problems.push(
				`${ run.name }: ${ run.charges } charges for ${ run.through } payments let through`
			);
		}
	}
	for ( const run of [ payments, perEmail ] ) {
		if ( run.limitedSayNotCharged !== run.limited ) {
			problems.push(
				`${ run.name }: ${
					run.limited - run.limitedSayNotCharged
				} of ${
					run.limited
				} refusals lack the message or data.charged: false`
			);
		}
	}
	if ( captcha.junkRefused !== CAPTCHA_CALLS ) {
		problems.push(
			`${ captcha.name }: ${ captcha.junkRefused } of ${ CAPTCHA_CALLS } failing-captcha calls refused as such`
		);
	}
	if ( junk.junkRefused !== JUNK_CALLS ) {
		problems.push(
			`${ junk.name }: ${ junk.junkRefused } of ${ JUNK_CALLS } junk calls refused as invalid`
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
	if (
		upgrade.alters !== UPGRADE_ALTERS ||
		upgrade.answered !== upgrade.sent ||
		upgrade.version !== upgrade.current ||
		! upgrade.lastGifts ||
		upgrade.claims !== 0
	) {
		problems.push(
			`Schema upgrade: ${ upgrade.alters } ALTERs (expected ${ UPGRADE_ALTERS }: one request upgrades), ${ upgrade.answered } of ${ upgrade.sent } pages answered 200, version ${ upgrade.version } of ${ upgrade.current }, donor_last_gifts ${
				upgrade.lastGifts ? 'created' : 'missing'
			}, ${ upgrade.claims } claims left`
		);
	}
	console.log(
		`Donors of the one-email run: ${ donors.donors } for ${ donors.emails } emails, ${ donors.mismatched } whose gifts differ from the donations`
	);
	if ( donors.donors !== donors.emails || donors.mismatched !== 0 ) {
		problems.push(
			`Donors of simultaneous payments: ${ donors.donors } donors for ${ donors.emails } emails, ${ donors.mismatched } with gifts or totals other than their donations'`
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
		`OK (${ SETUP }): exactly the limits got through, junk and failed captchas counted against no allowance, 0 duplicates, 0 lost, no PHP warning.`
	);
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
