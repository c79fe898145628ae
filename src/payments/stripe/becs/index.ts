/**
 * BECS Direct Debit from an Australian bank account: for both frequencies,
 * only when the charity switched it on (settings.payment_methods holds
 * "au_becs_debit") and a Stripe key is set.
 */
import { lazy } from '@wordpress/element';
import { enabledPaymentMethods } from '../../../shared/config';
import type { PaymentMethodRegistration } from '../../registry';
import { ProviderBadge } from '../ProviderBadge';
import { stripePublicKey } from '../settings';
import { becsTexts } from './texts';

export const becsDebitMethod: PaymentMethodRegistration = {
	name: 'au_becs_debit',
	kind: 'form',
	label: becsTexts.toggle,
	canMakePayment: ( { settings } ) =>
		stripePublicKey( settings ) !== '' &&
		enabledPaymentMethods( settings ).includes( 'au_becs_debit' ),
	content: lazy(
		() => import( /* webpackChunkName: "payment-becs" */ './BecsMethod' )
	),
	showsDonateButton: true,
	badge: ProviderBadge,
};
