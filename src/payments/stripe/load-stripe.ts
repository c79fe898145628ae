/**
 * Stripe.js is loaded only when a donor reaches the details step, from the
 * URL the page provides (so tests and demos can serve a stand-in). The pure
 * entry of @stripe/stripe-js injects nothing on import and reuses
 * window.Stripe once our script has loaded.
 */
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { logProblem } from '../../shared/ajax';
import { loadScript } from '../../shared/script-loader';

export async function loadStripeFromPage(
	scriptUrl: string,
	publicKey: string
): Promise< Stripe | null > {
	if ( ! publicKey ) {
		logProblem( 'no Stripe public key is configured' );
		return null;
	}
	try {
		if ( scriptUrl ) {
			await loadScript( scriptUrl );
		}
		return await loadStripe( publicKey );
	} catch ( error ) {
		logProblem( 'Stripe.js did not load', error );
		return null;
	}
}
