import { act } from 'react';
import type { AjaxPost } from '../../shared/ajax';
import { CARD_UPDATED_EVENT, ManageApp } from '../ManageApp';
import { parseState, readState, type ManageState } from '../state';
import {
	byText,
	click,
	render,
	settle,
	typeInto,
	type Rendered,
} from '../../shared/__tests__/dom';

const SUB = 'sub_Abc123';

function stateWith( overrides: Partial< ManageState > = {} ): ManageState {
	return {
		nonce: 'n0nce',
		subscriptions: [
			{
				id: SUB,
				heading: '$30.00 every 4 weeks',
				amount: '$30.00',
				running: true,
				nextDonation: '18 March 2027',
				paused: '',
				card: 'Visa ending in 4242',
			},
		],
		actions: {
			change_amount: true,
			skip: true,
			pause: true,
			resume: true,
			cancel: true,
			replace_card: true,
		},
		pauseChoices: [
			{ value: '1', label: '1 donation' },
			{ value: '2', label: '2 donations' },
		],
		gifts: [
			{
				date: '26 November 2026',
				amount: '$30.00',
				frequency: 'Every 4 weeks',
				receipt: 'REC-00000001',
			},
		],
		statements: [],
		notice: null,
		...overrides,
	};
}

let view: Rendered | undefined;
afterEach( () => {
	view?.unmount();
	view = undefined;
} );

function answering( ...bodies: unknown[] ) {
	const calls: Array< Record< string, string > > = [];
	const post: AjaxPost = async ( action, fields ) => {
		calls.push( { action, ...fields } );
		const body = bodies.length > 1 ? bodies.shift() : bodies[ 0 ];
		return { ok: true, status: 200, body };
	};
	return { post, calls };
}

const button = ( name: string ) =>
	byText( document.body, 'button', name ) as HTMLButtonElement | undefined;

describe( 'the React manage page', () => {
	it( 'shows each donation with one primary action and the server’s own dates', async () => {
		const { post } = answering( {} );
		view = await render(
			<ManageApp initial={ stateWith() } post={ post } />
		);
		const root = view.container;
		expect( root.textContent ).toContain( '18 March 2027' );
		expect( root.textContent ).toContain( 'Visa ending in 4242' );
		expect( root.querySelectorAll( '.dw-button--primary' ) ).toHaveLength(
			1
		);
		expect( button( 'Change amount' )?.type ).toBe( 'submit' );
		// Not paused: no Resume.
		expect( button( 'Resume' ) ).toBeUndefined();
		// The gifts table labels each value, for the stacked narrow layout.
		expect(
			Array.from( root.querySelectorAll( 'td' ) ).map( ( cell ) =>
				cell.getAttribute( 'data-label' )
			)
		).toEqual( [ 'Date', 'Amount', 'Frequency', 'Receipt number' ] );
	} );

	it( 'confirms a skip in a dialog, sends it with the session nonce, then says what happened and moves focus there', async () => {
		const after = stateWith();
		after.subscriptions[ 0 ].nextDonation = '15 April 2027';
		const { post, calls } = answering( {
			outcome: 'skipped',
			message: 'Your next donation will be skipped.',
			isError: false,
			state: after,
		} );
		view = await render(
			<ManageApp initial={ stateWith() } post={ post } />
		);
		await click( button( 'Skip the next donation' ) );
		const dialog = document.querySelector( '[role="dialog"]' );
		expect( dialog?.getAttribute( 'aria-label' ) ).toBe(
			'Skip the next donation?'
		);
		expect( calls ).toHaveLength( 0 );
		await click( button( 'Yes, skip it' ) );
		await settle();
		expect( calls ).toEqual( [
			{
				action: 'donation_widget_manage',
				manage_nonce: 'n0nce',
				op: 'change',
				change: 'skip',
				subscription_id: SUB,
			},
		] );
		expect( document.querySelector( '[role="dialog"]' ) ).toBeNull();
		const status = view.container.querySelector( '[role="status"]' );
		expect( status?.textContent ).toBe(
			'Your next donation will be skipped.'
		);
		expect( status?.ownerDocument.activeElement ).toBe( status );
		expect( view.container.textContent ).toContain( '15 April 2027' );
	} );

	it( 'pauses for the number chosen, and offers Resume while paused', async () => {
		const paused = stateWith();
		paused.subscriptions[ 0 ].paused = 'No donation until 18 March 2027';
		const { post, calls } = answering( {
			outcome: 'paused',
			message: 'Your 4-weekly donation is paused.',
			isError: false,
			state: paused,
		} );
		view = await render(
			<ManageApp initial={ stateWith() } post={ post } />
		);
		await click( button( 'Pause donations' ) );
		const select = document.querySelector(
			'[role="dialog"] select'
		) as HTMLSelectElement;
		await act( async () => {
			select.value = '2';
			select.dispatchEvent( new Event( 'change', { bubbles: true } ) );
		} );
		await click( button( 'Pause' ) );
		await settle();
		expect( calls[ 0 ] ).toMatchObject( { change: 'pause', cycles: '2' } );
		expect( view.container.textContent ).toContain(
			'No donation until 18 March 2027'
		);
		expect( button( 'Resume' ) ).toBeDefined();
	} );

	it( 'sends a cancellation only after the confirmation, with the reason', async () => {
		const { post, calls } = answering( {
			outcome: 'cancelled',
			message: 'Your 4-weekly donation is cancelled.',
			isError: false,
			state: stateWith(),
		} );
		view = await render(
			<ManageApp initial={ stateWith() } post={ post } />
		);
		await click( button( 'Cancel this donation' ) );
		await click( button( 'Keep my donation' ) );
		expect( calls ).toHaveLength( 0 );
		expect( document.querySelector( '[role="dialog"]' ) ).toBeNull();
		await click( button( 'Cancel this donation' ) );
		const reason = document.querySelector(
			'[role="dialog"] textarea'
		) as HTMLTextAreaElement;
		const setter = Object.getOwnPropertyDescriptor(
			HTMLTextAreaElement.prototype,
			'value'
		)?.set;
		await act( async () => {
			setter?.call( reason, 'Moving overseas' );
			reason.dispatchEvent( new Event( 'input', { bubbles: true } ) );
		} );
		await click( button( 'Yes, cancel my donation' ) );
		await settle();
		expect( calls[ 0 ] ).toMatchObject( {
			change: 'cancel',
			reason: 'Moving overseas',
		} );
	} );

	it( 'shows a refusal as an alert and keeps the page', async () => {
		const { post } = answering( {
			outcome: 'invalid_amount',
			message: 'Please enter an amount from $5 to $999,999.99.',
			isError: true,
			state: stateWith(),
		} );
		view = await render(
			<ManageApp initial={ stateWith() } post={ post } />
		);
		await typeInto( document.querySelector( 'input' ), '4.99' );
		await click( button( 'Change amount' ) );
		await settle();
		expect(
			view.container.querySelector( '[role="alert"]' )?.textContent
		).toBe( 'Please enter an amount from $5 to $999,999.99.' );
	} );

	it( 'goes where the server says for an ended session, and says so when the answer cannot be read', async () => {
		const navigate = jest.fn();
		const ended = answering( {
			outcome: 'session_ended',
			message: 'Your session has ended.',
			isError: true,
			redirect: `${ window.location.origin }/manage/?manage_request=session_ended`,
		} );
		view = await render(
			<ManageApp
				initial={ stateWith() }
				post={ ended.post }
				navigate={ navigate }
			/>
		);
		await click( button( 'Sign out' ) );
		await settle();
		expect( navigate ).toHaveBeenCalledWith(
			`${ window.location.origin }/manage/?manage_request=session_ended`
		);
		view.unmount();

		const broken: AjaxPost = async () => ( {
			ok: false,
			status: 500,
			body: null,
		} );
		view = await render(
			<ManageApp initial={ stateWith() } post={ broken } />
		);
		await click( button( 'Replace card' ) );
		await settle();
		expect(
			view.container.querySelector( '[role="alert"]' )?.textContent
		).toContain( 'could not reach our server' );
	} );

	it( 'shows the new card as soon as the update-card widget replaced it', async () => {
		const replaced = stateWith();
		replaced.subscriptions[ 0 ].card = 'Mastercard ending in 4444';
		const { post, calls } = answering( {
			outcome: 'state',
			message: '',
			isError: false,
			state: replaced,
		} );
		view = await render(
			<ManageApp initial={ stateWith() } post={ post } />
		);
		await act( async () => {
			document.dispatchEvent( new CustomEvent( CARD_UPDATED_EVENT ) );
		} );
		await settle();
		expect( calls[ 0 ] ).toMatchObject( { op: 'state' } );
		expect( view.container.textContent ).toContain(
			'Mastercard ending in 4444'
		);
	} );
} );

describe( 'the page state', () => {
	it( 'is read defensively', () => {
		expect( readState( 'not json' ) ).toBeNull();
		expect( parseState( { subscriptions: [] } ) ).toBeNull();
		const state = parseState( {
			...stateWith(),
			statements: [
				{ label: 'FY', url: 'https://example.org/statement' },
				{ label: 'x', url: 'javascript:alert(1)' },
			],
			subscriptions: [ { id: '"><script>' } ],
		} );
		expect( state?.statements ).toEqual( [
			{ label: 'FY', url: 'https://example.org/statement' },
		] );
		expect( state?.subscriptions ).toEqual( [] );
	} );
} );
