/**
 * What the WordPress plugin directory asks of every plugin, checked on the running site:
 * pages that carry a link token are never cached and never leak it as a referrer, and the
 * plugin's PHP files answer a direct request quietly (no HTTP 500, no fatal error naming the
 * server's paths; the fixtures fail the test on anything written to the debug log).
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '../fixtures';

const ROOT = path.resolve( __dirname, '../../..' );

function phpFiles( dir: string ): string[] {
	return fs
		.readdirSync( path.join( ROOT, dir ), { withFileTypes: true } )
		.flatMap( ( entry ) => {
			const relative = path.posix.join( dir, entry.name );
			if ( entry.isDirectory() ) {
				return phpFiles( relative );
			}
			return entry.name.endsWith( '.php' ) ? [ relative ] : [];
		} );
}

test( 'a card-update link page is never cached and never sent as a referrer', async ( {
	request,
} ) => {
	const response = await request.get(
		'/update-card/?requestID=a-link-token'
	);
	expect( response.status() ).toBe( 200 );
	expect( response.headers()[ 'cache-control' ] ).toContain( 'no-store' );
	expect( response.headers()[ 'referrer-policy' ] ).toBe( 'no-referrer' );
} );

test( 'the card-update page without a link keeps its ordinary caching', async ( {
	request,
} ) => {
	const response = await request.get( '/update-card/' );
	expect( response.status() ).toBe( 200 );
	expect( response.headers()[ 'referrer-policy' ] ).toBeUndefined();
} );

test( 'a statement link page is never cached and never sent as a referrer', async ( {
	request,
} ) => {
	const response = await request.get(
		'/?donation-widget-statement=a-link-token'
	);
	expect( response.headers()[ 'cache-control' ] ).toContain( 'no-store' );
	expect( response.headers()[ 'referrer-policy' ] ).toBe( 'no-referrer' );
} );

test( 'every plugin PHP file answers a direct request quietly', async ( {
	request,
} ) => {
	const files = [
		'donation-widget.php',
		'uninstall.php',
		...phpFiles( 'includes' ),
		...phpFiles( 'blocks' ),
	];
	expect( files.length ).toBeGreaterThan( 200 );
	const loud: string[] = [];
	for ( const file of files ) {
		const response = await request.get(
			`/wp-content/plugins/donation-widget/${ file }`
		);
		const body = await response.text();
		if ( response.status() >= 500 || body.trim() !== '' ) {
			loud.push(
				`${ file }: HTTP ${ response.status() } ${ body.slice( 0, 120 ) }`
			);
		}
	}
	expect( loud ).toEqual( [] );
} );
