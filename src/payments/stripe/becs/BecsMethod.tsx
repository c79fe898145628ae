/**
 * The BECS Direct Debit method's content: the account name from the donor's
 * details, Stripe's bank account element (BSB and account number), the
 * Direct Debit Request to accept, and the flow the Donate button runs.
 */
import { sprintf } from '@wordpress/i18n';
import { useId, useRef, useState } from '@wordpress/element';
import {
	AuBankAccountElement,
	Elements,
	useElements,
	useStripe,
} from '@stripe/react-stripe-js';
import { useFormikContext } from 'formik';
import type { DonationValues } from '../../../shared/donation-values';
import { focusWhenReachable } from '../../../shared/focus';
import { messages } from '../../../shared/messages';
import type { PaymentMethodProps } from '../../registry';
import { useSubmitter } from '../../use-submitter';
import { ProviderFieldFrame } from '../card-fields/ProviderFieldFrame';
import { ELEMENT_STYLE } from '../element-style';
import { useStripePromise } from '../use-stripe-promise';
import { accountHolder } from './account-holder';
import { payByBecsDebit } from './becs-payment';
import { MandateAgreement } from './MandateAgreement';
import { becsTexts } from './texts';
import './becs.scss';

export default function BecsMethod( props: PaymentMethodProps ) {
	return (
		<Elements stripe={ useStripePromise( props ) }>
			<BecsForm { ...props } />
		</Elements>
	);
}

function BecsForm( props: PaymentMethodProps ) {
	const { selected, contentId, server, handlers, getValues } = props;
	const stripe = useStripe();
	const elements = useElements();
	const { values } = useFormikContext< DonationValues >();
	const fieldId = useId();
	const mandateRef = useRef< HTMLInputElement >( null );
	const [ complete, setComplete ] = useState( false );
	const [ empty, setEmpty ] = useState( true );
	const [ accountError, setAccountError ] = useState< string >();
	const [ accepted, setAccepted ] = useState( false );
	const [ mandateTouched, setMandateTouched ] = useState( false );
	const mandateError =
		mandateTouched && ! accepted ? becsTexts.mustAccept() : undefined;

	const submit = async () => {
		if ( ! stripe || ! elements || ! props.mayStart() ) {
			return;
		}
		// Both problems show at once; focus goes to the first on the page.
		setMandateTouched( true );
		if ( ! complete ) {
			setAccountError( ( current ) => current || messages.required() );
			elements.getElement( AuBankAccountElement )?.focus();
			return;
		}
		if ( ! accepted ) {
			mandateRef.current?.focus();
			return;
		}
		const element = elements.getElement( AuBankAccountElement );
		if ( ! element ) {
			return;
		}
		const holder = accountHolder( getValues() );
		props.setProcessing( true );
		try {
			const outcome = await payByBecsDebit(
				{
					createPaymentMethod: async () => {
						const result = await stripe.createPaymentMethod( {
							type: 'au_becs_debit',
							au_becs_debit: element,
							billing_details: holder,
						} );
						return result.paymentMethod
							? { id: result.paymentMethod.id }
							: { error: result.error?.message ?? '' };
					},
				},
				server,
				becsTexts.checkAccount()
			);
			if ( outcome.kind === 'processing' ) {
				handlers.succeed( {
					transactionId: '',
					paymentMethod: 'au_becs_debit',
					status: 'processing',
				} );
			} else if ( outcome.kind === 'failure' ) {
				handlers.fail( outcome.errorMessage, outcome.notice );
			} else {
				setAccountError( outcome.message );
				// The reason first; Shift+Tab reaches the bank account.
				focusWhenReachable( () =>
					document.getElementById( `${ fieldId }-account-error` )
				);
			}
		} finally {
			props.setProcessing( false );
		}
	};

	useSubmitter( 'au_becs_debit', props, !! stripe && !! elements, submit );

	return (
		<div id={ contentId } className="dw-becs-form" hidden={ ! selected }>
			<p className="dw-becs-form__holder">
				{ sprintf(
					becsTexts.accountName(),
					accountHolder( values ).name
				) }
			</p>
			<ProviderFieldFrame
				id={ `${ fieldId }-account` }
				label={ becsTexts.bankAccount() }
				floatingLabel={ false }
				empty={ empty }
				error={ accountError }
			>
				{ ( elementId ) => (
					<AuBankAccountElement
						id={ elementId }
						options={ { style: ELEMENT_STYLE } }
						onChange={ ( event ) => {
							setComplete( event.complete );
							setEmpty( event.empty );
							setAccountError( event.error?.message );
						} }
					/>
				) }
			</ProviderFieldFrame>
			<MandateAgreement
				organisationName={ props.settings.organisation_name }
				accepted={ accepted }
				error={ mandateError }
				inputRef={ mandateRef }
				onChange={ ( next ) => {
					setAccepted( next );
					setMandateTouched( true );
				} }
			/>
		</div>
	);
}
