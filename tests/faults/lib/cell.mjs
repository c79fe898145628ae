/**
 * One cell of the matrix: one path, one of its provider calls, one fault. The path's driver runs
 * the donor's (or the admin's, or the provider's) side through this object, which puts the fault
 * in place when the driver reaches the call's stage (arm()), delivers each call the way the fault
 * needs (both servers at once, a PHP process of its own that is killed, a header that makes the
 * database refuse writes), and keeps every answer with what the widget would make of it.
 */
import fs from 'node:fs';
import nodePath from 'node:path';
import { faultBody } from './faults.mjs';
import {
	SERVERS,
	STATE,
	SITE,
	ajax,
	control,
	phpCall,
	request,
	sleep,
	uuid,
} from './world.mjs';

const REFUSE_HEADER = 'X-Donation-Widget-Matrix-Refuse-Writes';
const DEBUG_LOG = nodePath.join( STATE, 'logs', `${ SITE }-debug.log` );

/**
 * What an answer of a payment call means to the widget (src/payments/attempt-memory.ts
 * outcomeUnknown, gateway.ts serverNotice / isAcceptedPending, PaymentAnswers.php):
 *
 *   paid         200 success, or 202 pending (accepted: the widget shows the thank-you screen);
 *   continue     a step of the same payment (3-D Secure asked, a client secret handed over);
 *   unknown      no answer, an unreadable one, or data.outcome "unknown": the widget keeps the
 *                attempt, and Try Again carries on with it;
 *   not_charged  data.charged false: "you were not charged";
 *   ended        any other failure (a decline, a conflict, a 5xx without outcome "unknown"): the
 *                widget drops the attempt, and Try Again starts a new payment.
 *
 * @param {Object} answer { status, body }.
 * @return {string} The class.
 */
export function classifyPayment( answer ) {
	const body = answer.body;
	if ( answer.status === 0 || body === null || typeof body !== 'object' ) {
		return 'unknown';
	}
	if ( answer.status === 202 && body.type === 'pending' ) {
		return 'paid';
	}
	if ( answer.status >= 200 && answer.status < 300 ) {
		if ( body.success === true ) {
			return body.data?.client_secret ? 'continue' : 'paid';
		}
		if ( body.type === 'requires_action' ) {
			return 'continue';
		}
		return body.data?.charged === false ? 'not_charged' : 'ended';
	}
	if ( body.data?.outcome === 'unknown' ) {
		return 'unknown';
	}
	return body.data?.charged === false ? 'not_charged' : 'ended';
}

/**
 * src/payments/attempt-memory.ts: the attempt whose outcome is unknown is kept with its form,
 * and the next payment of that same form carries its id; any other answer ends it.
 */
export class AttemptMemory {
	constructor() {
		this.saved = null;
		this.issued = new Set();
	}

	idFor( form ) {
		const id =
			this.saved && this.saved.form === form ? this.saved.id : uuid();
		this.issued.add( id );
		return id;
	}

	answered( id, form, answer ) {
		if ( ! this.issued.has( id ) ) {
			return;
		}
		const ok = answer.status >= 200 && answer.status < 300;
		const unknown =
			answer.status === 0 ||
			( ! ok &&
				( answer.body === null ||
					answer.body?.data?.outcome === 'unknown' ) );
		if ( unknown ) {
			this.saved = { id, form };
		} else if ( this.saved?.id === id ) {
			this.saved = null;
		}
	}
}

let cellSequence = 0;

export class Cell {
	/**
	 * @param {Object} path  The path.
	 * @param {Object} call  One of its calls.
	 * @param {Object} fault The fault.
	 * @param {string} run   This run's id (emails are unique per run).
	 */
	constructor( path, call, fault, run ) {
		this.path = path;
		this.call = call;
		this.fault = fault;
		this.id = `c${ ++cellSequence }`;
		this.tag = `${ run }-${ this.id }`;
		this.emails = [];
		this.attempts = new Set();
		this.answers = [];
		this.notes = [];
		this.faultIds = [];
		this.armed = false;
		this.met = false;
		this.metHow = '';
		this.pending = null;
		this.memory = new AttemptMemory();
		this.serverTurn = Number( this.id.slice( 1 ) ) % SERVERS.length;
		this.data = {};
		this.started = 0;
		this.error = null;
	}

	/** The cell's name in the table. */
	get name() {
		return `${ this.path.name } / ${ this.call.name } / ${ this.fault.name }`;
	}

	/**
	 * A new donor email for this cell.
	 *
	 * @param {string} role What the donor is for (donor, first …).
	 */
	email( role = 'donor' ) {
		const email =
			`matrix-${ this.tag }-${ role }@example.org.au`.toLowerCase();
		this.emails.push( email );
		return email;
	}

	/** The next server, as a load balancer hands the donor's calls out. */
	server() {
		const server = SERVERS[ this.serverTurn % SERVERS.length ];
		this.serverTurn++;
		return server;
	}

	note( text ) {
		this.notes.push( text );
	}

	/**
	 * Puts the fault in place when the driver reaches the call's stage. The scope (which requests
	 * of the provider's endpoint the fault may touch) is the call's, for this cell: its attempt's
	 * Idempotency-Key, its own object's path.
	 *
	 * @param {string} stage The driver's stage.
	 */
	async arm( stage ) {
		if ( this.armed || this.call.stage !== stage ) {
			return;
		}
		this.armed = true;
		this.armedAt = Date.now();
		const scope = this.call.scope ? await this.call.scope( this ) : {};
		if ( this.call.before ) {
			await this.call.before( this );
		}
		const kind = this.fault.kind;
		if ( kind === 'none' ) {
			this.met = true;
			this.metHow = 'no fault';
			return;
		}
		if ( kind === 'db' ) {
			this.pending = {
				kind,
				header: `table=${ this.call.table ?? 'donations' };writes=${ this.call.writes ?? 3 };after=${ this.call.method } ${ scope.path ?? this.call.path };tag=${ this.tag }`,
			};
			return;
		}
		const body = faultBody( this.fault, this.call, scope );
		const added = await control( 'POST', '/faults', body );
		this.faultIds.push( added.fault.id );
		this.pending = { kind, faultId: added.fault.id, scope };
	}

	/**
	 * How often the cell's fault has fired at the stand-in.
	 */
	async fired() {
		if ( this.faultIds.length === 0 ) {
			return 0;
		}
		const list = await control( 'GET', '/faults' );
		const faults = Array.isArray( list ) ? list : ( list.faults ?? [] );
		return faults
			.filter( ( fault ) => this.faultIds.includes( fault.id ) )
			.reduce( ( sum, fault ) => sum + Number( fault.fired ?? 0 ), 0 );
	}

	/**
	 * Whether the refused writes of this cell happened (the must-use plugin logs them with the tag).
	 */
	refusedWrites() {
		try {
			return fs
				.readFileSync( DEBUG_LOG, 'utf8' )
				.includes( `[fault matrix] refused write (tag ${ this.tag })` );
		} catch {
			return false;
		}
	}

	/**
	 * Runs one delivery (a donor's call, a webhook, an admin's form, a pass) as the armed fault
	 * needs: the next delivery after arm() is the one that meets it.
	 *
	 * @param {Object}   spec     What to deliver, for call.php: { kind, fields, route, body, headers, nonce }.
	 * @param {Function} overHttp (server, headers) → answer: the delivery over HTTP.
	 */
	async deliver( spec, overHttp ) {
		const pending = this.pending;
		this.pending = null;
		if ( ! pending ) {
			return [ await overHttp( this.server(), {} ) ];
		}
		if ( pending.kind === 'db' ) {
			const answer = await overHttp( this.server(), {
				[ REFUSE_HEADER ]: pending.header,
			} );
			this.met = this.met || this.refusedWrites();
			this.metHow = this.met ? 'writes refused' : 'no write refused';
			return [ answer ];
		}
		if ( pending.kind === 'race' ) {
			const answers = await Promise.all(
				SERVERS.map( ( server ) => overHttp( server, {} ) )
			);
			const fired = await this.fired();
			this.met = this.met || fired >= 1;
			this.metHow = `both servers; provider held ${ fired }×`;
			return answers;
		}
		if ( pending.kind === 'kill' ) {
			const answer = await this.killAfterActing( spec, pending );
			return [ answer ];
		}
		// A network fault: the delivery is ordinary; the stand-in does the rest.
		const answer = await overHttp( this.server(), {} );
		await this.settleNetworkFault();
		return [ answer ];
	}

	/**
	 * Notes whether the network fault fired, and ends an outage once the call that met it has
	 * been answered (a Try Again finds the provider back).
	 */
	async settleNetworkFault() {
		const fired = await this.fired();
		if ( fired > 0 ) {
			this.met = true;
			this.metHow = `fired ${ fired }×`;
		}
		if ( this.fault.outage && fired > 0 ) {
			await this.removeFaults();
		}
	}

	/**
	 * The delivery in a PHP process of its own, killed (SIGKILL) as soon as the provider has
	 * acted on the hung request.
	 *
	 * @param {Object} spec    For call.php.
	 * @param {Object} pending The armed hang.
	 */
	async killAfterActing( spec, pending ) {
		const { child, answer } = phpCall( spec );
		let ended = false;
		answer.then( () => ( ended = true ) );
		const deadline = Date.now() + 90000;
		while ( ! ended && Date.now() < deadline ) {
			if ( await this.acted( pending ) ) {
				child.kill( 'SIGKILL' );
				this.met = true;
				this.metHow = 'killed after the provider acted';
				break;
			}
			await sleep( 40 );
		}
		if ( ! ended && ! this.met ) {
			child.kill( 'SIGKILL' );
			this.note(
				'the PHP process never reached the hung call; killed at the end'
			);
		}
		return answer;
	}

	/**
	 * Whether the stand-in has done the work of the hung request (its log entry says acted).
	 *
	 * @param {Object} pending The armed hang.
	 */
	async acted( pending ) {
		const where = ( pending.scope?.path ?? this.call.path ).split(
			'/:'
		)[ 0 ];
		const filter = new URLSearchParams( {
			provider: this.call.provider,
			method: this.call.method,
			path: where,
		} );
		const log = await control( 'GET', `/requests?${ filter }` );
		return log.some(
			( entry ) =>
				entry.fault_id === pending.faultId && entry.acted === true
		);
	}

	/** Removes the cell's faults from the stand-in. */
	async removeFaults() {
		for ( const id of this.faultIds.splice( 0 ) ) {
			await control( 'DELETE', `/faults/${ id }` ).catch( () => {} );
		}
	}

	/**
	 * A donor's admin-ajax call (docs/widget-contract.md#7-the-calls-it-makes), recorded with what
	 * the widget makes of it; a call carrying an attemptId tells the attempt memory, as
	 * src/donation/steps/payment/use-payment-server.ts does.
	 *
	 * @param {Object} fields  POST fields with action.
	 * @param {Object} options { classify: answer → class, form: the form (attempt memory) }.
	 * @return {Promise<Object>} The answer the donor's browser reads (the first server's when both answered).
	 */
	async post( fields, options = {} ) {
		const answers = await this.deliver(
			{ kind: 'ajax', fields },
			( server, headers ) =>
				ajax( server, fields, headers ).then( ( a ) => ( {
					...a,
					server,
				} ) )
		);
		const classify = options.classify ?? classifyPayment;
		for ( const answer of answers ) {
			this.answers.push( {
				who: options.who ?? 'donor',
				action: fields.action,
				attempt: fields.attemptId ?? options.attempt ?? '',
				status: answer.status,
				body: answer.body,
				ms: answer.ms,
				killed: Boolean( answer.signal ),
				cls: classify( answer ),
				server: answer.server ?? 'php process',
			} );
			// Of the same call on both servers, the browser reads one answer: the first server's.
			if ( fields.attemptId && options.form && answer === answers[ 0 ] ) {
				this.memory.answered( fields.attemptId, options.form, answer );
			}
		}
		return answers[ 0 ];
	}

	/**
	 * A provider's webhook delivery to the site: answered 2xx, or retried by the provider.
	 *
	 * @param {string} route   The REST route, such as /donation-widget/v1/stripe/webhook.
	 * @param {string} payload The signed body.
	 * @param {Object} headers The signature headers.
	 */
	async webhook( route, payload, headers ) {
		const answers = await this.deliver(
			{ kind: 'rest', route, body: payload, headers },
			( server, more ) =>
				request( `${ server }/wp-json${ route }`, {
					method: 'POST',
					headers: {
						'Content-Type': 'application/json',
						...headers,
						...more,
					},
					body: payload,
				} ).then( ( a ) => ( { ...a, server } ) )
		);
		for ( const answer of answers ) {
			this.answers.push( {
				who: 'provider',
				action: `webhook ${ route }`,
				attempt: '',
				status: answer.status,
				body: answer.body,
				ms: answer.ms,
				killed: Boolean( answer.signal ),
				cls:
					answer.status >= 200 && answer.status < 300
						? 'delivered'
						: 'retry',
				server: answer.server ?? 'php process',
			} );
		}
		return answers;
	}

	/**
	 * The admin's confirmed refund form (admin-post.php), over HTTP with the admin's cookies.
	 *
	 * @param {import('./world.mjs').Admin} admin  The signed-in admin.
	 * @param {Object}                      fields The form's fields (action, donation_id …, _wpnonce).
	 * @param {string}                      nonce  The form's nonce action (for a PHP process of its own).
	 */
	async adminPost( admin, fields, nonce ) {
		const answers = await this.deliver(
			{ kind: 'admin-post', fields, nonce },
			async ( server, headers ) => {
				const answer = await admin.fetch( '/wp-admin/admin-post.php', {
					method: 'POST',
					headers: {
						'Content-Type': 'application/x-www-form-urlencoded',
						...headers,
					},
					body: new URLSearchParams( fields ).toString(),
				} );
				return {
					...answer,
					location: answer.headers?.get( 'location' ) ?? '',
					server: admin.server,
				};
			}
		);
		for ( const answer of answers ) {
			const result =
				new URL(
					answer.location || 'http://x/',
					'http://x/'
				).searchParams.get( 'refund_result' ) ?? '';
			this.answers.push( {
				who: 'admin',
				action: 'refund',
				attempt: '',
				status: answer.status,
				body: { refund_result: result },
				ms: answer.ms,
				killed: Boolean( answer.signal ),
				cls: refundClass( result, answer.status ),
				server: answer.server ?? 'php process',
			} );
		}
		return answers;
	}

	/**
	 * One reconciliation pass, as WP-Cron runs it, in a PHP process of its own (the armed fault's
	 * delivery: two passes at once for a race, killed for a kill, refused writes for db).
	 */
	async reconcilePass() {
		const pass = ( headers ) => {
			// Two seconds on (age.php): the pass's grace period is over for the cell's rows.
			const { answer } = phpCall( {
				kind: 'reconcile',
				headers,
				age: 2,
			} );
			return answer;
		};
		const answers = await this.deliver(
			{ kind: 'reconcile', age: 2 },
			( server, headers ) => pass( headers )
		);
		for ( const answer of answers ) {
			this.data.passes = [ ...( this.data.passes ?? [] ), answer.body ];
		}
		return answers;
	}
}

/**
 * What the admin's refund screen said (RefundPanel::notice()).
 *
 * @param {string} result The refund_result of the redirect.
 * @param {number} status The HTTP status.
 */
function refundClass( result, status ) {
	if ( status === 0 || ! result ) {
		return 'unknown';
	}
	if ( result === 'refunded' ) {
		return 'paid';
	}
	if ( [ 'unknown', 'already', 'stale' ].includes( result ) ) {
		return 'unknown';
	}
	// refused, invalid_amount, not_refundable: "Nothing was refunded."
	return 'not_charged';
}
