/**
 * The express-checkout method's content: the wallet buttons inside their
 * own Elements group (mode "payment", the total in cents), shown while tab 3
 * is. Before paying, the donation is saved for the return from a bank's
 * check that leaves the page (see ../../redirect-returns.ts).
 */
import { Elements } from '@stripe/react-stripe-js';
import { useFormikContext } from 'formik';
import type { DonationValues } from '../../../shared/donation-values';
import { totalAmount } from '../../../shared/help-cover';
import { toCents } from '../../../shared/money';
import type { PaymentMethodProps } from '../../registry';
import { sessionStore } from '../../../shared/session-store';
import {
	savePendingRedirectPayment,
	takePendingRedirectPayment,
} from '../../redirect-returns';
import { useStripePromise } from '../use-stripe-promise';
import { ExpressCheckout } from './ExpressCheckout';

export default function ExpressMethod( props: PaymentMethodProps ) {
	const { active, server, handlers, getValues, widgetIndex } = props;
	const stripePromise = useStripePromise( props );
	const { values } = useFormikContext< DonationValues >();
	const total = totalAmount( values );

	if ( ! active || total <= 0 ) {
		return null;
	}
	return (
		<Elements
			stripe={ stripePromise }
			options={ {
				mode: 'payment',
				amount: toCents( total ),
				currency: 'aud',
				// What the server's PaymentIntent allows (allowed_payment_method_types
				// in ExpressCheckout.php): the wallets are cards, and Link.
				allowedPaymentMethodTypes: [ 'card', 'link' ],
			} }
		>
			<ExpressCheckout
				server={ server }
				handlers={ handlers }
				amountCents={ toCents( total ) }
				currency={ values.currency }
				returnUrl={ server.currentUrl }
				mayStart={ props.mayStart }
				beforeConfirm={ ( paymentMethod ) => {
					const current = getValues();
					savePendingRedirectPayment( sessionStore(), {
						widgetIndex,
						formData: server.formData(),
						firstName: current.firstName,
						frequency: current.frequency,
						total: totalAmount( current ),
						iterationId: current.iteration_id,
						paymentMethod,
					} );
				} }
				afterConfirm={ () =>
					takePendingRedirectPayment( sessionStore() )
				}
			/>
		</Elements>
	);
}
