/**
 * How a payment ends (docs/widget-contract.md#26-donation-success-screen, docs/widget-contract.md#27-donation-failure-screen, docs/widget-contract.md#39-analytics-purchase-event, docs/widget-contract.md#46-card-payment-donation to docs/widget-contract.md#48-wallet-provider-one-off): the loading overlay,
 * then the thank-you screen (with the purchase event) or the failure screen.
 */
import { useCallback, useMemo, useRef, useState } from '@wordpress/element';
import { useFormikContext } from 'formik';
import { pushPurchaseEvent } from '../../analytics/purchase-event';
import type {
	PaymentOutcomeHandlers,
	PaymentSuccess,
	ServerNotice,
} from '../../payments/gateway';
import type { DonationValues } from '../../shared/donation-values';
import { totalAmount } from '../../shared/help-cover';

/** What the thank-you screen and the purchase event need. */
export interface DonationSnapshot {
	firstName: string;
	/** Where the receipt goes; absent when not known (an older saved payment). */
	email?: string;
	total: number;
	frequency: string;
	iterationId: string;
}

export type Outcome =
	| { kind: 'form' }
	| {
			kind: 'success';
			firstName: string;
			email: string;
			total: number;
			frequency: string;
			transactionId: string;
			paymentMethod: string;
			/** Accepted, completing later (a bank debit): "being processed". */
			processing: boolean;
	  }
	| {
			kind: 'failure';
			errorMessage: string;
			/** What the failing answer said, when it was readable. */
			notice?: ServerNotice;
	  };

export interface PaymentOutcome {
	outcome: Outcome;
	loading: boolean;
	handlers: PaymentOutcomeHandlers;
	succeed: ( result: PaymentSuccess, snapshot?: DonationSnapshot ) => void;
	fail: ( errorMessage?: string, notice?: ServerNotice ) => void;
	setLoading: ( loading: boolean ) => void;
}

export function usePaymentOutcome(): PaymentOutcome {
	const { values } = useFormikContext< DonationValues >();
	const valuesRef = useRef( values );
	valuesRef.current = values;
	const [ loading, setLoading ] = useState( false );
	const [ outcome, setOutcome ] = useState< Outcome >( { kind: 'form' } );

	const succeed = useCallback(
		( result: PaymentSuccess, snapshot?: DonationSnapshot ) => {
			const current = valuesRef.current;
			const details = snapshot ?? {
				firstName: current.firstName,
				email: current.email,
				total: totalAmount( current ),
				frequency: current.frequency,
				iterationId: current.iteration_id,
			};
			const processing = result.status === 'processing';
			// A payment accepted but not final has no reference yet, and a
			// processing one is recorded by the server when it completes: neither
			// is reported, so analytics never counts a purchase twice or too early.
			if ( result.transactionId && ! processing ) {
				pushPurchaseEvent( window, {
					transactionId: result.transactionId,
					total: details.total,
					frequency: details.frequency,
					paymentMethod: result.paymentMethod,
					iterationId: details.iterationId,
				} );
			}
			setLoading( false );
			setOutcome( {
				kind: 'success',
				firstName: details.firstName,
				email: details.email ?? '',
				total: details.total,
				frequency: details.frequency,
				transactionId: result.transactionId,
				paymentMethod: result.paymentMethod,
				processing,
			} );
		},
		[]
	);

	const fail = useCallback(
		( errorMessage?: string, notice?: ServerNotice ) => {
			setLoading( false );
			setOutcome( {
				kind: 'failure',
				errorMessage: errorMessage ?? '',
				...( notice ? { notice } : {} ),
			} );
		},
		[]
	);

	const handlers: PaymentOutcomeHandlers = useMemo(
		() => ( {
			setLoading,
			succeed: ( result ) => succeed( result ),
			fail,
		} ),
		[ succeed, fail ]
	);

	return { outcome, loading, handlers, succeed, fail, setLoading };
}
