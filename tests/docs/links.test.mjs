/**
 * Every link into docs/ names a page and a heading that exist, so the comments that cite
 * docs/widget-contract.md#46-card-payment-donation (and the markdown links between pages) keep
 * pointing somewhere when a heading is renamed. Run with `node --test tests/docs/`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, extname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve( dirname( fileURLToPath( import.meta.url ) ), '../..' );
const scanned = [
	'includes',
	'src',
	'blocks',
	'bin',
	'tests',
	'docs',
	'README.md',
];
const skipped = new Set( [
	'node_modules',
	'vendor',
	'build',
	'.git',
	'test-results',
	'playwright-report',
] );
const textExtensions = new Set( [
	'.php',
	'.ts',
	'.tsx',
	'.js',
	'.mjs',
	'.cjs',
	'.md',
	'.sh',
	'.scss',
] );

function files( path ) {
	const full = join( root, path );
	if ( ! existsSync( full ) ) {
		return [];
	}
	if ( statSync( full ).isFile() ) {
		return [ path ];
	}
	return readdirSync( full, { withFileTypes: true } ).flatMap( ( entry ) => {
		if ( skipped.has( entry.name ) ) {
			return [];
		}
		const child = join( path, entry.name );
		if ( entry.isDirectory() ) {
			return files( child );
		}
		return textExtensions.has( extname( entry.name ) ) ? [ child ] : [];
	} );
}

/**
 * GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered.
 *
 * @param {string} markdownFile Absolute path of a markdown page.
 * @return {Set<string>} Its anchors.
 */
function anchorsOf( markdownFile ) {
	const seen = new Map();
	const anchors = new Set();
	let fenced = false;
	for ( const line of readFileSync( markdownFile, 'utf8' ).split( '\n' ) ) {
		if ( line.trimStart().startsWith( '```' ) ) {
			fenced = ! fenced;
		}
		const heading = ! fenced && line.match( /^#{1,6}\s+(.*?)\s*#*\s*$/ );
		if ( ! heading ) {
			continue;
		}
		const base = heading[ 1 ]
			.replace( /\[([^\]]*)\]\([^)]*\)/g, '$1' )
			.toLowerCase()
			.replace( /[^\p{L}\p{N}\s_-]/gu, '' )
			.replace( /\s/g, '-' );
		const count = seen.get( base ) ?? 0;
		seen.set( base, count + 1 );
		anchors.add( count ? `${ base }-${ count }` : base );
	}
	return anchors;
}

/** Each cited link: [file, line, target page relative to the repo root, anchor]. */
function citations() {
	const found = [];
	for ( const file of scanned.flatMap( files ) ) {
		const lines = readFileSync( join( root, file ), 'utf8' ).split( '\n' );
		lines.forEach( ( text, index ) => {
			// Repo-root paths as code comments write them.
			for ( const match of text.matchAll(
				/(?<![\w/.-])(docs\/[\w.-]+\.md)#([\w-]+)/g
			) ) {
				found.push( [ file, index + 1, match[ 1 ], match[ 2 ] ] );
			}
			// Relative markdown links between pages: [text](widget-contract.md#46-…).
			if ( file.endsWith( '.md' ) ) {
				for ( const match of text.matchAll(
					/\]\(([^)\s#]*\.md)?#([\w-]+)\)/g
				) ) {
					const page = match[ 1 ]
						? relative(
								root,
								resolve( root, dirname( file ), match[ 1 ] )
							)
						: file;
					found.push( [ file, index + 1, page, match[ 2 ] ] );
				}
			}
		} );
	}
	return found;
}

test( 'every docs/…md#anchor cited in the repo names a heading that exists', () => {
	const cache = new Map();
	const broken = [];
	const all = citations();
	for ( const [ file, line, page, anchor ] of all ) {
		const full = join( root, page );
		if ( ! cache.has( page ) ) {
			cache.set( page, existsSync( full ) ? anchorsOf( full ) : null );
		}
		const anchors = cache.get( page );
		if ( ! anchors ) {
			broken.push( `${ file }:${ line }: ${ page } does not exist` );
		} else if ( ! anchors.has( anchor ) ) {
			broken.push(
				`${ file }:${ line }: ${ page } has no heading #${ anchor }`
			);
		}
	}
	assert.ok(
		all.length > 100,
		`only ${ all.length } links found: is the scan looking in the right place?`
	);
	assert.deepEqual( broken, [] );
} );

test( 'production code cites the widget contract in the repo, not a SPEC file it does not hold', () => {
	const left = [];
	for ( const file of [ 'includes', 'src', 'blocks' ].flatMap( files ) ) {
		if ( file.includes( '__tests__' ) ) {
			continue; // Test titles are strings: they keep their words.
		}
		readFileSync( join( root, file ), 'utf8' )
			.split( '\n' )
			.forEach( ( text, index ) => {
				if ( /SPEC\s+§/.test( text ) ) {
					left.push( `${ file }:${ index + 1 }` );
				}
			} );
	}
	// Fix: python3 /work/wt/spec-links.py . (or write the docs/widget-contract.md#… link by hand).
	assert.deepEqual( left, [] );
} );
