/**
 * The card form (SPEC §2.5, §5.3): name on card plus the provider's split
 * card fields. Card data stays inside the provider's frames; the form only
 * keeps markers ("" or " ") saying whether each field is complete.
 */
import { useId } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import {
	CardCvcElement,
	CardExpiryElement,
	CardNumberElement,
} from '@stripe/react-stripe-js';
import type {
	StripeCardCvcElementChangeEvent,
	StripeCardExpiryElementChangeEvent,
	StripeCardNumberElementChangeEvent,
	StripeElementStyle,
} from '@stripe/stripe-js';
import { useFormikContext } from 'formik';
import { FieldError, TextField } from '../../shared/fields';
import { filterNameOnCard } from '../../shared/input-filters';
import { cardBrandError } from '../../donation/payment-rules';
import type { DonationValues } from '../../donation/types';

export type ProviderField = 'cardNumber' | 'cardExpiry' | 'cardCvv';
export type ProviderErrors = Partial< Record< ProviderField, string > >;

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

type ChangeEvent =
	| StripeCardNumberElementChangeEvent
	| StripeCardExpiryElementChangeEvent
	| StripeCardCvcElementChangeEvent;

interface CardFieldsProps {
	id: string;
	hidden: boolean;
	providerErrors: ProviderErrors;
	onProviderError: (
		field: ProviderField,
		message: string | undefined
	) => void;
}

export function CardFields( {
	id,
	hidden,
	providerErrors,
	onProviderError,
}: CardFieldsProps ) {
	const { errors, touched, setFieldValue, setFieldTouched } =
		useFormikContext< DonationValues >();
	const fieldId = useId();

	const shownError = ( field: ProviderField ) =>
		providerErrors[ field ] ||
		( touched[ field ] ? errors[ field ] : undefined );

	const onChange = ( field: ProviderField, event: ChangeEvent ) => {
		let message = event.error?.message;
		let complete = event.complete;
		if ( event.elementType === 'cardNumber' ) {
			const brandMessage = cardBrandError( event.brand );
			if ( brandMessage ) {
				// A refused brand clears the card number flag.
				message = message ?? brandMessage;
				complete = false;
			}
		}
		onProviderError( field, message );
		setFieldValue( field, complete ? ' ' : '' );
	};

	const providerField = (
		field: ProviderField,
		label: string,
		element: ( elementId: string ) => JSX.Element
	) => {
		const elementId = `${ fieldId }-${ field }`;
		const errorId = `${ elementId }-error`;
		const error = shownError( field );
		return (
			<div className="dw-field">
				{ /* The provider focuses its field when a label points at its container. */ }
				<label className="dw-label" htmlFor={ elementId }>
					{ label }
				</label>
				<div
					className={
						error
							? 'dw-card-field dw-card-field--invalid'
							: 'dw-card-field'
					}
				>
					{ element( elementId ) }
				</div>
				<FieldError id={ errorId } message={ error } />
			</div>
		);
	};

	return (
		<div id={ id } className="dw-card-form" hidden={ hidden }>
			<TextField
				name="nameOnCard"
				label={ __( 'Name on Card', 'donation-widget' ) }
				filter={ filterNameOnCard }
				maxLength={ 100 }
				autoComplete="cc-name"
				required
			/>
			{ providerField(
				'cardNumber',
				__( 'Card Number', 'donation-widget' ),
				( elementId ) => (
					<CardNumberElement
						id={ elementId }
						options={ { style: ELEMENT_STYLE, showIcon: true } }
						onChange={ ( event ) =>
							onChange( 'cardNumber', event )
						}
						onBlur={ () => setFieldTouched( 'cardNumber', true ) }
					/>
				)
			) }
			<div className="dw-field-row">
				{ providerField(
					'cardExpiry',
					__( 'Card Expiry', 'donation-widget' ),
					( elementId ) => (
						<CardExpiryElement
							id={ elementId }
							options={ {
								style: ELEMENT_STYLE,
								placeholder: __( 'MM/YY', 'donation-widget' ),
							} }
							onChange={ ( event ) =>
								onChange( 'cardExpiry', event )
							}
							onBlur={ () =>
								setFieldTouched( 'cardExpiry', true )
							}
						/>
					)
				) }
				{ providerField(
					'cardCvv',
					__( 'Card CVV', 'donation-widget' ),
					( elementId ) => (
						<CardCvcElement
							id={ elementId }
							options={ {
								style: ELEMENT_STYLE,
								placeholder: __( 'CVV', 'donation-widget' ),
							} }
							onChange={ ( event ) =>
								onChange( 'cardCvv', event )
							}
							onBlur={ () => setFieldTouched( 'cardCvv', true ) }
						/>
					)
				) }
			</div>
		</div>
	);
}
