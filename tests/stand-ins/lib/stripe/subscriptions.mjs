/**
 * Stripe stand-in: Subscriptions and their items.
 */
import { stripeId, unixNow, clone, isTrue, HttpAnswer } from '../util.mjs';
import { DECLINES } from '../cards.mjs';
import {
	PRORATION_BEHAVIORS,
	PAUSE_BEHAVIORS,
	CANCELLATION_FEEDBACK,
} from './constants.mjs';
import { addInterval, invalid, missingParam, expandList } from './helpers.mjs';

export class Subscriptions {
	/**
	 * Resolve items[] into subscription items with embedded prices.
	 *
	 * @param {Array}  items items parameter.
	 * @param {Object} auth  Request auth.
	 * @return {Array} [{price, quantity}]
	 */
	resolveItems( items, auth ) {
		if ( ! items || ! Array.isArray( items ) || ! items.length ) {
			missingParam( 'items' );
		}
		return items.map( ( item, index ) => {
			const param = `items[${ index }]`;
			let price;
			if ( item.price ) {
				price = this.mustFind(
					item.price,
					'price',
					`${ param }[price]`
				);
			} else if ( item.price_data ) {
				const data = item.price_data;
				if ( ! data.product ) {
					missingParam( `${ param }[price_data][product]` );
				}
				if ( ! data.recurring ) {
					missingParam( `${ param }[price_data][recurring]` );
				}
				price = this.newPrice(
					{ ...data, active: 'false' },
					auth,
					`${ param }[price_data]`
				);
			} else {
				invalid(
					`You must provide either price or price_data for ${ param }.`,
					{
						param,
					}
				);
			}
			if ( price.type !== 'recurring' ) {
				invalid(
					'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
					{ param: `${ param }[price]` }
				);
			}
			const quantity =
				this.intParam( item.quantity, `${ param }[quantity]`, {
					min: 0,
				} ) ?? 1;
			return {
				price,
				quantity,
				metadata: this.metadataParam( item.metadata ),
			};
		} );
	}

	subscriptionItem( subscription, item, start, end ) {
		const price = clone( item.price );
		return {
			id: stripeId( 'si', 14 ),
			object: 'subscription_item',
			billing_thresholds: null,
			created: unixNow(),
			// endive: the period lives on each item (2024-06-20: on the subscription).
			current_period_end: end,
			current_period_start: start,
			current_trial: null,
			discounts: [],
			metadata: item.metadata || {},
			plan: this.planOf( price ),
			price,
			quantity: item.quantity,
			subscription,
			tax_rates: [],
		};
	}

	planOf( price ) {
		return {
			id: price.id,
			object: 'plan',
			active: price.active,
			amount: price.unit_amount,
			amount_decimal: price.unit_amount_decimal,
			billing_scheme: 'per_unit',
			created: price.created,
			currency: price.currency,
			interval: price.recurring.interval,
			interval_count: price.recurring.interval_count,
			livemode: price.livemode,
			metadata: price.metadata,
			nickname: price.nickname,
			product: price.product,
			usage_type: 'licensed',
		};
	}

	createSubscription( req ) {
		const p = req.params;
		if ( ! p.customer ) {
			missingParam( 'customer' );
		}
		const customer = this.mustFind( p.customer, 'customer', 'customer' );
		const behaviour = p.payment_behavior || 'allow_incomplete';
		if (
			! [
				'allow_incomplete',
				'default_incomplete',
				'error_if_incomplete',
				'pending_if_incomplete',
			].includes( behaviour )
		) {
			invalid(
				`Invalid payment_behavior: must be one of allow_incomplete, default_incomplete, error_if_incomplete, or pending_if_incomplete`,
				{ param: 'payment_behavior' }
			);
		}
		let instrumentId = null;
		if ( p.default_payment_method ) {
			const pm = this.resolvePaymentMethod(
				p.default_payment_method,
				'default_payment_method',
				req.auth
			);
			if ( pm.customer !== customer.id ) {
				invalid(
					`The customer does not have a payment method with the ID ${ pm.id }. The payment method must be attached to the customer.`,
					{ param: 'default_payment_method' }
				);
			}
			instrumentId = pm.id;
		} else if ( customer.invoice_settings.default_payment_method ) {
			instrumentId = customer.invoice_settings.default_payment_method;
		} else if ( customer.default_source ) {
			instrumentId = customer.default_source;
		}
		if ( ! instrumentId && behaviour !== 'default_incomplete' ) {
			invalid(
				'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
				{ code: 'resource_missing' }
			);
		}
		const settingsTypes = expandList(
			p.payment_settings && p.payment_settings.payment_method_types
		);
		const chosen = instrumentId ? this.objects.get( instrumentId ) : null;
		if ( chosen && settingsTypes.length ) {
			this.checkMethodType( chosen, settingsTypes, null, 'Subscription' );
		}
		if ( this.isBecs( chosen ) ) {
			const state = this.cards.get( chosen.id ) || {};
			const mandate = state.mandate
				? this.find( state.mandate, 'mandate' )
				: null;
			if ( ! mandate || mandate.type !== 'multi_use' ) {
				invalid(
					'This PaymentIntent requires a mandate, but no existing mandate was found. Collect mandate acceptance from the customer and try again, providing acceptance data in the mandate_data parameter.',
					{ param: 'default_payment_method' }
				);
			}
			this.checkMandateActive( mandate, 'PaymentIntent' );
		}
		const items = this.resolveItems( p.items, req.auth );
		const currency = items[ 0 ].price.currency;
		if ( this.isBecs( chosen ) && currency !== 'aud' ) {
			invalid(
				`The currency provided (${ currency }) is invalid. Payments with au_becs_debit support the following currencies: aud.`,
				{ param: 'currency', code: 'payment_intent_invalid_parameter' }
			);
		}
		const recurring = items[ 0 ].price.recurring;
		const now = unixNow();
		const start = this.startOfBilling( p, recurring, now );
		const periodEnd = start.periodEnd;
		const id = stripeId( 'sub' );
		const sub = {
			id,
			object: 'subscription',
			application: null,
			application_fee_percent: null,
			automatic_tax: { enabled: false, liability: null },
			billing_cycle_anchor: start.anchor,
			billing_cycle_anchor_config: null,
			// endive: new subscriptions are in flexible billing mode unless asked otherwise.
			billing_mode: { flexible: null, type: 'flexible', updated_at: now },
			billing_schedules: [],
			billing_thresholds: null,
			cancel_at: null,
			cancel_at_period_end: false,
			canceled_at: null,
			cancellation_details: {
				comment: null,
				feedback: null,
				reason: null,
			},
			collection_method: 'charge_automatically',
			created: now,
			currency,
			// 2024-06-20 only (endive: items.data[].current_period_*).
			current_period_end: periodEnd,
			current_period_start: now,
			customer: customer.id,
			customer_account: null,
			days_until_due: null,
			default_payment_method: p.default_payment_method
				? instrumentId
				: null,
			default_source: null,
			description: p.description || null,
			discount: null,
			discounts: [],
			ended_at: null,
			invoice_settings: {
				account_tax_ids: null,
				issuer: { type: 'self' },
			},
			items: {
				object: 'list',
				data: [],
				has_more: false,
				total_count: items.length,
				url: `/v1/subscription_items?subscription=${ id }`,
			},
			latest_invoice: null,
			livemode: req.auth.livemode,
			managed_payments: null,
			metadata: this.metadataParam( p.metadata ),
			next_pending_invoice_item_invoice: null,
			on_behalf_of: null,
			pause_collection: null,
			payment_settings: {
				payment_method_options: null,
				payment_method_types: settingsTypes.length
					? settingsTypes
					: null,
				save_default_payment_method:
					( p.payment_settings &&
						p.payment_settings.save_default_payment_method ) ||
					'off',
			},
			pending_invoice_item_interval: null,
			pending_setup_intent: null,
			pending_update: null,
			plan: this.planOf( items[ 0 ].price ),
			quantity: items[ 0 ].quantity,
			schedule: null,
			start_date: now,
			status: 'incomplete',
			test_clock: null,
			transfer_data: null,
			trial_end: start.trialEnd,
			trial_settings: {
				end_behavior: { missing_payment_method: 'create_invoice' },
			},
			trial_start: start.trialEnd ? now : null,
		};
		Object.defineProperty( sub, 'save_default_payment_method', {
			value: sub.payment_settings.save_default_payment_method,
			enumerable: false,
			writable: true,
		} );
		sub.items.data = items.map( ( item ) =>
			this.subscriptionItem( id, item, now, periodEnd )
		);
		if ( start.free ) {
			// An anchor without prorations: nothing is owed until the anchor, so Stripe makes no
			// invoice (not even a $0 one) and the subscription is active at once.
			sub.status = 'active';
		}
		this.save( sub );
		this.emit( 'customer.subscription.created', sub );
		if ( start.free ) {
			return this.render( sub, p.expand );
		}
		const invoice = this.newInvoice(
			sub,
			'subscription_create',
			start.share
		);
		sub.latest_invoice = invoice.id;

		if ( invoice.amount_due === 0 ) {
			invoice.status = 'paid';
			invoice.paid = true;
			invoice.status_transitions.paid_at = now;
			sub.status = start.trialEnd ? 'trialing' : 'active';
			this.emit( 'invoice.paid', invoice );
			return this.render( sub, p.expand );
		}
		if ( behaviour === 'default_incomplete' ) {
			this.invoicePaymentIntent( invoice, instrumentId );
			return this.render( sub, p.expand );
		}
		const pi = this.invoicePaymentIntent( invoice, instrumentId );
		const outcome = this.attemptPayment( pi, req, { offSession: false } );
		if ( behaviour === 'error_if_incomplete' && sub.status !== 'active' ) {
			const error = outcome.ok
				? this.cardErrorBody( DECLINES.authentication_required, {
						intent: pi,
						instrument: this.objects.get( instrumentId ),
					} )
				: outcome.error;
			// Stripe does not keep the subscription in this case.
			sub.status = 'incomplete_expired';
			throw new HttpAnswer( 402, error );
		}
		return this.render( sub, p.expand );
	}

	/**
	 * When a new subscription's billing starts, as Stripe's create parameters set it:
	 *
	 * - neither: at once, a full period from now (the first invoice charges it now);
	 * - trial_end (a future time): a free trial until then, with a $0 first invoice
	 *   (subscription_create), status trialing, the anchor at the trial's end;
	 * - billing_cycle_anchor (a future time, no later than the price's next natural billing
	 *   date): the first period runs from now to the anchor. With proration_behavior none it is
	 *   free and Stripe makes no invoice at all ("Unlike a trial, there is no 0 USD invoice"):
	 *   the subscription is active, latest_invoice null, and the anchor's invoice
	 *   (subscription_cycle) is the first charge. Otherwise (create_prorations, the default, or
	 *   always_invoice) the first invoice charges now the share of a period up to the anchor.
	 *
	 * Stripe's refusals: a time in the past ("Invalid timestamp: must be an integer Unix timestamp
	 * in the future."), an anchor later than the next natural billing date. Combining a trial
	 * with an anchor (a trial, then a prorated part) is not modelled: refused as such.
	 *
	 * @param {Object} p         Parameters.
	 * @param {Object} recurring The first price's recurring (interval, interval_count).
	 * @param {number} now       Unix time of the request.
	 * @return {{anchor: number, periodEnd: number, trialEnd: number|null, free: boolean, share: number}}
	 *   The anchor, the first period's end, the trial's end, whether nothing is invoiced now,
	 *   and the share of a full period the first invoice bills.
	 */
	startOfBilling( p, recurring, now ) {
		const future = ( value, param ) => {
			const time = this.intParam( value, param );
			if ( time !== null && time <= now ) {
				invalid(
					'Invalid timestamp: must be an integer Unix timestamp in the future.',
					{ param }
				);
			}
			return time;
		};
		const trialEnd =
			p.trial_end === 'now' ? null : future( p.trial_end, 'trial_end' );
		const anchor = future( p.billing_cycle_anchor, 'billing_cycle_anchor' );
		if ( trialEnd !== null && anchor !== null ) {
			invalid(
				'The Stripe stand-in does not model trial_end together with billing_cycle_anchor.',
				{ param: 'billing_cycle_anchor' }
			);
		}
		if ( trialEnd !== null ) {
			return {
				anchor: trialEnd,
				periodEnd: trialEnd,
				trialEnd,
				free: false,
				share: 0,
			};
		}
		const natural = addInterval(
			now,
			recurring.interval,
			recurring.interval_count
		);
		if ( anchor === null ) {
			return {
				anchor: now,
				periodEnd: natural,
				trialEnd: null,
				free: false,
				share: 1,
			};
		}
		if ( anchor > natural ) {
			invalid(
				`billing_cycle_anchor cannot be later than next natural billing date (${ natural }) for plan`,
				{ param: 'billing_cycle_anchor' }
			);
		}
		const prorations = p.proration_behavior || 'create_prorations';
		return {
			anchor,
			periodEnd: anchor,
			trialEnd: null,
			free: prorations === 'none',
			share: ( anchor - now ) / ( natural - now ),
		};
	}

	updateSubscription( req, id ) {
		const sub = this.mustFind( id, 'subscription' );
		const p = req.params;
		const previous = {};
		if ( sub.status === 'canceled' ) {
			const allowed = [ 'metadata', 'cancellation_details', 'expand' ];
			if (
				Object.keys( p ).some( ( key ) => ! allowed.includes( key ) )
			) {
				invalid(
					'A canceled subscription can only update its cancellation_details and metadata.'
				);
			}
		}
		if ( p.default_payment_method !== undefined ) {
			previous.default_payment_method = sub.default_payment_method;
			if ( ! p.default_payment_method ) {
				sub.default_payment_method = null;
			} else {
				const pm = this.resolvePaymentMethod(
					p.default_payment_method,
					'default_payment_method',
					req.auth
				);
				if ( pm.customer !== sub.customer ) {
					invalid(
						`The customer does not have a payment method with the ID ${ pm.id }. The payment method must be attached to the customer.`,
						{ param: 'default_payment_method' }
					);
				}
				sub.default_payment_method = pm.id;
			}
		}
		if ( p.cancel_at_period_end !== undefined ) {
			previous.cancel_at_period_end = sub.cancel_at_period_end;
			sub.cancel_at_period_end = isTrue( p.cancel_at_period_end );
			sub.cancel_at = sub.cancel_at_period_end
				? sub.current_period_end
				: null;
		}
		if ( p.description !== undefined ) {
			sub.description = p.description || null;
		}
		if ( p.metadata !== undefined ) {
			previous.metadata = clone( sub.metadata );
			sub.metadata = this.metadataParam( p.metadata, sub.metadata );
		}
		this.updateSubscriptionSchedule( sub, p, previous );
		if ( p.items ) {
			previous.items = clone( sub.items );
			this.checkItemIds( sub, p.items );
			const items = this.resolveItems( p.items, req.auth );
			sub.items.data = items.map( ( item, index ) => {
				const made = this.subscriptionItem(
					sub.id,
					item,
					sub.current_period_start,
					sub.current_period_end
				);
				// An item named by id is updated in place: it keeps its id.
				const named = p.items[ index ] && p.items[ index ].id;
				return named ? { ...made, id: named } : made;
			} );
			sub.items.total_count = items.length;
			sub.quantity = items[ 0 ].quantity;
			sub.plan = this.planOf( items[ 0 ].price );
		}
		this.emit( 'customer.subscription.updated', sub, previous );
		return this.render( sub, p.expand );
	}

	cancelSubscription( req, id ) {
		const sub = this.mustFind( id, 'subscription' );
		if ( sub.status === 'canceled' ) {
			invalid( `No such subscription: '${ id }'`, {
				status: 404,
				code: 'resource_missing',
				param: 'id',
			} );
		}
		const details = req.params.cancellation_details;
		if ( details !== undefined && typeof details !== 'object' ) {
			invalid( 'Invalid cancellation_details: must be an object', {
				param: 'cancellation_details',
			} );
		}
		const feedback = details ? details.feedback : undefined;
		if ( feedback && ! CANCELLATION_FEEDBACK.includes( feedback ) ) {
			invalid(
				`Invalid cancellation_details[feedback]: must be one of ${ CANCELLATION_FEEDBACK.join(
					', '
				) }`,
				{ param: 'cancellation_details[feedback]' }
			);
		}
		if ( details && String( details.comment || '' ).length > 5000 ) {
			invalid(
				'Invalid cancellation_details[comment]: must be at most 5000 characters',
				{ param: 'cancellation_details[comment]' }
			);
		}
		this.cancel( sub );
		if ( details ) {
			sub.cancellation_details.comment = details.comment || null;
			sub.cancellation_details.feedback = feedback || null;
		}
		return this.render( sub, req.params.expand );
	}

	/**
	 * The parts of a subscription update that move its next charge or its price, checked as
	 * Stripe checks them: proration_behavior, trial_end (a later first charge, used to skip one)
	 * and pause_collection.
	 *
	 * @param {Object} sub      Subscription.
	 * @param {Object} p        Parameters.
	 * @param {Object} previous previous_attributes for the event.
	 */
	updateSubscriptionSchedule( sub, p, previous ) {
		if (
			p.proration_behavior !== undefined &&
			! PRORATION_BEHAVIORS.includes( p.proration_behavior )
		) {
			invalid(
				`Invalid proration_behavior: must be one of ${ PRORATION_BEHAVIORS.join(
					', '
				) }`,
				{ param: 'proration_behavior' }
			);
		}
		if ( p.trial_end !== undefined ) {
			const now = unixNow();
			const end =
				p.trial_end === 'now'
					? now
					: this.intParam( p.trial_end, 'trial_end', {
							required: true,
						} );
			if ( p.trial_end !== 'now' && end <= now ) {
				invalid(
					'Invalid timestamp: must be an integer Unix timestamp in the future.',
					{ param: 'trial_end' }
				);
			}
			previous.trial_end = sub.trial_end;
			previous.status = sub.status;
			previous.current_period_end = sub.current_period_end;
			if ( end === now ) {
				sub.trial_end = now;
				sub.status = 'active';
			} else {
				sub.trial_start = now;
				sub.trial_end = end;
				sub.status = 'trialing';
				sub.current_period_start = now;
				sub.current_period_end = end;
				sub.billing_cycle_anchor = end;
				for ( const item of sub.items.data ) {
					item.current_period_start = now;
					item.current_period_end = end;
				}
			}
		}
		if ( p.pause_collection !== undefined ) {
			previous.pause_collection = sub.pause_collection;
			if ( p.pause_collection === '' ) {
				sub.pause_collection = null;
			} else {
				const pause =
					typeof p.pause_collection === 'object'
						? p.pause_collection
						: {};
				if ( ! pause.behavior ) {
					missingParam( 'pause_collection[behavior]' );
				}
				if ( ! PAUSE_BEHAVIORS.includes( pause.behavior ) ) {
					invalid(
						`Invalid pause_collection[behavior]: must be one of ${ PAUSE_BEHAVIORS.join(
							', '
						) }`,
						{ param: 'pause_collection[behavior]' }
					);
				}
				const resumesAt = this.intParam(
					pause.resumes_at,
					'pause_collection[resumes_at]'
				);
				if ( resumesAt !== null && resumesAt <= unixNow() ) {
					invalid(
						'Invalid timestamp: must be an integer Unix timestamp in the future.',
						{ param: 'pause_collection[resumes_at]' }
					);
				}
				sub.pause_collection = {
					behavior: pause.behavior,
					resumes_at: resumesAt,
				};
			}
		}
	}

	/**
	 * items[n][id] must name one of the subscription's own items (Stripe then updates it in
	 * place; without an id it would add an item).
	 *
	 * @param {Object} sub   Subscription.
	 * @param {Array}  items items parameter.
	 */
	checkItemIds( sub, items ) {
		( Array.isArray( items ) ? items : [] ).forEach( ( item, index ) => {
			if (
				item &&
				item.id &&
				! sub.items.data.some( ( own ) => own.id === item.id )
			) {
				invalid(
					`Invalid subscription_item: ${ item.id } does not belong to subscription ${ sub.id }`,
					{ param: `items[${ index }][id]` }
				);
			}
		} );
	}

	cancel( sub ) {
		if ( sub.status === 'incomplete' ) {
			// Nothing will pay its first invoice now: Stripe voids it (and cancels its PaymentIntent).
			const invoice = this.find( sub.latest_invoice, 'invoice' );
			if ( invoice && invoice.status === 'open' ) {
				this.voidOpenInvoice( invoice );
			}
		}
		const now = unixNow();
		sub.status = 'canceled';
		sub.canceled_at = now;
		sub.ended_at = now;
		sub.cancellation_details = {
			comment: null,
			feedback: null,
			reason: 'cancellation_requested',
		};
		this.emit( 'customer.subscription.deleted', sub );
	}

	listSubscriptions( req ) {
		const p = req.params;
		return this.list(
			'subscription',
			( sub ) =>
				( ! p.customer || sub.customer === p.customer ) &&
				( ! p.price ||
					sub.items.data.some(
						( item ) => item.price.id === p.price
					) ) &&
				( p.status === 'all' ||
					( p.status
						? sub.status === p.status
						: ! [ 'canceled', 'incomplete_expired' ].includes(
								sub.status
							) ) ),
			p,
			'/v1/subscriptions'
		);
	}
}
