/**
 * The donation widget's first-screen height at every widget width, as the table
 * WidgetPlaceholder::DONATION_HEIGHTS holds (width in px from which => height in px): the host
 * on the donate page is widened one pixel at a time from 100 to 560 px in Chromium, and each
 * width where the height changes is printed. Run it after a layout change to tab 1 (tabs,
 * presets, custom amount, frequency, Donate button) and paste the rows into the table.
 *
 *   node bin/benchmark.mjs --placeholder-heights http://127.0.0.1:9110
 */
import { chromium } from 'playwright-core';
import { loadAverage } from './figures.mjs';

/**
 * @param {string} site Site address; its /donate/ page holds the shortcode widget.
 */
export async function printPlaceholderHeights( site ) {
	const browser = await chromium.launch( {
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: [ '--headless', '--no-sandbox', '--disable-gpu' ],
	} );
	try {
		const page = await browser.newPage( {
			viewport: { width: 1280, height: 900 },
		} );
		await page.goto( `${ site.replace( /\/$/, '' ) }/donate/` );
		await page.getByRole( 'tab', { name: '3. Payment' } ).waitFor();
		const rows = await page.evaluate( () => {
			const host = document.querySelector( '[data-donation-widget]' );
			const widget = host?.firstElementChild;
			if ( ! host || ! widget ) {
				return [];
			}
			const table = [];
			host.style.maxWidth = 'none';
			for ( let width = 100; width <= 560; width++ ) {
				host.style.width = `${ width }px`;
				const box = widget.getBoundingClientRect();
				if ( table.at( -1 )?.[ 1 ] !== box.height ) {
					table.push( [ Math.round( box.width ), box.height ] );
				}
			}
			return table;
		} );
		console.log(
			`Donation widget height by width (load average ${ loadAverage() }):`
		);
		rows.forEach( ( [ width, height ], index ) =>
			console.log( `\t\t${ index === 0 ? 0 : width } => ${ height },` )
		);
	} finally {
		await browser.close();
	}
}
