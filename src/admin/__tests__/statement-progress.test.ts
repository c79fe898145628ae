import {
	followStatements,
	panelView,
	type ProgressView,
	type StatementProgress,
} from '../statement-progress';

function progress(
	status: StatementProgress[ 'status' ],
	done: number,
	worked = true
): StatementProgress {
	return {
		status,
		total: 40,
		done,
		label:
			status === 'done'
				? 'Done: 40 statements for 2024–25 are sent.'
				: `Sending statements: ${ done } of 40`,
		worked,
	};
}

function recorder(): ProgressView & { shown: string[]; spoken: string[] } {
	const shown: string[] = [];
	const spoken: string[] = [];
	return {
		shown,
		spoken,
		show: ( answer ) => shown.push( answer.label ),
		announce: ( text ) => spoken.push( text ),
	};
}

describe( 'followStatements', () => {
	it( 'asks until done, shows each answer and says when it is done', async () => {
		const answers = [
			progress( 'finding', 0 ),
			progress( 'sending', 25 ),
			progress( 'sending', 25, false ),
			progress( 'done', 40 ),
		];
		const wait = jest.fn( async () => undefined );
		const view = recorder();
		const last = await followStatements(
			'/donation-widget/v1/statements/2025/batch',
			view,
			'unreachable',
			async () => answers.shift() as StatementProgress,
			wait
		);
		expect( last?.status ).toBe( 'done' );
		expect( view.shown ).toHaveLength( 4 );
		expect( view.spoken ).toEqual( [
			'Done: 40 statements for 2024–25 are sent.',
		] );
		// Only the answer where another server held the work waits.
		expect( wait ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'gives up on a refusal at once, and after repeated failures', async () => {
		const view = recorder();
		const refused = await followStatements(
			'/x',
			view,
			'The progress could not be read.',
			async () => Promise.reject( { data: { status: 403 } } ),
			async () => undefined
		);
		expect( refused ).toBeNull();
		expect( view.spoken ).toEqual( [ 'The progress could not be read.' ] );

		const fetch = jest.fn( async () =>
			Promise.reject( new Error( 'down' ) )
		);
		expect(
			await followStatements(
				'/x',
				recorder(),
				'gone',
				fetch,
				async () => undefined
			)
		).toBeNull();
		expect( fetch ).toHaveBeenCalledTimes( 5 );
	} );
} );

describe( 'panelView', () => {
	it( 'fills the labelled bar and marks the panel done', () => {
		document.body.innerHTML = `<div class="notice notice-info donation-widget-statement-progress" data-status="sending">
			<label for="bar" class="donation-widget-statement-label">Sending statements: 0 of 40</label>
			<progress id="bar" max="40" value="0"></progress>
			<p class="donation-widget-statement-status" role="status"></p></div>`;
		const panel = document.querySelector< HTMLElement >(
			'.donation-widget-statement-progress'
		) as HTMLElement;
		const view = panelView( panel ) as ProgressView;
		view.show( progress( 'sending', 10 ) );
		const bar = panel.querySelector( 'progress' ) as HTMLProgressElement;
		expect( [ bar.value, bar.max ] ).toEqual( [ 10, 40 ] );
		view.show( progress( 'done', 40 ) );
		expect( bar.value ).toBe( 40 );
		expect( panel.classList.contains( 'notice-success' ) ).toBe( true );
		expect(
			panel.querySelector( '.donation-widget-statement-label' )
				?.textContent
		).toBe( 'Done: 40 statements for 2024–25 are sent.' );
	} );
} );
