/**
 * Mounts one invisible captcha per payment step and hands out a fresh token
 * before each payment call (then resets the widget for the next one).
 */
import type { RefObject } from 'react';
import { useCallback, useEffect, useRef } from '@wordpress/element';
import { logProblem } from '../shared/ajax';
import { loadRecaptcha, type Recaptcha } from './recaptcha';

/** A dismissed challenge never calls back; do not wait for ever. */
const TOKEN_TIMEOUT_MS = 120000;

interface RenderedCaptcha {
	api: Recaptcha;
	widgetId: number;
}

export interface InvisibleCaptcha {
	containerRef: RefObject< HTMLDivElement >;
	/** "" when no captcha is configured or it could not run; the server decides. */
	getToken: () => Promise< string >;
}

export function useInvisibleCaptcha(
	siteKey: string,
	scriptUrl: string
): InvisibleCaptcha {
	const containerRef = useRef< HTMLDivElement >( null );
	const rendered = useRef< RenderedCaptcha | null >( null );
	const loading = useRef< Promise< void > | null >( null );
	const waiting = useRef< ( ( token: string ) => void ) | null >( null );

	useEffect( () => {
		if ( ! siteKey || ! scriptUrl || loading.current ) {
			return;
		}
		const answer = ( token: string ) => {
			waiting.current?.( token );
			waiting.current = null;
		};
		loading.current = loadRecaptcha( scriptUrl )
			.then( ( api ) => {
				const container = containerRef.current;
				if ( ! container || rendered.current ) {
					return;
				}
				const widgetId = api.render( container, {
					sitekey: siteKey,
					size: 'invisible',
					// Inside the payment step rather than floating over the page.
					badge: 'inline',
					callback: answer,
					'expired-callback': () => answer( '' ),
					'error-callback': () => answer( '' ),
				} );
				rendered.current = { api, widgetId };
			} )
			.catch( ( error ) => logProblem( 'captcha did not load', error ) );
	}, [ siteKey, scriptUrl ] );

	const getToken = useCallback( async (): Promise< string > => {
		if ( ! siteKey ) {
			return '';
		}
		await loading.current;
		const captcha = rendered.current;
		if ( ! captcha ) {
			return '';
		}
		const token = await new Promise< string >( ( resolve ) => {
			const timer = window.setTimeout(
				() => resolve( '' ),
				TOKEN_TIMEOUT_MS
			);
			waiting.current = ( value ) => {
				window.clearTimeout( timer );
				resolve( value );
			};
			captcha.api.execute( captcha.widgetId );
		} );
		captcha.api.reset( captcha.widgetId );
		return token;
	}, [ siteKey ] );

	return { containerRef, getToken };
}
