/**
 * Google reCAPTCHA (invisible), loaded from the URL the page provides with
 * explicit rendering, once per page.
 */
import { loadScript, withQuery } from '../shared/script-loader';

export interface RecaptchaRenderOptions {
	sitekey: string;
	size: 'invisible';
	badge?: 'bottomright' | 'bottomleft' | 'inline';
	callback: ( token: string ) => void;
	'expired-callback'?: () => void;
	'error-callback'?: () => void;
}

export interface Recaptcha {
	render: (
		container: HTMLElement,
		options: RecaptchaRenderOptions
	) => number;
	execute: ( widgetId?: number ) => void;
	reset: ( widgetId?: number ) => void;
}

declare global {
	interface Window {
		grecaptcha?: Recaptcha;
		donationWidgetRecaptchaLoaded?: () => void;
	}
}

const ONLOAD_CALLBACK = 'donationWidgetRecaptchaLoaded';

let ready: Promise< Recaptcha > | null = null;

/**
 * Resolves once `grecaptcha.render` may be called.
 * @param scriptUrl api.js URL from the page.
 */
export function loadRecaptcha( scriptUrl: string ): Promise< Recaptcha > {
	if ( ready ) {
		return ready;
	}
	ready = new Promise< Recaptcha >( ( resolve, reject ) => {
		const existing = window.grecaptcha;
		if ( existing && typeof existing.render === 'function' ) {
			resolve( existing );
			return;
		}
		window[ ONLOAD_CALLBACK ] = () => {
			if ( window.grecaptcha ) {
				resolve( window.grecaptcha );
			} else {
				reject( new Error( 'grecaptcha is missing after load' ) );
			}
		};
		loadScript(
			withQuery( scriptUrl, {
				render: 'explicit',
				onload: ONLOAD_CALLBACK,
			} )
		).catch( reject );
	} );
	ready.catch( () => {
		ready = null;
	} );
	return ready;
}
