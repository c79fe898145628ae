/**
 * One Stripe.js instance per payment step, whichever Stripe methods are
 * registered: the step's shared store keeps it, so there is no module state.
 */
import type { Stripe } from '@stripe/stripe-js';
import type { PaymentMethodProps } from '../registry';
import { loadStripeFromPage } from './load-stripe';
import { stripePublicKey } from './settings';

export function useStripePromise(
	props: Pick< PaymentMethodProps, 'shared' | 'providerScripts' | 'settings' >
): Promise< Stripe | null > {
	const { shared, providerScripts, settings } = props;
	const key = stripePublicKey( settings );
	return shared( `stripe:${ key }`, () =>
		loadStripeFromPage( providerScripts.stripe, key )
	);
}
