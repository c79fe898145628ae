/**
 * Times the history import of ROWS generated GiveWP rows on the local e2e site
 * (bin/benchmark/import.php): the upload, the dry run, then each import batch's rows per second
 * and peak PHP memory (reset before each batch: a flat column means memory does not grow with
 * the import). Prints every batch and a summary; asserts nothing.
 *
 *   node bin/benchmark.mjs --import 100000
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadAverage } from './figures.mjs';

const here = path.dirname( fileURLToPath( import.meta.url ) );
const mb = ( bytes ) => `${ ( bytes / 1024 / 1024 ).toFixed( 1 ) } MB`;
const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	return sorted.length ? sorted[ Math.floor( sorted.length / 2 ) ] : 0;
};

/**
 * Prints the import's totals: rows/s (the median of each hundred batches, to show whether the
 * rate holds) and peak memory (first, last and highest batch, to show whether it grows).
 *
 * @param {Object}   total   The script's closing figures.
 * @param {Object[]} batches Each import batch's figures.
 */
function printSummary( total, batches ) {
	// The last pass finds no rows left: it only marks the import done.
	const working = batches.filter( ( batch ) => batch.rows > 0 );
	const peaks = working.map( ( batch ) => batch.peak_bytes );
	console.log(
		`  import             ${ total.seconds.toFixed( 1 ) } s, ${
			total.created
		} gifts created (${ total.stage }), ${ (
			total.created / total.seconds
		).toFixed( 0 ) } rows/s overall`
	);
	for ( let start = 0; start < working.length; start += 100 ) {
		const part = working.slice( start, start + 100 );
		console.log(
			`  batches ${ start + 1 }-${ start + part.length }: median ${ median(
				part.map( ( batch ) => batch.rows_per_s )
			).toFixed( 0 ) } rows/s, highest peak memory ${ mb(
				Math.max( ...part.map( ( batch ) => batch.peak_bytes ) )
			) }`
		);
	}
	console.log(
		`  peak memory: first batch ${ mb( peaks[ 0 ] ?? 0 ) }, last ${ mb(
			peaks[ peaks.length - 1 ] ?? 0
		) }, highest ${ mb( Math.max( 0, ...peaks ) ) }`
	);
}

/**
 * Runs the measurement and prints it as it goes.
 *
 * @param {number} rows Rows to import.
 * @return {Promise<void>}
 */
export async function printImport( rows ) {
	const php = spawn(
		'php',
		[ path.join( here, 'import.php' ), String( rows ) ],
		{
			env: { DONATION_WIDGET_SITE: 'e2e', ...process.env },
			stdio: [ 'ignore', 'pipe', 'inherit' ],
		}
	);
	const batches = [];
	console.log( `\nHistory import: ${ rows } GiveWP rows` );
	for await ( const line of readline.createInterface( {
		input: php.stdout,
	} ) ) {
		let figure;
		try {
			figure = JSON.parse( line );
		} catch {
			console.log( line );
			continue;
		}
		if ( figure.phase === 'upload' ) {
			console.log(
				`  upload (staging)   ${ figure.seconds.toFixed( 1 ) } s for ${ mb(
					figure.bytes
				) }, peak ${ mb( figure.peak_bytes ) }`
			);
		} else if ( figure.phase === 'dry_run' ) {
			console.log(
				`  dry run            ${ figure.seconds.toFixed( 1 ) } s in ${
					figure.batches
				} batches (${ figure.ok } to create, ${
					figure.refused
				} refused)`
			);
			console.log( '  batch   rows   rows/s   peak memory' );
		} else if ( figure.phase === 'import' ) {
			batches.push( figure );
			console.log(
				`  ${ String( figure.batch ).padStart( 5 ) } ${ String(
					figure.rows
				).padStart( 6 ) } ${ figure.rows_per_s
					.toFixed( 0 )
					.padStart( 8 ) }   ${ mb( figure.peak_bytes ) }`
			);
		} else if ( figure.phase === 'total' ) {
			printSummary( figure, batches );
		}
	}
	await new Promise( ( resolve ) => php.on( 'close', resolve ) );
	console.log( `  load average ${ loadAverage() }` );
}
