/**
 * The words of the update-card screens (docs/widget-contract.md#29-update-success-screen, docs/widget-contract.md#210-link-expired-screen), exactly.
 */
import { LinkExpiredScreen } from '../screens/LinkExpiredScreen';
import { UpdatedScreen } from '../screens/UpdatedScreen';
import { brandName, texts } from '../texts';
import { render } from '../../shared/__tests__/dom';

const paragraphs = ( root: HTMLElement ) =>
	Array.from( root.querySelectorAll( 'h2, p' ), ( node ) =>
		node.textContent?.trim()
	);

describe( 'update-card screens', () => {
	it( 'says the details were updated, with the supporter care contacts as links', async () => {
		const view = await render(
			<UpdatedScreen
				email="care@example.org"
				phone="1800 000 000"
				missedDonation={ null }
			/>
		);
		expect( paragraphs( view.container ) ).toEqual( [
			'Your payment details have been updated successfully.',
			'If you have any questions or need anything further please contact us on care@example.org or 1800 000 000.',
		] );
		expect(
			view.container.querySelector( 'a[href="mailto:care@example.org"]' )
				?.textContent
		).toBe( 'care@example.org' );
		expect(
			view.container.querySelector( 'a[href="tel:1800000000"]' )
				?.textContent
		).toBe( '1800 000 000' );
		expect( view.container.ownerDocument.activeElement?.textContent ).toBe(
			'Your payment details have been updated successfully.'
		);
		view.unmount();
	} );

	it( 'adds a line when the missed donation went through, or did not', async () => {
		const recovered = await render(
			<UpdatedScreen
				email="care@example.org"
				phone="1800 000 000"
				missedDonation="recovered"
			/>
		);
		expect( paragraphs( recovered.container )[ 1 ] ).toBe(
			'We have also processed the donation that was missed, so your regular giving is up to date. Thank you!'
		);
		recovered.unmount();

		const failed = await render(
			<UpdatedScreen
				email="care@example.org"
				phone="1800 000 000"
				missedDonation="failed"
			/>
		);
		expect( paragraphs( failed.container )[ 1 ] ).toContain(
			"We tried again to process the donation that was missed, but it didn't go through with this card."
		);
		expect( paragraphs( failed.container )[ 2 ] ).toMatch(
			/^If you have any questions/
		);
		failed.unmount();
	} );

	it( 'says the link expired, with the supporter care phone', async () => {
		const view = await render( <LinkExpiredScreen phone="1800 000 000" /> );
		expect( paragraphs( view.container ) ).toEqual( [
			'Your link has expired, please get in touch.',
			'The protection of your personal information is important to us, so your secure unique link is only valid for a short time. Please contact our Supporter Care team on 1800 000 000 to update your details. Thank you for your continued support.',
		] );
		expect(
			view.container.querySelector( 'a[href="tel:1800000000"]' )
		).not.toBeNull();
		view.unmount();
	} );

	it( 'writes brands and field texts as the SPEC does', () => {
		expect( texts.title() ).toBe( 'Update card details.' );
		expect( texts.submit() ).toBe( 'UPDATE CARD DETAILS' );
		expect( texts.loading() ).toBe( 'Loading...' );
		expect( texts.expiryPlaceholder() ).toBe( 'MM/YY' );
		expect( texts.cvvPlaceholder() ).toBe( 'CVV' );
		expect( texts.pageNotFound() ).toBe( 'Page not found' );
		expect( texts.cardDeclined() ).toBe(
			'Please check your card details and try again!'
		);
		expect( texts.currentCard( 'amex', '0005' ) ).toBe(
			'Card being replaced: American Express ending in 0005'
		);
		expect( brandName( 'visa' ) ).toBe( 'Visa' );
		expect( brandName( 'cartes_bancaires' ) ).toBe( 'Cartes_bancaires' );
	} );
} );
