/**
 * What every benchmark mode prints beside its timings.
 */
import os from 'node:os';

/**
 * The median of some timings (the mean of the middle two for an even count).
 *
 * @param {number[]} values Timings.
 * @return {number} Median.
 */
export const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const middle = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ middle ]
		: ( sorted[ middle - 1 ] + sorted[ middle ] ) / 2;
};

/**
 * The machine's 1, 5 and 15 minute load averages, so a figure can be read against the load
 * it was measured under.
 *
 * @param {string} separator Between the three.
 * @return {string} E.g. "1.33 2.47 3.21".
 */
export const loadAverage = ( separator = ' ' ) =>
	os
		.loadavg()
		.map( ( load ) => load.toFixed( 2 ) )
		.join( separator );
