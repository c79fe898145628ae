/**
 * Times the end-of-financial-year statements on the local e2e site (bin/benchmark/statements.php
 * seeds ROWS donations in a past financial year, finds its donors, sends every statement into
 * the mail queue, reads one donor's preview and writes the CSV of totals, then deletes what it
 * made). Prints the figures and the load average; asserts nothing.
 *
 *   node bin/benchmark.mjs --statements 30000
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage } from './figures.mjs';

const here = path.dirname( fileURLToPath( import.meta.url ) );

/**
 * Runs the measurement and prints it.
 *
 * @param {number} rows Donations to seed.
 */
export function printStatements( rows ) {
	const figures = JSON.parse(
		execFileSync(
			'php',
			[ path.join( here, 'statements.php' ), String( rows ) ],
			{
				env: {
					DONATION_WIDGET_SITE: 'e2e',
					...process.env,
				},
				maxBuffer: 16 * 1024 * 1024,
			}
		).toString()
	);
	const load = loadAverage();
	const ms = ( value ) => `${ value.toFixed( 0 ) } ms`;
	console.log(
		`\nTax statements: ${ figures.rows } donations in one year (${ figures.all_rows } in the table), load average ${ load }`
	);
	console.log(
		`  finding donors        ${ ms( figures.find_ms ) } in ${ figures.find_steps } steps`
	);
	console.log(
		`  sending ${ String( figures.statements ).padEnd( 6 ) }        ${ ms(
			figures.send_ms
		) } in ${ figures.send_steps } steps (slowest step ${ ms(
			figures.step_max_ms
		) })`
	);
	console.log( `  one donor's preview   ${ ms( figures.preview_ms ) }` );
	console.log(
		`  CSV of totals         ${ ms( figures.csv_ms ) } (${ figures.csv_lines } lines)`
	);
}
