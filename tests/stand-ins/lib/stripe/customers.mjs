/**
 * Stripe stand-in: Customers and their legacy sources.
 */
import { stripeId, randomString, unixNow, clone } from '../util.mjs';
import { invalid, missingParam } from './helpers.mjs';

export class Customers {
	createCustomer( req ) {
		const p = req.params;
		const customer = {
			id: stripeId( 'cus', 14 ),
			object: 'customer',
			address: this.addressParam( p.address ),
			balance: 0,
			created: unixNow(),
			currency: null,
			default_source: null,
			delinquent: false,
			description: p.description || null,
			discount: null,
			email: p.email || null,
			invoice_prefix: randomString( 8 ).toUpperCase(),
			invoice_settings: {
				custom_fields: null,
				default_payment_method: null,
				footer: null,
				rendering_options: null,
			},
			livemode: req.auth.livemode,
			metadata: this.metadataParam( p.metadata ),
			name: p.name || null,
			next_invoice_sequence: 1,
			phone: p.phone || null,
			preferred_locales: [],
			shipping: p.shipping || null,
			tax_exempt: 'none',
			test_clock: null,
		};
		// Validate references before saving anything.
		let pm = null;
		if ( p.payment_method ) {
			pm = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
		}
		let defaultPm = null;
		if ( p.invoice_settings && p.invoice_settings.default_payment_method ) {
			defaultPm = p.invoice_settings.default_payment_method;
		}
		this.save( customer );
		if ( pm ) {
			try {
				this.attach( pm, customer );
			} catch ( error ) {
				this.objects.delete( customer.id );
				throw error;
			}
		}
		if ( defaultPm ) {
			const target =
				pm && defaultPm === p.payment_method
					? pm
					: this.resolvePaymentMethod(
							defaultPm,
							'invoice_settings[default_payment_method]',
							req.auth
						);
			if ( target.customer !== customer.id ) {
				this.objects.delete( customer.id );
				invalid(
					`No such PaymentMethod: '${ defaultPm }'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
					{ param: 'invoice_settings[default_payment_method]' }
				);
			}
			customer.invoice_settings.default_payment_method = target.id;
		}
		if ( p.source ) {
			this.addSource( customer, p.source );
		}
		this.emit( 'customer.created', customer );
		return this.render( customer, p.expand );
	}

	addSource( customer, source ) {
		const token = this.useToken( source, 'source' );
		const card = {
			...clone( token.card ),
			customer: customer.id,
		};
		this.cards.set( card.id, { ...this.cards.get( token.id ) } );
		this.save( card );
		if ( ! customer.default_source ) {
			customer.default_source = card.id;
		}
		return card;
	}

	createCustomerSource( req, id ) {
		const customer = this.mustFind( id, 'customer' );
		if ( ! req.params.source ) {
			missingParam( 'source' );
		}
		return this.render( this.addSource( customer, req.params.source ) );
	}

	updateCustomer( req, id ) {
		const customer = this.mustFind( id, 'customer' );
		const p = req.params;
		const previous = {};
		for ( const field of [ 'email', 'name', 'phone', 'description' ] ) {
			if ( p[ field ] !== undefined ) {
				previous[ field ] = customer[ field ];
				customer[ field ] = p[ field ] || null;
			}
		}
		if ( p.address !== undefined ) {
			customer.address = this.addressParam( p.address );
		}
		if ( p.shipping !== undefined ) {
			customer.shipping = p.shipping || null;
		}
		if ( p.metadata !== undefined ) {
			previous.metadata = clone( customer.metadata );
			customer.metadata = this.metadataParam(
				p.metadata,
				customer.metadata
			);
		}
		if (
			p.invoice_settings &&
			'default_payment_method' in p.invoice_settings
		) {
			const value = p.invoice_settings.default_payment_method;
			previous.invoice_settings = clone( customer.invoice_settings );
			if ( ! value ) {
				customer.invoice_settings.default_payment_method = null;
			} else {
				const pm = this.find( value, 'payment_method' );
				if ( ! pm || pm.customer !== customer.id ) {
					invalid(
						`No such PaymentMethod: '${ value }'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
						{
							param: 'invoice_settings[default_payment_method]',
							code: 'resource_missing',
						}
					);
				}
				customer.invoice_settings.default_payment_method = pm.id;
			}
		}
		if ( p.source ) {
			const card = this.addSource( customer, p.source );
			customer.default_source = card.id;
		}
		if ( p.default_source ) {
			customer.default_source = p.default_source;
		}
		this.emit( 'customer.updated', customer, previous );
		return this.render( customer, p.expand );
	}

	deleteCustomer( req, id ) {
		this.mustFind( id, 'customer' );
		this.objects.delete( id );
		return { id, object: 'customer', deleted: true };
	}

	listCustomers( req ) {
		const p = req.params;
		return this.list(
			'customer',
			( customer ) =>
				! p.email ||
				String( customer.email || '' ).toLowerCase() ===
					String( p.email ).toLowerCase(),
			p,
			'/v1/customers'
		);
	}
}
