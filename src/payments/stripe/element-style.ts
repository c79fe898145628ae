/**
 * The style of Stripe's fields, for every form that shows them. Colours
 * match the stylesheet; contrast is at least 4.5:1 on white.
 */
import type { StripeElementStyle } from '@stripe/stripe-js';

export const ELEMENT_STYLE: StripeElementStyle = {
	base: {
		color: '#1e1e1e',
		fontSize: '16px',
		fontFamily:
			'-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif',
		'::placeholder': { color: '#6b6b6b' },
	},
	invalid: { color: '#b32d2e' },
};
