/**
 * Coming back from an express-checkout redirect (docs/widget-contract.md#47-express-checkout-one-off leaves it open).
 *
 * Some wallets leave the page to authenticate. The provider then sends the
 * donor back to the return URL, which is this same page (not the site root)
 * so the widget is there to show the outcome. Before confirming, the widget
 * saves what the thank-you screen and the server need in sessionStorage; on
 * return the widget that started the payment (or the first donation widget)
 * asks the server for the charge reference and removes the provider's query
 * parameters from the address bar.
 */

export const REDIRECT_PARAMS = [
	'payment_intent',
	'payment_intent_client_secret',
	'redirect_status',
] as const;

const STORAGE_KEY = 'donation-widget:express-return';

export interface RedirectReturn {
	paymentIntentId: string;
	redirectStatus: string;
}

export interface PendingExpressPayment {
	widgetIndex: number;
	formData: string;
	firstName: string;
	frequency: string;
	total: number;
	iterationId: string;
	paymentMethod: string;
}

export function readRedirectReturn( search: string ): RedirectReturn | null {
	const params = new URLSearchParams( search );
	const paymentIntentId = params.get( 'payment_intent' );
	const redirectStatus = params.get( 'redirect_status' );
	if ( ! paymentIntentId || redirectStatus === null ) {
		return null;
	}
	return { paymentIntentId, redirectStatus };
}

/**
 * The same address without the provider's return parameters.
 * @param href The page address.
 */
export function withoutRedirectParams( href: string ): string {
	const url = new URL( href );
	REDIRECT_PARAMS.forEach( ( name ) => url.searchParams.delete( name ) );
	return url.toString();
}

export function savePendingExpressPayment(
	storage: Storage | null,
	pending: PendingExpressPayment
): void {
	try {
		storage?.setItem( STORAGE_KEY, JSON.stringify( pending ) );
	} catch {
		// Private browsing may refuse storage; the return still works, only
		// without the donor's name on the thank-you screen.
	}
}

export function takePendingExpressPayment(
	storage: Storage | null
): PendingExpressPayment | null {
	try {
		const raw = storage?.getItem( STORAGE_KEY );
		storage?.removeItem( STORAGE_KEY );
		if ( ! raw ) {
			return null;
		}
		const parsed: unknown = JSON.parse( raw );
		if ( typeof parsed !== 'object' || parsed === null ) {
			return null;
		}
		const record = parsed as Partial< PendingExpressPayment >;
		return {
			widgetIndex: Number( record.widgetIndex ) || 0,
			formData: String( record.formData ?? '' ),
			firstName: String( record.firstName ?? '' ),
			frequency: String( record.frequency ?? '' ),
			total: Number( record.total ) || 0,
			iterationId: String( record.iterationId ?? '' ),
			paymentMethod: String( record.paymentMethod ?? '' ),
		};
	} catch {
		return null;
	}
}

/**
 * Reads without removing (to pick which widget handles the return).
 * @param storage sessionStorage, or null.
 */
export function peekPendingWidgetIndex(
	storage: Storage | null
): number | null {
	try {
		const raw = storage?.getItem( STORAGE_KEY );
		if ( ! raw ) {
			return null;
		}
		const parsed: unknown = JSON.parse( raw );
		const index =
			typeof parsed === 'object' && parsed !== null
				? Number( ( parsed as { widgetIndex?: unknown } ).widgetIndex )
				: NaN;
		return Number.isInteger( index ) ? index : null;
	} catch {
		return null;
	}
}

/**
 * Exactly one donation widget handles a return: the one that started the
 * payment when it is still on the page, else the first donation widget.
 * @param donationWidgetIndexes Page positions of the donation widgets.
 * @param pendingIndex          The widget that started the payment, if known.
 */
export function chooseReturnHandler(
	donationWidgetIndexes: number[],
	pendingIndex: number | null
): number | null {
	if (
		pendingIndex !== null &&
		donationWidgetIndexes.includes( pendingIndex )
	) {
		return pendingIndex;
	}
	return donationWidgetIndexes.length > 0 ? donationWidgetIndexes[ 0 ] : null;
}

/** sessionStorage, or null where the browser refuses access to it. */
export function sessionStore(): Storage | null {
	try {
		return window.sessionStorage;
	} catch {
		return null;
	}
}
