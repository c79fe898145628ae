/**
 * The outcome of a payment: paid → thank-you data and a purchase event;
 * accepted but processing (a delayed-notification method) → the
 * "being processed" variant and no purchase event from the browser.
 */
import { act } from 'react';
import { Formik } from 'formik';
import { render, type Rendered } from '../../../shared/__tests__/dom';
import { valuesFixture } from '../../__tests__/fixtures';
import { usePaymentOutcome, type PaymentOutcome } from '../use-payment-outcome';

let outcome: PaymentOutcome;
let view: Rendered;

function Probe() {
	outcome = usePaymentOutcome();
	return null;
}

beforeEach( async () => {
	window.dataLayer = undefined;
	view = await render(
		<Formik
			initialValues={ valuesFixture( { firstName: 'Jane', amount: 30 } ) }
			onSubmit={ () => undefined }
		>
			<Probe />
		</Formik>
	);
} );

afterEach( () => view.unmount() );

it( 'a paid donation shows success and pushes the purchase event', async () => {
	await act( async () =>
		outcome.handlers.succeed( {
			transactionId: 'ch_1',
			paymentMethod: 'credit_card',
		} )
	);
	expect( outcome.outcome ).toMatchObject( {
		kind: 'success',
		firstName: 'Jane',
		total: 30,
		processing: false,
	} );
	expect( window.dataLayer ).toHaveLength( 2 );
} );

it( 'a processing donation shows the processing variant and pushes nothing', async () => {
	await act( async () =>
		outcome.handlers.succeed( {
			transactionId: 'pi_1',
			paymentMethod: 'au_becs_debit',
			status: 'processing',
		} )
	);
	expect( outcome.outcome ).toMatchObject( {
		kind: 'success',
		transactionId: 'pi_1',
		processing: true,
	} );
	expect( window.dataLayer ).toBeUndefined();
} );

it( "a failure keeps SPEC's errorMessage and what the server said, for the failure screen", async () => {
	await act( async () =>
		outcome.handlers.fail( '', {
			message: 'Too many payment attempts.',
			notCharged: true,
		} )
	);
	expect( outcome.outcome ).toEqual( {
		kind: 'failure',
		errorMessage: '',
		notice: { message: 'Too many payment attempts.', notCharged: true },
	} );
	expect( outcome.loading ).toBe( false );
} );

it( 'a failure without an answer to read has no notice', async () => {
	await act( async () => outcome.handlers.fail( 'Network error' ) );
	expect( outcome.outcome ).toEqual( {
		kind: 'failure',
		errorMessage: 'Network error',
	} );
} );
