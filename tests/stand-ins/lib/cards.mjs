/**
 * Stripe test cards and how the stand-in treats them.
 *
 * Behaviours:
 * - ok:               every charge succeeds.
 * - decline:<reason>: setup, attach and every charge fail with that reason.
 * - charge_fail:      creating, attaching and setting up succeed; every charge
 *                     fails with generic_decline (Stripe's 4000000000000341).
 * - 3ds_always:       every payment and setup needs 3-D Secure; off-session
 *                     payments fail with authentication_required.
 * - 3ds_unless_setup: payments and setups need 3-D Secure until the card has been
 *                     authenticated once (3-D Secure, a SetupIntent, or a payment
 *                     with setup_future_usage); after that, payments succeed without
 *                     it, off-session ones included. Off-session before that fails
 *                     with authentication_required.
 */

export const CARDS = {
	4242424242424242: { brand: 'visa', behaviour: 'ok' },
	4000056655665556: { brand: 'visa', funding: 'debit', behaviour: 'ok' },
	4000000360000006: { brand: 'visa', country: 'AU', behaviour: 'ok' },
	5555555555554444: { brand: 'mastercard', behaviour: 'ok' },
	2223003122003222: { brand: 'mastercard', behaviour: 'ok' },
	5200828282828210: {
		brand: 'mastercard',
		funding: 'debit',
		behaviour: 'ok',
	},
	378282246310005: { brand: 'amex', behaviour: 'ok' },
	371449635398431: { brand: 'amex', behaviour: 'ok' },
	6011111111111117: { brand: 'discover', behaviour: 'ok' },
	3566002020360505: { brand: 'jcb', behaviour: 'ok' },
	36227206271667: { brand: 'diners', behaviour: 'ok' },
	6200000000000005: { brand: 'unionpay', behaviour: 'ok' },
	4000000000000002: { brand: 'visa', behaviour: 'decline:generic_decline' },
	4000000000009995: {
		brand: 'visa',
		behaviour: 'decline:insufficient_funds',
	},
	4000000000009987: { brand: 'visa', behaviour: 'decline:lost_card' },
	4000000000009979: { brand: 'visa', behaviour: 'decline:stolen_card' },
	4000000000000069: { brand: 'visa', behaviour: 'decline:expired_card' },
	4000000000000127: { brand: 'visa', behaviour: 'decline:incorrect_cvc' },
	4000000000000119: {
		brand: 'visa',
		behaviour: 'decline:processing_error',
	},
	4000000000000341: { brand: 'visa', behaviour: 'charge_fail' },
	4000002760003184: { brand: 'visa', behaviour: '3ds_always' },
	4000000000003220: { brand: 'visa', behaviour: '3ds_always' },
	4000000000003063: { brand: 'visa', behaviour: '3ds_always' },
	4000002500003155: { brand: 'visa', behaviour: '3ds_unless_setup' },
};

/**
 * Stripe's documented test PaymentMethod / token names (pm_card_NAME, tok_NAME).
 */
export const NAMED_CARDS = {
	visa: '4242424242424242',
	visa_debit: '4000056655665556',
	au: '4000000360000006',
	mastercard: '5555555555554444',
	mastercard_debit: '5200828282828210',
	amex: '378282246310005',
	discover: '6011111111111117',
	jcb: '3566002020360505',
	diners: '36227206271667',
	unionpay: '6200000000000005',
	chargeDeclined: '4000000000000002',
	visa_chargeDeclined: '4000000000000002',
	chargeDeclinedInsufficientFunds: '4000000000009995',
	visa_chargeDeclinedInsufficientFunds: '4000000000009995',
	chargeDeclinedLostCard: '4000000000009987',
	chargeDeclinedStolenCard: '4000000000009979',
	chargeDeclinedExpiredCard: '4000000000000069',
	chargeDeclinedIncorrectCvc: '4000000000000127',
	chargeDeclinedProcessingError: '4000000000000119',
	chargeCustomerFail: '4000000000000341',
	authenticationRequired: '4000002760003184',
	threeDSecure2Required: '4000000000003220',
	threeDSecureRequired: '4000000000003063',
	authenticationRequiredOnSetup: '4000002500003155',
	authenticationRequiredSetupForOffSession: '4000002500003155',
};

/**
 * Decline reasons: the card_error fields Stripe returns.
 */
export const DECLINES = {
	generic_decline: {
		code: 'card_declined',
		decline_code: 'generic_decline',
		message: 'Your card was declined.',
	},
	insufficient_funds: {
		code: 'card_declined',
		decline_code: 'insufficient_funds',
		message: 'Your card has insufficient funds.',
	},
	lost_card: {
		code: 'card_declined',
		decline_code: 'lost_card',
		message: 'Your card was declined.',
	},
	stolen_card: {
		code: 'card_declined',
		decline_code: 'stolen_card',
		message: 'Your card was declined.',
	},
	expired_card: {
		code: 'expired_card',
		decline_code: 'expired_card',
		message: 'Your card has expired.',
		param: 'exp_month',
	},
	incorrect_cvc: {
		code: 'incorrect_cvc',
		decline_code: 'incorrect_cvc',
		message: "Your card's security code is incorrect.",
		param: 'cvc',
	},
	processing_error: {
		code: 'processing_error',
		decline_code: 'processing_error',
		message:
			'An error occurred while processing your card. Try again in a little bit.',
	},
	authentication_required: {
		code: 'authentication_required',
		decline_code: 'authentication_required',
		message:
			'Your card was declined. This transaction requires authentication.',
	},
};

/**
 * Card brand from the leading digits, as Stripe.js guesses it while typing.
 *
 * @param {string} number Digits typed so far.
 * @return {string} visa | mastercard | amex | discover | jcb | diners | unionpay | unknown
 */
export function brandOf( number ) {
	const digits = String( number || '' ).replace( /\D/g, '' );
	if ( /^4/.test( digits ) ) {
		return 'visa';
	}
	if ( /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/.test( digits ) ) {
		return 'mastercard';
	}
	if ( /^3[47]/.test( digits ) ) {
		return 'amex';
	}
	if ( /^(6011|65|64[4-9])/.test( digits ) ) {
		return 'discover';
	}
	if ( /^35/.test( digits ) ) {
		return 'jcb';
	}
	if ( /^(36|30[0-5]|3095|38|39)/.test( digits ) ) {
		return 'diners';
	}
	if ( /^62/.test( digits ) ) {
		return 'unionpay';
	}
	return 'unknown';
}

/**
 * Luhn checksum.
 *
 * @param {string} number Card number digits.
 * @return {boolean} Whether it passes.
 */
export function luhn( number ) {
	const digits = String( number || '' ).replace( /\D/g, '' );
	if ( digits.length < 12 ) {
		return false;
	}
	let sum = 0;
	let double = false;
	for ( let i = digits.length - 1; i >= 0; i-- ) {
		let d = Number( digits[ i ] );
		if ( double ) {
			d *= 2;
			if ( d > 9 ) {
				d -= 9;
			}
		}
		sum += d;
		double = ! double;
	}
	return sum % 10 === 0;
}

/**
 * Everything the stand-in knows about a card number.
 *
 * @param {string} number Card number.
 * @return {{number: string, brand: string, behaviour: string, funding: string, country: string, last4: string}} Card info.
 */
export function cardInfo( number ) {
	const digits = String( number ).replace( /\D/g, '' );
	const known = CARDS[ digits ] || {};
	return {
		number: digits,
		brand: known.brand || brandOf( digits ),
		behaviour: known.behaviour || 'ok',
		funding: known.funding || 'credit',
		country: known.country || 'US',
		last4: digits.slice( -4 ),
	};
}

/**
 * The legacy Card object spells brands differently from PaymentMethods.
 */
export const LEGACY_BRANDS = {
	visa: 'Visa',
	mastercard: 'MasterCard',
	amex: 'American Express',
	discover: 'Discover',
	jcb: 'JCB',
	diners: 'Diners Club',
	unionpay: 'UnionPay',
	unknown: 'Unknown',
};
