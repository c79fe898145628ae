/**
 * The thank-you screen (docs/widget-contract.md#26-donation-success-screen) and its "being processed" variant for
 * payments that complete after the bank confirms.
 */
import { render } from '../../shared/__tests__/dom';
import { SuccessScreen } from '../screens/SuccessScreen';

const props = {
	firstName: 'Jane',
	total: 25.5,
	contactUrl: 'https://example.org/contact',
	getInvolvedUrl: 'https://example.org/involved',
};

it( 'says the donation has been successful', async () => {
	const view = await render( <SuccessScreen { ...props } recurring /> );
	const text = view.container.textContent;
	expect( text ).toContain( 'Thank you, Jane' );
	expect( text ).toContain( 'Your donation of $25.50 has been successful.' );
	expect( text ).toContain(
		'Your next donation will be processed in 4 weeks.'
	);
	expect( text ).not.toContain( 'being processed' );
	view.unmount();
} );

it( 'says a processing donation is being processed, and when the receipt comes', async () => {
	const view = await render(
		<SuccessScreen { ...props } recurring={ false } processing />
	);
	const text = view.container.textContent;
	expect( view.container.querySelector( 'h2' )?.textContent ).toBe(
		'Thank you, Jane'
	);
	expect( text ).toContain( 'Your donation of $25.50 is being processed.' );
	expect( text ).toContain(
		'Bank payments take up to three business days to clear. We will email your receipt once your bank confirms the payment.'
	);
	expect( text ).not.toContain( 'has been successful' );
	expect( text ).not.toContain( 'Your next donation' );
	expect( text ).toContain(
		'If you have a question, contact us, or find out more about other ways to get involved.'
	);
	view.unmount();
} );

it( "says where the receipt is being emailed, after SPEC's lines", async () => {
	const view = await render(
		<SuccessScreen { ...props } recurring receiptEmail="jane@example.org" />
	);
	const lines = Array.from(
		view.container.querySelectorAll( 'p' ),
		( node ) => node.textContent
	);
	expect( lines ).toEqual( [
		'Your donation of $25.50 has been successful.',
		'Your next donation will be processed in 4 weeks.',
		'Your receipt is being emailed to jane@example.org.',
		'If you have a question, contact us, or find out more about other ways to get involved.',
	] );
	view.unmount();
} );

it( 'says nothing of a receipt when the site does not email one, or the bank has yet to confirm', async () => {
	const without = await render(
		<SuccessScreen { ...props } recurring={ false } />
	);
	expect( without.container.textContent ).not.toContain( 'receipt' );
	without.unmount();

	const processing = await render(
		<SuccessScreen
			{ ...props }
			recurring={ false }
			processing
			receiptEmail="jane@example.org"
		/>
	);
	expect( processing.container.textContent ).not.toContain(
		'jane@example.org'
	);
	processing.unmount();
} );
