/**
 * Stripe.js, the PayPal SDK and reCAPTCHA load only once the donor reaches
 * tab 2 (where the hidden payment section mounts), from the page's URLs.
 */
import { DonationWidget } from '../DonationWidget';
import {
	byLabel,
	byText,
	click,
	render,
	settle,
	type Rendered,
} from '../../shared/__tests__/dom';
import { readPageGlobals } from '../../shared/config';
import { configFixture, settingsFixture } from './fixtures';

const globals = readPageGlobals( {
	settings: settingsFixture,
	providerScripts: {
		stripe: 'https://stand-in.test/stripe.js',
		paypal: 'https://stand-in.test/paypal/sdk/js',
		recaptcha: 'https://stand-in.test/recaptcha/api.js',
	},
} );

let view: Rendered;
afterEach( () => {
	view.unmount();
	document.head.innerHTML = '';
} );

const scripts = () =>
	Array.from( document.querySelectorAll( 'script' ) ).map(
		( script ) => script.src
	);

it( 'loads each provider from the page URL when tab 2 is first reached', async () => {
	view = await render(
		<DonationWidget
			config={ { ...configFixture, donation_type: 'Oneoff' } }
			settings={ {
				...settingsFixture,
				stripe_public_key: 'pk_test_123',
				paypal_client_id: 'paypal-client',
				google_captcha_key: 'site-key',
			} }
			globals={ globals }
			widgetIndex={ 0 }
			handlesRedirectReturn={ false }
		/>
	);
	const root = view.container;
	await settle();
	expect( scripts() ).toEqual( [] );

	await click( byText( root, 'button', 'Donate $50 >>' ) );
	await settle();
	await settle();
	const loaded = scripts();
	expect( loaded ).toContain( 'https://stand-in.test/stripe.js' );
	expect( loaded ).toContain(
		'https://stand-in.test/recaptcha/api.js?render=explicit&onload=donationWidgetRecaptchaLoaded'
	);
	const paypal = loaded.find( ( src ) =>
		src.startsWith( 'https://stand-in.test/paypal/sdk/js?' )
	) as string;
	const query = new URL( paypal ).searchParams;
	expect( [
		query.get( 'client-id' ),
		query.get( 'currency' ),
		query.get( 'intent' ),
		query.get( 'components' ),
	] ).toEqual( [ 'paypal-client', 'AUD', 'capture', 'buttons' ] );
	expect(
		loaded.some(
			( src ) =>
				src.includes( 'js.stripe.com' ) ||
				src.includes( 'paypal.com' ) ||
				src.includes( 'google.com' )
		)
	).toBe( false );
	expect( byLabel( root, 'First name' ) ).not.toBeNull();
} );
