/**
 * Every payment method tab 3 can offer, one line each, in docs/widget-contract.md#25-tab-3-payment order:
 * wallet-provider button, express-checkout buttons, then the methods chosen
 * with a toggle. Adding a method is a folder plus one line here.
 */
import { payPalMethod } from './paypal';
import type { PaymentMethodRegistration } from './registry';
import { becsDebitMethod } from './stripe/becs';
import { cardMethod } from './stripe/card';
import { expressCheckoutMethod } from './stripe/express';

export const paymentMethods: readonly PaymentMethodRegistration[] = [
	payPalMethod,
	expressCheckoutMethod,
	cardMethod,
	becsDebitMethod,
];
