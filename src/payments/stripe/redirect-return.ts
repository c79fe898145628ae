/**
 * The card provider's express-checkout return (see ../redirect-returns.ts):
 * its query parameters, read and removed here; the charge reference is asked
 * for as after any express payment.
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
		paid: [ 'succeeded', 'processing' ].includes( redirect.redirectStatus ),
		fetchReference: ( server ) =>
			fetchCharge( server, redirect.paymentIntentId ),
	};
}
