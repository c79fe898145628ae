/**
 * BECS Direct Debit (au_becs_debit) test accounts, as Stripe documents them
 * for test mode (https://docs.stripe.com/payments/au-becs-debit/accept-a-payment,
 * "Test your integration"). All use BSB 000000. The PaymentIntent goes to
 * `processing` at confirmation; the outcome comes "up to three business days
 * later", which the stand-in collapses into POST /__control/stripe/becs/settle.
 */

export const BECS_TEST_BSB = '000000';

/**
 * outcome: succeed | fail | dispute | limit (fails at confirmation).
 * delayed: Stripe's "three-minute delay" variants (the stand-in settles them
 * like the others; the flag is kept for the README and the settle answer).
 * mandate: the mandate's status after a failure.
 */
export const BECS_TEST_ACCOUNTS = {
	'000123456': { outcome: 'succeed' },
	900123456: { outcome: 'succeed', delayed: true },
	111111113: {
		outcome: 'fail',
		code: 'account_closed',
		mandate: 'inactive',
	},
	111111116: { outcome: 'fail', code: 'no_account', mandate: 'inactive' },
	222222227: {
		outcome: 'fail',
		code: 'refer_to_customer',
		mandate: 'active',
	},
	922222227: {
		outcome: 'fail',
		code: 'refer_to_customer',
		mandate: 'active',
		delayed: true,
	},
	333333335: {
		outcome: 'fail',
		code: 'debit_not_authorized',
		mandate: 'inactive',
	},
	666666660: { outcome: 'dispute' },
	343434343: { outcome: 'limit', code: 'charge_exceeds_source_limit' },
	121212121: {
		outcome: 'limit',
		code: 'charge_exceeds_transaction_limit',
	},
};

/**
 * Failure messages (charge.failure_message, last_payment_error.message).
 */
export const BECS_FAILURE_MESSAGES = {
	account_closed: "The customer's bank account has been closed.",
	no_account:
		'The bank account details on file are probably incorrect. No bank account could be located with those details.',
	refer_to_customer:
		"The customer's bank could not process this payment. The customer should contact their bank.",
	debit_not_authorized:
		'The customer has notified their bank that this payment was unauthorized.',
	charge_exceeds_source_limit:
		'This payment would exceed the weekly BECS Direct Debit payment volume limit for this account.',
	charge_exceeds_transaction_limit:
		'This payment exceeds the BECS Direct Debit per-transaction limit for this account.',
};

/**
 * Bank and branch names Stripe.js reports for a BSB (a few prefixes).
 *
 * @param {string} bsb Six digits.
 * @return {{bankName: string|null, branchName: string|null}} Names.
 */
export function bsbNames( bsb ) {
	if ( bsb === BECS_TEST_BSB ) {
		return {
			bankName: 'Stripe Test Bank',
			branchName: 'Stripe Test Branch',
		};
	}
	const banks = {
		'01': 'Australia and New Zealand Banking Group',
		'03': 'Westpac Banking Corporation',
		'06': 'Commonwealth Bank of Australia',
		'08': 'National Australia Bank',
		73: 'Westpac Banking Corporation',
	};
	return { bankName: banks[ bsb.slice( 0, 2 ) ] || null, branchName: null };
}

/**
 * The test account's behaviour (anything else behaves like 000123456).
 *
 * @param {string} bsb     BSB.
 * @param {string} account Account number.
 * @return {Object} Entry of BECS_TEST_ACCOUNTS.
 */
export function becsBehaviour( bsb, account ) {
	if ( bsb === BECS_TEST_BSB && BECS_TEST_ACCOUNTS[ account ] ) {
		return { account, ...BECS_TEST_ACCOUNTS[ account ] };
	}
	return { account, outcome: 'succeed' };
}
