/**
 * The wallet provider method's content: its SDK loads from tab 2 on, its
 * button shows while tab 3 does.
 */
import type { PaymentMethodProps } from '../registry';
import { PayPalCheckout } from './PayPalCheckout';
import { payPalClientId } from './settings';

export default function PayPalMethod( props: PaymentMethodProps ) {
	return (
		<PayPalCheckout
			clientId={ payPalClientId( props.settings ) }
			sdkBaseUrl={ props.providerScripts.paypal }
			showButtons={ props.active }
			server={ props.server }
			handlers={ props.handlers }
			getValues={ props.getValues }
			mayStart={ props.mayStart }
		/>
	);
}
