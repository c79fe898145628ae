/**
 * The two server calls (docs/widget-contract.md#7-the-calls-it-makes calls 8 and 9) and 3-D Secure, against a
 * fake admin-ajax client.
 */
import type { AjaxFields, AjaxResponse } from '../../shared/ajax';
import { checkLink, updateCard, type CardUpdateProvider } from '../server';

type Answer = { status?: number; body: unknown };

function fakePost( ...answers: Answer[] ) {
	const calls: Array< { action: string; fields: AjaxFields } > = [];
	const post = jest.fn(
		async (
			action: string,
			fields: AjaxFields
		): Promise< AjaxResponse > => {
			calls.push( { action, fields } );
			const answer = answers.shift();
			if ( ! answer ) {
				throw new Error( 'no more answers' );
			}
			const status = answer.status ?? 200;
			return {
				ok: status >= 200 && status < 300,
				status,
				body: answer.body,
			};
		}
	);
	return { post, calls };
}

function provider( overrides: Partial< CardUpdateProvider > = {} ) {
	return {
		createPaymentMethod: jest.fn( async () => ( { id: 'pm_new' } ) ),
		handleNextAction: jest.fn( async () => true ),
		...overrides,
	};
}

const REQUEST_ID = 'A'.repeat( 43 );

describe( 'checkLink', () => {
	it( 'treats a page without requestID as an expired link, without a call', async () => {
		const { post } = fakePost();
		expect( await checkLink( post, '' ) ).toEqual( { kind: 'expired' } );
		expect( post ).not.toHaveBeenCalled();
	} );

	it( 'sends the requestID as id and reads the card being replaced', async () => {
		const { post, calls } = fakePost( {
			body: {
				success: true,
				data: { card: { brand: 'visa', last4: '4242' } },
			},
		} );
		expect( await checkLink( post, REQUEST_ID ) ).toEqual( {
			kind: 'valid',
			card: { brand: 'visa', last4: '4242' },
		} );
		expect( calls ).toEqual( [
			{ action: 'process_request_id', fields: { id: REQUEST_ID } },
		] );
	} );

	it( 'accepts a valid link without a card', async () => {
		const { post } = fakePost( {
			body: { success: true, data: { card: null } },
		} );
		expect( await checkLink( post, REQUEST_ID ) ).toEqual( {
			kind: 'valid',
			card: null,
		} );
	} );

	it.each( [
		[ 'success false', { body: { success: false, type: 'link_expired' } } ],
		[ 'rate limited', { status: 429, body: { success: false } } ],
		[ 'not JSON', { status: 500, body: null } ],
	] )( 'shows the expired screen for %s', async ( _name, answer ) => {
		const { post } = fakePost( answer as Answer );
		expect( await checkLink( post, REQUEST_ID ) ).toEqual( {
			kind: 'expired',
		} );
	} );
} );

describe( 'updateCard', () => {
	it( 'tokenises with the name only, then sends id, token, cardId and formData', async () => {
		const card = provider();
		const { post, calls } = fakePost( {
			body: { success: true, data: { missed_donation: null } },
		} );

		const outcome = await updateCard(
			card,
			post,
			REQUEST_ID,
			' Jane Citizen '
		);

		expect( outcome ).toEqual( { kind: 'updated', missedDonation: null } );
		expect( card.createPaymentMethod ).toHaveBeenCalledWith(
			'Jane Citizen'
		);
		expect( calls ).toEqual( [
			{
				action: 'process_update_card',
				fields: {
					id: REQUEST_ID,
					token: 'pm_new',
					cardId: 'pm_new',
					formData: '{"nameOnCard":"Jane Citizen"}',
				},
			},
		] );
	} );

	it.each( [ 'recovered', 'failed' ] )(
		'reports a missed donation that was %s',
		async ( missed ) => {
			const { post } = fakePost( {
				body: { success: true, data: { missed_donation: missed } },
			} );
			expect(
				await updateCard( provider(), post, REQUEST_ID, 'Jane' )
			).toEqual( { kind: 'updated', missedDonation: missed } );
		}
	);

	it( 'is a card error when tokenising fails, without a call', async () => {
		const { post } = fakePost();
		const outcome = await updateCard(
			provider( { createPaymentMethod: async () => null } ),
			post,
			REQUEST_ID,
			'Jane'
		);
		expect( outcome ).toEqual( { kind: 'card-error' } );
		expect( post ).not.toHaveBeenCalled();
	} );

	it.each( [
		[ 'declined', { body: { success: false, type: 'card_error' } } ],
		[
			'refused fields',
			{ status: 400, body: { success: false, type: 'validation' } },
		],
		[ 'rate limited', { status: 429, body: { success: false } } ],
		[ 'a server error', { status: 502, body: { success: false } } ],
	] )(
		'is a card error when the server answers %s',
		async ( _name, answer ) => {
			const { post } = fakePost( answer as Answer );
			expect(
				await updateCard( provider(), post, REQUEST_ID, 'Jane' )
			).toEqual( { kind: 'card-error' } );
		}
	);

	it( 'shows the expired screen when the link stopped working', async () => {
		const { post } = fakePost( {
			body: { success: false, type: 'link_expired' },
		} );
		expect(
			await updateCard( provider(), post, REQUEST_ID, 'Jane' )
		).toEqual( { kind: 'expired' } );
	} );

	it( 'runs 3-D Secure when the bank asks, then posts again with setupIntentId', async () => {
		const card = provider();
		const { post, calls } = fakePost(
			{
				body: {
					success: false,
					type: 'requires_action',
					data: {
						client_secret: 'seti_1_secret_2',
						setup_intent_id: 'seti_1',
					},
				},
			},
			{ body: { success: true, data: { missed_donation: 'recovered' } } }
		);

		const outcome = await updateCard( card, post, REQUEST_ID, 'Jane' );

		expect( card.handleNextAction ).toHaveBeenCalledWith(
			'seti_1_secret_2'
		);
		expect( calls[ 1 ].fields ).toEqual( {
			...calls[ 0 ].fields,
			setupIntentId: 'seti_1',
		} );
		expect( outcome ).toEqual( {
			kind: 'updated',
			missedDonation: 'recovered',
		} );
	} );

	it( 'lets the server judge a failed 3-D Secure, and asks only once', async () => {
		const card = provider( {
			handleNextAction: jest.fn( async () => false ),
		} );
		const requiresAction = {
			body: {
				success: false,
				type: 'requires_action',
				data: {
					client_secret: 'seti_1_secret_2',
					setup_intent_id: 'seti_1',
				},
			},
		};
		const { post } = fakePost( requiresAction, requiresAction );

		// SPEC's card error, plus the bank's reason for the second line.
		expect( await updateCard( card, post, REQUEST_ID, 'Jane' ) ).toEqual( {
			kind: 'card-error',
			reason: 'setup_intent_authentication_failure',
		} );
		expect( card.handleNextAction ).toHaveBeenCalledTimes( 1 );
		expect( post ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'turns an exception into a failure carrying its message', async () => {
		const { post } = fakePost();
		expect(
			await updateCard( provider(), post, REQUEST_ID, 'Jane' )
		).toEqual( { kind: 'failure', errorMessage: 'no more answers' } );
	} );
} );
