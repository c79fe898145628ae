/**
 * No layout shift when a widget mounts (issue 13): the server's HTML reserves the widget's first
 * screen, so the page a donor is reading does not jump when the widget appears. Measured as
 * the browser measures it for Core Web Vitals: `layout-shift` entries, on a phone-sized viewport,
 * with the widget's script held back so the page is painted before the widget mounts.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { recurringDonor } from '../fixtures/card-update';

interface Shift {
	value: number;
	hadRecentInput: boolean;
	sources: string[];
}

declare global {
	interface Window {
		layoutShifts?: Shift[];
	}
}

const HELD_BACK_MS = 600;

test.use( {
	viewport: { width: 412, height: 823 },
	isMobile: true,
	hasTouch: true,
	deviceScaleFactor: 1.75,
} );

test.beforeEach( async ( { page } ) => {
	await page.addInitScript( () => {
		window.layoutShifts = [];
		new PerformanceObserver( ( list ) => {
			for ( const entry of list.getEntries() as Array<
				PerformanceEntry & {
					value: number;
					hadRecentInput: boolean;
					sources: Array< {
						node?: Node | null;
						previousRect: DOMRectReadOnly;
						currentRect: DOMRectReadOnly;
					} >;
				}
			> ) {
				window.layoutShifts?.push( {
					value: entry.value,
					hadRecentInput: entry.hadRecentInput,
					sources: entry.sources.map( ( source ) => {
						const node =
							source.node instanceof Element
								? `${ source.node.tagName }.${ source.node.className }`
								: `${ source.node?.nodeName } "${ source.node?.textContent }"`;
						const rect = ( box: DOMRectReadOnly ) =>
							`${ box.x },${ box.y } ${ box.width }x${ box.height }`;
						return `${ node }: ${ rect(
							source.previousRect
						) } -> ${ rect( source.currentRect ) }`;
					} ),
				} );
			}
		} ).observe( { type: 'layout-shift', buffered: true } );

		// The theme's web font swaps in up to 100 ms after first paint on a cold load, which
		// moves the theme's own text a few pixels on every page (the home page too): it is the
		// theme's shift, not the widget's. Fetched at once, it is there before first paint.
		if ( window.location.protocol.startsWith( 'http' ) ) {
			const font = new FontFace(
				'Manrope',
				`url(${ window.location.origin }/wp-content/themes/twentytwentyfive/assets/fonts/manrope/Manrope-VariableFont_wght.woff2)`,
				{ weight: '200 800', display: 'fallback' }
			);
			document.fonts.add( font );
			// A failure shows as the theme's own font request failing.
			font.load().catch( () => undefined );
		}
	} );
	// A slow phone: the page is painted before the widget's script arrives and mounts.
	await page.route( /\/donation-widget\/build\/view\.js/, async ( route ) => {
		await new Promise( ( resolve ) => setTimeout( resolve, HELD_BACK_MS ) );
		await route.continue();
	} );
} );

/**
 * The page's cumulative layout shift once the widget has mounted and settled, leaving out
 * shifts right after the donor's input (the browser does too).
 *
 * @param page The page.
 */
async function cumulativeShift(
	page: Page
): Promise< { total: number; shifts: Shift[] } > {
	await page.waitForLoadState( 'networkidle' );
	// Layout shift entries are queued to observers after the frame that caused them.
	await page.evaluate(
		() =>
			new Promise( ( resolve ) =>
				requestAnimationFrame( () => setTimeout( resolve, 100 ) )
			)
	);
	const shifts = await page.evaluate( () => window.layoutShifts ?? [] );
	const counted = shifts.filter( ( shift ) => ! shift.hadRecentInput );
	return {
		total: counted.reduce( ( sum, shift ) => sum + shift.value, 0 ),
		shifts: counted,
	};
}

/**
 * The host element's reserved height before the widget mounts, and the mounted widget's.
 *
 * @param page The page.
 */
async function hostHeight( page: Page ): Promise< number > {
	return page
		.locator( '[data-donation-widget]' )
		.evaluate( ( host ) => host.getBoundingClientRect().height );
}

for ( const width of [ 360, 412 ] ) {
	test( `the donate page does not move when the widget mounts (${ width } px wide)`, async ( {
		page,
	} ) => {
		await page.setViewportSize( { width, height: 823 } );
		await page.goto( '/donate/', { waitUntil: 'commit' } );
		const host = page.locator( '[data-donation-widget]' );
		await expect( host ).toHaveAttribute( 'aria-busy', 'true' );
		const reserved = await hostHeight( page );
		expect( reserved ).toBeGreaterThan( 300 );

		const firstTab = page.getByRole( 'tab', { name: '1. Amount' } );
		await expect( firstTab ).toBeVisible();
		await expect( host ).not.toHaveAttribute( 'aria-busy' );
		expect( await hostHeight( page ) ).toBe( reserved );
		const { total, shifts } = await cumulativeShift( page );
		expect( total, JSON.stringify( shifts, null, 1 ) ).toBe( 0 );
	} );
}

test( 'the modal page does not move when the dialog opens', async ( {
	page,
} ) => {
	await page.goto( '/donate-modal/' );
	const dialog = page.getByRole( 'dialog', {
		name: 'Donate to Helping Hands Australia',
	} );
	await expect( dialog ).toBeVisible();
	await expect(
		dialog.getByRole( 'tab', { name: '1. Amount' } )
	).toBeVisible();
	// The dialog lies over the page: its host takes no room in the page's flow.
	expect( await hostHeight( page ) ).toBe( 0 );
	const { total, shifts } = await cumulativeShift( page );
	expect( total, JSON.stringify( shifts, null, 1 ) ).toBe( 0 );
} );

test( 'the update-card page does not move, with or without a link', async ( {
	page,
} ) => {
	await page.goto( '/update-card/' );
	await expect(
		page.getByRole( 'heading', {
			name: 'Your link has expired, please get in touch.',
		} )
	).toBeVisible();
	let measured = await cumulativeShift( page );
	expect( measured.total, JSON.stringify( measured.shifts, null, 1 ) ).toBe(
		0
	);

	const donor = recurringDonor();
	await page.goto( donor.url );
	await expect(
		page.getByText( 'Card being replaced: Visa ending in 4242' )
	).toBeVisible();
	await expect(
		page.getByRole( 'button', { name: 'UPDATE CARD DETAILS' } )
	).toBeEnabled();
	measured = await cumulativeShift( page );
	expect( measured.total, JSON.stringify( measured.shifts, null, 1 ) ).toBe(
		0
	);
} );

test.describe( 'without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'the page says the form needs JavaScript, with no empty space where it would be', async ( {
		page,
	} ) => {
		await page.goto( '/donate/' );
		// What is rendered (innerText), not just present in the markup.
		expect(
			(
				await page.locator( '[data-donation-widget]' ).innerText()
			).trim()
		).toBe( 'Please turn on JavaScript in your browser to donate.' );
		expect( await hostHeight( page ) ).toBeLessThan( 100 );
	} );
} );
