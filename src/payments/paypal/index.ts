/**
 * The wallet provider's button (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#48-wallet-provider-one-off): one-off only, and only
 * when the charity has a PayPal client id.
 */
import { lazy } from '@wordpress/element';
import type { PaymentMethodRegistration } from '../registry';
import { payPalClientId } from './settings';

export const payPalMethod: PaymentMethodRegistration = {
	name: 'paypal',
	kind: 'express',
	canMakePayment: ( { settings, frequency } ) =>
		frequency === 'Oneoff' && payPalClientId( settings ) !== '',
	content: lazy(
		() =>
			import( /* webpackChunkName: "payment-paypal" */ './PayPalMethod' )
	),
	showsDonateButton: false,
};
