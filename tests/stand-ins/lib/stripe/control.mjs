/**
 * Stripe stand-in: Control helpers for tests: renewals and other subscription changes on demand.
 */
import { unixNow, HttpAnswer } from '../util.mjs';
import { addInterval } from './helpers.mjs';

export class Control {
	/**
	 * POST /__control/stripe/advance
	 *
	 * @param {Object} body {subscription, action, decline_code?} or {payment_intent, action}.
	 * @return {Object} What happened, with the would-be webhook events.
	 */
	advance( body ) {
		const firstEvent = this.events.length;
		const done = ( result, mainTypes ) => {
			const events = this.events.slice( firstEvent );
			const main =
				events.find( ( event ) => mainTypes.includes( event.type ) ) ||
				events[ events.length - 1 ] ||
				null;
			const render = ( event ) =>
				event &&
				this.renderEvent( event, body.api_version || undefined );
			return {
				...result,
				events: events.map( render ),
				event: render( main ),
			};
		};
		if ( body && body.refund ) {
			const refund = this.advanceRefund( body.refund, body.action );
			return done( { refund: this.render( refund ) }, [
				'charge.refund.updated',
			] );
		}
		if ( ! body || ! body.subscription ) {
			throw new HttpAnswer( 400, {
				error: 'subscription is required',
			} );
		}
		const sub = this.find( body.subscription, 'subscription' );
		if ( ! sub ) {
			throw new HttpAnswer( 404, {
				error: `No such subscription: '${ body.subscription }'`,
			} );
		}
		const action = body.action;
		if ( action === 'cancel' ) {
			this.cancel( sub );
			return done( { subscription: this.render( sub ) }, [
				'customer.subscription.deleted',
			] );
		}
		if ( action === 'expire_incomplete' ) {
			const previous = { status: sub.status };
			sub.status = 'incomplete_expired';
			sub.ended_at = unixNow();
			const invoice = this.find( sub.latest_invoice, 'invoice' );
			if ( invoice && invoice.status === 'open' ) {
				this.voidOpenInvoice( invoice );
			}
			this.emit( 'customer.subscription.updated', sub, previous );
			this.emit( 'customer.subscription.deleted', sub );
			return done( { subscription: this.render( sub ) }, [
				'customer.subscription.deleted',
			] );
		}
		if (
			! [ 'renewal_paid', 'renewal_failed', 'renewal' ].includes( action )
		) {
			throw new HttpAnswer( 400, {
				error: 'action must be renewal_paid, renewal_failed, renewal, cancel or expire_incomplete',
			} );
		}
		if ( [ 'canceled', 'incomplete_expired' ].includes( sub.status ) ) {
			throw new HttpAnswer( 400, {
				error: `The subscription is ${ sub.status }.`,
			} );
		}
		const previous = {
			current_period_start: sub.current_period_start,
			current_period_end: sub.current_period_end,
			latest_invoice: sub.latest_invoice,
		};
		if ( sub.status === 'trialing' ) {
			// The trial is over: this period is the first one charged.
			previous.status = sub.status;
			sub.status = 'active';
		}
		const recurring = sub.items.data[ 0 ].price.recurring;
		sub.current_period_start = sub.current_period_end;
		sub.current_period_end = addInterval(
			sub.current_period_start,
			recurring.interval,
			recurring.interval_count
		);
		for ( const item of sub.items.data ) {
			item.current_period_start = sub.current_period_start;
			item.current_period_end = sub.current_period_end;
		}
		const invoice = this.newInvoice( sub, 'subscription_cycle' );
		sub.latest_invoice = invoice.id;
		this.emit( 'customer.subscription.updated', sub, previous );
		const customer = this.find( sub.customer, 'customer' );
		let instrumentId =
			sub.default_payment_method ||
			( customer &&
				( customer.invoice_settings.default_payment_method ||
					customer.default_source ) ) ||
			null;
		if ( ! instrumentId ) {
			const pm = this.resolvePaymentMethod( 'pm_card_visa' );
			if ( customer ) {
				pm.customer = customer.id;
			}
			instrumentId = pm.id;
		}
		const pi = this.invoicePaymentIntent( invoice, instrumentId );
		let force;
		if ( action === 'renewal_paid' ) {
			force = 'succeed';
		} else if ( action === 'renewal_failed' ) {
			force = 'decline';
		}
		this.attemptPayment( pi, null, {
			offSession: true,
			force,
			declineCode: body.decline_code,
		} );
		return done(
			{
				subscription: this.render( sub ),
				invoice: this.render( invoice ),
				payment_intent: this.render( pi ),
			},
			[
				'invoice.paid',
				'invoice.payment_failed',
				'invoice.payment_action_required',
			]
		);
	}
}
