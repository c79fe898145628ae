/**
 * The card provider's express-checkout return (see ../redirect-returns.ts):
 * a bank's check (3-D Secure) that left the page comes back with these query
 * parameters, read and removed here; the charge reference is asked for as
 * after any express payment, and the server confirms the payment then.
 */
import type { RedirectReturn } from '../redirect-returns';
import { fetchCharge } from './express/express-checkout';

export const REDIRECT_PARAMS = [
	'payment_intent',
	'payment_intent_client_secret',
	'redirect_status',
] as const;

export interface ExpressRedirect {
	paymentIntentId: string;
	redirectStatus: string;
}

export function readRedirectReturn( search: string ): ExpressRedirect | null {
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

/**
 * The express-checkout method's reader for the registry.
 * @param href The page address.
 */
export function expressRedirectReturn( href: string ): RedirectReturn | null {
	const redirect = readRedirectReturn( new URL( href ).search );
	if ( ! redirect ) {
		return null;
	}
	return {
		cleanHref: withoutRedirectParams( href ),
		// The site confirms the payment itself once the bank's check is done (get_charge_id),
		// so the provider's status on the way back is not the last word: only a failure is.
		paid: redirect.redirectStatus !== 'failed',
		fetchReference: async ( server ) => {
			const charge = await fetchCharge(
				server,
				redirect.paymentIntentId
			);
			if ( charge.reference === null && 'declined' in charge ) {
				// Declined after the donor left the page: the failure screen says why.
				return {
					reference: null,
					notice: { message: charge.declined, notCharged: false },
				};
			}
			return charge;
		},
	};
}
