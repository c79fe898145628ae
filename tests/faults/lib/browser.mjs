/**
 * What the donor's browser does at the providers, as the browser stand-ins do it
 * (tests/stand-ins/browser/stripe.js and paypal-sdk.js): card and bank-account PaymentMethods made
 * with the publishable key, 3-D Secure completed, a wallet payment confirmed, a PayPal order
 * created, approved and captured by the SDK.
 */
import { PUBLISHABLE_KEY, paypalBrowser, stripe } from './world.mjs';

export const CARD_OK = '4242424242424242';
export const CARD_3DS = '4000002760003184';

/**
 * A card PaymentMethod, as Stripe.js makes it from the card fields (createPaymentMethod).
 *
 * @param {string} number Card number.
 * @param {string} name   Name on the card.
 * @return {Promise<string>} The pm_… id.
 */
export async function cardPaymentMethod(
	number = CARD_OK,
	name = 'Jane Citizen'
) {
	const pm = await stripe(
		'POST',
		'/v1/payment_methods',
		{
			type: 'card',
			card: {
				number,
				exp_month: '12',
				exp_year: String( new Date().getFullYear() + 3 ),
				cvc: '123',
			},
			billing_details: {
				name,
				address: {
					line1: '1 Example St',
					city: 'Sydney',
					state: 'NSW',
					postal_code: '2000',
					country: 'AU',
				},
			},
		},
		PUBLISHABLE_KEY
	);
	return pm.id;
}

/**
 * A bank-account PaymentMethod (BECS), as the auBankAccount element makes it: the test BSB and
 * the account that clears.
 *
 * @param {string} email The donor's email.
 */
export async function becsPaymentMethod( email ) {
	const pm = await stripe(
		'POST',
		'/v1/payment_methods',
		{
			type: 'au_becs_debit',
			au_becs_debit: {
				bsb_number: '000000',
				account_number: '000123456',
			},
			billing_details: { name: 'Jane Citizen', email },
		},
		PUBLISHABLE_KEY
	);
	return pm.id;
}

/**
 * 3-D Secure passed, as stripe.handleNextAction() runs it: the intent read with its client
 * secret, then confirmed with the challenge's outcome.
 *
 * @param {string} clientSecret The intent's client secret.
 */
export async function completeThreeDSecure( clientSecret ) {
	const id = clientSecret.split( '_secret_' )[ 0 ];
	const setup = id.startsWith( 'seti_' );
	const base = setup ? '/v1/setup_intents/' : '/v1/payment_intents/';
	const intent = await stripe(
		'GET',
		`${ base }${ id }?client_secret=${ encodeURIComponent( clientSecret ) }`,
		undefined,
		PUBLISHABLE_KEY
	);
	if ( intent.status !== 'requires_action' ) {
		return intent;
	}
	return stripe(
		'POST',
		`${ base }${ id }/confirm`,
		{ client_secret: clientSecret, stand_in_3ds: 'succeed' },
		PUBLISHABLE_KEY
	);
}

/**
 * The wallet sheet's payment (Google Pay) as a ConfirmationToken, as stripe.createConfirmationToken()
 * makes it from the express checkout element (publishable key): the site confirms with it.
 *
 * @param {string} returnUrl The site root.
 * @param {string} number    The card behind the wallet.
 * @return {Promise<string>} The ctoken_… id.
 */
export async function walletConfirmationToken( returnUrl, number = CARD_OK ) {
	const token = await stripe(
		'POST',
		'/v1/confirmation_tokens',
		{
			payment_method_data: {
				type: 'card',
				card: {
					number,
					exp_month: '12',
					exp_year: String( new Date().getFullYear() + 3 ),
				},
				billing_details: {
					name: 'Jane Citizen',
					email: 'wallet@example.org.au',
				},
			},
			stand_in_wallet: 'google_pay',
			return_url: returnUrl,
		},
		PUBLISHABLE_KEY
	);
	return token.id;
}

/**
 * The wallet provider's order, as the widget builds it (src/payments/paypal/order.ts) with the
 * attempt as its invoice_id, created by the SDK.
 *
 * @param {string} attemptId The attempt.
 * @param {string} email     The donor's email.
 * @param {string} total     Dollars, such as "25.00".
 * @return {Promise<string>} The order id.
 */
export async function createPayPalOrder( attemptId, email, total = '25.00' ) {
	const order = await paypalBrowser( 'POST', '/v2/checkout/orders', {
		intent: 'CAPTURE',
		purchase_units: [
			{
				invoice_id: attemptId,
				custom_id:
					`o-,n-jane_citizen,e-${ email },m-0412345678,d-Oneoff,a-1_example_st_sydney_nsw_2000_australia,i-`.slice(
						0,
						127
					),
				amount: { value: total, currency_code: 'AUD' },
			},
		],
	} );
	return order.id;
}

/**
 * The donor approves the order in PayPal's window, and the SDK captures it
 * (actions.order.capture()).
 *
 * @param {string} orderId The order.
 * @return {Promise<string>} The capture id.
 */
export async function approveAndCapture( orderId ) {
	await paypalBrowser(
		'POST',
		`/v2/checkout/orders/${ orderId }/stand-in-approve`,
		{ payer_id: 'STANDINPAYER' }
	);
	const captured = await paypalBrowser(
		'POST',
		`/v2/checkout/orders/${ orderId }/capture`,
		{}
	);
	return captured?.purchase_units?.[ 0 ]?.payments?.captures?.[ 0 ]?.id ?? '';
}
