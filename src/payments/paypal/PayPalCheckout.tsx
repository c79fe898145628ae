/**
 * The wallet provider's button (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#48-wallet-provider-one-off), one-off only.
 *
 * PayPalScriptProvider loads the SDK from `sdkBaseUrl`, which the page sets
 * (window.donationWidget.providerScripts.paypal) so tests and demos can serve
 * a stand-in; the SDK's query string (client-id, currency, intent,
 * components) is still built by @paypal/paypal-js.
 */
import { useMemo, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import type { DonationValues } from '../../shared/donation-values';
import { focusWhenReachable } from '../../shared/focus';
import type {
	PaymentOutcomeHandlers,
	PaymentServer,
	ServerNotice,
} from '../gateway';
import { buildOrder } from './order';
import {
	completePayPalPayment,
	openPayPalOrder,
	OrderRefused,
} from './paypal-payment';

interface PayPalCheckoutProps {
	clientId: string;
	sdkBaseUrl: string;
	/** The buttons render only while the payment tab is visible. */
	showButtons: boolean;
	server: PaymentServer;
	handlers: PaymentOutcomeHandlers;
	getValues: () => DonationValues;
	/** Checks run before the wallet window opens (privacy terms, earlier steps). */
	mayStart: () => boolean;
}

export function PayPalCheckout( props: PayPalCheckoutProps ) {
	const { clientId, sdkBaseUrl, showButtons } = props;
	// The SDK calls back long after render; read the latest props at that time.
	const latest = useRef( props );
	latest.current = props;
	// The attempt the current order was opened for, for the paying call.
	const attempt = useRef( '' );
	// What the server said when it refused to open the order: onError gets
	// the SDK's error, which need not be the one createOrder threw.
	const refusal = useRef< ServerNotice | undefined >( undefined );
	// Said (and focused) after the donor closes PayPal's window, so focus does
	// not fall to the top of the page and they know nothing was taken.
	const [ cancelled, setCancelled ] = useState( false );
	const noteRef = useRef< HTMLParagraphElement >( null );

	const options = useMemo(
		() => ( {
			clientId,
			currency: 'AUD',
			intent: 'capture',
			components: 'buttons',
			...( sdkBaseUrl ? { sdkBaseUrl } : {} ),
		} ),
		[ clientId, sdkBaseUrl ]
	);

	if ( ! clientId ) {
		return null;
	}

	return (
		<PayPalScriptProvider options={ options }>
			{ showButtons && (
				<div className="dw-paypal">
					<PayPalButtons
						fundingSource="paypal"
						style={ {
							layout: 'horizontal',
							label: 'donate',
							tagline: false,
							height: 44,
						} }
						onClick={ ( _data, actions ) => {
							setCancelled( false );
							return latest.current.mayStart()
								? actions.resolve()
								: actions.reject();
						} }
						createOrder={ async ( _data, actions ) => {
							const { handlers, server, getValues } =
								latest.current;
							handlers.setLoading( true );
							refusal.current = undefined;
							// The server records the order before the donor can
							// pay; if it cannot, this throws and onError shows
							// the failure screen. Our order adds
							// shipping.phone_number, which PayPal's published
							// types do not list yet.
							const opened = await openPayPalOrder(
								( order ) =>
									actions.order.create(
										order as unknown as Parameters<
											typeof actions.order.create
										>[ 0 ]
									),
								buildOrder( getValues() ),
								server
							).catch( ( error: unknown ) => {
								if ( error instanceof OrderRefused ) {
									refusal.current = error.notice;
								}
								throw error;
							} );
							attempt.current = opened.attemptId;
							return opened.orderId;
						} }
						onApprove={ async ( _data, actions ) => {
							const { handlers, server } = latest.current;
							const order = actions.order;
							if ( ! order ) {
								handlers.fail(
									'The order could not be captured.'
								);
								return;
							}
							const outcome = await completePayPalPayment(
								() => order.capture(),
								server,
								attempt.current
							);
							if ( outcome.kind === 'success' ) {
								handlers.succeed( {
									transactionId: outcome.captureId,
									paymentMethod: 'Paypal',
								} );
							} else if ( outcome.kind === 'declined' ) {
								// docs/widget-contract.md#48-wallet-provider-one-off: the failure screen replaces the
								// form, so the card error is not shown.
								handlers.fail( undefined, outcome.notice );
							} else {
								handlers.fail( outcome.errorMessage );
							}
						} }
						onCancel={ () => {
							latest.current.handlers.setLoading( false );
							setCancelled( true );
							focusWhenReachable( () => noteRef.current );
						} }
						onError={ ( error ) =>
							latest.current.handlers.fail(
								typeof error.message === 'string'
									? error.message
									: '',
								refusal.current
							)
						}
					/>
					{ cancelled && (
						<p
							ref={ noteRef }
							className="dw-wallet-note"
							tabIndex={ -1 }
						>
							{ __(
								'PayPal payment cancelled. You have not been charged.',
								'donation-widget'
							) }
						</p>
					) }
				</div>
			) }
		</PayPalScriptProvider>
	);
}
