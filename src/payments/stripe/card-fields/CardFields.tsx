/**
 * The card form both widgets use (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#28-update-card-widget, docs/widget-contract.md#53-payment-donation-and-update-card-form): name on card plus
 * the provider's split card fields (number, expiry "MM/YY", CVV "CVV"), the
 * brand check and the provider's own field errors. Card data stays inside
 * the provider's frames; the form keeps markers ("" or " ") only.
 */
import { useId, useState } from '@wordpress/element';
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
} from '@stripe/stripe-js';
import { useFormikContext } from 'formik';
import { ELEMENT_STYLE } from '../element-style';
import {
	cardBrandError,
	type CardFieldValues,
	type ProviderErrors,
	type ProviderField,
} from './card-rules';
import { NameOnCardField } from './NameOnCardField';
import { ProviderFieldFrame } from './ProviderFieldFrame';

type ChangeEvent =
	| StripeCardNumberElementChangeEvent
	| StripeCardExpiryElementChangeEvent
	| StripeCardCvcElementChangeEvent;

export interface CardFieldsProps {
	id?: string;
	hidden?: boolean;
	/** Floating labels, hidden while a field is empty (update-card widget). */
	floatingLabels?: boolean;
	disabled?: boolean;
	providerErrors: ProviderErrors;
	/**
	 * The bank's reason, on a second line under the card number's error
	 * (decline-reason.ts); "" or absent for none.
	 */
	declineReason?: string;
	onProviderError: (
		field: ProviderField,
		message: string | undefined
	) => void;
}

export function CardFields( {
	id,
	hidden = false,
	floatingLabels = false,
	disabled = false,
	providerErrors,
	declineReason = '',
	onProviderError,
}: CardFieldsProps ) {
	const { errors, touched, setFieldValue, setFieldTouched } =
		useFormikContext< CardFieldValues >();
	const fieldId = useId();
	const [ empty, setEmpty ] = useState< Record< ProviderField, boolean > >( {
		cardNumber: true,
		cardExpiry: true,
		cardCvv: true,
	} );

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
		setEmpty( ( current ) => ( { ...current, [ field ]: event.empty } ) );
		setFieldValue( field, complete ? ' ' : '' );
	};

	const frame = ( field: ProviderField, label: string ) => ( {
		id: `${ fieldId }-${ field }`,
		label,
		floatingLabel: floatingLabels,
		empty: empty[ field ],
		error:
			providerErrors[ field ] ||
			( touched[ field ] ? errors[ field ] : undefined ),
	} );
	const options = ( placeholder?: string ) => ( {
		style: ELEMENT_STYLE,
		disabled,
		...( placeholder ? { placeholder } : {} ),
	} );
	const events = ( field: ProviderField ) => ( {
		onChange: ( event: ChangeEvent ) => onChange( field, event ),
		onBlur: () => setFieldTouched( field, true ),
	} );
	const numberLabel = __( 'Card Number', 'donation-widget' );

	return (
		<div id={ id } className="dw-card-form" hidden={ hidden }>
			<NameOnCardField
				floatingLabel={ floatingLabels }
				disabled={ disabled }
			/>
			<ProviderFieldFrame
				{ ...frame( 'cardNumber', numberLabel ) }
				detail={ providerErrors.cardNumber ? declineReason : '' }
			>
				{ ( elementId ) => (
					<CardNumberElement
						id={ elementId }
						options={ {
							...options(
								floatingLabels ? numberLabel : undefined
							),
							showIcon: true,
						} }
						{ ...events( 'cardNumber' ) }
					/>
				) }
			</ProviderFieldFrame>
			<div className="dw-field-row">
				<ProviderFieldFrame
					{ ...frame(
						'cardExpiry',
						__( 'Card Expiry', 'donation-widget' )
					) }
				>
					{ ( elementId ) => (
						<CardExpiryElement
							id={ elementId }
							options={ options(
								__( 'MM/YY', 'donation-widget' )
							) }
							{ ...events( 'cardExpiry' ) }
						/>
					) }
				</ProviderFieldFrame>
				<ProviderFieldFrame
					{ ...frame(
						'cardCvv',
						__( 'Card CVV', 'donation-widget' )
					) }
				>
					{ ( elementId ) => (
						<CardCvcElement
							id={ elementId }
							options={ options(
								__( 'CVV', 'donation-widget' )
							) }
							{ ...events( 'cardCvv' ) }
						/>
					) }
				</ProviderFieldFrame>
			</div>
		</div>
	);
}
