import { buildPurchaseEvent, pushPurchaseEvent } from '../purchase-event';

const details = {
	transactionId: 'ch_1',
	total: 26.25,
	frequency: '4weekly',
	paymentMethod: 'credit_card',
	iterationId: 'IT-1',
};

describe( 'purchase event (widget contract §3.9)', () => {
	it( 'has the GA4 ecommerce shape', () => {
		expect( buildPurchaseEvent( details ) ).toEqual( {
			event: 'purchase',
			ecommerce: {
				transaction_id: 'ch_1',
				value: 26.25,
				currency: 'AUD',
				items: [ { item_id: 'IT-1', quantity: 1 } ],
			},
			frequency: '4weekly',
			payment_method: 'credit_card',
		} );
	} );

	it( 'creates the data layer when missing and clears ecommerce first', () => {
		const target = {} as Window;
		pushPurchaseEvent( target, details );
		expect( target.dataLayer ).toEqual( [
			{ ecommerce: null },
			buildPurchaseEvent( details ),
		] );
	} );

	it( 'appends to an existing data layer', () => {
		const target = {
			dataLayer: [ { event: 'page_view' } ],
		} as unknown as Window;
		pushPurchaseEvent( target, details );
		expect( target.dataLayer ).toHaveLength( 3 );
		expect( target.dataLayer?.[ 0 ] ).toEqual( { event: 'page_view' } );
	} );
} );
