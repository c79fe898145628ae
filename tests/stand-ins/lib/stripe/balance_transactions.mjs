/**
 * Stripe stand-in: Balance transactions: what each charge, refund and dispute does to the
 * account's balance, with the fee Stripe Australia's standard pricing takes.
 *
 * Pricing (https://stripe.com/au/pricing, April 2024 update): domestic cards 1.7% + A$0.30,
 * international cards 3.5% + A$0.30, BECS Direct Debit 1% + A$0.30 capped at A$3.50; a dispute
 * costs A$25.00, taken with the disputed amount in one transaction and not returned when the
 * dispute is won (Stripe's October 2023 change for Australian accounts). Refunds return no fee.
 */
import { stripeId, unixNow } from '../util.mjs';
import { hide, invalid } from './helpers.mjs';

const DAY = 86400;

/** Days until a payment's funds are available (Australia's standard T+2 schedule). */
export const AVAILABLE_AFTER_DAYS = 2;

/** The dispute fee in cents. */
export const DISPUTE_FEE = 2500;

/**
 * Stripe's fee on a payment, in cents.
 *
 * @param {number} amount  Charge amount in cents.
 * @param {Object} details The charge's payment_method_details.
 * @return {number} Fee in cents.
 */
export function stripeFee( amount, details ) {
	if ( details && details.type === 'au_becs_debit' ) {
		return Math.min( Math.round( amount / 100 ) + 30, 350 );
	}
	const country = details && details.card ? details.card.country : 'AU';
	// Per mille, so the arithmetic stays in integers.
	const rate = ! country || country === 'AU' ? 17 : 35;
	return Math.round( ( amount * rate ) / 1000 ) + 30;
}

export class BalanceTransactions {
	/**
	 * Store a balance transaction.
	 *
	 * @param {Object} details amount, fee, feeDescription, type, reportingCategory, source, currency, description, status.
	 * @return {Object} Stored balance transaction.
	 */
	newBalanceTransaction( details ) {
		const {
			amount,
			fee = 0,
			feeDescription = 'Stripe processing fees',
			type,
			reportingCategory,
			source,
			currency = 'aud',
			description = null,
			availableAfterDays = 0,
		} = details;
		const created = unixNow();
		const availableOn = created + availableAfterDays * DAY;
		const transaction = {
			id: stripeId( 'txn' ),
			object: 'balance_transaction',
			amount,
			available_on: availableOn,
			balance_type: 'payments',
			created,
			currency,
			description,
			exchange_rate: null,
			fee,
			fee_details: fee
				? [
						{
							amount: fee,
							application: null,
							currency,
							description: feeDescription,
							type: 'stripe_fee',
						},
					]
				: [],
			net: amount - fee,
			reporting_category: reportingCategory,
			source,
			status: availableAfterDays > 0 ? 'pending' : 'available',
			type,
		};
		// Which payout took it (set by payouts); Stripe lists by it but does not show it.
		hide( transaction, '__payout', null );
		this.save( transaction );
		return transaction;
	}

	/**
	 * The balance transaction of a charge that has just succeeded (once per charge).
	 *
	 * @param {Object} charge Charge (status succeeded).
	 * @return {Object} Balance transaction.
	 */
	chargeBalanceTransaction( charge ) {
		const existing = charge.balance_transaction
			? this.find( charge.balance_transaction, 'balance_transaction' )
			: null;
		if ( existing ) {
			return existing;
		}
		const transaction = this.newBalanceTransaction( {
			amount: charge.amount,
			fee: stripeFee( charge.amount, charge.payment_method_details ),
			type: 'charge',
			reportingCategory: 'charge',
			source: charge.id,
			currency: charge.currency,
			description: charge.description,
			availableAfterDays: AVAILABLE_AFTER_DAYS,
		} );
		charge.balance_transaction = transaction.id;
		return transaction;
	}

	/**
	 * The balance transaction of a refund: the refunded amount leaves, the fee stays paid.
	 *
	 * @param {Object} refund Refund.
	 * @return {Object} Balance transaction.
	 */
	refundBalanceTransaction( refund ) {
		return this.newBalanceTransaction( {
			amount: -refund.amount,
			type: 'refund',
			reportingCategory: 'refund',
			source: refund.id,
			currency: refund.currency,
			description: 'REFUND FOR CHARGE',
		} );
	}

	/**
	 * The balance transaction of a dispute's withdrawal (amount and fee) or reinstatement.
	 *
	 * @param {Object}  dispute    Dispute.
	 * @param {boolean} reinstated Whether the funds come back (a won dispute).
	 * @return {Object} Balance transaction (also added to the dispute).
	 */
	disputeBalanceTransaction( dispute, reinstated = false ) {
		const transaction = this.newBalanceTransaction( {
			amount: reinstated ? dispute.amount : -dispute.amount,
			fee: reinstated ? 0 : DISPUTE_FEE,
			feeDescription: 'Dispute fee',
			type: 'adjustment',
			reportingCategory: reinstated ? 'dispute_reversal' : 'dispute',
			source: dispute.id,
			currency: dispute.currency,
			description: reinstated
				? `Chargeback reversal for ${ dispute.charge }`
				: `Chargeback withdrawal for ${ dispute.charge }`,
		} );
		dispute.balance_transactions.push( transaction );
		return transaction;
	}

	/**
	 * GET /v1/balance_transactions: newest first; filters payout, type, source, currency.
	 *
	 * @param {Object} req Request.
	 * @return {Object} List.
	 */
	listBalanceTransactions( req ) {
		const p = req.params;
		if ( p.payout ) {
			const payout = this.find( p.payout, 'payout' );
			if ( ! payout ) {
				invalid( `No such payout: '${ p.payout }'`, {
					param: 'payout',
					code: 'resource_missing',
				} );
			}
		}
		return this.list(
			'balance_transaction',
			( transaction ) =>
				( ! p.payout || transaction.__payout === p.payout ) &&
				( ! p.type || transaction.type === p.type ) &&
				( ! p.source || transaction.source === p.source ) &&
				( ! p.currency || transaction.currency === p.currency ),
			p,
			'/v1/balance_transactions'
		);
	}
}
