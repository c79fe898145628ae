/**
 * What a donor on a phone waits for: the time from navigating to /donate/ until the first preset
 * amount button can be pressed, i.e. it is visible and enabled and a tap on it registers (its
 * aria-pressed turns true: React has mounted the widget and its handler runs). A probe, added
 * before any page script, finds the first unpressed "$ …" toggle every 16 ms once it exists and
 * clicks it; the time of the click that changed the button's state is the figure. It also
 * records when that button first had a size (seen) and the page's real first and largest
 * contentful paints, for context.
 *
 * Each load is cold (a new browser context, nothing cached) under Lighthouse's mobile profile as
 * its DevTools throttling applies it: a 412x823 phone screen, slow 4G (562.5 ms request latency,
 * 1474.56 kbit/s down, 675 kbit/s up) and 4x CPU slowdown, through CDP in Debian's Chromium (as
 * the e2e tests use; CHROMIUM_PATH overrides).
 *
 * The page as the plugin serves it is measured beside the same page with the widget's files
 * printed plainly (WordPress's own enqueue, no loading tricks: ?donation-widget-scripts=plain,
 * which only the demo/test sites' mu-plugin honours), in interleaved pairs whose order alternates,
 * so a busy machine slows both alike. The plugin prints its files plainly today, so both sides are
 * the same page and their gap shows the run's noise; a loading optimisation added later must honour
 * the filter donation_widget_optimise_script_loading, so that this comparison measures it.
 *
 * By default the site is reached through a gzip-compressing proxy (bin/benchmark/gzip-proxy.mjs),
 * as real hosts serve it; --no-gzip measures it raw.
 *
 *   node bin/benchmark.mjs --donor-wait http://127.0.0.1:8900 [--runs 7] [--no-gzip]
 */
import os from 'node:os';
import { chromium } from 'playwright';
import { startGzipProxy } from './gzip-proxy.mjs';
import { loadAverage, median } from './figures.mjs';

export const PLAIN_FLAG = 'donation-widget-scripts=plain';

// Lighthouse 12's mobile defaults (constants.js: screenEmulationMetrics.mobile, userAgents.mobile,
// throttling.mobileSlow4G and its DevTools-adjusted values).
const SCREEN = { width: 412, height: 823 };
const USER_AGENT =
	'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
const NETWORK = {
	offline: false,
	latency: 150 * 3.75,
	downloadThroughput: ( 1.6 * 1024 * 1024 * 0.9 ) / 8,
	uploadThroughput: ( 750 * 1024 * 0.9 ) / 8,
};
const CPU_SLOWDOWN = 4;

/**
 * Runs in the page before its own scripts; leaves its figures in window.__donorWait.
 */
function probe() {
	const result = {};
	window.__donorWait = result;
	if ( window.PerformanceObserver ) {
		new PerformanceObserver( ( list ) => {
			for ( const entry of list.getEntries() ) {
				if ( 'first-contentful-paint' === entry.name ) {
					result.fcp = entry.startTime;
				}
			}
		} ).observe( { type: 'paint', buffered: true } );
		new PerformanceObserver( ( list ) => {
			const entries = list.getEntries();
			result.lcp = entries[ entries.length - 1 ].startTime;
		} ).observe( { type: 'largest-contentful-paint', buffered: true } );
	}
	let target = null;
	let clickedAt = 0;
	const tick = () => {
		if ( target && 'true' === target.getAttribute( 'aria-pressed' ) ) {
			result.pressable = clickedAt;
			return;
		}
		const preset = Array.from(
			document.querySelectorAll( 'button[aria-pressed="false"]' )
		).find( ( button ) => /^\$\s*\d/.test( button.textContent.trim() ) );
		if ( preset ) {
			const box = preset.getBoundingClientRect();
			if ( box.width > 0 && box.height > 0 ) {
				result.seen ??= performance.now();
				if ( ! preset.disabled ) {
					target = preset;
					clickedAt = performance.now();
					preset.click();
				}
			}
		}
		setTimeout( tick, 16 );
	};
	tick();
}

/**
 * One cold load of one address.
 *
 * @param {import('playwright').Browser} browser Chromium.
 * @param {string}                       url     Page address.
 */
async function coldLoad( browser, url ) {
	const context = await browser.newContext( {
		viewport: SCREEN,
		deviceScaleFactor: 1.75,
		isMobile: true,
		hasTouch: true,
		userAgent: USER_AGENT,
	} );
	try {
		const page = await context.newPage();
		const cdp = await context.newCDPSession( page );
		await cdp.send( 'Network.enable' );
		await cdp.send( 'Network.emulateNetworkConditions', NETWORK );
		await cdp.send( 'Emulation.setCPUThrottlingRate', {
			rate: CPU_SLOWDOWN,
		} );
		await page.addInitScript( probe );
		await page.goto( url, { waitUntil: 'commit' } );
		await page.waitForFunction(
			() => undefined !== window.__donorWait?.pressable,
			null,
			{ timeout: 60_000, polling: 100 }
		);
		return await page.evaluate( () => ( { ...window.__donorWait } ) );
	} finally {
		await context.close();
	}
}

/**
 * Runs and prints the comparison.
 *
 * @param {Object}   options
 * @param {string}   options.site  Site address, e.g. http://127.0.0.1:8900.
 * @param {number}   options.runs  Interleaved pairs (the median of each side is printed).
 * @param {boolean}  options.gzip  Whether to serve the site through the gzip proxy.
 * @param {string}   options.path  Page to load.
 * @param {Function} options.print Where lines go.
 */
export async function printDonorWait( {
	site,
	runs = 7,
	gzip = true,
	path = '/donate/',
	print = console.log,
} ) {
	const proxy = gzip ? await startGzipProxy( site ) : null;
	const base = ( proxy ? proxy.url : site ).replace( /\/$/, '' );
	const variants = [
		[ 'as served', base + path ],
		[
			'printed plainly',
			base + path + ( path.includes( '?' ) ? '&' : '?' ) + PLAIN_FLAG,
		],
	];
	const browser = await chromium.launch( {
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
		],
	} );
	const samples = new Map( variants.map( ( [ name ] ) => [ name, [] ] ) );
	const loadBefore = loadAverage();
	try {
		// One uncounted load of each: PHP's opcode cache and the database warm up.
		for ( const [ , url ] of variants ) {
			await coldLoad( browser, url );
		}
		for ( let run = 0; run < runs; run++ ) {
			const order = run % 2 ? [ ...variants ].reverse() : variants;
			for ( const [ name, url ] of order ) {
				samples.get( name ).push( await coldLoad( browser, url ) );
			}
		}
	} finally {
		await browser.close();
		await proxy?.close();
	}

	const ms = ( value ) =>
		Number.isFinite( value ) ? `${ Math.round( value ) } ms` : 'n/a';
	print(
		`Donor's wait on ${ path } (Lighthouse mobile throttling: slow 4G, 4x CPU; cold loads; ${ gzip ? 'gzip via local proxy' : 'uncompressed' }), ${ runs } interleaved pairs against ${ site }:`
	);
	print(
		`  ${ 'variant'.padEnd( 16 ) } ${ 'pressable'.padStart( 9 ) } ${ 'seen'.padStart( 9 ) } ${ 'FCP'.padStart( 9 ) } ${ 'LCP'.padStart( 9 ) }   pressable in each run`
	);
	const medians = new Map();
	for ( const [ name ] of variants ) {
		const list = samples.get( name );
		const figure = {
			pressable: median( list.map( ( sample ) => sample.pressable ) ),
			seen: median( list.map( ( sample ) => sample.seen ) ),
			fcp: median( list.map( ( sample ) => sample.fcp ) ),
			lcp: median( list.map( ( sample ) => sample.lcp ) ),
		};
		medians.set( name, figure );
		print(
			`  ${ name.padEnd( 16 ) } ${ ms( figure.pressable ).padStart( 9 ) } ${ ms( figure.seen ).padStart( 9 ) } ${ ms( figure.fcp ).padStart( 9 ) } ${ ms( figure.lcp ).padStart( 9 ) }   ${ list.map( ( sample ) => Math.round( sample.pressable ) ).join( ' ' ) }`
		);
	}
	const served = medians.get( 'as served' ).pressable;
	const plain = medians.get( 'printed plainly' ).pressable;
	const fasterPairs = samples
		.get( 'as served' )
		.filter(
			( sample, index ) =>
				sample.pressable <=
				samples.get( 'printed plainly' )[ index ].pressable
		).length;
	print(
		`  as served / printed plainly: ${ ( served / plain ).toFixed( 2 ) }x (${ Math.round( served - plain ) } ms; as served no slower in ${ fasterPairs } of ${ runs } pairs; bar: no more than 1.00x)`
	);
	print(
		`  load average (1, 5, 15 min): ${ loadBefore } before, ${ loadAverage() } after (${ os.cpus().length } cores)`
	);
	return medians;
}
