/**
 * The card provider's wallet buttons (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#47-express-checkout-one-off): one-off only. The
 * buttons hide themselves when the browser offers no wallet.
 */
import { lazy } from '@wordpress/element';
import type { PaymentMethodRegistration } from '../../registry';
import { ProviderBadge } from '../ProviderBadge';

export const expressCheckoutMethod: PaymentMethodRegistration = {
	name: 'express_checkout',
	kind: 'express',
	canMakePayment: ( { frequency } ) => frequency === 'Oneoff',
	content: lazy(
		() =>
			import(
				/* webpackChunkName: "payment-express" */ './ExpressMethod'
			)
	),
	showsDonateButton: false,
	badge: ProviderBadge,
};
