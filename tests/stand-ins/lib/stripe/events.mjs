/**
 * Stripe stand-in: Events: what Stripe would send to webhooks, and GET /v1/events.
 */
import { stripeId, unixNow, clone, HttpAnswer } from '../util.mjs';
import { expandList } from './helpers.mjs';

export class Events {
	emit( type, object, previousAttributes = null ) {
		const event = {
			id: stripeId( 'evt' ),
			object: 'event',
			api_version: this.apiVersion,
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
			event: this.emit(
				body.type,
				object,
				body.previous_attributes || null
			),
		};
	}
}
