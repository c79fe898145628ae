/**
 * Tab 3 (SPEC §2.5, §4.4, §4.6): payment methods, card form, amount line,
 * help cover, privacy terms and the Donate button. Mounted (hidden) from
 * tab 2 on, so the card provider's fields are ready before tab 3; this is
 * also when Stripe.js, the PayPal SDK and the captcha are first loaded.
 */
import {
	createInterpolateElement,
	useCallback,
	useId,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import {
	CardNumberElement,
	Elements,
	useElements,
	useStripe,
} from '@stripe/react-stripe-js';
import { useFormikContext } from 'formik';
import type { FormEvent } from 'react';
import { useInvisibleCaptcha } from '../../captcha/use-invisible-captcha';
import {
	newAttemptId,
	pageUrlWithoutQuery,
	type PaymentOutcomeHandlers,
	type PaymentServer,
} from '../../payments/gateway';
import { PayPalCheckout } from '../../payments/paypal/PayPalCheckout';
import { billingDetails } from '../../payments/stripe/billing-details';
import { payByCard } from '../../payments/stripe/card-payment';
import {
	CardFields,
	type ProviderErrors,
	type ProviderField,
} from '../../payments/stripe/CardFields';
import { ExpressCheckout } from '../../payments/stripe/ExpressCheckout';
import { loadStripeFromPage } from '../../payments/stripe/load-stripe';
import { ProviderBadge } from '../../payments/stripe/ProviderBadge';
import {
	savePendingExpressPayment,
	sessionStore,
	takePendingExpressPayment,
} from '../../payments/stripe/redirect-return';
import type { AjaxPost } from '../../shared/ajax';
import type { ProviderScripts, Settings } from '../../shared/config';
import { FieldError } from '../../shared/fields';
import { newTabLink } from '../../shared/links';
import { formatMoney, toCents } from '../../shared/money';
import { helpCoverAmount, totalAmount } from '../amount';
import { buildFormData } from '../form-data';
import { messages } from '../messages';
import { validateCardPayment, validatePrivacy } from '../payment-rules';
import type { DonationValues } from '../types';
import { donateLabel } from '../labels';

export interface PaymentStepProps {
	/** Tab 3 is showing (wallet buttons render only then). */
	active: boolean;
	loading: boolean;
	settings: Settings;
	providerScripts: ProviderScripts;
	post: AjaxPost;
	handlers: PaymentOutcomeHandlers;
	widgetIndex: number;
	/** Re-checks amount and details; false (and shows that step) if either fails. */
	confirmEarlierSteps: () => boolean;
	onBack: () => void;
}

export default function PaymentStep( props: PaymentStepProps ) {
	const { settings, providerScripts } = props;
	const stripePromise = useMemo(
		() =>
			loadStripeFromPage(
				providerScripts.stripe,
				settings.stripe_public_key
			),
		[ providerScripts.stripe, settings.stripe_public_key ]
	);
	return (
		<Elements stripe={ stripePromise }>
			<PaymentForm { ...props } stripePromise={ stripePromise } />
		</Elements>
	);
}

function PaymentForm( {
	active,
	loading,
	settings,
	providerScripts,
	post,
	handlers,
	widgetIndex,
	confirmEarlierSteps,
	onBack,
	stripePromise,
}: PaymentStepProps & {
	stripePromise: ReturnType< typeof loadStripeFromPage >;
} ) {
	const stripe = useStripe();
	const elements = useElements();
	const {
		values,
		errors,
		touched,
		setFieldValue,
		setFieldTouched,
		setTouched,
	} = useFormikContext< DonationValues >();
	const valuesRef = useRef( values );
	valuesRef.current = values;

	const id = useId();
	const cardFormId = `${ id }-card-form`;
	const helpCoverId = `${ id }-help-cover`;
	const privacyId = `${ id }-privacy`;
	const privacyErrorId = `${ id }-privacy-error`;
	const privacyRef = useRef< HTMLInputElement >( null );
	const formRef = useRef< HTMLFormElement >( null );

	const captcha = useInvisibleCaptcha(
		settings.google_captcha_key,
		providerScripts.recaptcha
	);
	const currentUrl = pageUrlWithoutQuery( window.location );
	const server: PaymentServer = useMemo(
		() => ( {
			post,
			formData: () => buildFormData( valuesRef.current ),
			captchaToken: captcha.getToken,
			currentUrl,
			newAttemptId,
		} ),
		[ post, captcha.getToken, currentUrl ]
	);

	const [ providerErrors, setProviderErrors ] = useState< ProviderErrors >(
		{}
	);
	const [ processing, setProcessing ] = useState( false );
	const inFlight = useRef( false );

	const recurring = values.frequency === '4weekly';
	const cardVisible = recurring || values.showCC;
	const total = totalAmount( values );
	const cover = helpCoverAmount( values.amount, values.helpCoverPercent );

	const onProviderError = useCallback(
		( field: ProviderField, message: string | undefined ) =>
			setProviderErrors( ( current ) => ( {
				...current,
				[ field ]: message,
			} ) ),
		[]
	);

	const showCardDeclined = () =>
		onProviderError( 'cardNumber', messages.cardDeclined() );

	/** Privacy and earlier steps, before any payment method starts. */
	const mayStart = () => {
		if ( ! confirmEarlierSteps() ) {
			return false;
		}
		if ( Object.keys( validatePrivacy( valuesRef.current ) ).length > 0 ) {
			setFieldTouched( 'privacyTerms', true );
			privacyRef.current?.focus();
			return false;
		}
		return true;
	};

	const focusFirstCardError = ( fields: string[] ) => {
		const first = fields[ 0 ];
		if ( first === 'nameOnCard' ) {
			formRef.current
				?.querySelector< HTMLInputElement >( '[name="nameOnCard"]' )
				?.focus();
		} else if ( first === 'privacyTerms' ) {
			privacyRef.current?.focus();
		} else if ( first === 'cardNumber' ) {
			elements?.getElement( CardNumberElement )?.focus();
		}
	};

	const submitCard = async ( event: FormEvent ) => {
		event.preventDefault();
		if (
			! cardVisible ||
			inFlight.current ||
			loading ||
			! stripe ||
			! elements
		) {
			return;
		}
		const current = valuesRef.current;
		const cardErrors = validateCardPayment( current );
		setTouched(
			{
				...touched,
				nameOnCard: true,
				cardNumber: true,
				cardExpiry: true,
				cardCvv: true,
				privacyTerms: true,
			},
			true
		);
		const invalid = [
			...Object.keys( cardErrors ),
			...Object.keys( providerErrors ).filter(
				( field ) => providerErrors[ field as ProviderField ]
			),
		];
		if ( invalid.length > 0 ) {
			focusFirstCardError( invalid );
			return;
		}
		if ( ! confirmEarlierSteps() ) {
			return;
		}
		const cardNumber = elements.getElement( CardNumberElement );
		inFlight.current = true;
		setProcessing( true );
		try {
			const outcome = await payByCard(
				{
					createPaymentMethod: async () => {
						if ( ! cardNumber ) {
							return null;
						}
						const result = await stripe.createPaymentMethod( {
							type: 'card',
							card: cardNumber,
							billing_details: billingDetails( current ),
						} );
						return result.paymentMethod
							? { id: result.paymentMethod.id }
							: null;
					},
					handleNextAction: async ( clientSecret ) => {
						const result = await stripe.handleNextAction( {
							clientSecret,
						} );
						return ! result.error;
					},
				},
				server
			);
			if ( outcome.kind === 'success' ) {
				handlers.succeed( {
					transactionId: outcome.reference,
					paymentMethod: 'credit_card',
				} );
			} else if ( outcome.kind === 'failure' ) {
				handlers.fail( outcome.errorMessage );
			} else {
				showCardDeclined();
			}
		} finally {
			inFlight.current = false;
			setProcessing( false );
		}
	};

	const privacyLabel = createInterpolateElement(
		/* translators: <organisation/> is replaced by the charity's name. */
		__(
			"By submitting this form, I accept <organisation/>'s <link>Privacy Collection Statement</link>",
			'donation-widget'
		),
		{
			organisation: <>{ settings.organisation_name }</>,
			link: newTabLink( settings.privacy_url ),
		}
	);
	const privacyError = touched.privacyTerms ? errors.privacyTerms : undefined;

	return (
		<form
			ref={ formRef }
			className="dw-step dw-step--payment"
			noValidate
			onSubmit={ submitCard }
		>
			<h2 className="dw-heading">
				{ recurring
					? __( 'Payment Details', 'donation-widget' )
					: __( 'Select payment method', 'donation-widget' ) }
			</h2>

			{ ! recurring && (
				<div className="dw-wallets">
					<PayPalCheckout
						clientId={ settings.paypal_client_id }
						sdkBaseUrl={ providerScripts.paypal }
						showButtons={ active }
						server={ server }
						handlers={ handlers }
						getValues={ () => valuesRef.current }
						mayStart={ mayStart }
						onDeclined={ showCardDeclined }
					/>
					{ active && total > 0 && (
						<Elements
							stripe={ stripePromise }
							options={ {
								mode: 'payment',
								amount: toCents( total ),
								currency: 'aud',
							} }
						>
							<ExpressCheckout
								server={ server }
								handlers={ handlers }
								amountCents={ toCents( total ) }
								currency={ values.currency }
								returnUrl={ currentUrl }
								mayStart={ mayStart }
								beforeConfirm={ ( paymentMethod ) =>
									savePendingExpressPayment( sessionStore(), {
										widgetIndex,
										formData: buildFormData(
											valuesRef.current
										),
										firstName: valuesRef.current.firstName,
										frequency: valuesRef.current.frequency,
										total: totalAmount( valuesRef.current ),
										iterationId:
											valuesRef.current.iteration_id,
										paymentMethod,
									} )
								}
								afterConfirm={ () =>
									takePendingExpressPayment( sessionStore() )
								}
							/>
						</Elements>
					) }
					<button
						type="button"
						className="dw-button dw-button--secondary dw-cc-toggle"
						aria-expanded={ values.showCC }
						aria-controls={ cardFormId }
						onClick={ () =>
							setFieldValue( 'showCC', ! values.showCC )
						}
					>
						{ __( 'Credit Card', 'donation-widget' ) }
					</button>
				</div>
			) }

			<CardFields
				id={ cardFormId }
				hidden={ ! cardVisible }
				providerErrors={ providerErrors }
				onProviderError={ onProviderError }
			/>

			<p className="dw-amount-line">
				<span>
					{ recurring
						? __( '4-weekly donation amount :', 'donation-widget' )
						: __( 'Donation Amount :', 'donation-widget' ) }
				</span>{ ' ' }
				<strong>{ `$${ formatMoney( total ) }` }</strong>
			</p>

			<div className="dw-check">
				<input
					id={ helpCoverId }
					type="checkbox"
					checked={ values.helpCover }
					onChange={ ( event ) =>
						setFieldValue( 'helpCover', event.target.checked )
					}
				/>
				<label htmlFor={ helpCoverId }>
					{ sprintf(
						/* translators: %s: the help-cover amount, e.g. 1.25 */
						__(
							'I would like to add $%s to help cover fundraising costs',
							'donation-widget'
						),
						formatMoney( cover )
					) }
				</label>
			</div>

			<div className="dw-check">
				<input
					ref={ privacyRef }
					id={ privacyId }
					name="privacyTerms"
					type="checkbox"
					checked={ values.privacyTerms }
					onChange={ ( event ) => {
						setFieldValue( 'privacyTerms', event.target.checked );
						setFieldTouched( 'privacyTerms', true, false );
					} }
					aria-invalid={ privacyError ? true : undefined }
					aria-describedby={ privacyErrorId }
				/>
				<label htmlFor={ privacyId }>{ privacyLabel }</label>
			</div>
			<FieldError id={ privacyErrorId } message={ privacyError } />

			<div className="dw-actions">
				{ cardVisible && (
					<button
						type="submit"
						className="dw-button dw-button--primary"
						disabled={
							! stripe || ! elements || processing || loading
						}
					>
						{ processing
							? // eslint-disable-next-line @wordpress/i18n-ellipsis -- SPEC §2.5 spells it with three dots.
								__( 'Submitting...', 'donation-widget' )
							: donateLabel( total, values.frequency, false ) }
					</button>
				) }
				<button
					type="button"
					className="dw-link dw-back"
					onClick={ onBack }
				>
					{ __( 'Back', 'donation-widget' ) }
				</button>
			</div>

			<ProviderBadge />
			<div className="dw-captcha" ref={ captcha.containerRef } />
		</form>
	);
}
