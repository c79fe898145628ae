/**
 * The card method's content (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#46-card-payment-donation, docs/widget-contract.md#53-payment-donation-and-update-card-form): the shared card fields,
 * and the flow the Donate button runs while card is chosen.
 */
import { useCallback, useState } from '@wordpress/element';
import {
	CardNumberElement,
	Elements,
	useElements,
	useStripe,
} from '@stripe/react-stripe-js';
import { useFormikContext } from 'formik';
import type { DonationValues } from '../../../shared/donation-values';
import { focusWhenReachable } from '../../../shared/focus';
import { messages } from '../../../shared/messages';
import { validateCardPayment } from '../../payment-rules';
import type { PaymentMethodProps } from '../../registry';
import { useSubmitter } from '../../use-submitter';
import { billingDetails } from '../billing-details';
import { CardFields } from '../card-fields/CardFields';
import type { ProviderErrors, ProviderField } from '../card-fields/card-rules';
import { declineReason } from '../card-fields/decline-reason';
import { providerErrorMessage } from '../card-fields/provider-error';
import { stripeCard } from '../card-fields/stripe-card';
import { useStripePromise } from '../use-stripe-promise';
import { payByCard } from './card-payment';

export default function CardMethod( props: PaymentMethodProps ) {
	return (
		<Elements stripe={ useStripePromise( props ) }>
			<CardForm { ...props } />
		</Elements>
	);
}

function CardForm( props: PaymentMethodProps ) {
	const { selected, contentId, server, handlers, getValues } = props;
	const stripe = useStripe();
	const elements = useElements();
	const { touched, setTouched } = useFormikContext< DonationValues >();
	const [ providerErrors, setProviderErrors ] = useState< ProviderErrors >(
		{}
	);
	// The bank's reason for the last decline; it goes with the card number's
	// error, so a change to the card number clears both.
	const [ reason, setReason ] = useState( '' );

	const onProviderError = useCallback(
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

	const focusFirst = ( field: string | undefined ) => {
		if ( field === 'nameOnCard' ) {
			document
				.getElementById( contentId )
				?.querySelector< HTMLInputElement >( '[name="nameOnCard"]' )
				?.focus();
		} else if ( field === 'privacyTerms' ) {
			props.focusPrivacy();
		} else if ( field === 'cardNumber' ) {
			elements?.getElement( CardNumberElement )?.focus();
		}
	};

	const submit = async () => {
		if ( ! stripe || ! elements ) {
			return;
		}
		const current = getValues();
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
			...Object.keys( validateCardPayment( current ) ),
			...Object.keys( providerErrors ).filter(
				( field ) => providerErrors[ field as ProviderField ]
			),
		];
		if ( invalid.length > 0 ) {
			focusFirst( invalid[ 0 ] );
			return;
		}
		if ( ! props.confirmEarlierSteps() ) {
			return;
		}
		const cardNumber = elements.getElement( CardNumberElement );
		props.setProcessing( true );
		try {
			const card = stripeCard( stripe, cardNumber );
			const outcome = await payByCard(
				{
					createPaymentMethod: () =>
						card.createPaymentMethod( billingDetails( current ) ),
					handleNextAction: card.handleNextAction,
				},
				server
			);
			if ( outcome.kind === 'success' ) {
				handlers.succeed( {
					transactionId: outcome.reference,
					paymentMethod: 'credit_card',
				} );
			} else if ( outcome.kind === 'failure' ) {
				handlers.fail( outcome.errorMessage, outcome.notice );
			} else {
				onProviderError( 'cardNumber', messages.cardDeclined() );
				setReason( declineReason( outcome.reason ) );
				// The donor hears why, and Shift+Tab reaches the card number.
				focusWhenReachable( () =>
					providerErrorMessage(
						document.getElementById( contentId ),
						'cardNumber'
					)
				);
			}
		} finally {
			props.setProcessing( false );
		}
	};

	useSubmitter( 'card', props, !! stripe && !! elements, submit );

	return (
		<CardFields
			id={ contentId }
			hidden={ ! selected }
			providerErrors={ providerErrors }
			declineReason={ reason }
			onProviderError={ onProviderError }
		/>
	);
}
