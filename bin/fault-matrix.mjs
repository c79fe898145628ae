/**
 * The fault matrix, for those who start things with node: node bin/fault-matrix.mjs --full
 * runs bin/fault-matrix.sh with the same options (see there) and exits with its status.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname( fileURLToPath( import.meta.url ) );
const result = spawnSync(
	'bash',
	[ path.join( here, 'fault-matrix.sh' ), ...process.argv.slice( 2 ) ],
	{ stdio: 'inherit' }
);
process.exit( result.status ?? 1 );
