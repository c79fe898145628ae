/**
 * One Stripe.js instance per payment step, whichever Stripe methods are
 * registered: the step's shared store keeps it, so there is no module state.
 */
import type { Stripe } from '@stripe/stripe-js';
import type { PaymentMethodProps } from '../registry';
import { loadStripeFromPage } from './load-stripe';

export function useStripePromise(
	props: Pick< PaymentMethodProps, 'shared' | 'providerScripts' | 'settings' >
): Promise< Stripe | null > {
	const { shared, providerScripts, settings } = props;
	return shared( `stripe:${ settings.stripe_public_key }`, () =>
		loadStripeFromPage( providerScripts.stripe, settings.stripe_public_key )
	);
}
