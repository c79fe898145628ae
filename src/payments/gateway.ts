/**
 * What every payment front end (card, express checkout, wallet provider)
 * receives from the payment step and reports back. Each payment path is a
 * pure async flow over these dependencies, so it can be read, tested and
 * changed without the others.
 */
import {
	pick,
	pickText,
	type AjaxPost,
	type AjaxResponse,
} from '../shared/ajax';

export interface PaymentSuccess {
	transactionId: string;
	paymentMethod: string;
	/**
	 * "processing": the server accepted a payment that completes later (a
	 * delayed-notification method such as a bank debit). The thank-you screen
	 * says it is being processed, and no purchase is reported from the
	 * browser: the server records it when the provider confirms.
	 */
	status?: 'paid' | 'processing';
}

/** Server access shared by all payment paths. */
export interface PaymentServer {
	post: AjaxPost;
	/** The JSON formData of docs/widget-contract.md#34-formdata-sent-to-the-server, built from the current values. */
	formData: () => string;
	/**
	 * The help cover in dollars ("1.75", or "0" without it), sent as its own
	 * field beside formData: formData holds the total only, and the server
	 * cannot split a total back into gift and cover.
	 */
	coverAmount: () => string;
	/** A fresh invisible-captcha token, or "" when no captcha is configured. */
	captchaToken: () => Promise< string >;
	/** The page URL without its query. */
	currentUrl: string;
	/** A new id per payment attempt, so the server can ignore replays. */
	newAttemptId: () => string;
	/**
	 * The id for a payment the site makes with the current form: a new one,
	 * or that of the same form's attempt whose outcome is still unknown
	 * (attempt-memory.ts), so a Try Again never pays twice.
	 */
	attemptId: () => string;
}

/**
 * What the server said in the answer that failed a payment, shown on the
 * failure screen below docs/widget-contract.md#27-donation-failure-screen's lines (never instead of them).
 */
export interface ServerNotice {
	/** The server's own words (data.message); "" when it gave none. */
	message: string;
	/**
	 * Whether the server said no money moved (data.charged === false). The
	 * server leaves the field out whenever money may have moved, so its
	 * absence never means "charged".
	 */
	notCharged: boolean;
	/**
	 * "unknown" when the server said it cannot tell yet whether money moved
	 * (data.outcome "unknown": the provider did not answer, PaymentAnswers.php);
	 * absent otherwise.
	 */
	charge?: 'unknown';
}

/** How a payment path changes the widget. */
export interface PaymentOutcomeHandlers {
	setLoading: ( loading: boolean ) => void;
	succeed: ( result: PaymentSuccess ) => void;
	/**
	 * Shows the failure screen. errorMessage is SPEC's errorMessage (a thrown
	 * error's text, kept, not shown); notice is what the failing answer said.
	 */
	fail: ( errorMessage?: string, notice?: ServerNotice ) => void;
}

/** Longest server message shown: a full sentence or two, never a page. */
const MAX_NOTICE_LENGTH = 300;

/**
 * What a failed payment answer said, when it was the plugin's own JSON
 * answer ({ success: false, data: { message, charged } }); undefined for an
 * unreadable one (an HTML error page, an empty body, a proxy's own JSON)
 * or one that said nothing, so the failure screen shows only SPEC's lines.
 *
 * @param response The admin-ajax answer.
 */
export function serverNotice(
	response: AjaxResponse
): ServerNotice | undefined {
	if ( pick( response.body, 'success' ) !== false ) {
		return undefined;
	}
	const raw = pick( response.body, 'data', 'message' );
	const message =
		typeof raw === 'string' && raw.trim().length <= MAX_NOTICE_LENGTH
			? raw.trim()
			: '';
	const notCharged = pick( response.body, 'data', 'charged' ) === false;
	const unknown =
		! notCharged && pick( response.body, 'data', 'outcome' ) === 'unknown';
	if ( ! message && ! notCharged && ! unknown ) {
		return undefined;
	}
	return unknown
		? { message, notCharged, charge: 'unknown' }
		: { message, notCharged };
}

export function newAttemptId(): string {
	// randomUUID exists only in secure contexts (https, localhost).
	if ( typeof crypto.randomUUID === 'function' ) {
		return crypto.randomUUID();
	}
	// Plain-http pages and older browsers: an RFC 4122 version 4 UUID from
	// getRandomValues, in the same shape the server checks.
	const bytes = new Uint8Array( 16 );
	crypto.getRandomValues( bytes );
	// Version and variant bits, as RFC 4122 §4.4 sets them.
	bytes[ 6 ] = 0x40 + ( bytes[ 6 ] % 16 );
	bytes[ 8 ] = 0x80 + ( bytes[ 8 ] % 64 );
	const hex = Array.from( bytes, ( byte ) =>
		byte.toString( 16 ).padStart( 2, '0' )
	).join( '' );
	return [
		hex.slice( 0, 8 ),
		hex.slice( 8, 12 ),
		hex.slice( 12, 16 ),
		hex.slice( 16, 20 ),
		hex.slice( 20 ),
	].join( '-' );
}

/**
 * Whether the server accepted a payment that is not final yet (HTTP 202,
 * type "pending", e.g. a card still processing or a wallet provider's
 * capture under review). The donor has paid: showing a card error would invite a second
 * payment, so the widget treats it as done.
 *
 * @param response The admin-ajax answer.
 */
export function isAcceptedPending( response: AjaxResponse ): boolean {
	return (
		response.status === 202 &&
		pickText( response.body, 'type' ) === 'pending'
	);
}

/**
 * The page URL without query or fragment (currentUrl and return_url).
 * @param location window.location.
 */
export function pageUrlWithoutQuery(
	location: Pick< Location, 'origin' | 'pathname' >
): string {
	return location.origin + location.pathname;
}
