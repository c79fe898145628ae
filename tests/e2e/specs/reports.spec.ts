/**
 * Donation Widget → Reports. An admin opens the screen (this financial year by month), groups
 * by UTM source and sees the test's own gifts, switches to last financial year and sees that
 * year's gift instead, looks at weeks, is told why bad custom dates are refused, downloads the
 * CSV, and the screen has no axe violations. The test's donations carry a UTM source of their
 * own (tests/e2e/fixtures/reports.php), so other tests' donations never change its figures.
 */
import { test, expect, logIn, expectNoAxeViolations } from '../fixtures';
import { scaled } from '../timeouts';
import {
	deleteReportDonations,
	seedReportDonations,
} from '../fixtures/reports';
import { DonationWidgetPage } from '../pages/DonationWidgetPage';

test( 'an admin switches the period and the grouping and the table follows; the CSV has the same figures; axe clean', async ( {
	page,
} ) => {
	test.setTimeout( scaled( 300_000 ) );
	const source = `reports-e2e-${ Date.now() }`;
	await seedReportDonations( source );
	try {
		await logIn( page );
		await page.goto( '/wp-admin/admin.php?page=donation-widget-reports' );
		await expect(
			page.getByRole( 'heading', { name: 'Reports', level: 1 } )
		).toBeVisible();

		// This financial year, by month: from 1 July, one row a month.
		const byMonth = page.getByRole( 'table', {
			name: /^Gross, refunds, fees and net by month, 1 July \d{4} to /,
		} );
		await expect( byMonth ).toBeVisible();
		await expect( byMonth.getByRole( 'rowheader' ).first() ).toHaveText(
			/^July \d{4}$/
		);
		await expect(
			page.getByRole( 'heading', { name: 'Totals', level: 2 } )
		).toBeVisible();
		await expect(
			page.getByRole( 'heading', { name: '4-weekly donors', level: 2 } )
		).toBeVisible();

		// By UTM source: the test's two gifts of today, net of the refund and the fee.
		await page
			.getByLabel( 'Group by' )
			.selectOption( { label: 'UTM source' } );
		const bySource = page.getByRole( 'table', {
			name: /^Gross, refunds, fees and net by UTM source, 1 July \d{4} to /,
		} );
		const ours = bySource.getByRole( 'row', { name: source } );
		await expect( ours.getByRole( 'cell' ) ).toHaveText( [
			'2',
			'$173.45',
			'$10.00',
			'$2.40',
			'$0.00',
			'$161.05',
			'$86.73',
			'$0.00',
		] );
		// The interval only applies to a report by period.
		await expect( page.getByLabel( 'Interval' ) ).toHaveCount( 0 );

		// Last financial year: the $77.00 gift of October, and only it.
		const lastYear = await page
			.getByRole( 'option', { name: /^Last financial year/ } )
			.textContent();
		await page
			.getByLabel( 'Period' )
			.selectOption( { label: lastYear ?? '' } );
		const lastYearBySource = page.getByRole( 'table', {
			name: /^Gross, refunds, fees and net by UTM source, 1 July \d{4} to 30 June \d{4}$/,
		} );
		await expect(
			lastYearBySource
				.getByRole( 'row', { name: source } )
				.getByRole( 'cell' )
		).toHaveText( [
			'1',
			'$77.00',
			'$0.00',
			'$0.00',
			'$0.00',
			'$77.00',
			'$77.00',
			'$0.00',
		] );

		// The CSV link asks for the same report.
		const csvUrl = await page
			.getByRole( 'link', { name: 'Download CSV' } )
			.getAttribute( 'href' );
		const csv = await page.request.get( csvUrl ?? '' );
		expect( csv.status() ).toBe( 200 );
		expect( csv.headers()[ 'content-type' ] ).toContain( 'text/csv' );
		expect( await csv.text() ).toContain(
			`${ source },${ source },1,77.00,0.00,0.00,0.00,77.00,0.00,77.00`
		);

		// Back to periods, by week: 52 or 53 weeks of the year, each named by its first day.
		await page.getByLabel( 'Group by' ).selectOption( {
			label: 'Period (by interval)',
		} );
		await page.getByLabel( 'Interval' ).selectOption( { label: 'Week' } );
		const byWeek = page.getByRole( 'table', {
			name: /^Gross, refunds, fees and net by week, /,
		} );
		await expect( byWeek.getByRole( 'rowheader' ).first() ).toHaveText(
			/^Week of \d{1,2} \w{3} \d{4}$/
		);
		expect(
			await byWeek.getByRole( 'rowheader', { name: /^Week of / } ).count()
		).toBeGreaterThanOrEqual( 52 );

		// Custom dates the wrong way round are refused beside the field, and nothing changes.
		await page
			.getByLabel( 'Period' )
			.selectOption( { label: 'Custom dates' } );
		await page.getByLabel( 'From', { exact: true } ).fill( '2025-10-31' );
		await page.getByLabel( 'To', { exact: true } ).fill( '2025-10-01' );
		await page.getByRole( 'button', { name: 'Show report' } ).click();
		await expect(
			page.getByLabel( 'To', { exact: true } )
		).toHaveAccessibleDescription(
			'The end date must be on or after the start date.'
		);
		await expect( page.getByLabel( 'To', { exact: true } ) ).toBeFocused();
		await expect( byWeek ).toBeVisible();

		// October 2025 by day: 31 rows.
		await page.getByLabel( 'To', { exact: true } ).fill( '2025-10-31' );
		await page.getByLabel( 'From', { exact: true } ).fill( '2025-10-01' );
		await page.getByLabel( 'Interval' ).selectOption( { label: 'Day' } );
		await page.getByRole( 'button', { name: 'Show report' } ).click();
		const october = page.getByRole( 'table', {
			name: 'Gross, refunds, fees and net by day, 1 October 2025 to 31 October 2025',
		} );
		await expect( october.getByRole( 'rowheader' ) ).toHaveCount( 32 );
		await expect( october.getByRole( 'rowheader' ).first() ).toHaveText(
			'1 Oct 2025'
		);

		await expectNoAxeViolations( page );
	} finally {
		await deleteReportDonations( source );
	}
} );

test( 'the Reports code, with its charting library, loads on the Reports screen only: never on the donation page or another admin screen', async ( {
	page,
} ) => {
	const fetched: string[] = [];
	page.on( 'request', ( request ) => {
		if ( /\/build\/reports\.(js|css)/.test( request.url() ) ) {
			fetched.push( `${ request.url() } from ${ page.url() }` );
		}
	} );
	const donor = new DonationWidgetPage( page );
	await donor.goto();
	await logIn( page );
	await page.goto( '/wp-admin/admin.php?page=donation-widget-donations' );
	await expect(
		page.getByRole( 'heading', { name: 'Donations', level: 1 } )
	).toBeVisible();
	expect( fetched ).toEqual( [] );

	await page.goto( '/wp-admin/admin.php?page=donation-widget-reports' );
	await expect(
		page.getByRole( 'table', {
			name: /^Gross, refunds, fees and net by month/,
		} )
	).toBeVisible();
	// Its script and its style.
	expect( fetched ).toHaveLength( 2 );
} );
