/**
 * The money paths and their provider calls. Each path drives its side exactly as the widget (or
 * the admin's browser, or the provider) does it over HTTP, calls cell.arm( stage ) where the
 * faulted call's requests are about to be made, and says how its money is read back.
 *
 * A call: { name, provider, method, path (FAULTS-API.md, ":id" for one segment), stage (where
 * its driver arms it), scope( cell ) → { path?, match? } (which of the endpoint's requests belong
 * to this cell: its attempt's Idempotency-Key, its own object's path), table (the plugin table
 * whose writes the database refuses right after it), exclusive (the scope cannot tell this
 * cell's requests from another's: true, the cell runs alone; a name such as "paypal", it runs
 * beside no cell of a path that uses that provider (the path's uses) }.
 */
import {
	CARD_3DS,
	CARD_OK,
	approveAndCapture,
	becsPaymentMethod,
	cardPaymentMethod,
	completeThreeDSecure,
	walletConfirmationToken,
	createPayPalOrder,
} from './browser.mjs';
import { classifyPayment } from './cell.mjs';
import { paypalMoney, stripeMoney } from './money.mjs';
import {
	captchaToken,
	PAYPAL_WEBHOOK_ID,
	SERVERS,
	WEBHOOK_SECRET,
	control,
	formData,
	php,
	sleep,
	stripe,
} from './world.mjs';

/** Calls the donor makes for one gift at most: the first, and two Try Agains. */
export const MAX_TRIES = 3;

/** The pause before a Try Again (the failure screen, the reload). */
const TRY_AGAIN_MS = 500;

const STRIPE_WEBHOOK_ROUTE = '/donation-widget/v1/stripe/webhook';
const PAYPAL_WEBHOOK_ROUTE = '/donation-widget/v1/paypal/webhook';

const byAttempt = ( cell ) => ( {
	match: { idempotency_key: cell.data.firstAttempt },
} );

const isPaid = ( answer ) => classifyPayment( answer ) === 'paid';

/**
 * A card donation as src/payments/stripe/card/card-payment.ts makes it, with the Try Again of
 * the failure screen: after an answer whose outcome is unknown the same attempt again (the
 * attempt memory), after any other failure a new one; each try with a new card token, as after
 * a reload.
 *
 * @param {import('./cell.mjs').Cell} cell              The cell.
 * @param {Object}                    options           The gift.
 * @param {string}                    options.card      The card number.
 * @param {string}                    options.frequency Oneoff or 4weekly.
 * @param {string}                    options.email     The donor's email.
 * @param {string}                    options.total     Dollars.
 */
async function cardDonation(
	cell,
	{ card = CARD_OK, frequency = 'Oneoff', email, total = '25' }
) {
	const form = formData( email, frequency, total );
	for ( let attempt = 1; attempt <= MAX_TRIES; attempt++ ) {
		const pm = await cardPaymentMethod( card );
		const attemptId = cell.memory.idFor( form );
		cell.attempts.add( attemptId );
		cell.data.firstAttempt ??= attemptId;
		const fields = {
			action: 'process_payment_method',
			token: pm,
			cardId: pm,
			formData: form,
			coverAmount: '0',
			currentUrl: `${ SERVERS[ 0 ] }/donate/`,
			attemptId,
		};
		await cell.arm( 'start' );
		let answer = await cell.post(
			{ ...fields, captchaToken: captchaToken() },
			{ form }
		);
		if (
			answer.status === 200 &&
			answer.body?.type === 'requires_action'
		) {
			cell.data.intent = answer.body.data.payment_intent_id;
			await completeThreeDSecure( answer.body.data.client_secret );
			await cell.arm( 'continuation' );
			answer = await cell.post(
				{
					...fields,
					paymentIntentId: cell.data.intent,
					captchaToken: captchaToken(),
				},
				{ form }
			);
		}
		if ( isPaid( answer ) ) {
			return answer;
		}
		await sleep( TRY_AGAIN_MS );
	}
	return null;
}

/**
 * A one-off card donation, no fault: the paid donation a later path starts from.
 *
 * @param {import('./cell.mjs').Cell} cell      The cell.
 * @param {string}                    role      The donor's role in the cell.
 * @param {string}                    frequency Oneoff or 4weekly.
 */
async function paidDonation( cell, role, frequency = 'Oneoff' ) {
	const email = cell.email( role );
	const form = formData( email, frequency );
	const pm = await cardPaymentMethod( CARD_OK );
	const attemptId = cell.memory.idFor( form );
	cell.attempts.add( attemptId );
	const answer = await cell.post(
		{
			action: 'process_payment_method',
			token: pm,
			cardId: pm,
			formData: form,
			coverAmount: '0',
			currentUrl: `${ SERVERS[ 0 ] }/donate/`,
			attemptId,
			captchaToken: captchaToken(),
		},
		{ form, who: 'setup' }
	);
	if ( ! isPaid( answer ) ) {
		throw new Error(
			`The ${ role } donation of the cell's set-up failed: ${ answer.status } ${ JSON.stringify( answer.body ) }`
		);
	}
	const state = await php( 'site.php', [
		'state',
		JSON.stringify( [ email ] ),
	] );
	return { email, attemptId, row: state[ email ].rows[ 0 ] };
}

/**
 * A BECS Direct Debit donation as src/payments/stripe/becs/becs-payment.ts makes it.
 *
 * @param {import('./cell.mjs').Cell} cell  The cell.
 * @param {string}                    email The donor's email.
 */
async function becsDonation( cell, email ) {
	const form = formData( email );
	for ( let attempt = 1; attempt <= MAX_TRIES; attempt++ ) {
		const pm = await becsPaymentMethod( email );
		const attemptId = cell.memory.idFor( form );
		cell.attempts.add( attemptId );
		cell.data.firstAttempt ??= attemptId;
		await cell.arm( 'start' );
		const answer = await cell.post(
			{
				action: 'process_becs_debit',
				token: pm,
				formData: form,
				coverAmount: '0',
				currentUrl: `${ SERVERS[ 0 ] }/donate/`,
				attemptId,
				captchaToken: captchaToken(),
				mandateAccepted: '1',
			},
			{ form }
		);
		if ( isPaid( answer ) ) {
			return answer;
		}
		await sleep( TRY_AGAIN_MS );
	}
	return null;
}

/**
 * The bank clears every debit of the cell still processing ("up to three business days later"),
 * without telling the site: its webhooks are not delivered.
 *
 * @param {import('./cell.mjs').Cell} cell The cell.
 */
async function clearDebits( cell ) {
	for ( const attempt of cell.attempts ) {
		const found = await stripe(
			'GET',
			`/v1/payment_intents/search?query=${ encodeURIComponent( `metadata['attempt_id']:'${ attempt }'` ) }`
		);
		for ( const pi of found.data ?? [] ) {
			if ( pi.status === 'processing' ) {
				await control( 'POST', '/stripe/becs/settle', {
					payment_intent: pi.id,
				} );
			}
		}
	}
}

/**
 * A PayPal donation as src/payments/paypal/paypal-payment.ts makes it: the order created by the
 * SDK with a new attempt as its invoice_id, opened on the site (open_paypal_order), approved and
 * captured by the SDK, then reported (process_paypal_payment). Every Try Again is a new PayPal
 * payment with a new attempt, as the widget makes it.
 *
 * @param {import('./cell.mjs').Cell} cell           The cell.
 * @param {string}                    email          The donor's email.
 * @param {Object}                    options        How far the donor goes.
 * @param {boolean}                   options.report False: the browser closes after the capture.
 * @param {number}                    options.tries  Payments the donor makes at most.
 */
async function payPalDonation(
	cell,
	email,
	{ report = true, tries = MAX_TRIES } = {}
) {
	const form = formData( email );
	for ( let attempt = 1; attempt <= tries; attempt++ ) {
		const attemptId = crypto.randomUUID();
		cell.attempts.add( attemptId );
		cell.data.firstAttempt ??= attemptId;
		const orderId = await createPayPalOrder( attemptId, email );
		const opened = await cell.post(
			{
				action: 'open_paypal_order',
				formData: form,
				coverAmount: '0',
				attemptId,
				orderId,
				captchaToken: captchaToken(),
			},
			{ who: 'setup' }
		);
		if ( opened.status !== 200 || opened.body?.success !== true ) {
			throw new Error(
				`open_paypal_order failed: ${ opened.status } ${ JSON.stringify( opened.body ) }`
			);
		}
		const captureId = await approveAndCapture( orderId );
		cell.data.capture ??= captureId;
		cell.data.order ??= orderId;
		if ( ! report ) {
			return null;
		}
		await cell.arm( 'report' );
		const answer = await cell.post( {
			action: 'process_paypal_payment',
			transaction_id: captureId,
			formData: form,
			coverAmount: '0',
			attemptId,
		} );
		// As completePayPalPayment() reads it: the money has moved, so for an opened attempt no
		// answer, an unreadable one or "cannot tell yet" is the success screen too.
		const noWord =
			answer.status === 0 ||
			answer.body === null ||
			( ( answer.status < 200 || answer.status > 299 ) &&
				answer.body?.data?.outcome === 'unknown' );
		if ( isPaid( answer ) || noWord ) {
			return answer;
		}
		await sleep( TRY_AGAIN_MS );
	}
	return null;
}

/**
 * What the express checkout makes of payment_intent's answer (src/payments/stripe/express/
 * express-checkout.ts): the site confirmed the wallet's payment, so a 200 with a reference is
 * paid; 3-D Secure asked is a step of the same payment; the rest as for any payment call.
 *
 * @param {Object} answer The answer.
 */
function classifyExpressIntent( answer ) {
	const cls = classifyPayment( answer );
	if ( cls === 'continue' && answer.body?.success === true ) {
		return answer.body.data?.reference ? 'paid' : 'continue';
	}
	return cls;
}

/**
 * An express checkout (wallet) donation as src/payments/stripe/express/express-checkout.ts makes
 * it: the wallet sheet's ConfirmationToken (made at Stripe with the publishable key), then
 * payment_intent (the site confirms with it), 3-D Secure when asked, then get_charge_id. A Try
 * Again is a new wallet sheet, so a new token; the attempt as the attempt memory says.
 *
 * @param {import('./cell.mjs').Cell} cell  The cell.
 * @param {string}                    email The donor's email.
 * @param {string}                    card  The card behind the wallet.
 */
async function expressDonation( cell, email, card = CARD_OK ) {
	const form = formData( email );
	for ( let attempt = 1; attempt <= MAX_TRIES; attempt++ ) {
		const token = await walletConfirmationToken(
			`${ SERVERS[ 0 ] }/`,
			card
		);
		const attemptId = cell.memory.idFor( form );
		cell.attempts.add( attemptId );
		cell.data.firstAttempt ??= attemptId;
		await cell.arm( 'start' );
		const intent = await cell.post(
			{
				action: 'payment_intent',
				amount: '2500',
				formData: form,
				coverAmount: '0',
				currency: 'aud',
				attemptId,
				captchaToken: captchaToken(),
				confirmationToken: token,
			},
			{ form, classify: classifyExpressIntent }
		);
		// As express-checkout.ts reads it.
		const data = intent.body?.data ?? {};
		const secret = data.client_secret ?? '';
		const paymentIntentId =
			data.payment_intent_id || secret.split( '_secret_' )[ 0 ] || '';
		const succeeded = intent.body?.success === true;
		const pending =
			intent.status === 202 && intent.body?.type === 'pending';
		if ( intent.status < 200 || intent.status > 299 ) {
			// Silent: the donor presses the wallet button again.
			await sleep( TRY_AGAIN_MS );
			continue;
		}
		if ( ! succeeded && ! pending ) {
			if ( intent.body?.type !== 'requires_action' || ! secret ) {
				// Declined, or nothing to go on: the donor tries again.
				await sleep( TRY_AGAIN_MS );
				continue;
			}
			cell.data.intent = paymentIntentId;
			await completeThreeDSecure( secret );
			await cell.arm( 'continuation' );
		} else if ( ! paymentIntentId ) {
			// An attempt answered again from its record: its reference, or nothing to go on.
			if ( succeeded && data.reference ) {
				return intent;
			}
			await sleep( TRY_AGAIN_MS );
			continue;
		}
		cell.data.intent = paymentIntentId;
		await cell.arm( 'charge' );
		// It carries the paying call's attempt, so an unknown answer keeps it for Try Again.
		const charge = await cell.post(
			{
				action: 'get_charge_id',
				paymentIntentId,
				formData: form,
				currentUrl: `${ SERVERS[ 0 ] }/donate/`,
				attemptId,
				coverAmount: '0',
			},
			{ form }
		);
		if ( isPaid( charge ) ) {
			return charge;
		}
		await sleep( TRY_AGAIN_MS );
	}
	return null;
}

/**
 * The Stripe event about one PaymentIntent, signed for the site's endpoint.
 *
 * @param {string} type     Event type.
 * @param {string} intentId The pi_… id.
 */
async function signedStripeEvent( type, intentId ) {
	const events = await control( 'GET', `/stripe/events?type=${ type }` );
	const event = ( Array.isArray( events ) ? events : ( events.data ?? [] ) )
		.filter( ( e ) => e.data?.object?.id === intentId )
		.pop();
	if ( ! event ) {
		throw new Error( `No ${ type } event for ${ intentId }` );
	}
	const signed = await control( 'POST', '/stripe/sign', {
		payload: JSON.stringify( event ),
		secret: WEBHOOK_SECRET,
	} );
	return {
		payload: signed.payload,
		headers: { 'Stripe-Signature': signed.header },
	};
}

/**
 * Delivers a webhook as its provider does: again after an answer other than 2xx (the provider
 * retries later; twice here, once the fault has passed).
 *
 * @param {import('./cell.mjs').Cell} cell   The cell.
 * @param {string}                    route  REST route.
 * @param {Function}                  signed () → { payload, headers }.
 */
async function deliverUntilTaken( cell, route, signed ) {
	for ( let delivery = 1; delivery <= 3; delivery++ ) {
		const { payload, headers } = await signed();
		if ( delivery === 1 ) {
			await cell.arm( 'deliver' );
		}
		const answers = await cell.webhook( route, payload, headers );
		if (
			answers.every(
				( answer ) => answer.status >= 200 && answer.status < 300
			)
		) {
			return;
		}
		await sleep( 500 );
	}
}

/**
 * A 4-weekly donor whose renewal failed (past due), and a card-update link for the subscription.
 *
 * @param {import('./cell.mjs').Cell} cell The cell.
 */
async function pastDueDonor( cell ) {
	const first = await paidDonation( cell, 'donor', '4weekly' );
	const subscription = first.row.subscription_id;
	await control( 'POST', '/stripe/advance', {
		subscription,
		action: 'renewal_failed',
	} );
	const { requestId } = await php( 'site.php', [ 'link', subscription ] );
	const sub = await stripe( 'GET', `/v1/subscriptions/${ subscription }` );
	cell.data.subscription = subscription;
	cell.data.customer =
		typeof sub.customer === 'string' ? sub.customer : sub.customer?.id;
	cell.data.requestId = requestId;
}

/**
 * What the update-card widget makes of process_update_card's answer: the missed donation
 * "recovered" is money taken; "failed" or a card error says it was not; a server failure (502,
 * 504, 409 "already being processed") says nothing either way.
 *
 * @param {Object} answer The answer.
 */
function classifyCardUpdate( answer ) {
	const body = answer.body;
	if ( answer.status === 0 || ! body || typeof body !== 'object' ) {
		return 'unknown';
	}
	if ( answer.status === 200 && body.success === true ) {
		if ( body.data?.missed_donation === 'recovered' ) {
			return 'paid';
		}
		return body.data?.missed_donation === 'failed' ? 'not_charged' : 'done';
	}
	if ( answer.status === 200 && body.type === 'requires_action' ) {
		return 'continue';
	}
	if ( answer.status === 200 && body.type === 'card_error' ) {
		return 'not_charged';
	}
	if ( answer.status === 200 && body.type === 'link_expired' ) {
		// "Your link has expired, please get in touch.": no word on any money.
		return 'done';
	}
	return answer.status === 200 ? 'ended' : 'unknown';
}

/**
 * The update-card widget (docs/widget-contract.md#49-update-card-flow): the link checked, a new
 * card, the card replaced; Try Again (with a new card) after a failure.
 *
 * @param {import('./cell.mjs').Cell} cell The cell.
 */
async function cardUpdate( cell ) {
	await cell.arm( 'check' );
	const check = await cell.post(
		{ action: 'process_request_id', id: cell.data.requestId },
		{ classify: () => 'done' }
	);
	if ( check.body?.success !== true ) {
		cell.note(
			`process_request_id answered ${ check.status } ${ JSON.stringify( check.body ) }`
		);
	}
	for ( let attempt = 1; attempt <= MAX_TRIES; attempt++ ) {
		const pm = await cardPaymentMethod( CARD_OK, 'Jane Citizen' );
		cell.data.firstCard ??= pm;
		await cell.arm( 'update' );
		const answer = await cell.post(
			{
				action: 'process_update_card',
				id: cell.data.requestId,
				token: pm,
				cardId: pm,
				formData: JSON.stringify( { nameOnCard: 'Jane Citizen' } ),
			},
			{ classify: classifyCardUpdate }
		);
		const cls = classifyCardUpdate( answer );
		if (
			[ 'paid', 'done', 'not_charged' ].includes( cls ) &&
			answer.body?.success === true
		) {
			return;
		}
		if ( answer.body?.type === 'link_expired' ) {
			return;
		}
		await sleep( TRY_AGAIN_MS );
	}
}

/**
 * The admin refunds the whole donation from its screen: "Review refund", then "Yes, refund".
 * After an unknown answer the admin confirms the same refund again, as the notice invites.
 *
 * @param {import('./cell.mjs').Cell}   cell  The cell.
 * @param {import('./world.mjs').Admin} admin The signed-in admin.
 */
async function adminRefund( cell, admin ) {
	const id = Number( cell.data.donation.id );
	const review = await admin.fetch(
		`/wp-admin/admin.php?page=donation-widget-donations&donation=${ id }&confirm=refund&refund_amount=25.00&refund_reason=Asked+by+the+donor&refund_seen=0`
	);
	const form = review.text.match(
		/<form method="post" action="[^"]*admin-post\.php">([\s\S]*?)<\/form>/
	);
	if ( ! form ) {
		throw new Error(
			`The refund review step of donation #${ id } has no form (HTTP ${ review.status })`
		);
	}
	const fields = {};
	for ( const [ , name, value ] of form[ 1 ].matchAll(
		/<input type="hidden"[^>]*name="([^"]+)" value="([^"]*)"/g
	) ) {
		fields[ name ] = value.replace( /&amp;/g, '&' );
	}
	for ( let attempt = 1; attempt <= 2; attempt++ ) {
		await cell.arm( 'refund' );
		const [ answer ] = await cell.adminPost(
			admin,
			fields,
			`donation_widget_refund_${ id }`
		);
		const result = new URL(
			answer.location || 'http://x/',
			'http://x/'
		).searchParams.get( 'refund_result' );
		if ( result === 'refunded' || result === 'already' ) {
			return;
		}
		await sleep( TRY_AGAIN_MS );
	}
}

/**
 * The paths. calls lists every provider call the site makes on the path (read from the code and
 * the stand-ins' request log); the matrix generates its cells from these lists.
 */
export const PATHS = [
	{
		name: 'card',
		label: 'card one-off (process_payment_method)',
		money: stripeMoney,
		calls: [
			{
				name: 'create',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents',
				stage: 'start',
				scope: byAttempt,
			},
			{
				name: 'confirm',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents/:id/confirm',
				stage: 'start',
				scope: byAttempt,
			},
		],
		drive: ( cell ) => cardDonation( cell, { email: cell.email() } ),
	},
	{
		name: 'card-3ds',
		label: '3-D Secure continuation (process_payment_method with paymentIntentId)',
		money: stripeMoney,
		calls: [
			{
				name: 'retrieve',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/payment_intents/:id',
				stage: 'continuation',
				scope: ( cell ) => ( {
					path: `/v1/payment_intents/${ cell.data.intent }`,
				} ),
			},
			{
				name: 'confirm',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents/:id/confirm',
				stage: 'continuation',
				scope: ( cell ) => ( {
					path: `/v1/payment_intents/${ cell.data.intent }/confirm`,
					match: { idempotency_key: cell.data.firstAttempt },
				} ),
			},
		],
		drive: ( cell ) =>
			cardDonation( cell, { email: cell.email(), card: CARD_3DS } ),
	},
	{
		name: 'becs',
		label: 'BECS one-off (process_becs_debit)',
		money: stripeMoney,
		calls: [
			{
				name: 'create',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents',
				stage: 'start',
				scope: byAttempt,
			},
			{
				name: 'confirm',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents/:id/confirm',
				stage: 'start',
				scope: byAttempt,
			},
		],
		drive: ( cell ) => becsDonation( cell, cell.email() ),
		beforeReconcile: clearDebits,
	},
	{
		name: 'express',
		label: "express checkout (payment_intent with the wallet's ConfirmationToken, get_charge_id)",
		money: stripeMoney,
		calls: [
			{
				name: 'create',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents',
				stage: 'start',
				scope: byAttempt,
			},
			{
				name: 'confirm',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents/:id/confirm',
				stage: 'start',
				scope: byAttempt,
			},
		],
		drive: ( cell ) => expressDonation( cell, cell.email() ),
	},
	{
		name: 'express-3ds',
		label: "express checkout after the bank's 3-D Secure (get_charge_id finishes the payment)",
		money: stripeMoney,
		calls: [
			{
				name: 'retrieve',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/payment_intents/:id',
				stage: 'continuation',
				scope: ( cell ) => ( {
					path: `/v1/payment_intents/${ cell.data.intent }`,
				} ),
			},
			{
				name: 'confirm',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents/:id/confirm',
				stage: 'continuation',
				scope: ( cell ) => ( {
					path: `/v1/payment_intents/${ cell.data.intent }/confirm`,
					match: { idempotency_key: cell.data.firstAttempt },
				} ),
			},
		],
		drive: ( cell ) => expressDonation( cell, cell.email(), CARD_3DS ),
	},
	{
		name: '4-weekly',
		label: '4-weekly card start (the first gift a site-confirmed PaymentIntent, then the subscription)',
		money: stripeMoney,
		subscriptions: true,
		calls: [
			{
				name: 'customer',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/customers',
				stage: 'start',
				scope: byAttempt,
			},
			{
				name: 'create',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents',
				stage: 'start',
				scope: byAttempt,
			},
			{
				name: 'confirm',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents/:id/confirm',
				stage: 'start',
				scope: byAttempt,
			},
			{
				// The paid first gift read again before its subscription starts: its id is not
				// known before the call, so the fault would meet any cell's read.
				name: 'paid-read',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/payment_intents/:id',
				stage: 'start',
				exclusive: true,
			},
			{
				name: 'subscriptions',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/subscriptions',
				stage: 'start',
				exclusive: true,
			},
			{
				name: 'default',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/customers/:id',
				stage: 'start',
				scope: byAttempt,
			},
			{
				name: 'product',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/products',
				stage: 'start',
				exclusive: true,
				before: () => php( 'site.php', [ 'forget-product' ] ),
			},
			{
				name: 'subscription',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/subscriptions',
				stage: 'start',
				scope: byAttempt,
			},
		],
		drive: ( cell ) =>
			cardDonation( cell, {
				email: cell.email(),
				frequency: '4weekly',
			} ),
	},
	{
		name: 'paypal',
		label: 'PayPal (process_paypal_payment)',
		uses: [ 'paypal' ],
		money: paypalMoney,
		calls: [
			{
				name: 'oauth',
				provider: 'paypal',
				method: 'POST',
				path: '/v1/oauth2/token',
				stage: 'report',
				exclusive: 'paypal',
				before: () => php( 'site.php', [ 'forget-paypal-token' ] ),
			},
			{
				name: 'capture',
				provider: 'paypal',
				method: 'GET',
				path: '/v2/payments/captures/:id',
				stage: 'report',
				table: 'payment_references',
				scope: ( cell ) => ( {
					path: `/v2/payments/captures/${ cell.data.capture }`,
				} ),
			},
		],
		drive: ( cell ) => payPalDonation( cell, cell.email() ),
	},
	{
		name: 'card-update',
		label: 'card update of a past-due 4-weekly donor (process_request_id, process_update_card)',
		money: stripeMoney,
		setup: pastDueDonor,
		calls: [
			{
				name: 'link-check',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/subscriptions/:id',
				stage: 'check',
				// Nothing is written after it: no write for the database to refuse.
				writes: 0,
				scope: ( cell ) => ( {
					path: `/v1/subscriptions/${ cell.data.subscription }`,
				} ),
			},
			{
				name: 'setup',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/setup_intents',
				stage: 'update',
				table: 'card_update_audit',
				scope: ( cell ) => ( {
					match: { idempotency_key: cell.data.firstCard },
				} ),
			},
			{
				name: 'sub-read',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/subscriptions/:id',
				stage: 'update',
				table: 'card_update_links',
				scope: ( cell ) => ( {
					path: `/v1/subscriptions/${ cell.data.subscription }`,
				} ),
			},
			{
				name: 'sub-default',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/subscriptions/:id',
				stage: 'update',
				table: 'card_update_links',
				scope: ( cell ) => ( {
					path: `/v1/subscriptions/${ cell.data.subscription }`,
				} ),
			},
			{
				name: 'customer-default',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/customers/:id',
				stage: 'update',
				table: 'card_update_links',
				scope: ( cell ) => ( {
					path: `/v1/customers/${ cell.data.customer }`,
				} ),
			},
			{
				name: 'invoices',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/invoices',
				stage: 'update',
				scope: ( cell ) => ( {
					match: { body: { subscription: cell.data.subscription } },
				} ),
			},
			{
				name: 'invoice-pay',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/invoices/:id/pay',
				stage: 'update',
				scope: ( cell ) => ( {
					match: { idempotency_key: cell.data.firstCard },
				} ),
			},
			{
				// The paid invoice's PaymentIntent, read for its charge: its id is not known
				// before the call, so the fault would meet any cell's read.
				name: 'renewal-read',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/payment_intents/:id',
				stage: 'update',
				exclusive: true,
			},
		],
		drive: cardUpdate,
	},
	{
		name: 'refund',
		label: "admin refund (the donation screen's Refund)",
		money: stripeMoney,
		refunds: true,
		admin: true,
		setup: async ( cell ) => {
			cell.data.donation = ( await paidDonation( cell, 'donor' ) ).row;
		},
		calls: [
			{
				name: 'refund',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/refunds',
				stage: 'refund',
				table: 'refunds',
				scope: ( cell ) => ( {
					match: {
						body: { charge: cell.data.donation.provider_reference },
					},
				} ),
			},
		],
		drive: ( cell, world ) => adminRefund( cell, world.admin ),
	},
	{
		name: 'webhook-stripe',
		label: 'Stripe webhook read-back (payment_intent.succeeded of a cleared debit)',
		money: stripeMoney,
		setup: async ( cell ) => {
			await becsDonation( cell, cell.email() );
			const found = await stripe(
				'GET',
				`/v1/payment_intents/search?query=${ encodeURIComponent( `metadata['attempt_id']:'${ cell.data.firstAttempt }'` ) }`
			);
			cell.data.intent = found.data[ 0 ].id;
			await control( 'POST', '/stripe/becs/settle', {
				payment_intent: cell.data.intent,
			} );
		},
		calls: [
			{
				name: 'read-back',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/payment_intents/:id',
				stage: 'deliver',
				scope: ( cell ) => ( {
					path: `/v1/payment_intents/${ cell.data.intent }`,
				} ),
			},
		],
		drive: ( cell ) =>
			deliverUntilTaken( cell, STRIPE_WEBHOOK_ROUTE, () =>
				signedStripeEvent(
					'payment_intent.succeeded',
					cell.data.intent
				)
			),
	},
	{
		name: 'webhook-paypal',
		label: 'PayPal webhook read-back (PAYMENT.CAPTURE.COMPLETED, capture never reported)',
		uses: [ 'paypal' ],
		money: paypalMoney,
		setup: ( cell ) =>
			payPalDonation( cell, cell.email(), { report: false } ),
		calls: [
			{
				name: 'oauth',
				provider: 'paypal',
				method: 'POST',
				path: '/v1/oauth2/token',
				stage: 'deliver',
				exclusive: 'paypal',
				before: () => php( 'site.php', [ 'forget-paypal-token' ] ),
			},
			{
				name: 'verify',
				provider: 'paypal',
				method: 'POST',
				path: '/v1/notifications/verify-webhook-signature',
				stage: 'deliver',
				table: 'webhook_events',
				scope: ( cell ) => ( {
					match: {
						body: {
							'webhook_event[resource][id]': cell.data.capture,
						},
					},
				} ),
			},
			{
				name: 'capture',
				provider: 'paypal',
				method: 'GET',
				path: '/v2/payments/captures/:id',
				stage: 'deliver',
				table: 'payment_references',
				scope: ( cell ) => ( {
					path: `/v2/payments/captures/${ cell.data.capture }`,
				} ),
			},
		],
		drive: ( cell ) =>
			deliverUntilTaken( cell, PAYPAL_WEBHOOK_ROUTE, async () => {
				const event = await control( 'POST', '/paypal/event', {
					type: 'PAYMENT.CAPTURE.COMPLETED',
					capture_id: cell.data.capture,
				} );
				const signed = await control( 'POST', '/paypal/sign', {
					event: event.event ?? event,
					webhook_id: PAYPAL_WEBHOOK_ID,
				} );
				return { payload: signed.payload, headers: signed.headers };
			} ),
	},
	{
		name: 'reconcile',
		label: 'reconciliation pass reads (payments nobody reported)',
		sharesPass: true,
		money: async ( cell ) => [
			...( await stripeMoney( cell ) ),
			...( await paypalMoney( cell ) ),
		],
		setup: async ( cell ) => {
			await cell.call.prepare( cell );
		},
		calls: [
			{
				name: 'intent',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/payment_intents/:id',
				stage: 'pass',
				scope: ( cell ) => ( {
					path: `/v1/payment_intents/${ cell.data.intent }`,
				} ),
				// A card payment whose confirmation was carried out but never answered, the donor gone.
				prepare: ( cell ) => unansweredCardPayment( cell, 'confirm' ),
			},
			{
				name: 'search',
				provider: 'stripe',
				method: 'GET',
				path: '/v1/payment_intents/search',
				stage: 'pass',
				scope: ( cell ) => ( {
					match: {
						body: {
							query: `metadata['attempt_id']:'${ cell.data.firstAttempt }'`,
						},
					},
				} ),
				// A card payment whose PaymentIntent was made but never answered: the record has no id.
				prepare: ( cell ) => unansweredCardPayment( cell, 'create' ),
			},
			{
				name: 'order',
				provider: 'paypal',
				method: 'GET',
				path: '/v2/checkout/orders/:id',
				stage: 'pass',
				table: 'payment_references',
				scope: ( cell ) => ( {
					path: `/v2/checkout/orders/${ cell.data.order }`,
				} ),
				prepare: ( cell ) =>
					payPalDonation( cell, cell.email(), { report: false } ),
			},
			{
				name: 'oauth',
				provider: 'paypal',
				method: 'POST',
				path: '/v1/oauth2/token',
				stage: 'pass',
				exclusive: 'paypal',
				before: () => php( 'site.php', [ 'forget-paypal-token' ] ),
				prepare: ( cell ) =>
					payPalDonation( cell, cell.email(), { report: false } ),
			},
		],
		drive: async ( cell, world ) => {
			await cell.arm( 'pass' );
			await world.pass.join( cell );
		},
	},
];

/**
 * A card payment whose call got no answer (every try of one Stripe request lost its answer),
 * and a donor who never came back: the record stays open for the reconciliation pass.
 *
 * @param {import('./cell.mjs').Cell} cell The cell.
 * @param {string}                    step create or confirm: whose answers are lost.
 */
async function unansweredCardPayment( cell, step ) {
	const email = cell.email();
	const form = formData( email );
	const attemptId = cell.memory.idFor( form );
	cell.attempts.add( attemptId );
	cell.data.firstAttempt = attemptId;
	const lost = await control( 'POST', '/faults', {
		provider: 'stripe',
		method: 'POST',
		path:
			step === 'create'
				? '/v1/payment_intents'
				: '/v1/payment_intents/:id/confirm',
		fault: 'lose_answer',
		times: 10,
		match: { idempotency_key: attemptId },
	} );
	const pm = await cardPaymentMethod( CARD_OK );
	await cell.post(
		{
			action: 'process_payment_method',
			token: pm,
			cardId: pm,
			formData: form,
			coverAmount: '0',
			currentUrl: `${ SERVERS[ 0 ] }/donate/`,
			attemptId,
			captchaToken: captchaToken(),
		},
		{ form, who: 'setup' }
	);
	await control( 'DELETE', `/faults/${ lost.fault.id }` );
	const found = await stripe(
		'GET',
		`/v1/payment_intents/search?query=${ encodeURIComponent( `metadata['attempt_id']:'${ attemptId }'` ) }`
	);
	cell.data.intent = found.data?.[ 0 ]?.id ?? '';
}
