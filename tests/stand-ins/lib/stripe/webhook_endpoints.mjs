/**
 * Stripe stand-in: webhook endpoints (POST/GET /v1/webhook_endpoints, GET/POST/DELETE …/:id)
 * and what a delivery to one looks like: its url and secret, and each event rendered in the
 * endpoint's api_version (the account default when it has none), as Stripe sends them.
 */
import {
	HttpAnswer,
	isTrue,
	randomString,
	stripeId,
	unixNow,
} from '../util.mjs';
import { invalid, missingParam, expandList } from './helpers.mjs';
import { ENDIVE, SUPPORTED_VERSIONS, shapesOf } from './versions/index.mjs';

export class WebhookEndpoints {
	/**
	 * A webhook URL as Stripe accepts it: absolute http(s) (test mode allows http).
	 *
	 * @param {*} value url parameter.
	 * @return {string} URL.
	 */
	webhookUrlParam( value ) {
		const text = String( value ?? '' ).trim();
		let parsed = null;
		try {
			parsed = new URL( text );
		} catch {
			parsed = null;
		}
		if ( ! parsed || ! [ 'http:', 'https:' ].includes( parsed.protocol ) ) {
			invalid( `Invalid URL: ${ text }`, {
				param: 'url',
				code: 'url_invalid',
			} );
		}
		return text;
	}

	/**
	 * enabled_events[]: '*' or event types Stripe has (the current SDK's list).
	 *
	 * @param {*} value Parameter.
	 * @return {string[]} Event types.
	 */
	enabledEventsParam( value ) {
		const events = expandList(
			value && typeof value === 'object' && ! Array.isArray( value )
				? Object.values( value )
				: value
		);
		if ( ! events.length ) {
			missingParam( 'enabled_events' );
		}
		const known = shapesOf( ENDIVE ).webhookEvents;
		events.forEach( ( type, index ) => {
			if ( ! known.includes( type ) ) {
				invalid(
					`Invalid enabled_events[${ index }]: must be one of ${ known.join(
						', '
					) }`,
					{ param: `enabled_events[${ index }]` }
				);
			}
		} );
		return [ ...new Set( events ) ];
	}

	createWebhookEndpoint( req ) {
		const p = req.params;
		if ( p.url === undefined || p.url === '' ) {
			missingParam( 'url' );
		}
		const url = this.webhookUrlParam( p.url );
		const enabledEvents = this.enabledEventsParam( p.enabled_events );
		let apiVersion = null;
		if ( p.api_version !== undefined && p.api_version !== '' ) {
			const known = shapesOf( ENDIVE ).apiVersions;
			if ( ! known.includes( p.api_version ) ) {
				invalid(
					`Invalid api_version: must be one of ${ known.join( ', ' ) }`,
					{ param: 'api_version' }
				);
			}
			if ( ! SUPPORTED_VERSIONS.includes( p.api_version ) ) {
				// Stripe would take it; the stand-in cannot render events in it.
				invalid(
					`The stand-in renders events only in ${ SUPPORTED_VERSIONS.join(
						' and '
					) }, not ${ p.api_version }.`,
					{ param: 'api_version' }
				);
			}
			apiVersion = p.api_version;
		}
		if ( p.connect !== undefined && isTrue( p.connect ) ) {
			invalid( 'The stand-in has no connected accounts (connect).', {
				param: 'connect',
			} );
		}
		const endpoint = {
			id: stripeId( 'we' ),
			object: 'webhook_endpoint',
			api_version: apiVersion,
			application: null,
			created: unixNow(),
			description: p.description || null,
			enabled_events: enabledEvents,
			livemode: req.auth.livemode,
			metadata: this.metadataParam( p.metadata ),
			status: 'enabled',
			url,
		};
		// The signing secret is shown once, in the answer to the create call.
		Object.defineProperty( endpoint, 'secret', {
			value: `whsec_${ randomString( 32 ) }`,
			enumerable: false,
			writable: false,
		} );
		this.save( endpoint );
		return {
			...this.render( endpoint, p.expand ),
			secret: endpoint.secret,
		};
	}

	updateWebhookEndpoint( req, id ) {
		const endpoint = this.mustFind( id, 'webhook_endpoint' );
		const p = req.params;
		if ( p.api_version !== undefined ) {
			invalid( 'Received unknown parameter: api_version', {
				param: 'api_version',
				code: 'parameter_unknown',
			} );
		}
		if ( p.url !== undefined ) {
			endpoint.url = this.webhookUrlParam( p.url );
		}
		if ( p.enabled_events !== undefined ) {
			endpoint.enabled_events = this.enabledEventsParam(
				p.enabled_events
			);
		}
		if ( p.description !== undefined ) {
			endpoint.description = p.description || null;
		}
		if ( p.disabled !== undefined ) {
			endpoint.status = isTrue( p.disabled ) ? 'disabled' : 'enabled';
		}
		endpoint.metadata = this.metadataParam( p.metadata, endpoint.metadata );
		return this.render( endpoint, p.expand );
	}

	deleteWebhookEndpoint( req, id ) {
		this.mustFind( id, 'webhook_endpoint' );
		this.objects.delete( id );
		return { id, object: 'webhook_endpoint', deleted: true };
	}

	listWebhookEndpoints( req ) {
		return this.list(
			'webhook_endpoint',
			( endpoint ) => endpoint.livemode === req.auth.livemode,
			req.params,
			'/v1/webhook_endpoints'
		);
	}

	/**
	 * POST /__control/stripe/deliver (and becs/settle with url): where to post and what.
	 * With `endpoint`, its url, secret and version, and only the events it is enabled for
	 * (none when disabled); `api_version` renders every stored event in that version; else
	 * events go as given.
	 *
	 * @param {Object}   body   {endpoint?, url?, secret?, api_version?}
	 * @param {Object[]} events Events (as a test got them).
	 * @return {{url: string, secret: string, send: Object[], skipped: Object[]}} Plan.
	 */
	deliveryPlan( body, events ) {
		let { url, secret } = body;
		let version = body.api_version || null;
		let endpoint = null;
		if ( body.endpoint ) {
			endpoint = this.find( body.endpoint, 'webhook_endpoint' );
			if ( ! endpoint ) {
				throw new HttpAnswer( 404, {
					error: `No such webhook_endpoint: '${ body.endpoint }'`,
				} );
			}
			url = endpoint.url;
			secret = endpoint.secret;
			version = version || endpoint.api_version || this.defaultApiVersion;
		}
		if ( ! url || ! secret ) {
			throw new HttpAnswer( 400, {
				error: 'endpoint, or url and secret, are required',
			} );
		}
		if ( version && ! SUPPORTED_VERSIONS.includes( version ) ) {
			throw new HttpAnswer( 400, {
				error: `api_version must be one of ${ SUPPORTED_VERSIONS.join(
					', '
				) }`,
			} );
		}
		const send = [];
		const skipped = [];
		const typesOfVersion = version
			? shapesOf( version ).webhookEvents
			: null;
		for ( const given of events ) {
			const stored = given && this.find( given.id, 'event' );
			if ( typesOfVersion && ! typesOfVersion.includes( given.type ) ) {
				// Such as invoice_payment.paid for a 2024-06-20 endpoint.
				skipped.push( {
					event: given.id,
					type: given.type,
					reason: `not an event type of ${ version }`,
				} );
				continue;
			}
			if ( endpoint ) {
				const wanted =
					endpoint.status === 'enabled' &&
					( endpoint.enabled_events.includes( '*' ) ||
						endpoint.enabled_events.includes( given.type ) );
				if ( ! wanted ) {
					skipped.push( {
						event: given.id,
						type: given.type,
						reason:
							endpoint.status === 'enabled'
								? 'not in enabled_events'
								: 'endpoint disabled',
					} );
					continue;
				}
			}
			send.push(
				stored && version ? this.renderEvent( stored, version ) : given
			);
		}
		return { url, secret, send, skipped };
	}
}
