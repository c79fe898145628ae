/**
 * The failure screen (docs/widget-contract.md#27-donation-failure-screen): SPEC's three lines and Try Again always,
 * then what the server said, when it said it.
 */
import { act } from 'react';
import { FailureScreen } from '../screens/FailureScreen';
import {
	byText,
	click,
	render,
	type Rendered,
} from '../../shared/__tests__/dom';
import type { ServerNotice } from '../../payments/gateway';

const SPEC_LINES = [
	'Error: An unexpected error occurred.',
	'No response received from the server.',
	'Please try again later.',
];

let view: Rendered;
afterEach( () => view?.unmount() );

async function show( notice?: ServerNotice, onRetry = jest.fn() ) {
	view = await render(
		<FailureScreen onRetry={ onRetry } notice={ notice } />
	);
	const lines = Array.from(
		view.container.querySelectorAll( 'h2, p, button' ),
		( node ) => node.textContent
	);
	return { lines, onRetry };
}

it( "without a notice shows exactly SPEC's lines and Try Again", async () => {
	const { lines } = await show();
	expect( lines ).toEqual( [ ...SPEC_LINES, 'Try Again' ] );
	expect( view.container.ownerDocument.activeElement?.textContent ).toBe(
		SPEC_LINES[ 0 ]
	);
} );

it( 'adds the server\'s message and "You have not been charged." below SPEC\'s lines', async () => {
	const { lines } = await show( {
		message: 'Too many payment attempts. Please try again in 5 minutes.',
		notCharged: true,
	} );
	expect( lines ).toEqual( [
		...SPEC_LINES,
		'Too many payment attempts. Please try again in 5 minutes.',
		'You have not been charged.',
		'Try Again',
	] );
} );

it( 'says nothing about charging unless the server did', async () => {
	const { lines } = await show( {
		message: 'The payment service is not answering right now.',
		notCharged: false,
	} );
	expect( lines ).toEqual( [
		...SPEC_LINES,
		'The payment service is not answering right now.',
		'Try Again',
	] );
	expect( view.container.textContent ).not.toContain( 'not been charged' );
} );

it( 'says "You have not been charged." alone when the answer had no message', async () => {
	const { lines } = await show( { message: '', notCharged: true } );
	expect( lines ).toEqual( [
		...SPEC_LINES,
		'You have not been charged.',
		'Try Again',
	] );
} );

it( 'says the charge cannot be told yet when the server said so', async () => {
	const { lines } = await show( {
		message: 'The payment service is not answering right now.',
		notCharged: false,
		charge: 'unknown',
	} );
	expect( lines ).toEqual( [
		...SPEC_LINES,
		'The payment service is not answering right now.',
		'We cannot tell yet whether you were charged. If you were, your donation will be recorded and your receipt emailed, so please check your email before you try again.',
		'Try Again',
	] );
	expect( view.container.textContent ).not.toContain( 'not been charged' );
} );

it( 'Try Again still reloads', async () => {
	const { onRetry } = await show( { message: 'Refused.', notCharged: true } );
	await act( async () => undefined );
	await click( byText( view.container, 'button', 'Try Again' ) );
	expect( onRetry ).toHaveBeenCalledTimes( 1 );
} );
