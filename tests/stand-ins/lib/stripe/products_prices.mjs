/**
 * Stripe stand-in: Products and prices.
 */
import { stripeId, unixNow, isTrue } from '../util.mjs';
import { invalid, missingParam, expandList } from './helpers.mjs';

export class ProductsPrices {
	createProduct( req ) {
		const p = req.params;
		if ( ! p.name ) {
			missingParam( 'name' );
		}
		if ( p.id && this.objects.has( p.id ) ) {
			invalid( 'Product already exists.', {
				param: 'id',
				code: 'resource_already_exists',
			} );
		}
		const now = unixNow();
		const product = {
			id: p.id || stripeId( 'prod', 14 ),
			object: 'product',
			active: p.active === undefined ? true : isTrue( p.active ),
			created: now,
			default_price: null,
			description: p.description || null,
			images: [],
			livemode: req.auth.livemode,
			marketing_features: [],
			metadata: this.metadataParam( p.metadata ),
			name: p.name,
			package_dimensions: null,
			shippable: null,
			statement_descriptor: p.statement_descriptor || null,
			tax_code: null,
			type: 'service',
			unit_label: null,
			updated: now,
			url: null,
		};
		this.save( product );
		if ( p.default_price_data ) {
			const price = this.newPrice(
				{ ...p.default_price_data, product: product.id },
				req.auth,
				'default_price_data'
			);
			product.default_price = price.id;
		}
		this.emit( 'product.created', product );
		return this.render( product, p.expand );
	}

	updateProduct( req, id ) {
		const product = this.mustFind( id, 'product' );
		const p = req.params;
		for ( const field of [ 'name', 'description', 'default_price' ] ) {
			if ( p[ field ] !== undefined ) {
				product[ field ] = p[ field ] || null;
			}
		}
		if ( p.active !== undefined ) {
			product.active = isTrue( p.active );
		}
		product.metadata = this.metadataParam( p.metadata, product.metadata );
		product.updated = unixNow();
		return this.render( product, p.expand );
	}

	listProducts( req ) {
		const p = req.params;
		const ids = expandList( p.ids );
		return this.list(
			'product',
			( product ) =>
				( p.active === undefined ||
					product.active === isTrue( p.active ) ) &&
				( ! ids.length || ids.includes( product.id ) ),
			p,
			'/v1/products'
		);
	}

	newPrice( p, auth, param = '' ) {
		const name = ( field ) => ( param ? `${ param }[${ field }]` : field );
		const currency = this.currencyParam( p.currency, name( 'currency' ) );
		let unitAmount = this.intParam( p.unit_amount, name( 'unit_amount' ), {
			min: 0,
		} );
		if ( unitAmount === null && p.unit_amount_decimal !== undefined ) {
			unitAmount = Math.round( Number( p.unit_amount_decimal ) );
		}
		if ( unitAmount === null ) {
			missingParam( name( 'unit_amount' ) );
		}
		let productId = p.product;
		if ( ! productId && p.product_data ) {
			if ( ! p.product_data.name ) {
				missingParam( name( 'product_data[name]' ) );
			}
			const product = {
				id: stripeId( 'prod', 14 ),
				object: 'product',
				active: true,
				created: unixNow(),
				default_price: null,
				description: null,
				images: [],
				livemode: !! auth.livemode,
				metadata: this.metadataParam( p.product_data.metadata ),
				name: p.product_data.name,
				type: 'service',
				updated: unixNow(),
				url: null,
			};
			this.save( product );
			productId = product.id;
		}
		if ( ! productId ) {
			missingParam( name( 'product' ) );
		}
		this.mustFind( productId, 'product', name( 'product' ) );
		let recurring = null;
		if ( p.recurring ) {
			const interval = p.recurring.interval;
			if ( ! interval ) {
				missingParam( name( 'recurring[interval]' ) );
			}
			if ( ! [ 'day', 'week', 'month', 'year' ].includes( interval ) ) {
				invalid(
					`Invalid recurring[interval]: must be one of day, week, month, or year`,
					{ param: name( 'recurring[interval]' ) }
				);
			}
			const count =
				this.intParam(
					p.recurring.interval_count,
					name( 'recurring[interval_count]' ),
					{ min: 1 }
				) || 1;
			recurring = {
				aggregate_usage: null,
				interval,
				interval_count: count,
				meter: null,
				trial_period_days: null,
				usage_type: 'licensed',
			};
		}
		const price = {
			id: stripeId( 'price', 24 ),
			object: 'price',
			active: p.active === undefined ? true : isTrue( p.active ),
			billing_scheme: 'per_unit',
			created: unixNow(),
			currency,
			custom_unit_amount: null,
			livemode: !! auth.livemode,
			lookup_key: p.lookup_key || null,
			metadata: this.metadataParam( p.metadata ),
			nickname: p.nickname || null,
			product: productId,
			recurring,
			tax_behavior: p.tax_behavior || 'unspecified',
			tiers_mode: null,
			transform_quantity: null,
			type: recurring ? 'recurring' : 'one_time',
			unit_amount: unitAmount,
			unit_amount_decimal: String( unitAmount ),
		};
		return this.save( price );
	}

	createPrice( req ) {
		const price = this.newPrice( req.params, req.auth );
		this.emit( 'price.created', price );
		return this.render( price, req.params.expand );
	}

	updatePrice( req, id ) {
		const price = this.mustFind( id, 'price' );
		const p = req.params;
		if ( p.active !== undefined ) {
			price.active = isTrue( p.active );
		}
		if ( p.nickname !== undefined ) {
			price.nickname = p.nickname || null;
		}
		if ( p.lookup_key !== undefined ) {
			price.lookup_key = p.lookup_key || null;
		}
		price.metadata = this.metadataParam( p.metadata, price.metadata );
		return this.render( price, p.expand );
	}

	listPrices( req ) {
		const p = req.params;
		const lookupKeys = expandList( p.lookup_keys );
		return this.list(
			'price',
			( price ) =>
				( ! p.product || price.product === p.product ) &&
				( p.active === undefined ||
					price.active === isTrue( p.active ) ) &&
				( ! p.type || price.type === p.type ) &&
				( ! p.currency || price.currency === p.currency ) &&
				( ! lookupKeys.length ||
					lookupKeys.includes( price.lookup_key ) ),
			p,
			'/v1/prices'
		);
	}
}
