/**
 * The Stripe API versions the stand-in answers in, and their object shapes (shapes-*.json,
 * written by extract-shapes.mjs from the `stripe` npm package's types for each version).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ENDIVE = '2026-10-28.endive';
export const V2024_06_20 = '2024-06-20';

/** What the stand-in answers in; the first is the account default after a reset. */
export const SUPPORTED_VERSIONS = [ ENDIVE, V2024_06_20 ];

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const cache = new Map();

/**
 * The shapes of one version: { objects: { invoice: 'Invoice', … }, types: { Invoice: { fields } } }.
 *
 * @param {string} version A supported version.
 * @return {Object} Shapes.
 */
export function shapesOf( version ) {
	if ( ! cache.has( version ) ) {
		const shapes = JSON.parse(
			readFileSync(
				path.join( HERE, `shapes-${ version }.json` ),
				'utf8'
			)
		);
		for ( const [ typeName, type ] of Object.entries( shapes.types ) ) {
			type.name = typeName;
			type.byName = new Map(
				type.fields.map( ( [ name, optional, desc ] ) => [
					name,
					{ optional, desc },
				] )
			);
		}
		cache.set( version, shapes );
	}
	return cache.get( version );
}

/**
 * Fields Stripe leaves out unless asked for with expand[] ("includable").
 */
export const INCLUDABLE = {
	charge: [ 'refunds' ],
	customer: [
		'cash_balance',
		'invoice_credit_balance',
		'sources',
		'subscriptions',
		'tax',
		'tax_ids',
	],
	invoice: [ 'confirmation_secret', 'payments' ],
	plan: [ 'tiers' ],
	price: [ 'currency_options', 'tiers' ],
};
