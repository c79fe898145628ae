/**
 * The purchase event (docs/widget-contract.md#39-analytics-purchase-event) in GA4's ecommerce shape, pushed to the
 * page's data layer when a donation succeeds.
 */

export interface PurchaseDetails {
	transactionId: string;
	total: number;
	frequency: string;
	paymentMethod: string;
	iterationId: string;
}

export interface PurchaseEvent {
	event: 'purchase';
	ecommerce: {
		transaction_id: string;
		value: number;
		currency: 'AUD';
		items: Array< { item_id: string; quantity: 1 } >;
	};
	frequency: string;
	payment_method: string;
}

type DataLayerEntry = Record< string, unknown >;

declare global {
	interface Window {
		dataLayer?: DataLayerEntry[];
	}
}

export function buildPurchaseEvent( details: PurchaseDetails ): PurchaseEvent {
	return {
		event: 'purchase',
		ecommerce: {
			transaction_id: details.transactionId,
			value: details.total,
			currency: 'AUD',
			items: [ { item_id: details.iterationId, quantity: 1 } ],
		},
		frequency: details.frequency,
		payment_method: details.paymentMethod,
	};
}

/**
 * Clears the previous ecommerce object first, as Google recommends, so
 * fields of an earlier event cannot merge into this one.
 * @param target  The window holding dataLayer.
 * @param details The donation that succeeded.
 */
export function pushPurchaseEvent(
	target: Window,
	details: PurchaseDetails
): void {
	target.dataLayer = target.dataLayer || [];
	target.dataLayer.push( { ecommerce: null } );
	target.dataLayer.push( { ...buildPurchaseEvent( details ) } );
}
