#!/usr/bin/env node
/**
 * Prints the front end's weight, and with --check fails when a size budget is broken.
 *
 *   node bin/benchmark.mjs                    figures only
 *   node bin/benchmark.mjs --check            figures, then exit 1 if over budget (CI runs this)
 *   node bin/benchmark.mjs --site http://127.0.0.1:8888
 *                                             also times the settings route and the donate page
 *                                             (median and 95th percentile of 30 requests each)
 *   node bin/benchmark.mjs --export http://127.0.0.1:8888 [--export-search TEXT]
 *                                             also times a background CSV export of the
 *                                             Donations list over HTTP (bin/benchmark/export.mjs)
 *   node bin/benchmark.mjs --admin http://127.0.0.1:8888 [--rows N] [--site-name demo]
 *                                             admin screens at N donations beside the Pages list
 *                                             (bin/benchmark/admin.mjs)
 *   node bin/benchmark.mjs --reports http://127.0.0.1:8888 [--site-name demo] [--rows N] [--upgrade]
 *                                             each report (JSON and CSV) at N donations beside the
 *                                             Pages list, and with --upgrade the schema 12 → 13
 *                                             upgrade while donations come in (bin/benchmark/reports.mjs)
 *   node bin/benchmark.mjs --self-service http://127.0.0.1:8888 --known EMAIL [--runs 4]
 *                                             also times the "Manage my donation" link request for
 *                                             a known and unknown addresses (bin/benchmark/self-service.mjs)
 *   node bin/benchmark.mjs --statements 30000
 *                                             times finding, sending and the CSV of a year's tax
 *                                             statements on the e2e site (bin/benchmark/statements.mjs)
 *   node bin/benchmark.mjs --import 100000
 *                                             the history import of N generated GiveWP rows on the
 *                                             e2e site: rows/s and peak PHP memory per batch
 *                                             (bin/benchmark/import.mjs)
 *   node bin/benchmark.mjs --placeholder-heights http://127.0.0.1:8888
 *                                             tab 1's height at each widget width, for
 *                                             WidgetPlaceholder.php (bin/benchmark/placeholder-heights.mjs)
 *   node bin/benchmark.mjs --lighthouse http://127.0.0.1:8888 [--runs 3] [--no-gzip]
 *                                             also Lighthouse mobile on the home, donate and modal
 *                                             pages, median of the runs, served gzip-compressed
 *                                             as real hosts do (bin/benchmark/lighthouse.mjs)
 *   node bin/benchmark.mjs --donor-wait http://127.0.0.1:8888 [--runs 7] [--no-gzip]
 *                                             the donor's wait on a phone: navigation to the first
 *                                             preset being pressable on /donate/, beside the same
 *                                             page with the widget's files printed plainly, in
 *                                             interleaved cold loads (bin/benchmark/donor-wait.mjs)
 *
 * "Before the first step is interactive" means what a donor's browser downloads for the widget
 * before tab 1 works: build/view.js and build/view.css, plus the WordPress scripts they depend on
 * (read from view.asset.php). Chunks loaded later (the details and payment steps, each payment
 * method, the update-card widget) are listed apart, per step, from build/chunk-groups.json (written
 * by webpack.config.js): they load when the donor reaches a step that needs them.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const build = path.join( root, 'build' );
const budget = JSON.parse(
	fs.readFileSync( path.join( root, 'bin/size-budget.json' ), 'utf8' )
);

if ( ! fs.existsSync( path.join( build, 'view.js' ) ) ) {
	console.error(
		'benchmark: build/view.js is missing; run npm run build first.'
	);
	process.exit( 1 );
}

const gzip = ( file ) =>
	zlib.gzipSync( fs.readFileSync( file ), { level: 9 } ).length;
const kb = ( bytes ) => `${ ( bytes / 1024 ).toFixed( 1 ) } KB`;
const files = fs
	.readdirSync( build )
	.filter( ( name ) => /\.(js|css)$/.test( name ) );

const rows = files.map( ( name ) => {
	const file = path.join( build, name );
	return { name, raw: fs.statSync( file ).size, gzip: gzip( file ) };
} );
const initialNames = [ 'view.js', 'view.css', 'style-view.css' ];
const initial = rows.filter( ( row ) => initialNames.includes( row.name ) );
const editor = rows.filter( ( row ) => row.name.startsWith( 'editor' ) );
// Entries that only WordPress admin screens load.
const adminNames = [
	'admin-settings.js',
	'card-update-links.js',
	'donation-export.js',
	'statements.js',
	'reports.js',
	'reports.css',
];
const admin = rows.filter( ( row ) => adminNames.includes( row.name ) );
const lazy = rows.filter(
	( row ) =>
		! initialNames.includes( row.name ) &&
		! row.name.startsWith( 'editor' ) &&
		! adminNames.includes( row.name ) &&
		! row.name.endsWith( '-rtl.css' )
);

const assetPhp = fs.readFileSync(
	path.join( build, 'view.asset.php' ),
	'utf8'
);
const dependencyList = assetPhp.match( /'dependencies' => array\(([^)]*)\)/ );
const dependencies = dependencyList
	? [ ...dependencyList[ 1 ].matchAll( /'([^']+)'/g ) ].map(
			( match ) => match[ 1 ]
		)
	: [];

const print = ( title, list ) => {
	console.log( title );
	for ( const row of list ) {
		console.log(
			`  ${ row.name.padEnd( 28 ) } ${ kb( row.gzip ).padStart( 9 ) } gzip  ${ kb( row.raw ).padStart( 9 ) } raw`
		);
	}
};

const initialGzip = initial.reduce( ( sum, row ) => sum + row.gzip, 0 );
print(
	'Widget code loaded before the first step (tab 1, amount) is interactive:',
	initial
);
console.log(
	`  ${ 'total'.padEnd( 28 ) } ${ kb( initialGzip ).padStart( 9 ) } gzip  (budget ${ kb( budget.initialGzip ) })`
);
console.log(
	`  plus WordPress scripts (shared with the site, cached): ${ dependencies.join( ', ' ) || 'none' }`
);

// When each lazy chunk group is fetched (names from webpackChunkName, or the import's path).
const whenFetched = {
	'step-details': 'tab 2 details: fetched once tab 1 is idle',
	'step-payment': 'tab 3 payment: when tab 2 is first reached',
	'payment-card': 'tab 3 card form',
	'payment-becs': 'tab 3 bank account (BECS)',
	'payment-express': 'tab 3 wallets (express checkout)',
	'payment-paypal': 'tab 3 PayPal',
	'./card-update/CardUpdateApp': 'update-card page only',
	'card-update-form': 'update-card page, once the link is checked',
};
const groupsFile = path.join( build, 'chunk-groups.json' );
if ( fs.existsSync( groupsFile ) ) {
	const byName = new Map( rows.map( ( row ) => [ row.name, row ] ) );
	const order = Object.keys( whenFetched );
	const rank = ( name ) =>
		order.includes( name ) ? order.indexOf( name ) : order.length;
	console.log(
		'Loaded later, per step (what each fetches; a file shared with an earlier step downloads once):'
	);
	const groups = JSON.parse( fs.readFileSync( groupsFile, 'utf8' ) ).sort(
		( a, b ) => rank( a.name ) - rank( b.name )
	);
	for ( const group of groups ) {
		const parts = group.files.filter( ( part ) => byName.has( part.file ) );
		const total = parts.reduce(
			( sum, part ) => sum + byName.get( part.file ).gzip,
			0
		);
		console.log(
			`  ${ ( whenFetched[ group.name ] ?? group.name ).padEnd( 44 ) } ${ kb( total ).padStart( 9 ) } gzip  ${ parts
				.map(
					( part ) =>
						`${ part.file }${ part.file.endsWith( '.js' ) && part.packages.length ? ` (${ part.packages.join( ', ' ) })` : '' } ${ kb( byName.get( part.file ).gzip ) }`
				)
				.join( ' + ' ) }`
		);
	}
}
print( 'Lazy chunk files (each within the per-chunk budget):', lazy );
print( 'Block editor only:', editor );
print( 'Admin screens only:', admin );

/**
 * The value after a flag, or null when the flag is absent or has none.
 *
 * @param {string} name Flag, such as --site.
 * @return {string|null} Its value.
 */
const option = ( name ) => {
	const at = process.argv.indexOf( name );
	return at > 0 ? ( process.argv[ at + 1 ] ?? null ) : null;
};

if ( option( '--site' ) ) {
	const site = option( '--site' ).replace( /\/$/, '' );
	const time = async ( url, runs = 30 ) => {
		const samples = [];
		for ( let run = 0; run < runs; run++ ) {
			const started = performance.now();
			const response = await fetch( url );
			await response.arrayBuffer();
			if ( ! response.ok ) {
				throw new Error( `${ url } answered ${ response.status }` );
			}
			samples.push( performance.now() - started );
		}
		samples.sort( ( a, b ) => a - b );
		return {
			median: samples[ Math.floor( runs / 2 ) ],
			p95: samples[ Math.floor( runs * 0.95 ) ],
		};
	};
	console.log(
		`Server timings against ${ site } (30 requests each, after one warm-up):`
	);
	for ( const [ label, path ] of [
		[
			'GET /wp-json/my-plugin/v1/settings',
			'/wp-json/my-plugin/v1/settings',
		],
		[ 'GET /donate/ (page with the widget)', '/donate/' ],
	] ) {
		await time( site + path, 1 );
		const { median, p95 } = await time( site + path );
		console.log(
			`  ${ label.padEnd( 40 ) } median ${ median.toFixed( 1 ) } ms, p95 ${ p95.toFixed( 1 ) } ms`
		);
	}
}

if ( option( '--export' ) ) {
	const { printExport } = await import( './benchmark/export.mjs' );
	await printExport(
		option( '--export' ),
		option( '--export-search' ) ?? ''
	);
}

if ( option( '--admin' ) ) {
	const { adminTimings } = await import( './benchmark/admin.mjs' );
	await adminTimings( {
		site: option( '--admin' ),
		rows: option( '--rows' ) ? Number( option( '--rows' ) ) : null,
		siteName: option( '--site-name' ),
		runs: option( '--runs' ) ? Number( option( '--runs' ) ) : null,
	} );
}

if ( option( '--reports' ) ) {
	const { reportsTimings } = await import( './benchmark/reports.mjs' );
	await reportsTimings( {
		site: option( '--reports' ),
		rows: option( '--rows' ) ? Number( option( '--rows' ) ) : null,
		siteName: option( '--site-name' ),
		runs: option( '--runs' ) ? Number( option( '--runs' ) ) : null,
		upgrade: process.argv.includes( '--upgrade' ),
	} );
}

if ( option( '--self-service' ) ) {
	const { printSelfService } = await import( './benchmark/self-service.mjs' );
	await printSelfService(
		option( '--self-service' ),
		option( '--known' ) ?? '',
		Number( option( '--runs' ) ) || 4
	);
}

if ( option( '--statements' ) ) {
	const { printStatements } = await import( './benchmark/statements.mjs' );
	printStatements( Number( option( '--statements' ) ) || 3000 );
}

if ( option( '--import' ) ) {
	const { printImport } = await import( './benchmark/import.mjs' );
	await printImport( Number( option( '--import' ) ) || 100000 );
}

if ( option( '--lighthouse' ) ) {
	const { runLighthouse } = await import( './benchmark/lighthouse.mjs' );
	await runLighthouse(
		option( '--lighthouse' ),
		Number( option( '--runs' ) ) || 3,
		console.log,
		! process.argv.includes( '--no-gzip' )
	);
}

if ( option( '--donor-wait' ) ) {
	const { printDonorWait } = await import( './benchmark/donor-wait.mjs' );
	await printDonorWait( {
		site: option( '--donor-wait' ),
		runs: Number( option( '--runs' ) ) || 7,
		gzip: ! process.argv.includes( '--no-gzip' ),
	} );
}

if ( option( '--placeholder-heights' ) ) {
	const { printPlaceholderHeights } =
		await import( './benchmark/placeholder-heights.mjs' );
	await printPlaceholderHeights( option( '--placeholder-heights' ) );
}

if ( process.argv.includes( '--check' ) ) {
	const broken = [];
	const check = ( label, actual, limit ) => {
		if ( limit !== undefined && actual > limit ) {
			broken.push(
				`${ label }: ${ kb( actual ) } gzip is over its budget of ${ kb( limit ) }`
			);
		}
	};
	check( 'initial widget code', initialGzip, budget.initialGzip );
	for ( const row of rows ) {
		check( row.name, row.gzip, budget.files?.[ row.name ] );
	}
	const largestLazy = Math.max( 0, ...lazy.map( ( row ) => row.gzip ) );
	check( 'largest lazy chunk', largestLazy, budget.lazyChunkGzip );
	for ( const forbidden of budget.forbiddenInitialDependencies ?? [] ) {
		if ( dependencies.includes( forbidden ) ) {
			broken.push(
				`view.js depends on ${ forbidden }, which must not load before the first step`
			);
		}
	}
	if ( broken.length ) {
		console.error( '\nSize budget broken:\n  ' + broken.join( '\n  ' ) );
		process.exit( 1 );
	}
	console.log( '\nSize budget: within every limit (bin/size-budget.json).' );
}
