/**
 * The fault matrix (tests/faults/run.sh starts the site, its two servers and its stand-ins, and
 * runs this once per cache set-up): for every provider call of every money path, each fault a
 * real network and a real provider produce, then the invariants once the reconciliation pass
 * has run (lib/invariants.mjs). Cells come from lists, never picked by hand: the paths and their
 * calls (lib/paths.mjs) × the faults (lib/faults.mjs).
 *
 *   node tests/faults/matrix.mjs            the fast form: every path under every fault, every
 *                                           call at least once (the fault's call rotates);
 *   node tests/faults/matrix.mjs --full     every path × call × fault;
 *   --only=card,paypal  --fault=stall,kill  --call=confirm  narrow either form; --fault=none runs
 *   the paths without faults; --concurrency=N cells at once (default 8); --list prints the cells.
 *
 * Both forms also run the findings' own cells (lib/findings.mjs), unless narrowed.
 *
 * Prints the table (path, call, fault, whether the fault happened, each invariant) and exits
 * non-zero on any red cell. Cells whose scope keeps their faults to their own requests run side
 * by side; the others (a fault any request of the endpoint would meet, the reconciliation pass,
 * which asks about every open donation) run alone.
 *
 * Environment: DW_SERVERS, DONATION_WIDGET_STAND_IN_URL, DW_SETUP (a label), DW_EXPECT_CACHE
 * (none | redis), DONATION_WIDGET_STATE_DIR and DONATION_WIDGET_SITE (for site.php / call.php).
 */
/* eslint-disable no-console -- a command-line check: its output is the report. */
import { Cell } from './lib/cell.mjs';
import { FAULTS, NO_FAULT, faultsFor } from './lib/faults.mjs';
import { findingCells } from './lib/findings.mjs';
import { INVARIANTS, checkInvariants } from './lib/invariants.mjs';
import { PATHS } from './lib/paths.mjs';
import {
	Admin,
	PAYPAL_WEBHOOK_ID,
	SERVERS,
	STAND_INS,
	control,
	php,
	request,
	sleep,
	stripe,
	uuid,
} from './lib/world.mjs';

const SETUP = process.env.DW_SETUP ?? 'MariaDB only';
const EXPECT_CACHE = process.env.DW_EXPECT_CACHE ?? 'none';

function option( name ) {
	const found = process.argv.find(
		( arg ) => arg === `--${ name }` || arg.startsWith( `--${ name }=` )
	);
	if ( ! found ) {
		return null;
	}
	return found.includes( '=' )
		? found.slice( found.indexOf( '=' ) + 1 )
		: true;
}

const FULL = Boolean( option( 'full' ) );
const ONLY = String( option( 'only' ) || '' )
	.split( ',' )
	.filter( Boolean );
const ONLY_FAULTS = String( option( 'fault' ) || '' )
	.split( ',' )
	.filter( Boolean );
const ONLY_CALLS = String( option( 'call' ) || '' )
	.split( ',' )
	.filter( Boolean );
/** The reconciliation pass comes two seconds on (tests/faults/age.php). */
const AGED = { DW_AGE_SECONDS: '2' };
const CONCURRENCY = Math.max( 1, Number( option( 'concurrency' ) || 8 ) );

/**
 * The cells: every path × call × fault (full), or every path × fault with the call rotating so
 * each call is met at least once (fast).
 */
function generate() {
	const cells = [];
	const run = uuid().slice( 0, 6 );
	PATHS.forEach( ( path, pathIndex ) => {
		if ( ONLY.length && ! ONLY.includes( path.name ) ) {
			return;
		}
		const calls = path.calls.filter(
			( call ) => ! ONLY_CALLS.length || ONLY_CALLS.includes( call.name )
		);
		if ( ONLY_FAULTS.includes( 'none' ) ) {
			calls.forEach( ( call ) =>
				cells.push( new Cell( path, call, NO_FAULT, run ) )
			);
			return;
		}
		const faults = FAULTS.filter(
			( fault ) =>
				! ONLY_FAULTS.length || ONLY_FAULTS.includes( fault.name )
		);
		if ( FULL ) {
			for ( const call of calls ) {
				for ( const fault of faultsFor( call ) ) {
					if ( faults.includes( fault ) ) {
						cells.push( new Cell( path, call, fault, run ) );
					}
				}
			}
			return;
		}
		faults.forEach( ( fault, faultIndex ) => {
			// The call turns with the fault, so the faults of a path spread over all its calls.
			for ( let step = 0; step < calls.length; step++ ) {
				const call =
					calls[ ( faultIndex + pathIndex + step ) % calls.length ];
				if ( faultsFor( call ).includes( fault ) ) {
					cells.push( new Cell( path, call, fault, run ) );
					return;
				}
			}
		} );
	} );
	if ( ! ONLY.length && ! ONLY_FAULTS.length && ! ONLY_CALLS.length ) {
		cells.push( ...findingCells( run ) );
	}
	return cells;
}

/**
 * Which cells a cell may run beside: 'alone' (an unscoped fault on an endpoint every path uses,
 * or a fault on the reconciliation pass that is not the stand-in's: the pass asks about every open
 * donation, so it is killed or doubled for all), 'pass' (a reconciliation-path cell whose fault
 * is scoped to its own objects: such cells share one pass, and nothing else runs meanwhile), a
 * provider's name (an unscoped fault on that provider: no cell of a path using it beside), or ''.
 *
 * @param {Cell} cell The cell.
 */
function group( cell ) {
	if ( cell.path.sharesPass ) {
		return cell.fault.kind === 'network' &&
			cell.call.scope &&
			! cell.call.exclusive
			? 'pass'
			: 'alone';
	}
	if ( cell.call.exclusive === true ) {
		return 'alone';
	}
	if ( typeof cell.call.exclusive === 'string' ) {
		return cell.call.exclusive;
	}
	return cell.call.scope || cell.fault.kind === 'none' ? '' : 'alone';
}

/**
 * Whether two cells may run side by side.
 *
 * @param {Cell} a A cell.
 * @param {Cell} b Another.
 */
function compatible( a, b ) {
	const onA = group( a );
	const onB = group( b );
	if ( onA === 'alone' || onB === 'alone' ) {
		return false;
	}
	if ( onA === 'pass' || onB === 'pass' ) {
		return onA === onB;
	}
	return (
		! ( onA && ( b.path.uses ?? [] ).includes( onA ) ) &&
		! ( onB && ( a.path.uses ?? [] ).includes( onB ) )
	);
}

/**
 * The cells in waves of at most CONCURRENCY that may run side by side, in the cells' order.
 *
 * @param {Cell[]} cells The cells.
 */
function waves( cells ) {
	const left = [ ...cells ];
	const result = [];
	while ( left.length ) {
		const next = [ left.shift() ];
		for ( let i = 0; i < left.length && next.length < CONCURRENCY; ) {
			if ( next.every( ( cell ) => compatible( cell, left[ i ] ) ) ) {
				next.push( ...left.splice( i, 1 ) );
			} else {
				i++;
			}
		}
		result.push( next );
	}
	return result;
}

/**
 * The error messages the stand-ins send with the faults' answers, asked of the stand-ins
 * themselves (the same faults on endpoints the plugin does not use here): what the admin's
 * screens must never show.
 */
async function providerMessages() {
	const messages = new Set();
	const ask = async ( provider, path, body ) => {
		const added = await control( 'POST', '/faults', {
			provider,
			method: 'GET',
			path,
			times: 1,
			...body,
		} );
		const answer = await request( `${ STAND_INS }/${ provider }${ path }`, {
			headers:
				provider === 'stripe'
					? { Authorization: 'Bearer sk_test_localStandIn' }
					: {},
		} );
		await control( 'DELETE', `/faults/${ added.fault.id }` ).catch(
			() => {}
		);
		const said =
			answer.body?.error?.message ??
			answer.body?.message ??
			answer.body?.error_description ??
			'';
		if ( typeof said === 'string' && said.length >= 12 ) {
			messages.add( said );
		}
	};
	for ( const fault of FAULTS.filter( ( f ) => f.fault === 'status' ) ) {
		const body = { fault: 'status', status: fault.status };
		await ask(
			'stripe',
			'/v1/balance',
			fault.should_retry === undefined
				? body
				: { ...body, should_retry: fault.should_retry }
		);
		await ask( 'paypal', '/v1/notifications/webhooks-event-types', body );
	}
	// Stripe's 409 for a key still being worked on.
	const key = `matrix-probe-${ uuid() }`;
	const stall = await control( 'POST', '/faults', {
		provider: 'stripe',
		method: 'POST',
		path: '/v1/customers',
		fault: 'stall',
		ms: 1500,
		times: 1,
		match: { idempotency_key: key },
	} );
	const post = () =>
		request( `${ STAND_INS }/stripe/v1/customers`, {
			method: 'POST',
			headers: {
				Authorization: 'Bearer sk_test_localStandIn',
				'Idempotency-Key': key,
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: 'email=probe%40example.org.au',
		} );
	const first = post();
	await sleep( 300 );
	const second = await post();
	await first;
	await control( 'DELETE', `/faults/${ stall.fault.id }` ).catch( () => {} );
	if ( second.body?.error?.message ) {
		messages.add( second.body.error.message );
	}
	return [ ...messages ];
}

/**
 * Runs one cell's own side: its set-up, then its driver; the faults are removed at the end.
 *
 * @param {Cell}   cell  The cell.
 * @param {Object} world { admin }.
 */
async function drive( cell, world ) {
	cell.started = Date.now();
	try {
		if ( cell.path.setup ) {
			await cell.path.setup( cell, world );
		}
		await cell.path.drive( cell, world );
		if ( ! cell.armed ) {
			cell.note( `stage "${ cell.call.stage }" never reached` );
		}
	} catch ( error ) {
		cell.error = error;
	} finally {
		world.pass?.leave( cell );
		await cell.removeFaults().catch( () => {} );
	}
	cell.seconds = ( Date.now() - cell.started ) / 1000;
}

/**
 * Checks the invariants of the cells of a wave once its reconciliation pass has run.
 *
 * @param {Cell[]} cells The wave's cells.
 * @param {Object} world { admin, messages }.
 */
async function check( cells, world ) {
	const emails = cells.flatMap( ( cell ) => cell.emails );
	const state = emails.length
		? await php( 'site.php', [ 'state', JSON.stringify( emails ) ] )
		: {};
	await Promise.all(
		cells.map( async ( cell ) => {
			try {
				const rows = cell.emails.flatMap(
					( email ) => state[ email ]?.rows ?? []
				);
				const items = await cell.path.money( cell );
				const screens = {};
				for ( const row of rows ) {
					screens[ row.id ] = await world.admin.donationScreen(
						Number( row.id )
					);
				}
				cell.rows = rows;
				cell.items = items;
				cell.results = checkInvariants( {
					cell,
					items,
					rows,
					screens,
					messages: world.messages,
				} );
			} catch ( error ) {
				cell.error ??= error;
			}
		} )
	);
}

/**
 * One wave: its cells side by side, the bank clearing debits, one reconciliation pass, checks.
 *
 * @param {Cell[]} cells The wave's cells.
 * @param {Object} world { admin, messages }.
 */
async function runWave( cells, world ) {
	const started = Date.now();
	world.pass = passBarrier( cells );
	await Promise.all( cells.map( ( cell ) => drive( cell, world ) ) );
	for ( const cell of cells ) {
		if ( cell.path.beforeReconcile ) {
			await cell.path
				.beforeReconcile( cell )
				.catch( ( error ) => ( cell.error ??= error ) );
		}
	}
	const driven = Date.now();
	// Two seconds on (age.php): the pass's grace period, in whole seconds, is over for the wave.
	const pass = await php( 'site.php', [ 'reconcile' ], AGED );
	for ( const cell of cells ) {
		cell.pass = pass;
	}
	const passed = Date.now();
	await check( cells, world );
	return {
		drive: ( driven - started ) / 1000,
		pass: ( passed - driven ) / 1000,
		check: ( Date.now() - passed ) / 1000,
		asked: pass.lines?.length ?? 0,
	};
}

/**
 * The reconciliation pass a wave of reconciliation-path cells shares: once every cell of the
 * wave has set up its donation and armed its fault, one pass runs (each cell's own fault is
 * scoped to its own objects); a cell alone in its wave has it delivered as its fault needs
 * (two at once, killed, with refused writes).
 *
 * @param {Cell[]} cells The wave's cells.
 * @return {Function} ( cell ) → Promise: the cell's part in the pass.
 */
function passBarrier( cells ) {
	const sharing = cells.filter( ( cell ) => group( cell ) === 'pass' );
	const joined = new Set();
	let release;
	const everyone = new Promise( ( resolve ) => ( release = resolve ) );
	// Only a wave of several such cells has a pass of its own, once all of them are ready.
	const pass =
		sharing.length > 1
			? everyone.then( () => php( 'site.php', [ 'reconcile' ], AGED ) )
			: null;
	const arrive = ( cell ) => {
		if ( ! sharing.includes( cell ) ) {
			return;
		}
		joined.add( cell );
		if ( sharing.every( ( each ) => joined.has( each ) ) ) {
			release();
		}
	};
	return {
		async join( cell ) {
			if ( sharing.length <= 1 || ! sharing.includes( cell ) ) {
				return cell.reconcilePass();
			}
			// The stand-in's fault is in place; the pass is the one delivery that meets it.
			cell.pending = null;
			arrive( cell );
			cell.data.passes = [ await pass ];
			await cell.settleNetworkFault();
		},
		// A cell that failed before its pass must not hold the others back.
		leave: arrive,
	};
}

const MARK = { true: '✓', false: '✗', null: '–' };

function verdict( cell ) {
	if ( cell.error ) {
		return false;
	}
	if ( ! cell.met ) {
		return false;
	}
	return ( cell.results ?? [] ).every(
		( result ) => result === null || result.ok
	);
}

function printTable( cells, started ) {
	const header = [ 'Path', 'Call', 'Fault', 'Met', ...INVARIANTS, 's' ];
	const lines = cells.map( ( cell ) => [
		cell.path.name,
		cell.call.name,
		cell.fault.name,
		cell.error ? 'error' : MARK[ cell.met ],
		...INVARIANTS.map( ( _, i ) =>
			cell.results
				? MARK[
						cell.results[ i ] === null ? null : cell.results[ i ].ok
					]
				: '?'
		),
		( cell.seconds ?? 0 ).toFixed( 1 ),
	] );
	const widths = header.map( ( h, i ) =>
		Math.max( h.length, ...lines.map( ( l ) => String( l[ i ] ).length ) )
	);
	const format = ( cells_ ) =>
		'| ' +
		cells_
			.map( ( c, i ) =>
				i < 3
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
	const redCells = cells.filter( ( cell ) => ! verdict( cell ) );
	console.log(
		`\n${ cells.length } cells (${ FULL ? 'full form' : 'fast form' }; ${ SETUP }) in ${ ( ( Date.now() - started ) / 1000 ).toFixed( 0 ) } s: ${ cells.length - redCells.length } green, ${ redCells.length } red.`
	);
	if ( redCells.length ) {
		console.log( '\nRed cells:' );
		for ( const cell of redCells ) {
			const whys = [];
			if ( cell.error ) {
				whys.push( `error: ${ cell.error.message ?? cell.error }` );
			}
			if ( ! cell.met && ! cell.error ) {
				whys.push(
					`the fault never happened (${ cell.metHow || cell.notes.join( '; ' ) || 'not reached' })`
				);
			}
			( cell.results ?? [] ).forEach( ( result, i ) => {
				if ( result && ! result.ok ) {
					whys.push( `${ INVARIANTS[ i ] }: ${ result.why }` );
				}
			} );
			console.log( `- ${ cell.name }: ${ whys.join( '; ' ) }` );
			const told = cell.answers
				.filter( ( a ) => a.who !== 'setup' )
				.map(
					( a ) =>
						`${ a.action } ${ a.status }${ a.body?.type ? ` ${ a.body.type }` : '' }${ a.body?.refund_result ? ` ${ a.body.refund_result }` : '' } [${ a.cls }] ${ ( a.ms / 1000 ).toFixed( 1 ) }s`
				);
			if ( told.length ) {
				console.log( `    answers: ${ told.join( ' → ' ) }` );
			}
			const ids = ( cell.rows ?? [] ).map( ( row ) => Number( row.id ) );
			const asked = ( cell.pass?.lines ?? [] ).filter( ( line ) =>
				ids.includes( Number( line.id ) )
			);
			console.log(
				`    reconciliation pass${ cell.pass?.ran === false ? ' (did not run: another held the lock)' : '' }: ${
					asked.length
						? asked
								.map(
									( line ) =>
										`#${ line.id } ${ line.status } → ${ line.result }${ line.detail ? ` (${ String( line.detail ).slice( 0, 80 ) })` : '' }`
								)
								.join( '; ' )
						: 'asked about none of its rows'
				}`
			);
		}
	}
	return redCells.length;
}

async function main() {
	if ( SERVERS.length < 2 || ! STAND_INS ) {
		console.error(
			'Run through tests/faults/run.sh (it starts two servers and the stand-ins).'
		);
		process.exit( 2 );
	}
	const cells = generate();
	if ( option( 'list' ) ) {
		waves( cells ).forEach( ( cellsOfWave, i ) =>
			cellsOfWave.forEach( ( cell ) =>
				console.log( `wave ${ i + 1 }: ${ cell.name }` )
			)
		);
		return;
	}
	const started = Date.now();
	const prepared = await php( 'site.php', [ 'prepare', PAYPAL_WEBHOOK_ID ] );
	if ( ( EXPECT_CACHE === 'redis' ) !== prepared.objectCache ) {
		console.error(
			`Expected ${ EXPECT_CACHE === 'redis' ? 'the Redis object cache' : 'no object cache' }, the site has ${ prepared.cacheClass }.`
		);
		process.exit( 1 );
	}
	const faultless = ONLY_FAULTS.length === 1 && ONLY_FAULTS[ 0 ] === 'none';
	if ( ! faultless ) {
		await control( 'DELETE', '/faults' );
	}
	// The stand-in's account: the PaymentIntent search the reconciliation pass uses must work.
	await stripe( 'GET', '/v1/balance' );
	const admin = new Admin( SERVERS[ 0 ] );
	await admin.signIn();
	const world = {
		admin,
		messages: faultless ? [] : await providerMessages(),
	};
	console.log(
		`\nFault matrix (${ FULL ? 'full' : 'fast' } form): ${ cells.length } cells — ${ SETUP }, servers ${ SERVERS.join( ', ' ) }; provider timeout ${ prepared.timeout } s, payment deadline ${ prepared.deadline } s`
	);

	// The slow cells together (a wave lasts as long as its slowest cell), the quick ones together.
	const slowness = ( cell ) =>
		( cell.fault.name === 'stall' ? 4 : 0 ) +
		( cell.fault.kind === 'kill' ? 1 : 0 ) +
		( cell.path.setup ? 2 : 0 );
	const planned = waves(
		[ ...cells ].sort( ( a, b ) => slowness( b ) - slowness( a ) )
	);
	let done = 0;
	const timings = [];
	for ( const cellsOfWave of planned ) {
		const took = await runWave( cellsOfWave, world );
		done += cellsOfWave.length;
		const reds = cellsOfWave.filter( ( cell ) => ! verdict( cell ) ).length;
		timings.push( took );
		process.stdout.write(
			`  ${ done }/${ cells.length } cells: a wave of ${ cellsOfWave.length } in ${ took.drive.toFixed( 1 ) } s, its pass (${ took.asked } asked) ${ took.pass.toFixed( 1 ) } s, checks ${ took.check.toFixed( 1 ) } s${ reds ? `; ${ reds } red` : '' }\n`
		);
	}
	const reds = printTable( cells, started );
	const sum = ( key ) =>
		timings
			.reduce( ( total, took ) => total + took[ key ], 0 )
			.toFixed( 0 );
	console.log(
		`${ timings.length } waves: driving the cells ${ sum( 'drive' ) } s, reconciliation passes ${ sum( 'pass' ) } s, checks ${ sum( 'check' ) } s.`
	);
	process.exit( reds > 0 ? 1 : 0 );
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
