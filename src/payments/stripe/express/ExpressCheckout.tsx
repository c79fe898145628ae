/**
 * Wallet buttons of the card provider (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#47-express-checkout-one-off), one-off only. Must
 * sit inside an <Elements> created with { mode: 'payment', amount, currency,
 * paymentMethodTypes }. The wallet sheet becomes a confirmation token the
 * server pays with (express-checkout.ts): the browser never confirms.
 */
import { useRef, useState } from '@wordpress/element';
import {
	ExpressCheckoutElement,
	useElements,
	useStripe,
} from '@stripe/react-stripe-js';
import type {
	StripeExpressCheckoutElementClickEvent,
	StripeExpressCheckoutElementConfirmEvent,
	StripeExpressCheckoutElementReadyEvent,
} from '@stripe/stripe-js';
import { __ } from '@wordpress/i18n';
import { logProblem } from '../../../shared/ajax';
import { focusWhenReachable } from '../../../shared/focus';
import type { PaymentOutcomeHandlers, PaymentServer } from '../../gateway';
import { payByExpressCheckout } from './express-checkout';

interface ExpressCheckoutProps {
	server: PaymentServer;
	handlers: PaymentOutcomeHandlers;
	amountCents: number;
	currency: string;
	returnUrl: string;
	/** Checks run before the wallet sheet opens (privacy terms, earlier steps). */
	mayStart: () => boolean;
	/** Called just before confirming, in case the wallet leaves the page. */
	beforeConfirm: ( paymentMethod: string ) => void;
	afterConfirm: () => void;
}

export function ExpressCheckout( {
	server,
	handlers,
	amountCents,
	currency,
	returnUrl,
	mayStart,
	beforeConfirm,
	afterConfirm,
}: ExpressCheckoutProps ) {
	const stripe = useStripe();
	const elements = useElements();
	const [ message, setMessage ] = useState( '' );
	const [ available, setAvailable ] = useState( true );
	const inFlight = useRef( false );
	const messageRef = useRef< HTMLParagraphElement >( null );
	/**
	 * Shows a message under the buttons and moves focus to it.
	 * @param text
	 */
	const tell = ( text: string ) => {
		setMessage( text );
		focusWhenReachable( () => ( text ? messageRef.current : null ) );
	};

	const onReady = ( event: StripeExpressCheckoutElementReadyEvent ) => {
		setAvailable( Boolean( event.availablePaymentMethods ) );
	};

	const onClick = ( event: StripeExpressCheckoutElementClickEvent ) => {
		if ( inFlight.current || ! mayStart() ) {
			event.reject();
			return;
		}
		setMessage( '' );
		event.resolve();
	};

	const onConfirm = async (
		event: StripeExpressCheckoutElementConfirmEvent
	) => {
		if ( ! stripe || ! elements || inFlight.current ) {
			event.paymentFailed( { reason: 'fail' } );
			return;
		}
		inFlight.current = true;
		handlers.setLoading( true );
		setMessage( '' );
		beforeConfirm( event.expressPaymentType );

		const outcome = await payByExpressCheckout(
			{
				submit: async () => {
					const { error } = await elements.submit();
					return error ? ( error.message ?? '' ) : null;
				},
				createConfirmationToken: async () => {
					// The bank's check may leave the page: it comes back here.
					const result = await stripe.createConfirmationToken( {
						elements,
						params: { return_url: returnUrl },
					} );
					if ( result.error ) {
						return { error: result.error.message ?? '' };
					}
					return { confirmationToken: result.confirmationToken.id };
				},
				handleNextAction: async ( clientSecret ) => {
					// Its error (a failed check) is the server's to read and say.
					await stripe.handleNextAction( { clientSecret } );
				},
			},
			server,
			{ amountCents, currency }
		);

		afterConfirm();
		inFlight.current = false;
		switch ( outcome.kind ) {
			case 'success':
				handlers.succeed( {
					transactionId: outcome.reference,
					paymentMethod: event.expressPaymentType,
				} );
				return;
			case 'provider-error':
				event.paymentFailed( { reason: 'fail' } );
				handlers.setLoading( false );
				tell( outcome.message );
				return;
			case 'silent':
				event.paymentFailed( { reason: 'fail' } );
				handlers.setLoading( false );
				return;
			case 'failure':
				event.paymentFailed( { reason: 'fail' } );
				handlers.fail( outcome.errorMessage, outcome.notice );
		}
	};

	return (
		<div className="dw-express" hidden={ ! available && ! message }>
			<ExpressCheckoutElement
				options={ {
					buttonType: { applePay: 'donate', googlePay: 'donate' },
				} }
				onReady={ onReady }
				onClick={ onClick }
				onConfirm={ onConfirm }
				onCancel={ () => {
					// A sheet closed after a failed payment keeps that reason.
					if ( ! messageRef.current?.textContent ) {
						tell(
							__(
								'Payment cancelled. You have not been charged.',
								'donation-widget'
							)
						);
					}
				} }
				onLoadError={ ( event ) =>
					logProblem( 'express checkout did not load', event.error )
				}
			/>
			<p
				ref={ messageRef }
				className="dw-field-error"
				role="alert"
				tabIndex={ -1 }
			>
				{ message }
			</p>
		</div>
	);
}
