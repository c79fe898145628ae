/**
 * The update-card form (SPEC §2.8, §3.8, §5.3): name on card and the card
 * provider's split card fields, each with a floating label hidden while the
 * field is empty (the field keeps its accessible name), and the submit
 * button. Loaded on demand with Stripe's React bindings and the rules.
 */
import { useCallback, useId, useRef, useState } from '@wordpress/element';
import {
	CardCvcElement,
	CardExpiryElement,
	CardNumberElement,
	Elements,
	useElements,
	useStripe,
} from '@stripe/react-stripe-js';
import type {
	Stripe,
	StripeCardCvcElementChangeEvent,
	StripeCardExpiryElementChangeEvent,
	StripeCardNumberElementChangeEvent,
	StripeElementStyle,
} from '@stripe/stripe-js';
import { Formik, useField, useFormikContext } from 'formik';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { FieldError } from '../shared/fields';
import { filterNameOnCard } from '../shared/input-filters';
import {
	cardBrandError,
	cardUpdateSchema,
	initialValues,
	NAME_ON_CARD_MAX,
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

type ProviderErrors = Partial< Record< ProviderField, string > >;

/** Colours match the stylesheet; contrast is at least 4.5:1 on white. */
const ELEMENT_STYLE: StripeElementStyle = {
	base: {
		color: '#1e1e1e',
		fontSize: '16px',
		fontFamily:
			'-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif',
		'::placeholder': { color: '#6b6b6b' },
	},
	invalid: { color: '#b32d2e' },
};

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
	const {
		values,
		errors,
		touched,
		setFieldValue,
		setFieldTouched,
		setTouched,
		validateForm,
	} = useFormikContext< CardUpdateValues >();
	const [ providerErrors, setProviderErrors ] = useState< ProviderErrors >(
		{}
	);
	const [ empty, setEmpty ] = useState< Record< ProviderField, boolean > >( {
		cardNumber: true,
		cardExpiry: true,
		cardCvv: true,
	} );
	const formRef = useRef< HTMLFormElement >( null );
	const inFlight = useRef( false );
	const id = useId();

	const ready = enabled && !! stripe && !! elements;
	const loadingLabel = busy || ( enabled && ! ready );

	const setProviderError = useCallback(
		( field: ProviderField, message: string | undefined ) =>
			setProviderErrors( ( current ) => ( {
				...current,
				[ field ]: message,
			} ) ),
		[]
	);

	const onCardChange = (
		field: ProviderField,
		event:
			| StripeCardNumberElementChangeEvent
			| StripeCardExpiryElementChangeEvent
			| StripeCardCvcElementChangeEvent
	) => {
		let message = event.error?.message;
		let complete = event.complete;
		if ( event.elementType === 'cardNumber' ) {
			const brandMessage = cardBrandError( event.brand );
			if ( brandMessage ) {
				// A refused brand clears the card number flag (SPEC §5.3).
				message = message ?? brandMessage;
				complete = false;
			}
		}
		setProviderError( field, message );
		setEmpty( ( current ) => ( { ...current, [ field ]: event.empty } ) );
		setFieldValue( field, complete ? ' ' : '' );
	};

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
			const outcome = await onUpdate( values.nameOnCard, {
				createPaymentMethod: async ( name ) => {
					if ( ! cardNumber ) {
						return null;
					}
					const result = await stripe.createPaymentMethod( {
						type: 'card',
						card: cardNumber,
						billing_details: { name },
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
			} );
			if ( outcome.kind === 'card-error' ) {
				setProviderError( 'cardNumber', texts.cardDeclined() );
				focusField( 'cardNumber' );
			}
		} finally {
			inFlight.current = false;
		}
	};

	const shownError = ( field: ProviderField ) =>
		providerErrors[ field ] ||
		( touched[ field ] ? errors[ field ] : undefined );

	const elementOptions = ( placeholder: string ) => ( {
		style: ELEMENT_STYLE,
		placeholder,
		disabled: busy,
	} );

	return (
		<form
			ref={ formRef }
			className="dw-step dw-card-update-form"
			noValidate
			onSubmit={ submit }
		>
			<NameOnCardField disabled={ busy } />
			<CardField
				id={ `${ id }-number` }
				label={ texts.cardNumber() }
				empty={ empty.cardNumber }
				error={ shownError( 'cardNumber' ) }
			>
				{ ( elementId ) => (
					<CardNumberElement
						id={ elementId }
						options={ {
							...elementOptions( texts.cardNumber() ),
							showIcon: true,
						} }
						onChange={ ( event ) =>
							onCardChange( 'cardNumber', event )
						}
						onBlur={ () => setFieldTouched( 'cardNumber', true ) }
					/>
				) }
			</CardField>
			<div className="dw-field-row">
				<CardField
					id={ `${ id }-expiry` }
					label={ texts.cardExpiry() }
					empty={ empty.cardExpiry }
					error={ shownError( 'cardExpiry' ) }
				>
					{ ( elementId ) => (
						<CardExpiryElement
							id={ elementId }
							options={ elementOptions(
								texts.expiryPlaceholder()
							) }
							onChange={ ( event ) =>
								onCardChange( 'cardExpiry', event )
							}
							onBlur={ () =>
								setFieldTouched( 'cardExpiry', true )
							}
						/>
					) }
				</CardField>
				<CardField
					id={ `${ id }-cvv` }
					label={ texts.cardCvv() }
					empty={ empty.cardCvv }
					error={ shownError( 'cardCvv' ) }
				>
					{ ( elementId ) => (
						<CardCvcElement
							id={ elementId }
							options={ elementOptions( texts.cvvPlaceholder() ) }
							onChange={ ( event ) =>
								onCardChange( 'cardCvv', event )
							}
							onBlur={ () => setFieldTouched( 'cardCvv', true ) }
						/>
					) }
				</CardField>
			</div>
			<button
				type="submit"
				className="dw-button dw-button--primary dw-button--block"
				disabled={ busy || ! ready }
			>
				{ loadingLabel ? texts.loading() : texts.submit() }
			</button>
		</form>
	);
}

function NameOnCardField( { disabled }: { disabled: boolean } ) {
	const id = useId();
	const errorId = `${ id }-error`;
	const [ field, meta, helpers ] = useField< string >( 'nameOnCard' );
	const error = meta.touched ? meta.error : undefined;

	return (
		<div
			className={
				field.value === ''
					? 'dw-field dw-float dw-float--empty'
					: 'dw-field dw-float'
			}
		>
			<label className="dw-label dw-float__label" htmlFor={ id }>
				{ texts.nameOnCard() }
			</label>
			<input
				id={ id }
				className="dw-input"
				name={ field.name }
				value={ field.value }
				onChange={ ( event: ChangeEvent< HTMLInputElement > ) =>
					helpers.setValue( filterNameOnCard( event.target.value ) )
				}
				onBlur={ field.onBlur }
				type="text"
				placeholder={ texts.nameOnCard() }
				maxLength={ NAME_ON_CARD_MAX }
				autoComplete="cc-name"
				aria-required
				aria-invalid={ error ? true : undefined }
				aria-describedby={ errorId }
				disabled={ disabled }
			/>
			<FieldError id={ errorId } message={ error } />
		</div>
	);
}

interface CardFieldProps {
	id: string;
	label: string;
	empty: boolean;
	error: string | undefined;
	children: ( elementId: string ) => ReactNode;
}

/**
 * One of the provider's fields. Its input lives inside the provider's frame,
 * so the wrapper is a group named by the label and described by the error.
 * @param props          The field.
 * @param props.id       Prefix of the field's element ids.
 * @param props.label    Its label.
 * @param props.empty    Whether nothing is typed (the label is then hidden).
 * @param props.error    The message to show, if any.
 * @param props.children Renders the provider's element with the given id.
 */
function CardField( { id, label, empty, error, children }: CardFieldProps ) {
	const labelId = `${ id }-label`;
	const errorId = `${ id }-error`;
	const elementId = `${ id }-element`;
	return (
		<div
			className={
				empty
					? 'dw-field dw-float dw-float--empty'
					: 'dw-field dw-float'
			}
		>
			{ /* The provider focuses its field when a label points at its container. */ }
			<label
				id={ labelId }
				className="dw-label dw-float__label"
				htmlFor={ elementId }
			>
				{ label }
			</label>
			<div
				role="group"
				aria-labelledby={ labelId }
				aria-describedby={ errorId }
				className={
					error
						? 'dw-card-field dw-card-field--invalid'
						: 'dw-card-field'
				}
			>
				{ children( elementId ) }
			</div>
			<FieldError id={ errorId } message={ error } />
		</div>
	);
}
