/**
 * The PayPal stand-in against PayPal's own definitions.
 *
 * Run: node --test tests/stand-ins/
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
	shapeProblems,
	REQUEST_KINDS,
	limitsOf,
} from './lib/paypal/schemas.mjs';

describe( 'PayPal definitions', () => {
	test( 'the shape check finds what PayPal would not send', () => {
		const problems = shapeProblems(
			{ id: 'X', status: 'SETTLED', amount: { value: 5 }, bonus: 1 },
			'capture'
		).join( '\n' );
		assert.match(
			problems,
			/amount\/value: Expected value to be of type 'string'/
		);
		assert.match(
			problems,
			/amount: Some properties are missing in the object: "currency_code"/
		);
		assert.match( problems, /status: "SETTLED" is not one of/ );
		assert.match(
			problems,
			/bonus: not a field of PayPal's capture model/
		);
		assert.match(
			shapeProblems(
				{
					id: 'WH-1',
					resource_type: 'refund',
					resource: { id: 'R', seller_payable: {} },
				},
				'event'
			).join( '\n' ),
			/resource\/seller_payable: not a field of PayPal's refund model/
		);
	} );

	test( 'every limit of PayPal’s OpenAPI compiles, and the order fields the widget sends have theirs', () => {
		for ( const kind of REQUEST_KINDS ) {
			for ( const [ at, limits ] of Object.entries( limitsOf( kind ) ) ) {
				if ( limits.pattern ) {
					assert.doesNotThrow(
						() => new RegExp( limits.pattern ),
						at
					);
				}
			}
		}
		// The order fields the widget sends all have their published limits.
		for ( const at of [
			'purchase_units/*/custom_id',
			'purchase_units/*/invoice_id',
			'purchase_units/*/amount/currency_code',
			'purchase_units/*/amount/value',
		] ) {
			assert.ok( limitsOf( 'orders.create' )[ at ], at );
		}
	} );
} );
