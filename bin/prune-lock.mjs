#!/usr/bin/env node
/**
 * Drops, from package-lock.json, optional dependencies that have no entry in the lock.
 *
 * The npm registry these machines reach serves only some platform builds of a few packages
 * (unrs-resolver's bindings for other systems are missing). `npm install` skips the missing
 * optional packages silently but still lists them, and `npm ci` then refuses the lock as out of
 * sync. Run this after any `npm install` that changes the lock.
 */
import fs from 'node:fs';

const file = new URL( '../package-lock.json', import.meta.url );
const lock = JSON.parse( fs.readFileSync( file, 'utf8' ) );
const paths = Object.keys( lock.packages );
const inLock = ( name ) =>
	paths.some(
		( path ) =>
			path === `node_modules/${ name }` ||
			path.endsWith( `/node_modules/${ name }` )
	);

let dropped = 0;
for ( const entry of Object.values( lock.packages ) ) {
	for ( const name of Object.keys( entry.optionalDependencies ?? {} ) ) {
		if ( ! inLock( name ) ) {
			delete entry.optionalDependencies[ name ];
			dropped++;
		}
	}
}
fs.writeFileSync( file, JSON.stringify( lock, null, 2 ) + '\n' );
console.log(
	`prune-lock: dropped ${ dropped } optional dependencies the registry does not serve.`
);
