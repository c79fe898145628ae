/**
 * Stripe stand-in: Payment method domains (where Elements may show the wallets).
 */
import { stripeId, unixNow, isTrue } from '../util.mjs';
import { invalid, missingParam } from './helpers.mjs';

export class PaymentMethodDomains {
	createPaymentMethodDomain( req ) {
		const name = String( req.params.domain_name || '' ).toLowerCase();
		if ( ! name ) {
			missingParam( 'domain_name' );
		}
		const taken = [ ...this.objects.values() ].some(
			( object ) =>
				object.object === 'payment_method_domain' &&
				object.livemode === req.auth.livemode &&
				object.domain_name === name
		);
		if ( taken ) {
			invalid( `A payment method domain already exists for ${ name }.`, {
				param: 'domain_name',
				code: 'resource_already_exists',
			} );
		}
		const domain = {
			id: stripeId( 'pmd', 24 ),
			object: 'payment_method_domain',
			created: unixNow(),
			domain_name: name,
			enabled:
				req.params.enabled === undefined
					? true
					: isTrue( req.params.enabled ),
			livemode: req.auth.livemode,
		};
		this.verifyWallets( domain );
		return this.render( this.save( domain ) );
	}

	listPaymentMethodDomains( req ) {
		const name = String( req.params.domain_name || '' ).toLowerCase();
		return this.list(
			'payment_method_domain',
			( domain ) =>
				domain.livemode === req.auth.livemode &&
				( ! name || domain.domain_name === name ),
			req.params,
			'/v1/payment_method_domains'
		);
	}

	validatePaymentMethodDomain( req, id ) {
		const domain = this.mustFind( id, 'payment_method_domain' );
		this.verifyWallets( domain );
		return this.render( domain );
	}

	/**
	 * Stripe verifies a domain per wallet. Here: Google Pay needs nothing; Apple Pay needs a
	 * public domain name (not localhost or an IP address), and a name under `.invalid` fails
	 * both, so tests can see an inactive wallet with its reason.
	 *
	 * @param {Object} domain A payment_method_domain.
	 */
	verifyWallets( domain ) {
		const name = domain.domain_name;
		const unreachable = name.endsWith( '.invalid' );
		const notPublic =
			name === 'localhost' ||
			/^[0-9.]+$/.test( name ) ||
			name.includes( ':' );
		const status = ( reason ) =>
			reason
				? {
						status: 'inactive',
						status_details: { error_message: reason },
					}
				: { status: 'active' };
		let appleReason = '';
		if ( unreachable ) {
			appleReason = `Apple Pay could not verify ${ name }: the domain could not be reached.`;
		} else if ( notPublic ) {
			appleReason =
				'Apple Pay needs a public domain name served over HTTPS.';
		}
		domain.apple_pay = status( appleReason );
		domain.google_pay = status(
			unreachable ? `Google Pay could not verify ${ name }.` : ''
		);
		domain.link = { status: 'active' };
		domain.paypal = {
			status: 'inactive',
			status_details: {
				error_message: 'PayPal is not enabled on this account.',
			},
		};
	}
}
