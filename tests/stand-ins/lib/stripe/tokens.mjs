/**
 * Stripe stand-in: Card tokens (tok_...) and the legacy card objects they carry.
 */
import { stripeId, unixNow } from '../util.mjs';
import { LEGACY_BRANDS } from '../cards.mjs';
import { invalid } from './helpers.mjs';

export class Tokens {
	/**
	 * A token by id (tok_visa and friends are created on the fly). Marks it used.
	 *
	 * @param {string} id    Token id.
	 * @param {string} param Parameter name.
	 * @return {Object} Token.
	 */
	useToken( id, param ) {
		const text = String( id );
		let token = this.find( text, 'token' );
		if ( ! token && text.startsWith( 'tok_' ) ) {
			const info = this.namedCard( text.slice( 4 ) );
			if ( info ) {
				token = this.newToken( info, {}, false );
			}
		}
		if ( ! token ) {
			invalid( `No such token: '${ text }'`, {
				param,
				code: 'resource_missing',
			} );
		}
		if ( token.used ) {
			invalid(
				`You cannot use a Stripe token more than once: ${ token.id }.`,
				{ param, code: 'token_already_used' }
			);
		}
		token.used = true;
		return token;
	}

	newToken( info, card = {}, livemode = false ) {
		const cardId = stripeId( 'card' );
		const token = {
			id: stripeId( 'tok' ),
			object: 'token',
			card: {
				id: cardId,
				object: 'card',
				address_city: card.address_city || null,
				address_country: card.address_country || null,
				address_line1: card.address_line1 || null,
				address_line1_check: card.address_line1 ? 'unchecked' : null,
				address_line2: card.address_line2 || null,
				address_state: card.address_state || null,
				address_zip: card.address_zip || null,
				address_zip_check: card.address_zip ? 'unchecked' : null,
				brand: LEGACY_BRANDS[ info.brand ] || 'Unknown',
				country: info.country,
				cvc_check: info.cvc_given ? 'unchecked' : null,
				dynamic_last4: null,
				exp_month: info.exp_month,
				exp_year: info.exp_year,
				fingerprint:
					`fp${ info.number.slice( -4 ) }${ info.brand }`.slice(
						0,
						16
					),
				funding: info.funding,
				last4: info.last4,
				metadata: {},
				name: card.name || null,
				tokenization_method: null,
				wallet: null,
			},
			client_ip: '127.0.0.1',
			created: unixNow(),
			livemode: !! livemode,
			type: 'card',
			used: false,
		};
		this.cards.set( token.id, { ...info, setupDone: false } );
		return this.save( token );
	}

	createToken( req ) {
		const p = req.params;
		if ( ! p.card ) {
			invalid(
				'You must supply either a card, customer, PII data, bank account, or account legal entity to create a token.'
			);
		}
		this.forcedCardDecline( req );
		const info = this.cardFromParams( p.card );
		return this.render( this.newToken( info, p.card, req.auth.livemode ) );
	}

	retrieveToken( req, id ) {
		return this.render( this.mustFind( id, 'token' ) );
	}
}
