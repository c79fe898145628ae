/**
 * Stripe stand-in: ConfirmationTokens (ctoken_…), Stripe's "finalize payments on the server"
 * flow. Stripe.js makes one from the Elements with the publishable key
 * (stripe.createConfirmationToken → POST /v1/confirmation_tokens); the server reads it with the
 * secret key (GET /v1/confirmation_tokens/:id) and confirms a PaymentIntent with it
 * (confirmation_token on create with confirm=true, or on confirm). A token is single-use: the
 * confirmation that uses it makes the PaymentMethod from its payment details, and from then on it
 * names that PaymentIntent (payment_intent) and has no expires_at (Stripe.js's ConfirmationToken
 * type: "set to null once this ConfirmationToken has been used"). An unused one lasts 12 hours
 * (created 1694025025, expires_at 1694068225 in the API reference's example).
 *
 * The refusals of a used, expired or unknown token are 400 invalid_request_error with
 * param confirmation_token, as Stripe answers a bad parameter; their wording is the stand-in's
 * (Stripe does not publish it).
 */
import { stripeId, unixNow } from '../util.mjs';
import { invalid, missingParam, hide } from './helpers.mjs';

const LIFETIME_SECONDS = 12 * 60 * 60;

export class ConfirmationTokens {
	/**
	 * POST /v1/confirmation_tokens: what stripe.createConfirmationToken( { elements, params } )
	 * sends. The payment details come as payment_method_data (a card from the card Element or a
	 * wallet's card; `stand_in_wallet` names the wallet, as on POST /v1/payment_methods), or as
	 * an existing payment_method; return_url, shipping and setup_future_usage are kept for the
	 * confirmation.
	 *
	 * @param {Object} req Request.
	 * @return {Object} The ConfirmationToken.
	 */
	createConfirmationToken( req ) {
		const p = req.params;
		let preview;
		let source;
		if ( p.payment_method ) {
			const instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			preview = this.previewOf( instrument );
			source = { paymentMethod: instrument.id };
		} else if ( p.payment_method_data ) {
			source = this.tokenCardData( p.payment_method_data, p, req );
			preview = {
				allow_redisplay: 'unspecified',
				billing_details: source.billingDetails,
				card: this.paymentMethodCard( source.info, source.wallet ),
				customer: null,
				type: 'card',
			};
		} else {
			missingParam( 'payment_method_data' );
		}
		const created = unixNow();
		const token = {
			id: stripeId( 'ctoken' ),
			object: 'confirmation_token',
			created,
			expires_at: created + LIFETIME_SECONDS,
			livemode: req.auth.livemode,
			mandate_data: null,
			payment_intent: null,
			payment_method_options: null,
			payment_method_preview: preview,
			return_url: p.return_url || null,
			setup_future_usage: p.setup_future_usage || null,
			setup_intent: null,
			shipping: p.shipping || null,
			use_stripe_sdk: true,
		};
		hide( token, '__source', source );
		this.save( token );
		return this.render( token, p.expand );
	}

	/**
	 * GET /v1/confirmation_tokens/:id (secret key).
	 *
	 * @param {Object} req Request.
	 * @param {string} id  ctoken_… id.
	 * @return {Object} The ConfirmationToken.
	 */
	retrieveConfirmationToken( req, id ) {
		return this.render(
			this.mustFind( id, 'confirmation_token' ),
			req.params.expand
		);
	}

	/**
	 * The card a token's payment_method_data describes (only cards here, as for PaymentMethods).
	 *
	 * @param {Object} data payment_method_data.
	 * @param {Object} p    The request's parameters (stand_in_wallet).
	 * @param {Object} req  Request.
	 * @return {Object} {info, billingDetails, wallet, metadata}.
	 */
	tokenCardData( data, p, req ) {
		if ( data.type !== 'card' ) {
			invalid(
				`The payment method type "${ data.type }" is invalid. This stand-in only makes ConfirmationTokens for "card".`,
				{ param: 'payment_method_data[type]' }
			);
		}
		this.forcedCardDecline( req );
		const info =
			data.card && data.card.token
				? {
						...this.cards.get(
							this.useToken(
								data.card.token,
								'payment_method_data[card][token]'
							).id
						),
					}
				: this.cardFromParams( data.card, 'payment_method_data[card]' );
		const walletType = p.stand_in_wallet;
		const wallet =
			walletType === 'google_pay' || walletType === 'apple_pay'
				? {
						dynamic_last4:
							walletType === 'apple_pay' ? info.last4 : null,
						[ walletType ]: {},
						type: walletType,
					}
				: null;
		return {
			info,
			wallet,
			billingDetails: this.billingDetailsParam( data.billing_details ),
			metadata: this.metadataParam( data.metadata ),
		};
	}

	/**
	 * payment_method_preview of an existing PaymentMethod.
	 *
	 * @param {Object} instrument PaymentMethod.
	 * @return {Object} Preview.
	 */
	previewOf( instrument ) {
		return {
			allow_redisplay: instrument.allow_redisplay || 'unspecified',
			billing_details: instrument.billing_details,
			card: instrument.card || null,
			customer: instrument.customer || null,
			type: instrument.type || 'card',
		};
	}

	/**
	 * The ConfirmationToken an intent's create (with confirm=true) or confirm names, after
	 * Stripe's refusals: unknown, already used, expired, or of the other mode.
	 *
	 * @param {string}  id       ctoken_… id.
	 * @param {boolean} livemode The intent's mode.
	 * @return {Object} The token, still unused.
	 */
	usableConfirmationToken( id, livemode ) {
		const token = this.find( id, 'confirmation_token' );
		if ( ! token ) {
			invalid( `No such confirmation_token: '${ id }'`, {
				param: 'confirmation_token',
				code: 'resource_missing',
			} );
		}
		if ( token.payment_intent || token.setup_intent ) {
			invalid(
				`This ConfirmationToken (${ token.id }) has already been used to confirm ${
					token.payment_intent || token.setup_intent
				}. Create a new ConfirmationToken to confirm again.`,
				{ param: 'confirmation_token' }
			);
		}
		if ( token.expires_at !== null && token.expires_at <= unixNow() ) {
			invalid(
				`This ConfirmationToken (${ token.id }) expired at ${ token.expires_at } and can no longer be used. Create a new ConfirmationToken.`,
				{ param: 'confirmation_token' }
			);
		}
		if ( token.livemode !== livemode ) {
			invalid(
				`This ConfirmationToken was created in ${
					token.livemode ? 'live' : 'test'
				} mode, but this PaymentIntent is a ${
					livemode ? 'live' : 'test'
				} mode object.`,
				{ param: 'confirmation_token' }
			);
		}
		return token;
	}

	/**
	 * The PaymentMethod a usable token's payment details make (or the one it names).
	 *
	 * @param {Object}      token    A usable ConfirmationToken.
	 * @param {string|null} customer The intent's customer.
	 * @return {Object} PaymentMethod.
	 */
	confirmationTokenInstrument( token, customer ) {
		const source = token.__source;
		if ( source.paymentMethod ) {
			const instrument = this.objects.get( source.paymentMethod );
			this.checkUsable( instrument, customer );
			return instrument;
		}
		return this.newPaymentMethod( source.info, {
			billingDetails: source.billingDetails,
			metadata: source.metadata,
			wallet: source.wallet,
			livemode: token.livemode,
		} );
	}

	/**
	 * Marks a token spent on an intent: it names the intent, whatever the payment attempt
	 * then does, and has no expiry any more.
	 *
	 * @param {Object} token  ConfirmationToken.
	 * @param {Object} intent The PaymentIntent it confirmed.
	 */
	spendConfirmationToken( token, intent ) {
		token.payment_intent = intent.id;
		token.expires_at = null;
	}

	/**
	 * POST /__control/stripe/confirmation_token/expire { id }: the token's 12 hours are over.
	 *
	 * @param {Object} body {id}.
	 * @return {Object} The ConfirmationToken.
	 */
	expireConfirmationToken( body ) {
		const token = this.mustFind( body && body.id, 'confirmation_token' );
		if ( token.expires_at !== null ) {
			token.expires_at = unixNow() - 1;
		}
		return this.render( token );
	}
}
