/**
 * End-of-financial-year tax statements. An admin previews a donor's statement, sends a test to
 * themselves, sends every statement of the year while the progress bar follows the background
 * run to the end, and downloads the year's totals per donor. A donor opens their statement's
 * printable page from its signed link, without logging in. A refund after a statement was sent
 * leaves it as issued and prepares an amended statement that goes out only when staff send it.
 * Each test's donors have emails
 * under a domain of their own (tests/e2e/fixtures/statements.php).
 */
import fs from 'node:fs';
import { test, expect, logIn } from '../fixtures';
import { scaled } from '../timeouts';
import { mailTo, runMailQueue } from '../fixtures/donations';
import {
	deleteStatements,
	refundLastYearGift,
	seedLastYear,
	statementLink,
} from '../fixtures/statements';

test( 'an admin previews a statement, sends a test, sends the whole year while watching its progress, and downloads the totals', async ( {
	page,
} ) => {
	test.setTimeout( scaled( 300_000 ) );
	const domain = `statements-${ Date.now() }.example.org.au`;
	const { label } = await seedLastYear( domain );
	try {
		await logIn( page );
		await page.goto(
			'/wp-admin/admin.php?page=donation-widget-statements'
		);
		await expect(
			page.getByRole( 'heading', { name: 'Tax statements', level: 1 } )
		).toBeVisible();
		await expect( page.getByLabel( 'Financial year' ) ).toHaveValue(
			/^\d{4}$/
		);
		await expect(
			page.getByLabel( 'Financial year' ).locator( 'option:checked' )
		).toHaveText( label );
		// The year under way comes first, to date.
		await expect(
			page.getByLabel( 'Financial year' ).getByRole( 'option' ).first()
		).toHaveText( /^\d{4}–\d{2} \(to date\)$/ );

		// Preview: Jo's own statement and her organisation's, refunds left out.
		await page.getByLabel( 'Donor email' ).fill( `jo@${ domain }` );
		await page.getByRole( 'button', { name: 'Preview statement' } ).click();
		const own = page.getByRole( 'region', {
			name: 'Preview of the statement for Jo Donor',
		} );
		await expect(
			own.getByRole( 'heading', {
				name: `Tax statement for the ${ label } financial year`,
			} )
		).toBeVisible();
		await expect(
			own.getByRole( 'cell', { name: '$52.50' } )
		).toBeVisible();
		await expect(
			own.getByRole( 'cell', { name: '$20.00' } )
		).toBeVisible();
		await expect( own.getByText( '$72.50 AUD' ) ).toBeVisible();
		await expect( own.getByText( '$99.00' ) ).toHaveCount( 0 );
		const organisation = page.getByRole( 'region', {
			name: 'Preview of the statement for Donor & Sons Pty Ltd',
		} );
		await expect( organisation.getByText( '$300.00 AUD' ) ).toBeVisible();

		// A test goes to the admin, not the donor.
		await page
			.getByRole( 'button', {
				name: 'Send a test to me (admin@example.org.au)',
			} )
			.first()
			.click();
		await expect(
			page.getByText(
				'A test statement was queued to your email address.'
			)
		).toBeVisible();
		await runMailQueue();
		const tests = await mailTo( 'admin@example.org.au' );
		expect( tests.map( ( mail ) => mail.subject ) ).toContain(
			`[Test] Your ${ label } tax statement from Helping Hands Australia`
		);
		expect( await mailTo( `jo@${ domain }` ) ).toEqual( [] );

		// Send the whole year and watch it to the end: first the question, naming the count.
		await page
			.getByRole( 'button', {
				name: `Send all statements for ${ label }`,
			} )
			.click();
		await expect(
			page.getByRole( 'heading', {
				name: `Send all statements for ${ label }?`,
			} )
		).toBeVisible();
		const sendCounted = page.getByRole( 'button', {
			name: new RegExp( `^Send [\\d,]+ statements? for ${ label }$` ),
		} );
		const named = Number(
			(
				( await sendCounted.innerText() ).match( /[\d,]+/ )?.[ 0 ] ?? ''
			).replace( /,/g, '' )
		);
		// This test's three statements (Jo's two, Sam's one) at least; other tests' donors too.
		expect( named ).toBeGreaterThanOrEqual( 3 );
		await expect(
			page.getByText(
				new RegExp(
					`^${ label } has [\\d,]+ statements?: one per donor`
				)
			)
		).toBeVisible();
		await sendCounted.click();
		await expect(
			page.getByText( 'Sending started.', { exact: false } )
		).toBeVisible();
		const bar = page.getByRole( 'progressbar', {
			name: /^(Finding donors: [\d,]+ statements so far\.|Sending statements: [\d,]+ of [\d,]+|Done: [\d,]+ statements? for .+ (is|are) sent\.)$/,
		} );
		await expect( bar ).toBeVisible();
		await expect( bar ).toHaveAccessibleName(
			new RegExp(
				`^Done: [\\d,]+ statements? for ${ label } (is|are) sent\\.$`
			),
			{ timeout: scaled( 150_000 ) }
		);
		await expect( page.getByRole( 'status' ) ).toHaveText(
			/^Done: [\d,]+ statements? for .+ sent\.$/
		);
		const [ value, max ] = await bar.evaluate( ( element ) => [
			( element as HTMLProgressElement ).value,
			( element as HTMLProgressElement ).max,
		] );
		expect( value ).toBe( max );
		await runMailQueue();
		expect(
			( await mailTo( `jo@${ domain }` ) ).map( ( mail ) => mail.subject )
		).toEqual( [
			`Your ${ label } tax statement from Helping Hands Australia`,
			`Your ${ label } tax statement from Helping Hands Australia`,
		] );
		expect( await mailTo( `sam@${ domain }` ) ).toHaveLength( 1 );
		expect( await mailTo( `tiny@${ domain }` ) ).toEqual( [] );

		// Sent once: the preview now offers to resend.
		await page.getByLabel( 'Donor email' ).fill( `sam@${ domain }` );
		await page.getByRole( 'button', { name: 'Preview statement' } ).click();
		await expect( page.getByText( /^Sent on / ) ).toBeVisible();
		await expect(
			page.getByRole( 'button', { name: 'Resend statement' } )
		).toBeVisible();

		// The year's totals, one line per statement.
		const downloading = page.waitForEvent( 'download' );
		await page
			.getByRole( 'link', { name: 'Download totals per donor (CSV)' } )
			.click();
		const download = await downloading;
		expect( download.suggestedFilename() ).toMatch(
			/^tax-statements-\d{4}-\d{2}\.csv$/
		);
		const lines = fs
			.readFileSync( await download.path(), 'utf8' )
			.split( '\n' )
			.filter( ( line ) => line.includes( domain ) );
		expect( lines ).toHaveLength( 3 );
		expect( lines ).toContainEqual(
			expect.stringMatching(
				new RegExp(
					`^${ label },jo@${ domain.replace(
						/\./g,
						'\\.'
					) },"Jo Donor",,2,72\\.50,\\d{4}-\\d{2}-\\d{2}$`
				)
			)
		);
		expect( lines ).toContainEqual(
			expect.stringContaining(
				'"Donor & Sons Pty Ltd","Donor & Sons Pty Ltd",1,300.00,'
			)
		);
	} finally {
		await deleteStatements( domain );
	}
} );

test( 'a donor opens last year\u2019s statement from its signed link and can print it; a changed link is refused', async ( {
	page,
	consoleErrors,
} ) => {
	const domain = `statement-page-${ Date.now() }.example.org.au`;
	const { label } = await seedLastYear( domain );
	try {
		// The link as the site makes it, opened on the site under test.
		const made = new URL( await statementLink( `jo@${ domain }` ) );
		const url = `${ made.pathname }${ made.search }`;
		await page.addInitScript( () => {
			( window as unknown as { printed: number } ).printed = 0;
			window.print = () => {
				( window as unknown as { printed: number } ).printed++;
			};
		} );
		const response = await page.goto( url );
		expect( response?.status() ).toBe( 200 );
		await expect(
			page.getByRole( 'heading', {
				name: `Tax statement for the ${ label } financial year`,
			} )
		).toBeVisible();
		await expect(
			page.getByRole( 'cell', { name: 'Jo Donor' } )
		).toBeVisible();
		await expect( page.getByText( '$72.50 AUD' ) ).toBeVisible();
		await expect(
			page.getByText(
				'Donations of $2 or more to Helping Hands Australia are tax deductible in Australia.'
			)
		).toBeVisible();
		await page
			.getByRole( 'button', { name: 'Print or save as PDF' } )
			.click();
		expect(
			await page.evaluate(
				() => ( window as unknown as { printed: number } ).printed
			)
		).toBe( 1 );
		// Printed, the button is not on the paper.
		await page.emulateMedia( { media: 'print' } );
		await expect(
			page.getByRole( 'button', { name: 'Print or save as PDF' } )
		).toBeHidden();
		await page.emulateMedia( { media: 'screen' } );

		// Someone changes the link to open another donor's statement.
		const token = made.searchParams.get(
			'donation-widget-statement'
		) as string;
		const [ payload, signature ] = token.split( '.' );
		const forged = Buffer.from(
			Buffer.from( payload, 'hex' )
				.toString( 'utf8' )
				.replace( `jo@${ domain }`, `sam@${ domain }` ),
			'utf8'
		).toString( 'hex' );
		const refused = await page.goto(
			`/?donation-widget-statement=${ forged }.${ signature }`
		);
		expect( refused?.status() ).toBe( 403 );
		await expect(
			page.getByText( 'This statement link is not valid.', {
				exact: false,
			} )
		).toBeVisible();
		await expect( page.getByText( '$15.00' ) ).toHaveCount( 0 );
		// The browser logs the refused page's 403, as it should; nothing else.
		expect( consoleErrors ).toEqual( [
			expect.stringMatching(
				/^Failed to load resource: the server responded with a status of 403 \(Forbidden\)/
			),
		] );
		consoleErrors.length = 0;
	} finally {
		await deleteStatements( domain );
	}
} );

test( 'a refund after the statement was sent leaves it as issued; staff send the amended statement and the donor sees both', async ( {
	page,
} ) => {
	test.setTimeout( scaled( 180_000 ) );
	const domain = `statement-amended-${ Date.now() }.example.org.au`;
	const sam = `sam@${ domain }`;
	const { year, label } = await seedLastYear( domain );
	const screen = `/wp-admin/admin.php?page=donation-widget-statements&year=${ year }`;
	try {
		await logIn( page );
		await page.goto( `${ screen }&email=${ encodeURIComponent( sam ) }` );
		await page.getByRole( 'button', { name: 'Send statement' } ).click();
		await expect(
			page.getByText( 'The statement was queued to the donor.' )
		).toBeVisible();
		const issued = page.getByRole( 'table', { name: 'Statements issued' } );
		const number =
			( await issued
				.getByRole( 'cell', { name: /^S\d{6}$/ } )
				.innerText() ) ?? '';

		// Months later $5.00 of Sam's $15.00 is refunded at the provider.
		await refundLastYearGift( sam, 500 );

		// The statement Sam holds still says $15.00 on his link.
		const made = new URL( await statementLink( sam ) );
		const link = `${ made.pathname }${ made.search }`;
		await page.goto( link );
		await expect( page.getByText( '$15.00 AUD' ) ).toBeVisible();
		await expect( page.getByText( /Amended statement/ ) ).toHaveCount( 0 );

		// The screen has the amendment waiting, with the difference.
		await page.goto( screen );
		const waiting = page.getByRole( 'table', {
			name: 'Amended statements waiting to be sent',
		} );
		const row = waiting.getByRole( 'row' ).filter( { hasText: sam } );
		await expect( row ).toContainText(
			`Amended statement — replaces statement ${ number } issued on`
		);
		await expect(
			row.getByRole( 'cell', { name: '−$5.00' } )
		).toBeVisible();
		await runMailQueue();
		expect(
			( await mailTo( sam ) ).map( ( mail ) => mail.subject )
		).toEqual( [
			`Your ${ label } tax statement from Helping Hands Australia`,
		] );

		// Staff send it.
		await page
			.getByRole( 'button', {
				name: /^Send [\d,]+ amended statements?$/,
			} )
			.click();
		await expect(
			page.getByText( /amended statements? (was|were) queued/ )
		).toBeVisible();
		await runMailQueue();
		const mail = await mailTo( sam );
		expect( mail.map( ( sent ) => sent.subject ) ).toEqual( [
			`Your ${ label } tax statement from Helping Hands Australia`,
			`Your amended ${ label } tax statement from Helping Hands Australia`,
		] );
		expect( mail[ 1 ].text ).toContain( 'difference −$5.00' );

		// Sam's link now shows the amendment first, then the statement it replaces.
		await page.goto( link );
		await expect(
			page.getByRole( 'heading', {
				name: `Amended tax statement for the ${ label } financial year`,
			} )
		).toBeVisible();
		await expect(
			page.getByText(
				`Amended statement — replaces statement ${ number } issued on`,
				{ exact: false }
			)
		).toBeVisible();
		await expect( page.getByText( '$10.00 AUD' ) ).toBeVisible();
		await expect( page.getByText( '$15.00 AUD' ) ).toBeVisible();

		// And the screen lists both for Sam, nothing left to send.
		await page.goto( `${ screen }&email=${ encodeURIComponent( sam ) }` );
		await expect(
			page
				.getByRole( 'table', { name: 'Statements issued' } )
				.getByRole( 'row' )
		).toHaveCount( 3 );
		await expect(
			page.getByRole( 'button', { name: 'Send amended statement' } )
		).toHaveCount( 0 );
	} finally {
		await deleteStatements( domain );
	}
} );
