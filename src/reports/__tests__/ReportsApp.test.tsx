import { act } from 'react';
import type { ReportQuery } from '../report';
import { ReportsApp } from '../ReportsApp';
import {
	byLabel,
	byText,
	click,
	render,
	settle,
	typeInto,
	type Rendered,
} from '../../shared/__tests__/dom';
import { FY_BY_MONTH, LAST_FY_BY_CAMPAIGN } from './fixture';

// jsdom draws nothing: the chart library is replaced by one that keeps what it was asked to draw.
const drawn: Array< { data: { labels: string[]; datasets: unknown[] } } > = [];
jest.mock( 'chart.js', () => {
	class Chart {
		static register() {}
		data: unknown;
		constructor( _context: unknown, config: { data: unknown } ) {
			this.data = config.data;
			drawn.push( this as never );
		}
		update() {}
		destroy() {}
	}
	return {
		Chart,
		BarController: {},
		BarElement: {},
		CategoryScale: {},
		LinearScale: {},
		Legend: {},
		Tooltip: {},
	};
} );

beforeAll( () => {
	HTMLCanvasElement.prototype.getContext = jest.fn(
		() => ( {} ) as never
	) as never;
} );

let view: Rendered | undefined;
afterEach( () => {
	view?.unmount();
	view = undefined;
	drawn.length = 0;
} );

/** A reports route whose answers wait until the test gives them, in any order. */
function heldServer() {
	const calls: ReportQuery[] = [];
	const pending: Array< {
		resolve: ( body: unknown ) => void;
		reject: ( error: unknown ) => void;
	} > = [];
	return {
		calls,
		fetchReport: ( query: ReportQuery ) => {
			calls.push( query );
			return new Promise< unknown >( ( resolve, reject ) => {
				pending.push( { resolve, reject } );
			} );
		},
		answer: async ( body: unknown, call = pending.length - 1 ) => {
			pending[ call ].resolve( body );
			await settle();
		},
		fail: async ( error: unknown, call = pending.length - 1 ) => {
			pending[ call ].reject( error );
			await settle();
		},
	};
}

async function choose( select: HTMLElement | null, value: string ) {
	if ( ! ( select instanceof HTMLSelectElement ) ) {
		throw new Error( 'not a select' );
	}
	await act( async () => {
		select.value = value;
		select.dispatchEvent( new Event( 'change', { bubbles: true } ) );
	} );
	await settle();
}

function tableText( container: HTMLElement ): string[][] {
	return Array.from( container.querySelectorAll( 'table tr' ) ).map(
		( row ) =>
			Array.from( row.children ).map( ( cell ) => cell.textContent ?? '' )
	);
}

function figure( container: HTMLElement, panel: string, label: string ) {
	const section = Array.from( container.querySelectorAll( 'section' ) ).find(
		( element ) => element.querySelector( 'h2' )?.textContent === panel
	);
	const term = section && byText( section, 'dt', label );
	return term?.nextElementSibling?.textContent;
}

const TODAY = '2026-11-26';

describe( 'ReportsApp', () => {
	it( 'asks for this financial year by month, then shows the table, totals, donors and the CSV link', async () => {
		const server = heldServer();
		view = await render(
			<ReportsApp today={ TODAY } fetchReport={ server.fetchReport } />
		);
		const { container } = view;
		expect( server.calls ).toEqual( [
			{
				from: '2026-07-01',
				to: '2026-11-26',
				interval: 'month',
				group: 'period',
			},
		] );
		expect(
			container.querySelector( '[role="status"]' )?.textContent
		).toBe( 'Loading the report…' );
		expect( container.querySelector( 'table' ) ).toBeNull();

		await server.answer( FY_BY_MONTH );

		expect(
			container.querySelector( '[role="status"]' )?.textContent
		).toBe(
			'Report shown: Gross, refunds, fees and net by month, 1 July 2026 to 26 November 2026.'
		);
		expect( container.querySelector( 'caption' )?.textContent ).toBe(
			'Gross, refunds, fees and net by month, 1 July 2026 to 26 November 2026'
		);
		expect( tableText( container ) ).toEqual( [
			[
				'Period',
				'Donations',
				'Gross',
				'Refunds',
				'Fees',
				'Disputes lost',
				'Net',
				'Average gift',
				'Cover received',
			],
			[
				'July 2026',
				'12',
				'$1,200.00',
				'$10.00',
				'$24.00',
				'$0.00',
				'$1,166.00',
				'$100.00',
				'$18.00',
			],
			[
				'August 2026',
				'0',
				'$0.00',
				'$0.00',
				'$0.00',
				'$0.00',
				'$0.00',
				'$0.00',
				'$0.00',
			],
			[
				'September 2026',
				'101',
				'$15,234.56',
				'$50.00',
				'$304.69',
				'$25.00',
				'$14,854.87',
				'$150.84',
				'$123.45',
			],
			[
				'Total',
				'113',
				'$16,434.56',
				'$60.00',
				'$328.69',
				'$25.00',
				'$16,020.87',
				'$145.44',
				'$141.45',
			],
		] );
		// Headers are headers, for screen readers moving through the cells.
		expect(
			Array.from( container.querySelectorAll( 'th[scope="row"]' ) ).map(
				( cell ) => cell.textContent
			)
		).toEqual( [ 'July 2026', 'August 2026', 'September 2026', 'Total' ] );

		expect( figure( container, 'Totals', 'Net' ) ).toBe(
			'$16,020.87 (gross less refunds, fees and disputes lost)'
		);
		expect( figure( container, 'Totals', 'Average gift' ) ).toBe(
			'$145.44'
		);
		expect( figure( container, 'Totals', 'Cover received' ) ).toContain(
			'$141.45'
		);
		expect( figure( container, 'Totals', 'Disputes lost' ) ).toBe(
			'$25.00'
		);
		expect( figure( container, '4-weekly donors', 'Active' ) ).toBe( '40' );
		expect( figure( container, '4-weekly donors', 'Cancelled' ) ).toBe(
			'2'
		);
		expect( figure( container, '4-weekly donors', 'Recovered' ) ).toContain(
			'1'
		);

		expect(
			byText( container, 'a', 'Download CSV' )?.getAttribute( 'href' )
		).toBe( FY_BY_MONTH.csv_url );

		// The chart draws the same rows, hidden from assistive technology.
		expect(
			container.querySelector( 'canvas' )?.closest( '[aria-hidden]' )
		).not.toBeNull();
		expect( drawn[ 0 ].data.labels ).toEqual( [
			'July 2026',
			'August 2026',
			'September 2026',
		] );
		expect(
			(
				drawn[ 0 ].data.datasets as Array< {
					label: string;
					data: number[];
				} >
			 ).map( ( set ) => [ set.label, set.data ] )
		).toEqual( [
			[ 'Gross', [ 1200, 0, 15234.56 ] ],
			[ 'Refunds', [ 10, 0, 50 ] ],
			[ 'Fees', [ 24, 0, 304.69 ] ],
			[ 'Net', [ 1166, 0, 14854.87 ] ],
		] );
	} );

	it( 'switching the period and the grouping asks again and shows the new rows', async () => {
		const server = heldServer();
		view = await render(
			<ReportsApp today={ TODAY } fetchReport={ server.fetchReport } />
		);
		const { container } = view;
		await server.answer( FY_BY_MONTH );

		await choose( byLabel( container, 'Period' ), 'last_fy' );
		expect( server.calls[ 1 ] ).toEqual( {
			from: '2025-07-01',
			to: '2026-06-30',
			interval: 'month',
			group: 'period',
		} );
		await choose( byLabel( container, 'Group by' ), 'campaign' );
		expect( server.calls[ 2 ] ).toEqual( {
			from: '2025-07-01',
			to: '2026-06-30',
			interval: 'month',
			group: 'campaign',
		} );
		// The interval only applies to a report by period.
		expect( byLabel( container, 'Interval' ) ).toBeNull();
		// The older request's late answer never replaces the newer one's.
		await server.answer( LAST_FY_BY_CAMPAIGN, 2 );
		await server.answer( FY_BY_MONTH, 1 );

		expect( container.querySelector( 'caption' )?.textContent ).toBe(
			'Gross, refunds, fees and net by campaign, 1 July 2025 to 30 June 2026'
		);
		expect(
			tableText( container ).map( ( row ) => row.slice( 0, 3 ) )
		).toEqual( [
			[ 'Campaign', 'Donations', 'Gross' ],
			[ 'Winter appeal', '101', '$15,234.56' ],
			[ '(none)', '12', '$1,200.00' ],
			[ 'Total', '113', '$16,434.56' ],
		] );
		expect( figure( container, '4-weekly donors', 'New' ) ).toBe( '9' );
		expect(
			byText( container, 'a', 'Download CSV' )?.getAttribute( 'href' )
		).toBe( LAST_FY_BY_CAMPAIGN.csv_url );
		expect( drawn[ drawn.length - 1 ]?.data.labels ).toEqual( [
			'Winter appeal',
			'(none)',
		] );

		await choose( byLabel( container, 'Group by' ), 'period' );
		await choose( byLabel( container, 'Interval' ), 'week' );
		expect( server.calls[ server.calls.length - 1 ] ).toEqual( {
			from: '2025-07-01',
			to: '2026-06-30',
			interval: 'week',
			group: 'period',
		} );
	} );

	it( 'refuses custom dates that cannot be asked for, saying why beside the field, then asks for good ones', async () => {
		const server = heldServer();
		view = await render(
			<ReportsApp today={ TODAY } fetchReport={ server.fetchReport } />
		);
		const { container } = view;
		await server.answer( FY_BY_MONTH );

		await choose( byLabel( container, 'Period' ), 'custom' );
		expect( server.calls ).toHaveLength( 1 );
		const from = byLabel( container, 'From' ) as HTMLInputElement;
		const to = byLabel( container, 'To' ) as HTMLInputElement;
		// It starts from the dates shown.
		expect( [ from.value, to.value ] ).toEqual( [
			'2026-07-01',
			'2026-11-26',
		] );

		await typeInto( from, '2026-10-31' );
		await typeInto( to, '2026-10-01' );
		await click( byText( container, 'button', 'Show report' ) );
		expect( server.calls ).toHaveLength( 1 );
		expect( to.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		const problem = document.getElementById(
			to.getAttribute( 'aria-describedby' ) ?? ''
		);
		expect( problem?.textContent ).toBe(
			'The end date must be on or after the start date.'
		);
		expect( to.ownerDocument.activeElement ).toBe( to );

		await typeInto( from, '' );
		await click( byText( container, 'button', 'Show report' ) );
		expect(
			byText( container, 'span', 'Enter a start date.' )
		).toBeTruthy();
		expect( server.calls ).toHaveLength( 1 );

		await typeInto( from, '2026-09-01' );
		await typeInto( to, '2026-09-30' );
		await click( byText( container, 'button', 'Show report' ) );
		expect( to.getAttribute( 'aria-invalid' ) ).toBeNull();
		expect( server.calls[ 1 ] ).toEqual( {
			from: '2026-09-01',
			to: '2026-09-30',
			interval: 'month',
			group: 'period',
		} );
	} );

	it( 'says in words when the report cannot be loaded, and tries again', async () => {
		const server = heldServer();
		view = await render(
			<ReportsApp today={ TODAY } fetchReport={ server.fetchReport } />
		);
		const { container } = view;
		await server.fail( {
			code: 'rest_invalid_param',
			message: 'The dates cover more than 10 years.',
			data: { status: 400 },
		} );
		expect( container.querySelector( '[role="alert"]' )?.textContent ).toBe(
			'The report could not be loaded: The dates cover more than 10 years. Try again'
		);
		expect( container.querySelector( 'table' ) ).toBeNull();

		await click( byText( container, 'button', 'Try again' ) );
		expect( server.calls ).toHaveLength( 2 );
		expect(
			container.querySelector( '[role="status"]' )?.textContent
		).toBe( 'Loading the report…' );
		await server.answer( FY_BY_MONTH );
		expect( container.querySelector( '[role="alert"]' ) ).toBeNull();
		expect( container.querySelector( 'table' ) ).not.toBeNull();
	} );

	it( 'keeps the last figures, marked as such, when an answer cannot be read', async () => {
		const server = heldServer();
		view = await render(
			<ReportsApp today={ TODAY } fetchReport={ server.fetchReport } />
		);
		const { container } = view;
		await server.answer( FY_BY_MONTH );
		await choose( byLabel( container, 'Period' ), 'last_month' );
		expect( server.calls[ 1 ] ).toMatchObject( {
			from: '2026-10-01',
			to: '2026-10-31',
		} );
		await server.answer( {
			...FY_BY_MONTH,
			totals: { gross_cents: '12' },
		} );
		expect( container.querySelector( '[role="alert"]' )?.textContent ).toBe(
			'The report could not be loaded: The server sent an answer this screen cannot read. Try againThe figures below are from the previous report.'
		);
		expect( container.querySelector( 'caption' )?.textContent ).toContain(
			'1 July 2026 to 26 November 2026'
		);
	} );

	it( 'says when nothing was received', async () => {
		const server = heldServer();
		view = await render(
			<ReportsApp today={ TODAY } fetchReport={ server.fetchReport } />
		);
		await server.answer( { ...LAST_FY_BY_CAMPAIGN, rows: [] } );
		expect(
			byText(
				view.container,
				'td',
				'No donations were received in these dates.'
			)
		).toBeTruthy();
	} );
} );
