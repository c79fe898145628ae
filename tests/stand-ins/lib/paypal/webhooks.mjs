/**
 * Webhooks Management v1: POST/GET /v1/notifications/webhooks, GET/PATCH/DELETE
 * /v1/notifications/webhooks/:id, GET /v1/notifications/webhooks/:id/event-types and
 * GET /v1/notifications/webhooks-event-types. One app's webhooks, at most ten, one per URL.
 */
import { paypalId, clone, HttpAnswer } from '../util.mjs';
import { requestProblems } from './schemas.mjs';
import {
	paypalError,
	invalidRequest,
	requestDetail,
	malformedJson,
	notFound,
} from './errors.mjs';

/**
 * The event names PayPal lists for the APIs the stand-in models (Payments v2, Orders v2,
 * disputes), with PayPal's descriptions. "*" subscribes to every event.
 */
export const EVENT_TYPES = {
	'PAYMENT.AUTHORIZATION.CREATED':
		'A payment authorization is created, approved, executed, or a future payment authorization is created.',
	'PAYMENT.AUTHORIZATION.VOIDED': 'A payment authorization is voided.',
	'PAYMENT.CAPTURE.COMPLETED': 'A payment capture completes.',
	'PAYMENT.CAPTURE.DECLINED': 'A payment capture is declined.',
	'PAYMENT.CAPTURE.DENIED': 'A payment capture is denied.',
	'PAYMENT.CAPTURE.PENDING':
		'The state of a payment capture changes to pending.',
	'PAYMENT.CAPTURE.REFUNDED': 'A merchant refunds a payment capture.',
	'PAYMENT.CAPTURE.REVERSED': 'PayPal reverses a payment capture.',
	'CHECKOUT.ORDER.APPROVED': 'A buyer approved a checkout order.',
	'CHECKOUT.ORDER.COMPLETED': 'A buyer checkout order has been completed.',
	'CUSTOMER.DISPUTE.CREATED': 'A dispute is created.',
	'CUSTOMER.DISPUTE.RESOLVED': 'A dispute is resolved.',
	'CUSTOMER.DISPUTE.UPDATED': 'A dispute is updated.',
	'*': 'ALL',
};

export const MAX_WEBHOOKS = 10;

const API = 'webhooks';

/**
 * A Webhooks v1 error of its own name (no details), as PayPal answers the rules of this API.
 *
 * @param {string} name    Error name.
 * @param {string} message Message.
 * @return {HttpAnswer} 400 answer.
 */
function webhookError( name, message ) {
	const answer = paypalError( 400, name, message, undefined, API );
	answer.body.information_link = answer.body.links[ 0 ].href;
	return answer;
}

export class WebhookRegistry {
	constructor() {
		/** @type {Map<string, {id: string, url: string, names: string[]}>} */
		this.webhooks = new Map();
	}

	/**
	 * The webhook subscribed to an event type, by id (null if unknown).
	 *
	 * @param {string} id Webhook id.
	 * @return {Object|null} { id, url, names }.
	 */
	get( id ) {
		return this.webhooks.get( id ) || null;
	}

	/**
	 * Whether a webhook receives an event type.
	 *
	 * @param {Object} webhook   Stored webhook.
	 * @param {string} eventType Event type.
	 * @return {boolean} Subscribed.
	 */
	static subscribed( webhook, eventType ) {
		return (
			webhook.names.includes( '*' ) || webhook.names.includes( eventType )
		);
	}

	/**
	 * Routes a Webhooks Management call, or returns null when the path is not one.
	 *
	 * @param {Object}   ctx        Request context.
	 * @param {Function} answer     ( status, body ) → answer.
	 * @param {boolean}  validating Whether bodies are checked against PayPal's schema.
	 * @return {Object|null} Answer.
	 */
	handle( ctx, answer, validating ) {
		const { method, path } = ctx;
		if ( path === '/v1/notifications/webhooks-event-types' ) {
			return method === 'GET'
				? answer( 200, {
						event_types: Object.keys( EVENT_TYPES ).map( ( name ) =>
							this.eventType( name, true )
						),
					} )
				: null;
		}
		if ( path === '/v1/notifications/webhooks' ) {
			if ( method === 'POST' ) {
				return answer( 201, this.create( ctx, validating ) );
			}
			if ( method === 'GET' ) {
				return answer( 200, {
					webhooks: [ ...this.webhooks.values() ].map( ( webhook ) =>
						this.view( ctx, webhook )
					),
				} );
			}
			return null;
		}
		const match =
			/^\/v1\/notifications\/webhooks\/([^/]+)(\/event-types)?$/.exec(
				path
			);
		if ( ! match ) {
			return null;
		}
		const webhook = this.webhooks.get( decodeURIComponent( match[ 1 ] ) );
		if ( ! webhook ) {
			throw notFound( API );
		}
		if ( match[ 2 ] ) {
			return method === 'GET'
				? answer( 200, {
						event_types: webhook.names.map( ( name ) =>
							this.eventType( name, true )
						),
					} )
				: null;
		}
		if ( method === 'GET' ) {
			return answer( 200, this.view( ctx, webhook ) );
		}
		if ( method === 'PATCH' ) {
			return answer( 200, this.update( ctx, webhook, validating ) );
		}
		if ( method === 'DELETE' ) {
			this.webhooks.delete( webhook.id );
			return answer( 204, undefined );
		}
		return null;
	}

	eventType( name, withStatus = false ) {
		return {
			name,
			description: EVENT_TYPES[ name ],
			...( withStatus ? { status: 'ENABLED' } : {} ),
		};
	}

	view( ctx, webhook ) {
		const self = `${ ctx.origin }${ ctx.prefix }/v1/notifications/webhooks/${ webhook.id }`;
		return {
			id: webhook.id,
			url: webhook.url,
			event_types: webhook.names.map( ( name ) =>
				this.eventType( name )
			),
			links: [
				{ href: self, rel: 'self', method: 'GET' },
				{ href: self, rel: 'update', method: 'PATCH' },
				{ href: self, rel: 'delete', method: 'DELETE' },
			],
		};
	}

	/**
	 * Names refused because PayPal has no such event, as details at `at`.
	 *
	 * @param {*}      eventTypes The event_types value.
	 * @param {string} at         Pointer of the array.
	 * @return {Object[]} Details.
	 */
	unknownNames( eventTypes, at ) {
		if ( ! Array.isArray( eventTypes ) ) {
			return [];
		}
		return eventTypes.flatMap( ( type, index ) =>
			type &&
			typeof type.name === 'string' &&
			! Object.hasOwn( EVENT_TYPES, type.name )
				? [
						requestDetail(
							`${ at }/${ index }/name`,
							'INVALID_PARAMETER_VALUE',
							'The value of a field is invalid.',
							type.name
						),
					]
				: []
		);
	}

	urlTaken( url, exceptId = null ) {
		return [ ...this.webhooks.values() ].some(
			( webhook ) => webhook.url === url && webhook.id !== exceptId
		);
	}

	create( ctx, validating ) {
		if ( ctx.jsonError || ! isObject( ctx.body ) ) {
			throw malformedJson( API );
		}
		const body = ctx.body;
		if ( validating ) {
			const details = [
				...requestProblems( 'webhooks.create', body ),
				...this.unknownNames( body.event_types, '/event_types' ),
			];
			if ( details.length ) {
				throw invalidRequest( details, API );
			}
		}
		if ( this.webhooks.size >= MAX_WEBHOOKS ) {
			throw webhookError(
				'WEBHOOK_NUMBER_LIMIT_EXCEEDED',
				"The webhook's number limit has exceeded."
			);
		}
		if ( this.urlTaken( body.url ) ) {
			throw webhookError(
				'WEBHOOK_URL_ALREADY_EXISTS',
				'Webhook URL already exists.'
			);
		}
		const webhook = {
			id: paypalId(),
			url: String( body.url ),
			names: namesOf( body.event_types ),
		};
		this.webhooks.set( webhook.id, webhook );
		return this.view( ctx, webhook );
	}

	/**
	 * PATCH with JSON Patch: PayPal takes only "replace" of /url or /event_types.
	 *
	 * @param {Object}  ctx        Request context.
	 * @param {Object}  webhook    Stored webhook.
	 * @param {boolean} validating Whether bodies are checked.
	 * @return {Object} The updated webhook.
	 */
	update( ctx, webhook, validating ) {
		if ( ctx.jsonError || ! Array.isArray( ctx.body ) ) {
			throw malformedJson( API );
		}
		const operations = ctx.body;
		if ( validating ) {
			const details = requestProblems( 'webhooks.update', operations );
			operations.forEach( ( operation, index ) => {
				if ( ! isObject( operation ) ) {
					return;
				}
				if ( operation.op !== 'replace' ) {
					details.push(
						requestDetail(
							`/${ index }/op`,
							'INVALID_PATCH_OPERATION',
							'The operation cannot be honored.',
							operation.op
						)
					);
				} else if (
					! [ '/url', '/event_types' ].includes( operation.path )
				) {
					details.push(
						requestDetail(
							`/${ index }/path`,
							'FIELD_NOT_PATCHABLE',
							'Field cannot be patched.',
							operation.path
						)
					);
				} else {
					// The new value must be what create takes for that field.
					const name = operation.path.slice( 1 );
					const probe = {
						url: webhook.url,
						event_types: webhook.names.map( ( n ) => ( {
							name: n,
						} ) ),
						[ name ]: operation.value,
					};
					const at = `/${ index }/value`;
					for ( const entry of [
						...requestProblems( 'webhooks.create', probe ),
						...this.unknownNames(
							probe.event_types,
							'/event_types'
						),
					] ) {
						if ( entry.field.startsWith( `/${ name }` ) ) {
							details.push( {
								...entry,
								field: `${ at }${ entry.field.slice(
									name.length + 1
								) }`,
							} );
						}
					}
				}
			} );
			if ( details.length ) {
				throw invalidRequest( details, API );
			}
		}
		const next = clone( webhook );
		for ( const operation of operations ) {
			if ( operation && operation.path === '/url' ) {
				next.url = String( operation.value );
			} else if ( operation && operation.path === '/event_types' ) {
				next.names = namesOf( operation.value );
			}
		}
		if (
			next.url !== webhook.url &&
			this.urlTaken( next.url, webhook.id )
		) {
			throw webhookError(
				'WEBHOOK_URL_ALREADY_EXISTS',
				'Webhook URL already exists.'
			);
		}
		Object.assign( webhook, next );
		return this.view( ctx, webhook );
	}
}

function isObject( value ) {
	return (
		value !== null && typeof value === 'object' && ! Array.isArray( value )
	);
}

function namesOf( eventTypes ) {
	return [
		...new Set(
			( Array.isArray( eventTypes ) ? eventTypes : [] )
				.map( ( type ) => type && type.name )
				.filter( ( name ) => typeof name === 'string' )
		),
	];
}
