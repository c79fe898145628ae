import {
	followExport,
	panelView,
	quarter,
	type ExportProgress,
	type ExportView,
} from '../donation-export';

function progress(
	rowsDone: number,
	status: ExportProgress[ 'status' ] = 'running',
	extra: Partial< ExportProgress > = {}
): ExportProgress {
	return {
		id: 7,
		status,
		rows_total: 40000,
		rows_done: rowsDone,
		label:
			status === 'complete'
				? 'Export complete: 40,000 donations.'
				: `Exporting donations: ${ rowsDone.toLocaleString(
						'en-AU'
					) } of 40,000`,
		error: '',
		download_url: status === 'complete' ? '/download?export=7' : '',
		worked: true,
		...extra,
	};
}

function recorder(): ExportView & { shown: string[]; spoken: string[] } {
	const shown: string[] = [];
	const spoken: string[] = [];
	return {
		shown,
		spoken,
		show: ( answer ) => shown.push( answer.label ),
		announce: ( text ) => spoken.push( text ),
	};
}

const noWait = jest.fn( async () => undefined );

describe( 'quarter', () => {
	it( 'counts whole quarters, and nothing of an empty export', () => {
		expect( quarter( 0, 40000 ) ).toBe( 0 );
		expect( quarter( 9999, 40000 ) ).toBe( 0 );
		expect( quarter( 10000, 40000 ) ).toBe( 1 );
		expect( quarter( 39999, 40000 ) ).toBe( 3 );
		expect( quarter( 41000, 40000 ) ).toBe( 4 );
		expect( quarter( 0, 0 ) ).toBe( 0 );
	} );
} );

describe( 'followExport', () => {
	beforeEach( () => noWait.mockClear() );

	it( 'asks until complete, shows each answer and speaks each quarter once, then the end', async () => {
		const answers = [
			progress( 5000 ),
			progress( 12000 ),
			progress( 15000 ),
			progress( 25000 ),
			progress( 40000, 'complete' ),
		];
		const fetchBatch = jest.fn( async () => answers.shift()! );
		const view = recorder();

		const last = await followExport(
			'/donation-widget/v1/exports/7/batch',
			view,
			'unreachable',
			fetchBatch,
			noWait
		);

		expect( fetchBatch ).toHaveBeenCalledTimes( 5 );
		expect( fetchBatch ).toHaveBeenCalledWith(
			'/donation-widget/v1/exports/7/batch'
		);
		expect( view.shown ).toEqual( [
			'Exporting donations: 5,000 of 40,000',
			'Exporting donations: 12,000 of 40,000',
			'Exporting donations: 15,000 of 40,000',
			'Exporting donations: 25,000 of 40,000',
			'Export complete: 40,000 donations.',
		] );
		expect( view.spoken ).toEqual( [
			'25% of the donations exported.',
			'50% of the donations exported.',
			'Export complete: 40,000 donations. Download CSV is ready.',
		] );
		expect( last?.download_url ).toBe( '/download?export=7' );
		expect( noWait ).not.toHaveBeenCalled();
	} );

	it( 'waits when another worker holds the batch', async () => {
		const answers = [
			progress( 0, 'queued', { worked: false } ),
			progress( 40000, 'complete' ),
		];
		await followExport(
			'/x',
			recorder(),
			'unreachable',
			async () => answers.shift()!,
			noWait
		);
		expect( noWait ).toHaveBeenCalledWith( 1000 );
	} );

	it( 'stops at a failure and says why', async () => {
		const view = recorder();
		const last = await followExport(
			'/x',
			view,
			'unreachable',
			async () =>
				progress( 5000, 'failed', {
					label: 'The export failed, so there is no file to download.',
					error: 'The donations could not be read or stored (insert: gone away).',
				} ),
			noWait
		);
		expect( last?.status ).toBe( 'failed' );
		expect( view.spoken ).toEqual( [
			'The export failed, so there is no file to download. The donations could not be read or stored (insert: gone away).',
		] );
	} );

	it( 'retries a dropped request, then gives up with the words it was given', async () => {
		const fetchBatch = jest.fn( async () => {
			throw { code: 'fetch_error', message: 'You are probably offline.' };
		} );
		const view = recorder();

		const last = await followExport(
			'/x',
			view,
			'The progress could not be read.',
			fetchBatch,
			noWait
		);

		expect( last ).toBeNull();
		expect( fetchBatch ).toHaveBeenCalledTimes( 5 );
		expect( noWait.mock.calls ).toEqual( [
			[ 2000 ],
			[ 4000 ],
			[ 6000 ],
			[ 8000 ],
		] );
		expect( view.spoken ).toEqual( [ 'The progress could not be read.' ] );
	} );

	it( 'does not ask again when refused', async () => {
		const fetchBatch = jest.fn( async () => {
			throw {
				code: 'donation_widget_export_not_found',
				message:
					'This export was not found. Exports are kept for a day.',
				data: { status: 404 },
			};
		} );
		const view = recorder();

		await followExport( '/x', view, 'unreachable', fetchBatch, noWait );

		expect( fetchBatch ).toHaveBeenCalledTimes( 1 );
		expect( view.spoken ).toEqual( [
			'This export was not found. Exports are kept for a day.',
		] );
	} );
} );

describe( 'panelView', () => {
	function panel(): HTMLElement {
		document.body.innerHTML = `
			<div class="notice notice-info inline donation-widget-export" data-status="running">
				<p><label for="p" class="donation-widget-export-label">Exporting donations: 0 of 40,000</label></p>
				<p><progress id="p" max="40000" value="0">0</progress></p>
				<p class="donation-widget-export-error" hidden></p>
				<p class="donation-widget-export-status" role="status" aria-live="polite"></p>
				<p class="donation-widget-export-download" hidden><a href="/old">Download CSV</a></p>
				<div class="donation-widget-export-again" hidden><form><button>Start the export again</button></form></div>
			</div>`;
		return document.querySelector< HTMLElement >(
			'.donation-widget-export'
		)!;
	}

	it( 'fills the bar and its label, and offers the file only when complete', () => {
		const element = panel();
		const view = panelView( element )!;
		const bar = element.querySelector( 'progress' )!;
		const download = element.querySelector< HTMLElement >(
			'.donation-widget-export-download'
		)!;

		view.show( progress( 12000 ) );
		expect( bar.value ).toBe( 12000 );
		expect( bar.max ).toBe( 40000 );
		expect( element.querySelector( 'label' )!.textContent ).toBe(
			'Exporting donations: 12,000 of 40,000'
		);
		expect( download.hidden ).toBe( true );

		view.show( progress( 40000, 'complete' ) );
		expect( download.hidden ).toBe( false );
		expect( download.querySelector( 'a' )!.getAttribute( 'href' ) ).toBe(
			'/download?export=7'
		);
		expect( element.classList.contains( 'notice-success' ) ).toBe( true );
	} );

	it( 'shows a failure with its reason and the way to start again, never the file', () => {
		const element = panel();
		const view = panelView( element )!;

		view.show(
			progress( 5000, 'failed', {
				label: 'The export failed, so there is no file to download.',
				error: 'The donations could not be read or stored (read: gone away).',
			} )
		);

		expect(
			element.querySelector< HTMLElement >(
				'.donation-widget-export-error'
			)!.textContent
		).toBe(
			'The donations could not be read or stored (read: gone away).'
		);
		expect(
			element.querySelector< HTMLElement >(
				'.donation-widget-export-again'
			)!.hidden
		).toBe( false );
		expect(
			element.querySelector< HTMLElement >(
				'.donation-widget-export-download'
			)!.hidden
		).toBe( true );
		expect(
			element.querySelector( 'progress' )!.parentElement!.hidden
		).toBe( true );
		expect( element.classList.contains( 'notice-error' ) ).toBe( true );
	} );
} );
