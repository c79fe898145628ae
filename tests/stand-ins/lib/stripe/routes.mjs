/**
 * Stripe stand-in: The route table: method, path pattern, handler, whether a publishable key may call it.
 */
export class Routes {
	buildRoutes() {
		const PK = { publishable: true };
		const ID = '([^/]+)';
		const r = ( method, path, handler, options ) => [
			method,
			new RegExp( `^${ path.replace( /:id/g, ID ) }$` ),
			handler,
			options,
		];
		return [
			r( 'POST', '/v1/payment_methods', this.createPaymentMethod, PK ),
			r( 'GET', '/v1/payment_methods', this.listPaymentMethods ),
			r( 'GET', '/v1/payment_methods/:id', this.retrievePaymentMethod ),
			r( 'POST', '/v1/payment_methods/:id', this.updatePaymentMethod ),
			r(
				'POST',
				'/v1/payment_methods/:id/attach',
				this.attachPaymentMethod
			),
			r(
				'POST',
				'/v1/payment_methods/:id/detach',
				this.detachPaymentMethod
			),
			r( 'POST', '/v1/tokens', this.createToken, PK ),
			r( 'GET', '/v1/tokens/:id', this.retrieveToken ),
			r(
				'POST',
				'/v1/confirmation_tokens',
				this.createConfirmationToken,
				PK
			),
			r(
				'GET',
				'/v1/confirmation_tokens/:id',
				this.retrieveConfirmationToken
			),

			r( 'POST', '/v1/customers', this.createCustomer ),
			r( 'GET', '/v1/customers', this.listCustomers ),
			r( 'GET', '/v1/customers/search', this.searchOf( 'customer' ) ),
			r( 'GET', '/v1/customers/:id', this.retrieveOf( 'customer' ) ),
			r( 'POST', '/v1/customers/:id', this.updateCustomer ),
			r( 'DELETE', '/v1/customers/:id', this.deleteCustomer ),
			r(
				'GET',
				'/v1/customers/:id/payment_methods',
				this.listCustomerPaymentMethods
			),
			r( 'POST', '/v1/customers/:id/sources', this.createCustomerSource ),

			r( 'POST', '/v1/products', this.createProduct ),
			r( 'GET', '/v1/products', this.listProducts ),
			r( 'GET', '/v1/products/search', this.searchOf( 'product' ) ),
			r( 'GET', '/v1/products/:id', this.retrieveOf( 'product' ) ),
			r( 'POST', '/v1/products/:id', this.updateProduct ),

			r( 'POST', '/v1/prices', this.createPrice ),
			r( 'GET', '/v1/prices', this.listPrices ),
			r( 'GET', '/v1/prices/search', this.searchOf( 'price' ) ),
			r( 'GET', '/v1/prices/:id', this.retrieveOf( 'price' ) ),
			r( 'POST', '/v1/prices/:id', this.updatePrice ),

			r( 'POST', '/v1/payment_intents', this.createPaymentIntent ),
			r( 'GET', '/v1/payment_intents', this.listPaymentIntents ),
			r(
				'GET',
				'/v1/payment_intents/search',
				this.searchOf( 'payment_intent' )
			),
			r(
				'GET',
				'/v1/payment_intents/:id',
				this.retrievePaymentIntent,
				PK
			),
			r( 'POST', '/v1/payment_intents/:id', this.updatePaymentIntent ),
			r(
				'POST',
				'/v1/payment_intents/:id/confirm',
				this.confirmPaymentIntent,
				PK
			),
			r(
				'POST',
				'/v1/payment_intents/:id/cancel',
				this.cancelPaymentIntent
			),

			r( 'POST', '/v1/setup_intents', this.createSetupIntent ),
			r( 'GET', '/v1/setup_intents/:id', this.retrieveSetupIntent, PK ),
			r(
				'POST',
				'/v1/setup_intents/:id/confirm',
				this.confirmSetupIntent,
				PK
			),
			r( 'POST', '/v1/setup_intents/:id/cancel', this.cancelSetupIntent ),

			r( 'POST', '/v1/subscriptions', this.createSubscription ),
			r( 'GET', '/v1/subscriptions', this.listSubscriptions ),
			r(
				'GET',
				'/v1/subscriptions/search',
				this.searchOf( 'subscription' )
			),
			r(
				'GET',
				'/v1/subscriptions/:id',
				this.retrieveOf( 'subscription' )
			),
			r( 'POST', '/v1/subscriptions/:id', this.updateSubscription ),
			r( 'DELETE', '/v1/subscriptions/:id', this.cancelSubscription ),

			r( 'GET', '/v1/invoices', this.listInvoices ),
			r( 'GET', '/v1/invoices/search', this.searchOf( 'invoice' ) ),
			r( 'GET', '/v1/invoices/:id', this.retrieveOf( 'invoice' ) ),
			r( 'POST', '/v1/invoices/:id/pay', this.payInvoice ),
			r( 'POST', '/v1/invoices/:id/void', this.voidInvoice ),

			r( 'GET', '/v1/invoice_payments', this.listInvoicePayments ),
			r(
				'GET',
				'/v1/invoice_payments/:id',
				this.retrieveOf( 'invoice_payment' )
			),

			r( 'POST', '/v1/charges', this.createCharge ),
			r( 'GET', '/v1/charges', this.listCharges ),
			r( 'GET', '/v1/charges/search', this.searchOf( 'charge' ) ),
			r( 'GET', '/v1/charges/:id', this.retrieveOf( 'charge' ) ),

			r( 'POST', '/v1/refunds', this.createRefund ),
			r( 'GET', '/v1/refunds', this.listRefunds ),
			r( 'GET', '/v1/refunds/:id', this.retrieveOf( 'refund' ) ),

			r( 'GET', '/v1/mandates/:id', this.retrieveOf( 'mandate' ) ),
			r( 'GET', '/v1/disputes/:id', this.retrieveOf( 'dispute' ) ),

			r( 'GET', '/v1/balance', this.retrieveBalance ),
			r(
				'GET',
				'/v1/balance_transactions',
				this.listBalanceTransactions
			),
			r(
				'GET',
				'/v1/balance_transactions/:id',
				this.retrieveOf( 'balance_transaction' )
			),
			r( 'GET', '/v1/payouts', this.listPayouts ),
			r( 'GET', '/v1/payouts/:id', this.retrieveOf( 'payout' ) ),

			r(
				'POST',
				'/v1/payment_method_domains',
				this.createPaymentMethodDomain
			),
			r(
				'GET',
				'/v1/payment_method_domains',
				this.listPaymentMethodDomains
			),
			r(
				'GET',
				'/v1/payment_method_domains/:id',
				this.retrieveOf( 'payment_method_domain' )
			),
			r(
				'POST',
				'/v1/payment_method_domains/:id/validate',
				this.validatePaymentMethodDomain
			),
			r( 'POST', '/v1/webhook_endpoints', this.createWebhookEndpoint ),
			r( 'GET', '/v1/webhook_endpoints', this.listWebhookEndpoints ),
			r(
				'GET',
				'/v1/webhook_endpoints/:id',
				this.retrieveOf( 'webhook_endpoint' )
			),
			r(
				'POST',
				'/v1/webhook_endpoints/:id',
				this.updateWebhookEndpoint
			),
			r(
				'DELETE',
				'/v1/webhook_endpoints/:id',
				this.deleteWebhookEndpoint
			),
			r( 'GET', '/v1/events', this.listEvents ),
			r( 'GET', '/v1/events/:id', this.retrieveOf( 'event' ) ),
		];
	}
}
