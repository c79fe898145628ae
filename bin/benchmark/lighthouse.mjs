/**
 * Lighthouse mobile (its default phone emulation and simulated slow 4G / 4x CPU throttling,
 * performance category only) on the site's home page, the donate page and the modal donate page,
 * in one run: the pages take turns, so a busy machine slows them alike. Prints the median of N
 * runs of each figure, the donate page's score against the home page's (the issue's bar: within
 * 0.02) and the load average beside.
 *
 * Chrome is the system's (CHROME_PATH, /usr/bin/chromium by default): nothing is downloaded.
 *
 * PHP's built-in server, which serves the demo and test sites, compresses nothing; real hosts
 * gzip pages, scripts and stylesheets. So by default the pages are fetched through a local
 * gzip-compressing proxy (bin/benchmark/gzip-proxy.mjs); --no-gzip measures the server as it is.
 *
 *   node bin/benchmark.mjs --lighthouse http://127.0.0.1:9610 [--runs 3] [--no-gzip]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startGzipProxy } from './gzip-proxy.mjs';
import { loadAverage, median } from './figures.mjs';

export const LIGHTHOUSE_PAGES = [
	[ 'home', '/' ],
	[ 'donate', '/donate/' ],
	[ 'donate (modal)', '/donate-modal/' ],
];

/**
 * One Lighthouse run of one page.
 *
 * @param {string} url  Page address.
 * @param {number} port Chrome's debugging port.
 */
async function measure( url, port ) {
	const result = await lighthouse( url, {
		port,
		output: 'json',
		logLevel: 'error',
		onlyCategories: [ 'performance' ],
	} );
	const { lhr } = result;
	if ( lhr.runtimeError ) {
		throw new Error(
			`Lighthouse could not measure ${ url }: ${ lhr.runtimeError.message }`
		);
	}
	const audit = ( id ) => lhr.audits[ id ]?.numericValue ?? NaN;
	return {
		score: lhr.categories.performance.score,
		cls: audit( 'cumulative-layout-shift' ),
		lcp: audit( 'largest-contentful-paint' ),
		tbt: audit( 'total-blocking-time' ),
		fcp: audit( 'first-contentful-paint' ),
	};
}

/**
 * Runs and prints the comparison.
 *
 * @param {string}   site  Site address, e.g. http://127.0.0.1:9610.
 * @param {number}   runs  Runs per page (the median is printed).
 * @param {Function} print Where lines go.
 * @param {boolean}  gzip  Whether to serve the site through the gzip proxy.
 */
export async function runLighthouse(
	site,
	runs = 3,
	print = console.log,
	gzip = true
) {
	const proxy = gzip ? await startGzipProxy( site ) : null;
	const base = ( proxy ? proxy.url : site ).replace( /\/$/, '' );
	const chrome = await chromeLauncher.launch( {
		chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
		chromeFlags: [
			'--headless=new',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
		],
	} );
	const samples = new Map(
		LIGHTHOUSE_PAGES.map( ( [ name ] ) => [ name, [] ] )
	);
	const loadBefore = loadAverage();
	try {
		for ( let run = 0; run < runs; run++ ) {
			for ( const [ name, path ] of LIGHTHOUSE_PAGES ) {
				samples
					.get( name )
					.push( await measure( base + path, chrome.port ) );
			}
		}
	} finally {
		await chrome.kill();
		await proxy?.close();
	}

	const figures = new Map();
	print(
		`Lighthouse mobile (performance, default emulation and throttling) against ${ site }${ proxy ? ` served gzip-compressed (local proxy ${ proxy.url })` : ' uncompressed' }, median of ${ runs } runs each:`
	);
	print(
		`  ${ 'page'.padEnd( 16 ) } ${ 'score'.padStart( 5 ) } ${ 'CLS'.padStart( 7 ) } ${ 'LCP'.padStart( 9 ) } ${ 'TBT'.padStart( 8 ) } ${ 'FCP'.padStart( 9 ) }   scores of each run`
	);
	for ( const [ name ] of LIGHTHOUSE_PAGES ) {
		const list = samples.get( name );
		const figure = {
			score: median( list.map( ( sample ) => sample.score ) ),
			cls: median( list.map( ( sample ) => sample.cls ) ),
			lcp: median( list.map( ( sample ) => sample.lcp ) ),
			tbt: median( list.map( ( sample ) => sample.tbt ) ),
			fcp: median( list.map( ( sample ) => sample.fcp ) ),
		};
		figures.set( name, figure );
		print(
			`  ${ name.padEnd( 16 ) } ${ figure.score.toFixed( 2 ).padStart( 5 ) } ${ figure.cls.toFixed( 3 ).padStart( 7 ) } ${ `${ Math.round( figure.lcp ) } ms`.padStart( 9 ) } ${ `${ Math.round( figure.tbt ) } ms`.padStart( 8 ) } ${ `${ Math.round( figure.fcp ) } ms`.padStart( 9 ) }   ${ list.map( ( sample ) => sample.score.toFixed( 2 ) ).join( ' ' ) }`
		);
	}
	const home = figures.get( 'home' );
	const donate = figures.get( 'donate' );
	const difference = donate.score - home.score;
	print(
		`  donate - home: score ${ difference >= 0 ? '+' : '' }${ difference.toFixed( 2 ) } (bar: no more than 0.02 below), LCP ${ Math.round( donate.lcp - home.lcp ) } ms, TBT ${ Math.round( donate.tbt - home.tbt ) } ms; CLS donate ${ donate.cls.toFixed( 3 ) }, modal ${ figures.get( 'donate (modal)' ).cls.toFixed( 3 ) } (bar: 0)`
	);
	print(
		`  load average (1, 5, 15 min): ${ loadBefore } before, ${ loadAverage() } after`
	);
	return figures;
}
