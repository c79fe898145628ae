/**
 * Coming back to the page from a provider that left it (wallets, 3-D Secure
 * or bank authentication; docs/widget-contract.md#47-express-checkout-one-off leaves it open), whichever provider.
 *
 * The provider sends the donor back to the return URL, which is this same
 * page (not the site root) so the widget is there to show the outcome. Before
 * leaving, a method saves what the thank-you screen and the server need in
 * sessionStorage (savePendingRedirectPayment); on return the widget that
 * started the payment (or the first donation widget) asks each gateway's
 * reader (returns.ts) whether the address is its return, asks
 * the server for the charge reference and removes the provider's query
 * parameters from the address bar.
 */
import type { PaymentServer, ServerNotice } from './gateway';

/** A provider's return found in the page address. */
export interface RedirectReturn {
	/** The page address without the provider's return parameters. */
	cleanHref: string;
	/** The provider says the payment went through (or is on its way). */
	paid: boolean;
	/** Asks the server for the charge reference (null: it failed). */
	fetchReference: (
		server: Pick< PaymentServer, 'post' | 'formData' | 'currentUrl' >
	) => Promise< { reference: string | null; notice?: ServerNotice } >;
}

/** A gateway's reader: its return in the page address, or null. */
export type RedirectReturnReader = ( href: string ) => RedirectReturn | null;

/**
 * The first reader's return found in the page address, if any.
 * @param readers The gateways' readers (returns.ts).
 * @param href    The page address.
 */
export function readRedirectReturn(
	readers: readonly RedirectReturnReader[],
	href: string
): RedirectReturn | null {
	for ( const reader of readers ) {
		const found = reader( href );
		if ( found ) {
			return found;
		}
	}
	return null;
}

const STORAGE_KEY = 'donation-widget:express-return';

export interface PendingRedirectPayment {
	widgetIndex: number;
	formData: string;
	firstName: string;
	frequency: string;
	total: number;
	iterationId: string;
	paymentMethod: string;
}

export function savePendingRedirectPayment(
	storage: Storage | null,
	pending: PendingRedirectPayment
): void {
	try {
		storage?.setItem( STORAGE_KEY, JSON.stringify( pending ) );
	} catch {
		// Private browsing may refuse storage; the return still works, only
		// without the donor's name on the thank-you screen.
	}
}

export function takePendingRedirectPayment(
	storage: Storage | null
): PendingRedirectPayment | null {
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
		const record = parsed as Partial< PendingRedirectPayment >;
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
