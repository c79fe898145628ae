/**
 * Stripe stand-in: Request parameters read and checked as Stripe checks them.
 */
import { isTrue } from '../util.mjs';
import { ZERO_DECIMAL, CURRENCIES } from './constants.mjs';
import { invalid, missingParam } from './helpers.mjs';

export class Params {
	limitParam( value ) {
		if ( value === undefined || value === '' ) {
			return 10;
		}
		const limit = Number( value );
		if ( ! Number.isInteger( limit ) ) {
			invalid( `Invalid integer: ${ value }`, { param: 'limit' } );
		}
		if ( limit < 1 || limit > 100 ) {
			invalid(
				'This value must be greater than or equal to 1 and less than or equal to 100.',
				{ param: 'limit' }
			);
		}
		return limit;
	}

	intParam( value, param, { required = false, min = null } = {} ) {
		if ( value === undefined || value === '' ) {
			if ( required ) {
				missingParam( param );
			}
			return null;
		}
		if ( ! /^-?\d+$/.test( String( value ) ) ) {
			invalid( `Invalid integer: ${ value }`, { param } );
		}
		const number = Number( value );
		if ( min !== null && number < min ) {
			invalid( `This value must be greater than or equal to ${ min }.`, {
				param,
			} );
		}
		return number;
	}

	currencyParam( value, param = 'currency', required = true ) {
		if ( ! value ) {
			if ( required ) {
				missingParam( param );
			}
			return null;
		}
		const currency = String( value ).toLowerCase();
		if ( ! CURRENCIES.has( currency ) ) {
			invalid(
				`Invalid currency: ${ currency }. Stripe currently supports these currencies: ${ [
					...CURRENCIES,
				].join( ', ' ) }`,
				{ param }
			);
		}
		return currency;
	}

	minimumAmount( amount, currency, param = 'amount' ) {
		const minimum = 50;
		if ( amount < minimum ) {
			const shown = ZERO_DECIMAL.has( currency )
				? `${ minimum }`
				: `$${ ( minimum / 100 ).toFixed( 2 ) }`;
			invalid( `Amount must be at least ${ shown } ${ currency }`, {
				param,
				code: 'amount_too_small',
			} );
		}
	}

	metadataParam( value, previous = {} ) {
		if ( value === undefined ) {
			return { ...previous };
		}
		if ( value === '' ) {
			return {};
		}
		if ( typeof value !== 'object' || Array.isArray( value ) ) {
			invalid( 'Invalid object', { param: 'metadata' } );
		}
		const result = { ...previous };
		for ( const [ key, item ] of Object.entries( value ) ) {
			if ( key.length > 40 ) {
				invalid(
					`Metadata keys can have up to 40 characters. Key '${ key }' is too long.`,
					{ param: `metadata[${ key }]` }
				);
			}
			if ( item === '' ) {
				delete result[ key ];
			} else {
				const text = String( item );
				if ( text.length > 500 ) {
					invalid(
						`Metadata values can have up to 500 characters, but you passed in a value that is ${ text.length } characters. Invalid value: ${ text }`,
						{ param: `metadata[${ key }]` }
					);
				}
				result[ key ] = text;
			}
		}
		if ( Object.keys( result ).length > 50 ) {
			invalid( 'You can have at most 50 metadata keys.', {
				param: 'metadata',
			} );
		}
		return result;
	}

	addressParam( value ) {
		if ( ! value || typeof value !== 'object' ) {
			return null;
		}
		return {
			city: value.city || null,
			country: value.country || null,
			line1: value.line1 || null,
			line2: value.line2 || null,
			postal_code: value.postal_code || null,
			state: value.state || null,
		};
	}

	billingDetailsParam( value = {} ) {
		return {
			address: this.addressParam( value.address ) || {
				city: null,
				country: null,
				line1: null,
				line2: null,
				postal_code: null,
				state: null,
			},
			email: value.email || null,
			name: value.name || null,
			phone: value.phone || null,
		};
	}

	offSessionParam( value ) {
		if ( value === undefined || value === '' || value === 'false' ) {
			return false;
		}
		if ( value === 'one_off' || value === 'recurring' ) {
			return value;
		}
		return isTrue( value );
	}
}
