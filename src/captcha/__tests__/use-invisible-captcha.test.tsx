import { act } from 'react';
import {
	useInvisibleCaptcha,
	type InvisibleCaptcha,
} from '../use-invisible-captcha';
import { render, settle, type Rendered } from '../../shared/__tests__/dom';
import type { Recaptcha, RecaptchaRenderOptions } from '../recaptcha';

let captcha: InvisibleCaptcha;
function Probe( { siteKey }: { siteKey: string } ) {
	captcha = useInvisibleCaptcha(
		siteKey,
		'https://stand-in.test/recaptcha/api.js'
	);
	return <div ref={ captcha.containerRef } />;
}

let view: Rendered;
afterEach( () => view?.unmount() );

it( 'gives an empty token when no site key is configured, without loading anything', async () => {
	view = await render( <Probe siteKey="" /> );
	await expect( captcha.getToken() ).resolves.toBe( '' );
	expect( document.querySelectorAll( 'script' ) ).toHaveLength( 0 );
} );

it( 'renders an invisible widget and executes it for a fresh token each time', async () => {
	let options: RecaptchaRenderOptions | undefined;
	const api: Recaptcha = {
		render: jest.fn( ( _container, given ) => {
			options = given;
			return 7;
		} ),
		execute: jest.fn( () =>
			setTimeout(
				() =>
					options?.callback(
						`token-${ ( api.execute as jest.Mock ).mock.calls.length }`
					),
				0
			)
		),
		reset: jest.fn(),
	};
	view = await render( <Probe siteKey="site-key" /> );

	const script = document.head.querySelector( 'script' ) as HTMLScriptElement;
	expect( script.src ).toBe(
		'https://stand-in.test/recaptcha/api.js?render=explicit&onload=donationWidgetRecaptchaLoaded'
	);
	await act( async () => {
		window.grecaptcha = api;
		window.donationWidgetRecaptchaLoaded?.();
	} );
	await settle();

	expect( api.render ).toHaveBeenCalledTimes( 1 );
	expect( options ).toMatchObject( {
		sitekey: 'site-key',
		size: 'invisible',
	} );

	let first = '';
	let second = '';
	await act( async () => {
		first = await captcha.getToken();
		second = await captcha.getToken();
	} );
	expect( [ first, second ] ).toEqual( [ 'token-1', 'token-2' ] );
	expect( api.execute ).toHaveBeenCalledWith( 7 );
	expect( api.reset ).toHaveBeenCalledTimes( 2 );
} );
