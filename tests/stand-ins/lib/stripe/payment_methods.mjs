/**
 * Stripe stand-in: PaymentMethods (cards; BECS ones are made in becs.mjs): create, retrieve, update, list, attach, detach, and the checks before one is used.
 */
import { stripeId, unixNow, HttpAnswer } from '../util.mjs';
import { NAMED_CARDS, DECLINES, cardInfo, luhn } from '../cards.mjs';
import { docUrl, requestLogUrl, invalid, missingParam } from './helpers.mjs';

export class PaymentMethods {
	/**
	 * Validate raw card parameters and return card info.
	 *
	 * @param {Object} card  card[...] parameters.
	 * @param {string} param Parameter prefix for messages.
	 * @return {Object} Card info with exp_month, exp_year.
	 */
	cardFromParams( card, param = 'card' ) {
		if ( ! card || typeof card !== 'object' ) {
			missingParam( param );
		}
		const number = String( card.number || '' ).replace( /[\s-]/g, '' );
		if ( ! number ) {
			missingParam( `${ param }[number]` );
		}
		const cardError = ( code, message, errorParam ) => {
			throw new HttpAnswer( 402, {
				error: {
					code,
					doc_url: docUrl( code ),
					message,
					param: errorParam,
					request_log_url: requestLogUrl(),
					type: 'card_error',
				},
			} );
		};
		if ( ! /^\d{12,19}$/.test( number ) || ! luhn( number ) ) {
			cardError(
				'incorrect_number',
				'Your card number is incorrect.',
				'number'
			);
		}
		if ( card.exp_month === undefined || card.exp_month === '' ) {
			missingParam( `${ param }[exp_month]` );
		}
		if ( card.exp_year === undefined || card.exp_year === '' ) {
			missingParam( `${ param }[exp_year]` );
		}
		const month = Number( card.exp_month );
		let year = Number( card.exp_year );
		if ( year < 100 ) {
			year += 2000;
		}
		if ( ! Number.isInteger( month ) || month < 1 || month > 12 ) {
			cardError(
				'invalid_expiry_month',
				"Your card's expiration month is invalid.",
				'exp_month'
			);
		}
		const now = new Date();
		if ( ! Number.isInteger( year ) || year < now.getUTCFullYear() ) {
			cardError(
				'invalid_expiry_year',
				"Your card's expiration year is invalid.",
				'exp_year'
			);
		}
		if ( year === now.getUTCFullYear() && month < now.getUTCMonth() + 1 ) {
			cardError(
				'invalid_expiry_month',
				"Your card's expiration month is invalid.",
				'exp_month'
			);
		}
		if ( card.cvc !== undefined && card.cvc !== '' ) {
			if ( ! /^\d{3,4}$/.test( String( card.cvc ) ) ) {
				cardError(
					'invalid_cvc',
					"Your card's security code is invalid.",
					'cvc'
				);
			}
		}
		return {
			...cardInfo( number ),
			exp_month: month,
			exp_year: year,
			cvc_given: card.cvc !== undefined && card.cvc !== '',
		};
	}

	namedCard( name ) {
		const number = NAMED_CARDS[ name ];
		if ( ! number ) {
			return null;
		}
		return {
			...cardInfo( number ),
			exp_month: 12,
			exp_year: new Date().getUTCFullYear() + 3,
			cvc_given: true,
		};
	}

	paymentMethodCard( info, wallet = null ) {
		return {
			brand: info.brand,
			checks: {
				address_line1_check: null,
				address_postal_code_check: null,
				cvc_check: info.cvc_given ? 'pass' : null,
			},
			country: info.country,
			display_brand:
				info.brand === 'amex' ? 'american_express' : info.brand,
			exp_month: info.exp_month,
			exp_year: info.exp_year,
			fingerprint: `fp${ info.number.slice( -4 ) }${ info.brand }`.slice(
				0,
				16
			),
			funding: info.funding,
			generated_from: null,
			last4: info.last4,
			networks: { available: [ info.brand ], preferred: null },
			three_d_secure_usage: { supported: true },
			wallet,
		};
	}

	newPaymentMethod( info, { billingDetails, metadata, wallet, livemode } ) {
		const pm = {
			id: stripeId( 'pm' ),
			object: 'payment_method',
			allow_redisplay: 'unspecified',
			billing_details: billingDetails || this.billingDetailsParam(),
			card: this.paymentMethodCard( info, wallet ),
			created: unixNow(),
			customer: null,
			livemode: !! livemode,
			metadata: metadata || {},
			type: 'card',
		};
		this.cards.set( pm.id, { ...info, setupDone: false, consumed: false } );
		return this.save( pm );
	}

	/**
	 * Turn a payment_method parameter into a stored instrument. Stripe's test
	 * ids (pm_card_visa, ...) create a fresh PaymentMethod each time, as Stripe does.
	 *
	 * @param {string} id    pm_..., pm_card_NAME or card_...
	 * @param {string} param Parameter name for errors.
	 * @param {Object} auth  Request auth.
	 * @return {Object} PaymentMethod or Card object.
	 */
	resolvePaymentMethod( id, param = 'payment_method', auth = {} ) {
		const text = String( id );
		if ( text.startsWith( 'pm_card_' ) && ! this.objects.has( text ) ) {
			const info = this.namedCard( text.slice( 'pm_card_'.length ) );
			if ( info ) {
				return this.newPaymentMethod( info, {
					livemode: auth.livemode,
				} );
			}
		}
		const object = this.objects.get( text );
		if (
			object &&
			( object.object === 'payment_method' || object.object === 'card' )
		) {
			return object;
		}
		return invalid( `No such PaymentMethod: '${ text }'`, {
			param,
			code: 'resource_missing',
		} );
	}

	/**
	 * The PaymentMethod an intent's create or confirm names: payment_method (checked usable for
	 * the intent's customer), else one made from payment_method_data; null when neither is given.
	 *
	 * @param {Object}      p        Request parameters.
	 * @param {Object}      req      The request.
	 * @param {string|null} customer The intent's customer.
	 */
	instrumentFrom( p, req, customer ) {
		if ( p.payment_method ) {
			const instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			this.checkUsable( instrument, customer );
			return instrument;
		}
		return p.payment_method_data
			? this.paymentMethodFromData( p.payment_method_data, req )
			: null;
	}

	/**
	 * The PaymentMethod a confirm call charges or saves: the call's payment_method_types, then its
	 * payment_method or payment_method_data, else the one already on the intent. Stripe refuses
	 * to confirm an intent left without one.
	 *
	 * @param {Object} intent         PaymentIntent or SetupIntent being confirmed.
	 * @param {Object} req            The request.
	 * @param {string} endpoint       The call, for its payment_method_types errors.
	 * @param {string} missingMessage Stripe's words when there is no payment method.
	 * @return {Object} The PaymentMethod.
	 */
	confirmingInstrument( intent, req, endpoint, missingMessage ) {
		const p = req.params;
		this.updateMethodTypes( intent, this.methodTypesParam( p, endpoint ) );
		const instrument = this.instrumentFrom( p, req, intent.customer );
		if ( instrument ) {
			intent.payment_method = instrument.id;
		}
		if ( ! intent.payment_method ) {
			invalid( missingMessage, {
				code: `${ intent.object }_unexpected_state`,
			} );
		}
		return this.objects.get( intent.payment_method );
	}

	/**
	 * A card_declined queued for the exact path of a tokenising call.
	 *
	 * @param {Object} req Request.
	 */
	forcedCardDecline( req ) {
		const forced = req.ctx.take( [ 'card_declined' ], {
			requirePath: true,
		} );
		if ( forced ) {
			const decline =
				DECLINES[ forced.decline_code ] || DECLINES.generic_decline;
			throw new HttpAnswer( 402, {
				error: {
					...decline,
					doc_url: docUrl( decline.code ),
					request_log_url: requestLogUrl(),
					type: 'card_error',
				},
			} );
		}
	}

	createPaymentMethod( req ) {
		const p = req.params;
		if ( ! p.type ) {
			missingParam( 'type' );
		}
		if ( p.type === 'au_becs_debit' ) {
			return this.render(
				this.becsPaymentMethod( p, '', req.auth.livemode )
			);
		}
		if ( p.type !== 'card' ) {
			invalid(
				`The payment method type "${ p.type }" is invalid. This stand-in only supports "card" and "au_becs_debit".`,
				{ param: 'type' }
			);
		}
		this.forcedCardDecline( req );
		let info;
		let billingDetails = this.billingDetailsParam( p.billing_details );
		if ( p.card && p.card.token ) {
			const token = this.useToken( p.card.token, 'card[token]' );
			info = { ...this.cards.get( token.id ) };
			const tc = token.card;
			if ( ! p.billing_details ) {
				billingDetails = this.billingDetailsParam( {
					name: tc.name,
					address: {
						line1: tc.address_line1,
						line2: tc.address_line2,
						city: tc.address_city,
						state: tc.address_state,
						postal_code: tc.address_zip,
						country: tc.address_country,
					},
				} );
			}
		} else {
			info = this.cardFromParams( p.card );
		}
		let wallet = null;
		const walletType = p.stand_in_wallet;
		if ( walletType === 'google_pay' || walletType === 'apple_pay' ) {
			wallet = {
				dynamic_last4: walletType === 'apple_pay' ? info.last4 : null,
				[ walletType ]: {},
				type: walletType,
			};
		}
		const pm = this.newPaymentMethod( info, {
			billingDetails,
			metadata: this.metadataParam( p.metadata ),
			wallet,
			livemode: req.auth.livemode,
		} );
		return this.render( pm );
	}

	paymentMethodFromData( data, req ) {
		if ( data.type === 'au_becs_debit' ) {
			return this.becsPaymentMethod(
				data,
				'payment_method_data',
				req.auth.livemode
			);
		}
		if ( data.type !== 'card' ) {
			missingParam( 'payment_method_data[type]' );
		}
		let info;
		if ( data.card && data.card.token ) {
			const token = this.useToken(
				data.card.token,
				'payment_method_data[card][token]'
			);
			info = { ...this.cards.get( token.id ) };
		} else {
			info = this.cardFromParams(
				data.card,
				'payment_method_data[card]'
			);
		}
		return this.newPaymentMethod( info, {
			billingDetails: this.billingDetailsParam( data.billing_details ),
			metadata: this.metadataParam( data.metadata ),
			livemode: req.auth.livemode,
		} );
	}

	/**
	 * payment_method_options for the given payment_method_types.
	 *
	 * @param {string[]} types Types.
	 * @param {boolean}  setup SetupIntent (no installments).
	 * @return {Object} Options.
	 */
	methodOptions( types, setup = false ) {
		const options = {};
		if ( types.includes( 'card' ) ) {
			options.card = {
				...( setup ? {} : { installments: null } ),
				mandate_options: null,
				network: null,
				request_three_d_secure: 'automatic',
			};
		}
		if ( types.includes( 'au_becs_debit' ) ) {
			options.au_becs_debit = {};
		}
		return options;
	}

	isBecs( instrument ) {
		return !! instrument && instrument.type === 'au_becs_debit';
	}

	/**
	 * Check that an intent may take this payment method (types and currency).
	 *
	 * @param {Object}      instrument PaymentMethod.
	 * @param {string[]}    types      payment_method_types of the intent.
	 * @param {string|null} currency   Currency (PaymentIntents).
	 * @param {string}      noun       PaymentIntent | SetupIntent.
	 */
	checkMethodType( instrument, types, currency, noun ) {
		const type = instrument.type || 'card';
		if ( ! types.includes( type ) ) {
			invalid(
				`The PaymentMethod provided (${ type }) is not allowed for this ${ noun }. Please attach a PaymentMethod of one of the following types: ${ types.join(
					', '
				) }. Alternatively update the allowed payment_method_types for this ${ noun } to include "${ type }".`,
				{
					param: 'payment_method',
					code:
						noun === 'SetupIntent'
							? 'setup_intent_invalid_parameter'
							: 'payment_intent_incompatible_payment_method',
				}
			);
		}
		if ( type === 'au_becs_debit' && currency && currency !== 'aud' ) {
			invalid(
				`The currency provided (${ currency }) is invalid. Payments with au_becs_debit support the following currencies: aud.`,
				{ param: 'currency', code: 'payment_intent_invalid_parameter' }
			);
		}
	}

	retrievePaymentMethod( req, id ) {
		const pm = this.objects.get( id );
		if ( ! pm || pm.object !== 'payment_method' ) {
			invalid( `No such PaymentMethod: '${ id }'`, {
				status: 404,
				code: 'resource_missing',
				param: 'id',
			} );
		}
		return this.render( pm, req.params.expand );
	}

	updatePaymentMethod( req, id ) {
		const pm = this.find( id, 'payment_method' );
		if ( ! pm ) {
			invalid( `No such PaymentMethod: '${ id }'`, {
				status: 404,
				code: 'resource_missing',
				param: 'id',
			} );
		}
		const p = req.params;
		if ( p.billing_details ) {
			pm.billing_details = {
				...pm.billing_details,
				...this.billingDetailsParam( {
					...pm.billing_details,
					...p.billing_details,
				} ),
			};
		}
		pm.metadata = this.metadataParam( p.metadata, pm.metadata );
		if ( p.card ) {
			if ( p.card.exp_month ) {
				pm.card.exp_month = Number( p.card.exp_month );
			}
			if ( p.card.exp_year ) {
				pm.card.exp_year = Number( p.card.exp_year );
			}
		}
		return this.render( pm, p.expand );
	}

	listPaymentMethods( req ) {
		const p = req.params;
		return this.list(
			'payment_method',
			( pm ) =>
				( ! p.customer || pm.customer === p.customer ) &&
				( ! p.type || pm.type === p.type ),
			p,
			'/v1/payment_methods'
		);
	}

	listCustomerPaymentMethods( req, id ) {
		this.mustFind( id, 'customer' );
		const p = req.params;
		return this.list(
			'payment_method',
			( pm ) => pm.customer === id && ( ! p.type || pm.type === p.type ),
			p,
			`/v1/customers/${ id }/payment_methods`
		);
	}

	/**
	 * Attach a PaymentMethod to a customer (declined cards fail, as on Stripe).
	 *
	 * @param {Object}  pm              PaymentMethod.
	 * @param {Object}  customer        Customer.
	 * @param {Object}  [options]       Options.
	 * @param {boolean} [options.check] Whether declined cards fail to attach.
	 * @return {Object} PaymentMethod.
	 */
	attach( pm, customer, { check = true } = {} ) {
		if ( pm.customer === customer.id ) {
			return pm;
		}
		if ( pm.customer ) {
			invalid(
				'The payment method you provided has already been attached to a customer.',
				{ param: 'payment_method' }
			);
		}
		const state = this.cards.get( pm.id ) || {};
		if ( state.consumed ) {
			invalid(
				'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
				{ param: 'payment_method' }
			);
		}
		if (
			check &&
			state.behaviour &&
			state.behaviour.startsWith( 'decline:' )
		) {
			const reason = state.behaviour.slice( 'decline:'.length );
			if ( reason !== 'insufficient_funds' ) {
				const decline = DECLINES[ reason ];
				throw new HttpAnswer( 402, {
					error: {
						...decline,
						doc_url: docUrl( decline.code ),
						request_log_url: requestLogUrl(),
						type: 'card_error',
					},
				} );
			}
		}
		pm.customer = customer.id;
		this.emit( 'payment_method.attached', pm );
		return pm;
	}

	attachPaymentMethod( req, id ) {
		const p = req.params;
		if ( ! p.customer ) {
			missingParam( 'customer' );
		}
		const customer = this.mustFind( p.customer, 'customer', 'customer' );
		let pm;
		if ( id.startsWith( 'pm_card_' ) && ! this.objects.has( id ) ) {
			pm = this.resolvePaymentMethod( id, 'payment_method', req.auth );
		} else {
			pm = this.find( id, 'payment_method' );
			if ( ! pm ) {
				invalid( `No such PaymentMethod: '${ id }'`, {
					status: 404,
					code: 'resource_missing',
					param: 'payment_method',
				} );
			}
		}
		this.attach( pm, customer );
		return this.render( pm, p.expand );
	}

	detachPaymentMethod( req, id ) {
		const pm = this.find( id, 'payment_method' );
		if ( ! pm ) {
			invalid( `No such PaymentMethod: '${ id }'`, {
				status: 404,
				code: 'resource_missing',
				param: 'payment_method',
			} );
		}
		if ( ! pm.customer ) {
			invalid(
				'The payment method you provided is not attached to a customer so detachment is impossible.',
				{ param: 'payment_method' }
			);
		}
		const customer = this.find( pm.customer, 'customer' );
		if (
			customer &&
			customer.invoice_settings.default_payment_method === pm.id
		) {
			customer.invoice_settings.default_payment_method = null;
		}
		pm.customer = null;
		const state = this.cards.get( pm.id );
		if ( state ) {
			state.consumed = true;
		}
		this.emit( 'payment_method.detached', pm );
		return this.render( pm );
	}

	/**
	 * Card info (number, brand, behaviour) of a PaymentMethod, card or token.
	 *
	 * @param {string} id Instrument id.
	 * @return {Object} Card info.
	 */
	cardState( id ) {
		return (
			this.cards.get( id ) || {
				...cardInfo( '4242424242424242' ),
				setupDone: false,
			}
		);
	}

	/**
	 * Check that a PaymentMethod may be used with this customer (Stripe's rules).
	 *
	 * @param {Object}      pm         PaymentMethod or card.
	 * @param {string|null} customerId Customer id on the intent.
	 */
	checkUsable( pm, customerId ) {
		if ( pm.object === 'card' ) {
			if ( pm.customer && pm.customer !== customerId ) {
				invalid(
					`The source ${ pm.id } does not belong to the customer given.`,
					{
						param: 'payment_method',
					}
				);
			}
			return;
		}
		if ( pm.customer && pm.customer !== customerId ) {
			if ( ! customerId ) {
				invalid(
					'The provided PaymentMethod belongs to a Customer, but you did not provide the Customer ID. Please include the Customer ID in the `customer` parameter.',
					{ param: 'payment_method' }
				);
			}
			invalid(
				`The provided PaymentMethod ${ pm.id } does not belong to the Customer ${ customerId }.`,
				{ param: 'payment_method' }
			);
		}
		const state = this.cards.get( pm.id );
		if ( ! pm.customer && state && state.consumed ) {
			invalid(
				'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
				{ param: 'payment_method' }
			);
		}
	}
}
