/**
 * Stripe stand-in: Events: what Stripe would send to webhooks, and GET /v1/events.
 */
import { stripeId, unixNow, clone, HttpAnswer } from '../util.mjs';
import { expandList } from './helpers.mjs';
import { stripeEventTypes } from './schema/schemas.mjs';

export class Events {
	emit( type, object, previousAttributes = null ) {
		const event = {
			id: stripeId( 'evt' ),
			object: 'event',
			// Stripe renders an event in the account's default version when it happens.
			api_version: this.defaultApiVersion,
			created: unixNow(),
			data: { object: clone( object ) },
			livemode: !! object.livemode,
			pending_webhooks: 1,
			request: { id: null, idempotency_key: null },
			type,
		};
		if ( previousAttributes ) {
			event.data.previous_attributes = clone( previousAttributes );
		}
		this.save( event );
		this.events.push( event );
		return event;
	}

	listEvents( req ) {
		const params = req.params;
		const types = expandList( params.types );
		return this.list(
			'event',
			( event ) =>
				( ! params.type ||
					event.type === params.type ||
					( params.type.endsWith( '*' ) &&
						event.type.startsWith(
							params.type.slice( 0, -1 )
						) ) ) &&
				( ! types.length || types.includes( event.type ) ),
			params,
			'/v1/events'
		);
	}

	/**
	 * GET /__control/stripe/events: every event, oldest first, each in its own version or in
	 * the one asked for (then leaving out types that version does not have, such as
	 * invoice_payment.paid at 2024-06-20).
	 *
	 * @param {string|null} type    Only this type.
	 * @param {string}      version API version, or undefined for each event's own.
	 * @return {Object[]} Events.
	 */
	recordedEvents( type, version ) {
		const known = version ? stripeEventTypes( version ) : null;
		return this.events
			.filter(
				( event ) =>
					( ! type || event.type === type ) &&
					( ! known || known.includes( event.type ) )
			)
			.map( ( event ) =>
				this.renderEvent( event, version || event.api_version )
			);
	}

	/**
	 * POST /__control/stripe/event: an event for any stored object.
	 *
	 * @param {Object} body {type, id, previous_attributes?}
	 * @return {Object} {event}
	 */
	makeEvent( body ) {
		if ( ! body || ! body.type || ! body.id ) {
			throw new HttpAnswer( 400, { error: 'type and id are required' } );
		}
		const object = this.objects.get( body.id );
		if ( ! object ) {
			throw new HttpAnswer( 404, {
				error: `No such object: '${ body.id }'`,
			} );
		}
		return {
			event: this.renderEvent(
				this.emit(
					body.type,
					object,
					body.previous_attributes || null
				),
				body.api_version || undefined
			),
		};
	}
}
