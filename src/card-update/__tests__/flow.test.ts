/**
 * The update-card state machine (docs/widget-contract.md#49-update-card-flow).
 */
import {
	canSubmit,
	flowReducer,
	initialFlow,
	isBusy,
	type FlowEvent,
	type FlowState,
} from '../flow';

const run = ( ...events: FlowEvent[] ): FlowState =>
	events.reduce( flowReducer, initialFlow );

const card = { brand: 'visa', last4: '4242' };

describe( 'update-card flow', () => {
	it( 'starts loading, with the button disabled', () => {
		expect( initialFlow.phase ).toBe( 'checking' );
		expect( isBusy( initialFlow ) ).toBe( true );
		expect( canSubmit( initialFlow ) ).toBe( false );
	} );

	it( 'becomes ready when the link is valid, keeping the card being replaced', () => {
		const state = run( { type: 'link-valid', card } );
		expect( state ).toMatchObject( { phase: 'ready', card } );
		expect( isBusy( state ) ).toBe( false );
		expect( canSubmit( state ) ).toBe( true );
	} );

	it( 'shows the link-expired screen when the link is refused', () => {
		expect( run( { type: 'link-expired' } ).phase ).toBe( 'expired' );
	} );

	it( 'is busy while the card is sent, and ready again after a card error', () => {
		const sending = run(
			{ type: 'link-valid', card: null },
			{ type: 'submit' }
		);
		expect( sending.phase ).toBe( 'submitting' );
		expect( isBusy( sending ) ).toBe( true );
		expect( flowReducer( sending, { type: 'card-error' } ).phase ).toBe(
			'ready'
		);
	} );

	it( 'ends on the success screen with what happened to a missed donation', () => {
		const state = run(
			{ type: 'link-valid', card },
			{ type: 'submit' },
			{ type: 'updated', missedDonation: 'recovered' }
		);
		expect( state ).toMatchObject( {
			phase: 'updated',
			missedDonation: 'recovered',
		} );
	} );

	it( 'shows the link-expired screen when the link expires while sending', () => {
		expect(
			run(
				{ type: 'link-valid', card },
				{ type: 'submit' },
				{ type: 'link-expired' }
			).phase
		).toBe( 'expired' );
	} );

	it( 'keeps the message of an unexpected exception, and lets the donor try again', () => {
		const failed = run(
			{ type: 'link-valid', card },
			{ type: 'submit' },
			{ type: 'failed', errorMessage: 'Network down' }
		);
		expect( failed ).toMatchObject( {
			phase: 'ready',
			errorMessage: 'Network down',
		} );
		expect( flowReducer( failed, { type: 'submit' } ).errorMessage ).toBe(
			''
		);
	} );

	it( 'cannot submit when the link could not be checked', () => {
		const state = run( { type: 'failed', errorMessage: 'Oops' } );
		expect( state ).toMatchObject( {
			phase: 'unavailable',
			errorMessage: 'Oops',
		} );
		expect( canSubmit( state ) ).toBe( false );
		expect( isBusy( state ) ).toBe( false );
		expect( flowReducer( state, { type: 'link-valid', card } ) ).toBe(
			state
		);
	} );

	it( 'ignores events that do not apply', () => {
		const updated = run(
			{ type: 'link-valid', card },
			{ type: 'submit' },
			{ type: 'updated', missedDonation: null }
		);
		for ( const event of [
			{ type: 'submit' },
			{ type: 'card-error' },
			{ type: 'link-expired' },
			{ type: 'failed', errorMessage: 'late' },
		] as FlowEvent[] ) {
			expect( flowReducer( updated, event ) ).toBe( updated );
		}
		expect( flowReducer( initialFlow, { type: 'submit' } ) ).toBe(
			initialFlow
		);
	} );
} );
