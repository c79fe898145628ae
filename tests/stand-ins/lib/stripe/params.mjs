/**
 * Stripe stand-in: Request parameters read and checked as Stripe checks them.
 */
import { isTrue } from '../util.mjs';
import { ZERO_DECIMAL, CURRENCIES } from './constants.mjs';
import { invalid, missingParam, expandList } from './helpers.mjs';
import { loadSchema, resolve } from './schema/schemas.mjs';

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

	/**
	 * The name an endpoint gives the payment method types an intent may use, in the version
	 * of the request: `allowed_payment_method_types` in 2026-10-28.endive (stripe 23.1.0's
	 * PaymentIntent and SetupIntent params have no `payment_method_types`),
	 * `payment_method_types` in 2024-06-20. Read from the version's definitions.
	 *
	 * @param {string} endpoint Such as "POST /v1/payment_intents".
	 * @return {string|null} Parameter name, or null when the endpoint takes none.
	 */
	methodTypesName( endpoint ) {
		const schema = loadSchema( this.renderVersion() );
		const definition = schema && schema.endpoints[ endpoint ];
		const params = definition && resolve( schema, definition.params );
		const props = ( params && params.props ) || {};
		return (
			[ 'allowed_payment_method_types', 'payment_method_types' ].find(
				( name ) => name in props
			) || null
		);
	}

	/**
	 * The payment method types a request asks for, under its version's name.
	 *
	 * @param {Object} p        Parameters.
	 * @param {string} endpoint Such as "POST /v1/payment_intents".
	 * @return {string[]|null} Types, or null when none are given.
	 */
	methodTypesParam( p, endpoint ) {
		const name = this.methodTypesName( endpoint );
		const types = name ? expandList( p[ name ] ) : [];
		return types.length ? types : null;
	}
}
