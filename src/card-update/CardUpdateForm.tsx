/**
 * The update-card form (docs/widget-contract.md#28-update-card-widget, docs/widget-contract.md#38-update-card-form, docs/widget-contract.md#53-payment-donation-and-update-card-form): the shared card fields with
 * floating labels (hidden while a field is empty; the field keeps its
 * accessible name) and the submit button. Loaded on demand with the card
 * provider's React bindings and the rules.
 */
import { useCallback, useRef, useState } from '@wordpress/element';
import {
	CardCvcElement,
	CardExpiryElement,
	CardNumberElement,
	Elements,
	useElements,
	useStripe,
} from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { Formik, useFormikContext } from 'formik';
import type { FormEvent } from 'react';
import { CardFields } from '../payments/stripe/card-fields/CardFields';
import type { ProviderErrors } from '../payments/stripe/card-fields/card-rules';
import { declineReason } from '../payments/stripe/card-fields/decline-reason';
import { providerErrorMessage } from '../payments/stripe/card-fields/provider-error';
import { stripeCard } from '../payments/stripe/card-fields/stripe-card';
import { focusWhenReachable } from '../shared/focus';
import {
	cardUpdateSchema,
	initialValues,
	type CardUpdateValues,
	type ProviderField,
} from './rules';
import type { CardUpdateProvider, UpdateOutcome } from './server';
import { texts } from './texts';

export interface CardUpdateFormProps {
	stripePromise: Promise< Stripe | null >;
	/** Checking the link or sending the card: the button reads "Loading...". */
	busy: boolean;
	/** The link is valid and nothing is running. */
	enabled: boolean;
	onUpdate: (
		nameOnCard: string,
		provider: CardUpdateProvider
	) => Promise< UpdateOutcome >;
}

const FIELD_ORDER: ReadonlyArray< keyof CardUpdateValues > = [
	'nameOnCard',
	'cardNumber',
	'cardExpiry',
	'cardCvv',
];

export default function CardUpdateForm( props: CardUpdateFormProps ) {
	return (
		<Elements stripe={ props.stripePromise }>
			<Formik
				initialValues={ initialValues }
				validationSchema={ cardUpdateSchema() }
				// The form submits itself (see submit below); Formik holds values and errors.
				onSubmit={ () => undefined }
			>
				<CardForm { ...props } />
			</Formik>
		</Elements>
	);
}

function CardForm( { busy, enabled, onUpdate }: CardUpdateFormProps ) {
	const stripe = useStripe();
	const elements = useElements();
	const { values, setTouched, validateForm } =
		useFormikContext< CardUpdateValues >();
	const [ providerErrors, setProviderErrors ] = useState< ProviderErrors >(
		{}
	);
	// The bank's reason for the last decline, cleared with the card number's error.
	const [ reason, setReason ] = useState( '' );
	const formRef = useRef< HTMLFormElement >( null );
	const inFlight = useRef( false );

	const ready = enabled && !! stripe && !! elements;
	const loadingLabel = busy || ( enabled && ! ready );

	const setProviderError = useCallback(
		( field: ProviderField, message: string | undefined ) => {
			if ( field === 'cardNumber' ) {
				setReason( '' );
			}
			setProviderErrors( ( current ) => ( {
				...current,
				[ field ]: message,
			} ) );
		},
		[]
	);

	const focusField = ( field: keyof CardUpdateValues ) => {
		if ( field === 'nameOnCard' ) {
			formRef.current
				?.querySelector< HTMLInputElement >( '[name="nameOnCard"]' )
				?.focus();
			return;
		}
		const element = {
			cardNumber: elements?.getElement( CardNumberElement ),
			cardExpiry: elements?.getElement( CardExpiryElement ),
			cardCvv: elements?.getElement( CardCvcElement ),
		}[ field ];
		element?.focus();
	};

	const submit = async ( event: FormEvent ) => {
		event.preventDefault();
		if ( ! ready || ! stripe || ! elements || inFlight.current || busy ) {
			return;
		}
		const formErrors = await validateForm();
		await setTouched(
			{
				nameOnCard: true,
				cardNumber: true,
				cardExpiry: true,
				cardCvv: true,
			},
			false
		);
		const invalid = FIELD_ORDER.filter(
			( field ) =>
				formErrors[ field ] ||
				( field !== 'nameOnCard' && providerErrors[ field ] )
		);
		if ( invalid.length > 0 ) {
			focusField( invalid[ 0 ] );
			return;
		}
		const cardNumber = elements.getElement( CardNumberElement );
		inFlight.current = true;
		try {
			const card = stripeCard( stripe, cardNumber );
			const outcome = await onUpdate( values.nameOnCard, {
				createPaymentMethod: ( name ) =>
					card.createPaymentMethod( { name } ),
				handleNextAction: card.handleNextAction,
			} );
			if ( outcome.kind === 'card-error' ) {
				setProviderError( 'cardNumber', texts.cardDeclined() );
				setReason( declineReason( outcome.reason ) );
				// The reason first; Shift+Tab reaches the card number.
				focusWhenReachable( () =>
					providerErrorMessage( formRef.current, 'cardNumber' )
				);
			} else if ( outcome.kind === 'failure' ) {
				focusWhenReachable( () =>
					formRef.current
						?.closest( '.dw-widget' )
						?.querySelector< HTMLElement >( '[role="alert"]' )
				);
			}
		} finally {
			inFlight.current = false;
		}
	};

	return (
		<form
			ref={ formRef }
			className="dw-step dw-card-update-form"
			noValidate
			onSubmit={ submit }
		>
			<CardFields
				floatingLabels
				disabled={ busy }
				providerErrors={ providerErrors }
				declineReason={ reason }
				onProviderError={ setProviderError }
			/>
			<button
				type="submit"
				className="dw-button dw-button--primary dw-button--block"
				disabled={ busy || ! ready }
			>
				{ /* A new text node per label: the browser counts a centred label
				that changes length in place as a layout shift. */ }
				<span key={ loadingLabel ? 'loading' : 'submit' }>
					{ loadingLabel ? texts.loading() : texts.submit() }
				</span>
			</button>
		</form>
	);
}
