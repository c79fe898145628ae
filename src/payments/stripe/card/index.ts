/**
 * Card (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#46-card-payment-donation): offered for both frequencies, behind the "Credit
 * Card" toggle when one-off.
 */
import { lazy } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { PaymentMethodRegistration } from '../../registry';
import { ProviderBadge } from '../ProviderBadge';

export const cardMethod: PaymentMethodRegistration = {
	name: 'card',
	kind: 'form',
	label: () => __( 'Credit Card', 'donation-widget' ),
	canMakePayment: () => true,
	content: lazy(
		() => import( /* webpackChunkName: "payment-card" */ './CardMethod' )
	),
	showsDonateButton: true,
	badge: ProviderBadge,
};
