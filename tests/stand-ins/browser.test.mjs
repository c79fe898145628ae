/**
 * Browser checks of the Stripe.js, PayPal SDK and reCAPTCHA stand-ins, in
 * Chromium through Playwright, loading the scripts from the stand-in server
 * the way demo mode does. bin/test.sh installs both Playwright and Debian's Chromium.
 *
 * Run: node --test tests/stand-ins/
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { startStandIns } from './server.mjs';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

const { chromium } = await import( 'playwright' );
if ( ! existsSync( CHROMIUM ) ) {
	throw new Error(
		`Chromium is missing at ${ CHROMIUM }: install Debian's chromium package (bin/test.sh does).`
	);
}

describe( 'browser stand-ins', () => {
	let standIns;
	let browser;
	let page;

	before( async () => {
		standIns = await startStandIns( { port: 0 } );
		browser = await chromium.launch( {
			executablePath: CHROMIUM,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
			],
		} );
		const context = await browser.newContext();
		page = await context.newPage();
		// A real page on another origin than the scripts and API (localhost
		// versus 127.0.0.1), so the browser makes real CORS requests. (A page
		// fulfilled by a Playwright route would count as public, and Chromium
		// refuses its requests to the loopback address.)
		await page.goto(
			`http://localhost:${ standIns.port }/__control/health`
		);
		await page.evaluate( () => {
			document.body.innerHTML = '<main id="app"></main>';
		} );
	} );

	after( async () => {
		if ( browser ) {
			await browser.close();
		}
		if ( standIns ) {
			await standIns.close();
		}
	} );

	const addScript = ( src ) =>
		page.evaluate(
			( url ) =>
				new Promise( ( resolve, reject ) => {
					const script = document.createElement( 'script' );
					script.src = url;
					script.onload = resolve;
					script.onerror = () => reject( new Error( 'load failed' ) );
					document.head.appendChild( script );
				} ),
			src
		);

	const serverIntent = async ( params ) => {
		const response = await fetch(
			`${ standIns.url }/stripe/v1/payment_intents`,
			{
				method: 'POST',
				headers: { Authorization: 'Bearer sk_test_browser' },
				body: new URLSearchParams( params ),
			}
		);
		return response.json();
	};

	test( 'Stripe.js: card fields, token, 3-D Secure and express checkout', async () => {
		await addScript(
			`${ standIns.url }/browser/stripe.js?api=${ encodeURIComponent(
				`${ standIns.url }/stripe`
			) }`
		);
		assert.equal(
			await page.evaluate( () => window.Stripe.version ),
			'endive'
		);
		await page.evaluate( () => {
			const app = document.getElementById( 'app' );
			app.innerHTML =
				'<div id="num"></div><div id="exp"></div><div id="cvc"></div><div id="express"></div>';
			window.events = [];
			window.stripe = window.Stripe( 'pk_test_browser' );
			window.cards = window.stripe.elements();
			const number = window.cards.create( 'cardNumber' );
			number.on( 'change', ( event ) => window.events.push( event ) );
			number.mount( '#num' );
			window.cards
				.create( 'cardExpiry', { placeholder: 'MM/YY' } )
				.mount( '#exp' );
			window.cards.create( 'cardCvc' ).mount( '#cvc' );
		} );
		const number = page.getByRole( 'textbox', { name: 'Card number' } );
		const expiry = page.getByRole( 'textbox', { name: 'Expiration date' } );
		const cvc = page.getByRole( 'textbox', { name: 'Security code' } );
		assert.equal(
			await number.getAttribute( 'placeholder' ),
			'1234 1234 1234 1234'
		);
		assert.equal( await expiry.getAttribute( 'placeholder' ), 'MM/YY' );

		await number.pressSequentially( '4242424242424241' );
		let last = await page.evaluate( () => window.events.at( -1 ) );
		assert.equal( last.error.message, 'Your card number is invalid.' );
		assert.equal( last.brand, 'visa' );

		await number.fill( '378282246310005' );
		await expiry.pressSequentially( '1230' );
		await cvc.fill( '1234' );
		last = await page.evaluate( () => window.events.at( -1 ) );
		assert.equal( last.brand, 'amex' );
		assert.equal( last.complete, true );
		assert.equal( await number.inputValue(), '3782 822463 10005' );
		assert.equal( await expiry.inputValue(), '12 / 30' );

		const token = await page.evaluate( () =>
			window.stripe.createToken(
				window.cards.getElement( 'cardNumber' ),
				{
					name: 'Jo Donor',
					address_zip: '2000',
				}
			)
		);
		assert.match( token.token.id, /^tok_/ );
		assert.equal( token.token.card.brand, 'American Express' );
		assert.equal( token.token.card.name, 'Jo Donor' );

		// 3-D Secure through the dialog.
		await number.fill( '4000002760003184' );
		await cvc.fill( '123' );
		const pm = await page.evaluate( () =>
			window.stripe.createPaymentMethod( {
				type: 'card',
				card: window.cards.getElement( 'cardNumber' ),
			} )
		);
		const pi = await serverIntent( {
			amount: '2500',
			currency: 'aud',
			payment_method: pm.paymentMethod.id,
		} );
		const confirming = page.evaluate(
			( secret ) => window.stripe.confirmCardPayment( secret ),
			pi.client_secret
		);
		const dialog = page.getByRole( 'dialog', {
			name: '3D Secure authentication',
		} );
		await dialog
			.getByRole( 'button', { name: 'Complete authentication' } )
			.click();
		const result = await confirming;
		assert.equal( result.paymentIntent.status, 'succeeded' );

		// Incomplete fields fail before any request, with Stripe's message.
		await expiry.fill( '12' );
		const incomplete = await page.evaluate( () =>
			window.stripe.createPaymentMethod( {
				type: 'card',
				card: window.cards.getElement( 'cardNumber' ),
			} )
		);
		assert.equal(
			incomplete.error.message,
			"Your card's expiration date is incomplete."
		);

		// Express checkout: the Google Pay "donate" button.
		const express = await serverIntent( {
			amount: '1500',
			currency: 'aud',
			'automatic_payment_methods[enabled]': 'true',
		} );
		await page.evaluate( ( secret ) => {
			const elements = window.stripe.elements( {
				mode: 'payment',
				amount: 1500,
				currency: 'aud',
			} );
			const element = elements.create( 'expressCheckout', {
				buttonType: { googlePay: 'donate' },
			} );
			window.expressResult = new Promise( ( resolve ) => {
				element.on( 'ready', ( event ) => {
					window.expressReady = event;
				} );
				element.on( 'click', ( event ) => event.resolve() );
				element.on( 'confirm', async () => {
					const submitted = await elements.submit();
					if ( submitted.error ) {
						resolve( submitted );
						return;
					}
					resolve(
						await window.stripe.confirmPayment( {
							elements,
							clientSecret: secret,
							confirmParams: { return_url: window.location.href },
							redirect: 'if_required',
						} )
					);
				} );
			} );
			element.mount( '#express' );
		}, express.client_secret );
		await page
			.getByRole( 'button', { name: 'Donate with Google Pay' } )
			.click();
		const expressResult = await page.evaluate( () => window.expressResult );
		assert.equal( expressResult.paymentIntent.status, 'succeeded' );
		const ready = await page.evaluate( () => window.expressReady );
		assert.equal( ready.availablePaymentMethods.googlePay, true );
	} );

	test( 'Stripe.js: handleNextAction and handleCardAction on manual-confirmation intents', async () => {
		await addScript(
			`${ standIns.url }/browser/stripe.js?api=${ encodeURIComponent(
				`${ standIns.url }/stripe`
			) }`
		);
		const manual = () =>
			serverIntent( {
				amount: '2500',
				currency: 'aud',
				payment_method: 'pm_card_authenticationRequired',
				confirmation_method: 'manual',
				confirm: 'true',
			} );
		const passed = await manual();
		assert.equal( passed.status, 'requires_action' );
		const handled = await page.evaluate( ( secret ) => {
			window.__standInStripe3ds = 'succeed';
			return window.Stripe( 'pk_test_browser' ).handleNextAction( {
				clientSecret: secret,
			} );
		}, passed.client_secret );
		assert.equal( handled.error, undefined );
		assert.equal( handled.paymentIntent.status, 'requires_confirmation' );
		// Confirming from the browser is Stripe's 400; the server's confirm pays.
		const fromBrowser = await page.evaluate(
			( secret ) =>
				window.Stripe( 'pk_test_browser' ).confirmCardPayment( secret ),
			passed.client_secret
		);
		assert.match(
			fromBrowser.error.message,
			/`confirmation_method` is set to `manual`/
		);
		const confirmed = await fetch(
			`${ standIns.url }/stripe/v1/payment_intents/${ passed.id }/confirm`,
			{
				method: 'POST',
				headers: { Authorization: 'Bearer sk_test_browser' },
			}
		).then( ( response ) => response.json() );
		assert.equal( confirmed.status, 'succeeded' );

		const failing = await manual();
		const failed = await page.evaluate( ( secret ) => {
			window.__standInStripe3ds = 'fail';
			return window
				.Stripe( 'pk_test_browser' )
				.handleCardAction( secret );
		}, failing.client_secret );
		assert.equal(
			failed.error.code,
			'payment_intent_authentication_failure'
		);
		assert.equal(
			failed.error.payment_intent.status,
			'requires_payment_method'
		);
		await page.evaluate( () => {
			delete window.__standInStripe3ds;
		} );
	} );

	test( 'Stripe.js: express checkout finished on the server with a ConfirmationToken', async () => {
		await addScript(
			`${ standIns.url }/browser/stripe.js?api=${ encodeURIComponent(
				`${ standIns.url }/stripe`
			) }`
		);
		const secretCall = ( path, params = {} ) =>
			fetch( `${ standIns.url }/stripe${ path }`, {
				method: 'POST',
				headers: { Authorization: 'Bearer sk_test_browser' },
				body: new URLSearchParams( params ),
			} ).then( ( response ) => response.json() );
		await page.evaluate( () => {
			const host = document.createElement( 'div' );
			host.id = 'express-ct';
			document.body.appendChild( host );
			window.__standInWalletCard = '4000002760003184';
			window.__standInStripe3ds = 'succeed';
			window.stripeCt = window.Stripe( 'pk_test_browser' );
			const elements = window.stripeCt.elements( {
				mode: 'payment',
				amount: 2500,
				currency: 'aud',
			} );
			const element = elements.create( 'expressCheckout', {
				buttonType: { googlePay: 'donate' },
			} );
			window.tokenResult = new Promise( ( resolve ) => {
				element.on( 'confirm', async () => {
					await elements.submit();
					resolve(
						await window.stripeCt.createConfirmationToken( {
							elements,
							params: { return_url: window.location.href },
						} )
					);
				} );
			} );
			element.mount( '#express-ct' );
		} );
		await page
			.locator( '#express-ct' )
			.getByRole( 'button', { name: 'Donate with Google Pay' } )
			.click();
		const { confirmationToken } = await page.evaluate(
			() => window.tokenResult
		);
		assert.match( confirmationToken.id, /^ctoken_/ );
		assert.equal( confirmationToken.payment_intent, null );
		assert.equal(
			confirmationToken.payment_method_preview.card.wallet.type,
			'google_pay'
		);
		assert.equal(
			confirmationToken.payment_method_preview.billing_details.email,
			'donor@example.com'
		);

		// The server makes and confirms a manual intent with it; the bank wants 3-D Secure.
		const intent = await secretCall( '/v1/payment_intents', {
			amount: '2500',
			currency: 'aud',
			confirmation_method: 'manual',
			confirm: 'true',
			confirmation_token: confirmationToken.id,
		} );
		assert.equal( intent.status, 'requires_action' );
		const handled = await page.evaluate(
			( secret ) =>
				window.stripeCt.handleNextAction( { clientSecret: secret } ),
			intent.client_secret
		);
		assert.equal( handled.paymentIntent.status, 'requires_confirmation' );
		const paid = await secretCall(
			`/v1/payment_intents/${ intent.id }/confirm`,
			{ 'expand[]': 'latest_charge' }
		);
		assert.equal( paid.status, 'succeeded' );
		assert.equal(
			paid.latest_charge.payment_method_details.card.wallet.type,
			'google_pay'
		);
		await page.evaluate( () => {
			delete window.__standInWalletCard;
			delete window.__standInStripe3ds;
		} );
	} );

	test( 'Stripe.js: auBankAccount Element, BECS PaymentMethod and confirmations', async () => {
		if ( ! ( await page.evaluate( () => !! window.Stripe ) ) ) {
			await addScript(
				`${ standIns.url }/browser/stripe.js?api=${ encodeURIComponent(
					`${ standIns.url }/stripe`
				) }`
			);
		}
		await page.evaluate( () => {
			document.getElementById( 'app' ).innerHTML =
				'<div id="becs"></div>';
			window.becsEvents = [];
			window.becsStripe = window.Stripe( 'pk_test_browser' );
			window.becsElements = window.becsStripe.elements();
			const element = window.becsElements.create( 'auBankAccount', {} );
			element.on( 'change', ( event ) =>
				window.becsEvents.push( event )
			);
			element.mount( '#becs' );
		} );
		const bsb = page.getByRole( 'textbox', { name: 'BSB' } );
		const account = page.getByRole( 'textbox', { name: 'Account number' } );
		const lastEvent = () =>
			page.evaluate( () => window.becsEvents.at( -1 ) );

		await bsb.pressSequentially( '0000' );
		assert.equal( await bsb.inputValue(), '000-0' );
		await account.focus();
		let last = await lastEvent();
		assert.equal( last.elementType, 'auBankAccount' );
		assert.equal( last.complete, false );
		assert.equal( last.error.code, 'incomplete_au_bank_account_bsb' );
		assert.equal( last.error.message, 'Your BSB is incomplete.' );

		await bsb.pressSequentially( '00' );
		assert.equal( await bsb.inputValue(), '000-000' );
		await account.pressSequentially( '000123456' );
		last = await lastEvent();
		assert.equal( last.complete, true );
		assert.equal( last.error, undefined );
		assert.equal( last.empty, false );
		assert.equal( last.bankName, 'Stripe Test Bank' );
		assert.equal( last.branchName, 'Stripe Test Branch' );

		// Test mode accepts only the documented test numbers with BSB 000000.
		await account.fill( '123456789' );
		last = await lastEvent();
		assert.equal(
			last.error.code,
			'invalid_au_bank_account_number_testmode'
		);
		await account.fill( '1234' );
		const incomplete = await page.evaluate( () =>
			window.becsStripe.createPaymentMethod( {
				type: 'au_becs_debit',
				au_becs_debit:
					window.becsElements.getElement( 'auBankAccount' ),
				billing_details: {
					name: 'Jenny Rosen',
					email: 'jenny@example.com',
				},
			} )
		);
		assert.equal(
			incomplete.error.message,
			'Your account number is incomplete.'
		);

		await account.fill( '000123456' );
		const noEmail = await page.evaluate( () =>
			window.becsStripe.createPaymentMethod( {
				type: 'au_becs_debit',
				au_becs_debit:
					window.becsElements.getElement( 'auBankAccount' ),
				billing_details: { name: 'Jenny Rosen' },
			} )
		);
		assert.equal( noEmail.error.type, 'invalid_request_error' );
		assert.equal( noEmail.error.param, 'billing_details[email]' );

		const created = await page.evaluate( () =>
			window.becsStripe.createPaymentMethod( {
				type: 'au_becs_debit',
				au_becs_debit:
					window.becsElements.getElement( 'auBankAccount' ),
				billing_details: {
					name: 'Jenny Rosen',
					email: 'jenny@example.com',
				},
			} )
		);
		assert.match( created.paymentMethod.id, /^pm_/ );
		assert.equal( created.paymentMethod.type, 'au_becs_debit' );
		assert.deepEqual(
			{ ...created.paymentMethod.au_becs_debit, fingerprint: null },
			{ bsb_number: '000000', last4: '3456', fingerprint: null }
		);

		// confirmAuBecsDebitPayment: Stripe.js adds the mandate acceptance. The site made the
		// intent at the account's version (2026-10-28.endive), which names the types
		// allowed_payment_method_types.
		const pi = await serverIntent( {
			amount: '2500',
			currency: 'aud',
			'allowed_payment_method_types[]': 'au_becs_debit',
		} );
		const confirmed = await page.evaluate(
			( secret ) =>
				window.becsStripe.confirmAuBecsDebitPayment( secret, {
					payment_method: {
						au_becs_debit:
							window.becsElements.getElement( 'auBankAccount' ),
						billing_details: {
							name: 'Jenny Rosen',
							email: 'jenny@example.com',
						},
					},
				} ),
			pi.client_secret
		);
		assert.equal( confirmed.paymentIntent.status, 'processing' );
		const settled = await fetch(
			`${ standIns.url }/__control/stripe/becs/settle`,
			{
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify( { payment_intent: pi.id } ),
			}
		).then( ( response ) => response.json() );
		assert.equal( settled.settled[ 0 ].payment_intent.status, 'succeeded' );

		// confirmAuBecsDebitSetup with an existing PaymentMethod id.
		const setup = await fetch(
			`${ standIns.url }/stripe/v1/setup_intents`,
			{
				method: 'POST',
				headers: { Authorization: 'Bearer sk_test_browser' },
				body: new URLSearchParams( {
					'allowed_payment_method_types[]': 'au_becs_debit',
				} ),
			}
		).then( ( response ) => response.json() );
		const second = await page.evaluate( () =>
			window.becsStripe.createPaymentMethod( {
				type: 'au_becs_debit',
				au_becs_debit:
					window.becsElements.getElement( 'auBankAccount' ),
				billing_details: {
					name: 'Jenny Rosen',
					email: 'jenny@example.com',
				},
			} )
		);
		const setUp = await page.evaluate(
			( [ secret, id ] ) =>
				window.becsStripe.confirmAuBecsDebitSetup( secret, {
					payment_method: id,
				} ),
			[ setup.client_secret, second.paymentMethod.id ]
		);
		assert.equal( setUp.setupIntent.status, 'succeeded' );
		assert.deepEqual( setUp.setupIntent.payment_method_types, [
			'au_becs_debit',
		] );
	} );

	test( 'PayPal SDK: render, create, approve, capture and cancel', async () => {
		// Loaded as @paypal/paypal-js does with sdkBaseUrl: a second "?".
		await addScript(
			`${ standIns.url }/browser/paypal-sdk.js?api=${ encodeURIComponent(
				`${ standIns.url }/paypal`
			) }?client-id=abc&currency=AUD&intent=capture`
		);
		await page.evaluate( () => {
			document.getElementById( 'app' ).innerHTML = '<div id="pp"></div>';
			window.paypalLog = [];
			const buttons = window.paypal.Buttons( {
				createOrder: ( data, actions ) =>
					actions.order.create( {
						purchase_units: [
							{ amount: { value: '30.00' }, custom_id: 'o-acme' },
						],
					} ),
				onApprove: async ( data, actions ) => {
					const order = await actions.order.capture();
					window.paypalLog.push( [
						'approved',
						data.orderID,
						order,
					] );
				},
				onCancel: ( data ) =>
					window.paypalLog.push( [ 'cancel', data.orderID ] ),
				onError: ( error ) =>
					window.paypalLog.push( [ 'error', error.message ] ),
				onInit: () => window.paypalLog.push( [ 'init' ] ),
			} );
			return buttons.render( '#pp' );
		} );
		await page
			.getByRole( 'button', { name: 'PayPal', exact: true } )
			.click();
		const dialog = page.getByRole( 'dialog', { name: 'PayPal checkout' } );
		await dialog.getByRole( 'button', { name: 'Approve payment' } ).click();
		await page.waitForFunction( () => window.paypalLog.length >= 2 );
		const log = await page.evaluate( () => window.paypalLog );
		assert.deepEqual( log[ 0 ], [ 'init' ] );
		assert.equal( log[ 1 ][ 0 ], 'approved' );
		const capture =
			log[ 1 ][ 2 ].purchase_units[ 0 ].payments.captures[ 0 ];
		assert.deepEqual( capture.amount, {
			currency_code: 'AUD',
			value: '30.00',
		} );
		assert.equal( capture.status, 'COMPLETED' );

		await page
			.getByRole( 'button', { name: 'PayPal', exact: true } )
			.click();
		await dialog.getByRole( 'button', { name: 'Cancel payment' } ).click();
		await page.waitForFunction( () => window.paypalLog.length >= 3 );
		assert.equal(
			( await page.evaluate( () => window.paypalLog ) )[ 2 ][ 0 ],
			'cancel'
		);
	} );

	test( 'PayPal SDK: an order the script cannot pay, or PayPal refuses, reaches onError', async () => {
		// The widget's script query: currency AUD, intent capture (a second load keeps the first).
		await addScript(
			`${ standIns.url }/browser/paypal-sdk.js?api=${ encodeURIComponent(
				`${ standIns.url }/paypal`
			) }?client-id=abc&currency=AUD&intent=capture`
		);
		const errorOf = ( order ) =>
			page.evaluate( async ( body ) => {
				document.getElementById( 'app' ).innerHTML =
					'<div id="pp"></div>';
				const failed = new Promise( ( resolve ) => {
					window.paypal
						.Buttons( {
							createOrder: ( data, actions ) =>
								actions.order.create( body ),
							onError: ( error ) => resolve( error.message ),
						} )
						.render( '#pp' );
				} );
				document.querySelector( '#pp button' ).click();
				return failed;
			}, order );
		assert.equal(
			await errorOf( {
				purchase_units: [
					{ amount: { currency_code: 'USD', value: '30.00' } },
				],
			} ),
			'Unexpected currency: USD passed to order.create. Please ensure you are passing /sdk/js?currency=USD in the paypal script tag.'
		);
		assert.equal(
			await errorOf( {
				intent: 'AUTHORIZE',
				purchase_units: [ { amount: { value: '30.00' } } ],
			} ),
			'Unexpected intent: AUTHORIZE passed to order.create. Please ensure you are passing /sdk/js?intent=authorize in the paypal script tag.'
		);
		assert.equal(
			await errorOf( {
				purchase_units: [
					{
						amount: { value: '30.00' },
						invoice_id: 'x'.repeat( 128 ),
					},
				],
			} ),
			'Api: /v2/checkout/orders returned status code: 400 (INVALID_REQUEST: INVALID_STRING_LENGTH)'
		);
	} );

	test( 'reCAPTCHA: onload callback, invisible widget and execute', async () => {
		await page.evaluate( () => {
			document.getElementById( 'app' ).innerHTML =
				'<div id="captcha"></div>';
			window.captchaLoaded = new Promise( ( resolve ) => {
				window.onCaptcha = () => {
					window.widget = window.grecaptcha.render( 'captcha', {
						sitekey: 'site-key',
						size: 'invisible',
						callback: ( token ) => {
							window.captchaToken = token;
						},
					} );
					resolve();
				};
			} );
		} );
		await addScript(
			`${ standIns.url }/browser/recaptcha.js?onload=onCaptcha&render=explicit`
		);
		await page.evaluate( () => window.captchaLoaded );
		assert.equal(
			await page.getByText( 'protected by reCAPTCHA' ).count(),
			1
		);
		const executeOnce = async () => {
			await page.evaluate( () => {
				window.captchaToken = '';
				window.grecaptcha.execute( window.widget );
			} );
			await page.waitForFunction( () => window.captchaToken );
			return page.evaluate( () => window.captchaToken );
		};
		const verify = async ( response ) =>
			(
				await fetch(
					`${ standIns.url }/recaptcha/recaptcha/api/siteverify`,
					{
						method: 'POST',
						headers: {
							'Content-Type': 'application/x-www-form-urlencoded',
						},
						body: new URLSearchParams( {
							secret: 'captcha-secret',
							response,
						} ).toString(),
					}
				)
			).json();

		// Each execute issues a new token carrying its issue time, as Google's do.
		const started = Date.now();
		const first = await executeOnce();
		const second = await executeOnce();
		assert.match( first, /^stand-in-captcha-ok\.\d{13}\.[0-9a-f]{32}$/ );
		assert.notEqual( first, second );
		const issued = Number( first.split( '.' )[ 1 ] );
		assert.ok( issued >= started - 1000 && issued <= Date.now() );

		// The server stand-in accepts each once.
		assert.equal( ( await verify( first ) ).success, true );
		assert.equal( ( await verify( second ) ).success, true );
		assert.deepEqual( await verify( first ), {
			success: false,
			'error-codes': [ 'timeout-or-duplicate' ],
		} );

		// A test's own string is handed out as it is.
		await page.evaluate( () => {
			window.__standInCaptchaToken = 'stand-in-captcha-fail';
		} );
		assert.equal( await executeOnce(), 'stand-in-captcha-fail' );
		await page.evaluate( () => {
			delete window.__standInCaptchaToken;
		} );
	} );
} );
