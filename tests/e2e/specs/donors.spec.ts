/**
 * Donation Widget → Donors, as a treasurer uses it: open the list, search, sort by what was
 * given, filter, open a donor and see their gifts, then merge the second record the same person
 * made with another email. Every screen is checked with axe, and at 320 px the page never
 * scrolls sideways. Controls are found by role, label or text only.
 */
import type { Page } from '@playwright/test';
import { test, expect, logIn, expectNoAxeViolations } from '../fixtures';
import { seedDonors } from '../fixtures/donors';

/**
 * A word of this run, which every seeded address starts with.
 */
function uniqueWord(): string {
	return `donors${ Date.now() }${ Math.floor( Math.random() * 1e6 ) }`;
}

/**
 * The donors' names in the order the list shows them.
 *
 * @param page The Donors screen.
 */
async function namesInOrder( page: Page ): Promise< string[] > {
	const table = page.getByRole( 'table', { name: /^Donors, sorted by/ } );
	return table.getByRole( 'link', { name: / Donor$/ } ).allTextContents();
}

/**
 * Whether the page is no wider than the window (no sideways scroll).
 *
 * @param page The page.
 */
async function fitsTheWindow( page: Page ): Promise< boolean > {
	return page.evaluate(
		() =>
			document.documentElement.scrollWidth <=
			document.documentElement.clientWidth
	);
}

test( 'a treasurer finds donors, sorts and filters them, opens one and merges their two records', async ( {
	page,
} ) => {
	const word = uniqueWord();
	const ada = `${ word }-ada@example.org.au`;
	const adaWork = `${ word }-ada.work@example.org.au`;
	const seeded = await seedDonors( word );

	await logIn( page );
	await page
		.getByRole( 'link', { name: 'Donation Widget', exact: true } )
		.first()
		.click();
	await page.getByRole( 'link', { name: 'Donors', exact: true } ).click();
	await expect(
		page.getByRole( 'heading', { name: 'Donors', level: 1 } )
	).toBeVisible();
	await expectNoAxeViolations( page );

	// Search by the start of the email the three share.
	await page.getByRole( 'searchbox', { name: 'Search donors' } ).fill( word );
	await page.getByRole( 'button', { name: 'Search donors' } ).click();
	await expect(
		page.getByText( `Search results for: ${ word }` )
	).toBeVisible();
	await expect.poll( () => namesInOrder( page ) ).toHaveLength( 3 );
	const adaRow = page.getByRole( 'row', {
		name: new RegExp( ada.replace( /\./g, '\\.' ) ),
	} );
	await expect( adaRow ).toContainText( '$300.00' );
	await expect( adaRow ).toContainText( 'No' );
	await expect(
		page.getByRole( 'row', { name: /-bob@example\.org\.au/ } )
	).toContainText( 'Active' );

	// Sort by what was given: largest first, then smallest first.
	await page
		.getByRole( 'columnheader', { name: /Total given/ } )
		.first()
		.getByRole( 'link' )
		.click();
	await expect(
		page.getByRole( 'table', {
			name: 'Donors, sorted by Total given, descending.',
		} )
	).toBeVisible();
	expect( await namesInOrder( page ) ).toEqual( [
		'Ada Donor',
		'Ada Donor',
		'Bob Donor',
	] );
	await expect( page.getByRole( 'row' ).nth( 1 ) ).toContainText( '$300.00' );
	await page
		.getByRole( 'columnheader', { name: /Total given/ } )
		.first()
		.getByRole( 'link' )
		.click();
	await expect(
		page.getByRole( 'table', {
			name: 'Donors, sorted by Total given, ascending.',
		} )
	).toBeVisible();
	await expect( page.getByRole( 'row' ).nth( 1 ) ).toContainText( '$20.00' );

	// Filter: Bob alone gives 4-weekly; all three first gave this financial year.
	await page
		.getByLabel( 'Show', { exact: true } )
		.selectOption( { label: 'Giving 4-weekly now' } );
	await page.getByRole( 'button', { name: 'Filter', exact: true } ).click();
	await expect.poll( () => namesInOrder( page ) ).toEqual( [ 'Bob Donor' ] );
	await page
		.getByLabel( 'Show', { exact: true } )
		.selectOption( { label: 'First gift this financial year' } );
	await page.getByRole( 'button', { name: 'Filter', exact: true } ).click();
	await expect.poll( () => namesInOrder( page ) ).toHaveLength( 3 );
	await page
		.getByLabel( 'Show', { exact: true } )
		.selectOption( { label: 'All donors' } );
	await page.getByRole( 'button', { name: 'Filter', exact: true } ).click();
	await expect.poll( () => namesInOrder( page ) ).toHaveLength( 3 );

	// At 320 px the table scrolls in its own box; the page does not.
	await page.setViewportSize( { width: 320, height: 800 } );
	expect( await fitsTheWindow( page ) ).toBe( true );
	await page.setViewportSize( { width: 1280, height: 800 } );

	// Open Ada (her own address) and see her gifts.
	await adaRow.getByRole( 'link', { name: 'Ada Donor' } ).click();
	await expect(
		page.getByRole( 'heading', { name: 'Ada Donor', level: 1 } )
	).toBeVisible();
	const gifts = page.getByRole( 'table', { name: 'Gifts, newest first' } );
	await expect( gifts.getByRole( 'row' ) ).toHaveCount( 3 );
	await expect( gifts.getByRole( 'row' ).nth( 1 ) ).toContainText(
		'$250.00'
	);
	await expect( gifts.getByRole( 'row' ).nth( 2 ) ).toContainText( '$50.00' );
	await expect( gifts ).toContainText( 'Online' );
	await expect(
		page.getByRole( 'link', { name: 'Record an offline gift' } )
	).toBeVisible();
	await expectNoAxeViolations( page );
	await page.setViewportSize( { width: 320, height: 800 } );
	expect( await fitsTheWindow( page ) ).toBe( true );
	await page.setViewportSize( { width: 1280, height: 800 } );

	// Her own address is refused beside the field.
	const field = page.getByLabel( 'Email of the other record' );
	await field.fill( ada );
	await page.getByRole( 'button', { name: 'Find record' } ).click();
	await expect(
		page.getByRole( 'alert' ).filter( { hasText: 'nothing to merge' } )
	).toBeVisible();
	await expect(
		page.getByLabel( 'Email of the other record' )
	).toHaveAttribute( 'aria-invalid', 'true' );

	// The other record: read what merging does, then merge.
	await page.getByLabel( 'Email of the other record' ).fill( adaWork );
	await page.getByRole( 'button', { name: 'Find record' } ).click();
	const confirm = page.getByRole( 'region', {
		name: `Merge Ada Donor (${ adaWork }) into this donor?`,
	} );
	await expect( confirm ).toContainText(
		'Its 1 gift ($70.00 given) moves to Ada Donor'
	);
	await expect( confirm ).toContainText(
		'This donor keeps both email addresses'
	);
	await expectNoAxeViolations( page );
	await confirm
		.getByRole( 'button', { name: 'Merge the two records' } )
		.click();

	await expect(
		page
			.getByRole( 'status' )
			.filter( { hasText: 'was merged into this donor' } )
	).toBeVisible();
	const summary = page.getByRole( 'table', { name: 'Summary' } );
	await expect( summary ).toContainText( ada );
	await expect( summary ).toContainText( adaWork );
	await expect( summary ).toContainText( '$370.00' );
	await expect(
		page
			.getByRole( 'table', { name: 'Gifts, newest first' } )
			.getByRole( 'row' )
	).toHaveCount( 4 );
	const audit = page.getByRole( 'table', { name: 'Audit trail' } );
	await expect( audit ).toContainText( 'Merged' );
	await expect( audit ).toContainText( adaWork );
	await expectNoAxeViolations( page );

	// Bob's page: his running 4-weekly donation, with its card-update link.
	await page.goto(
		`/wp-admin/admin.php?page=donation-widget-donors&donor=${ seeded.bob }`
	);
	await expect(
		page.getByRole( 'heading', { name: 'Bob Donor', level: 1 } )
	).toBeVisible();
	await expect(
		page.getByRole( 'table', { name: '4-weekly donations' } )
	).toContainText( 'Active' );
	await expect(
		page.getByRole( 'button', { name: 'Copy card-update link' } )
	).toBeVisible();
	await expectNoAxeViolations( page );

	// The list now holds two donors for the word.
	await page.getByRole( 'link', { name: 'All donors' } ).click();
	await page.getByRole( 'searchbox', { name: 'Search donors' } ).fill( word );
	await page.getByRole( 'button', { name: 'Search donors' } ).click();
	await expect.poll( () => namesInOrder( page ) ).toHaveLength( 2 );
} );
