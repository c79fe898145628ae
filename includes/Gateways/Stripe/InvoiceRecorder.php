<?php
/**
 * Records what a subscription's invoice means for its donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationStatus;

/**
 * Every 4 weeks Stripe collects a subscription's invoice, and each becomes a donation row of its
 * own (a renewal), linked to the subscription and keyed "invoice:<id>" so it is recorded once
 * whichever news comes first (invoice.paid, invoice.payment_failed, a card update paying it).
 * A renewal that could not be collected is recorded failed; Stripe retries it, and a paid retry
 * moves the same row to succeeded.
 *
 * The donation made in the widget is none of them: its first gift was paid by its own
 * PaymentIntent before the subscription started (FourWeeklySubscription), so the subscription's
 * first invoice, 4 weeks later, is its first renewal. An invoice that collected nothing (a $0
 * invoice) is no donation. A subscription started before first gifts were paid on their own had
 * its first gift collected by its first invoice: an invoice paid by the first donation's own
 * PaymentIntent completes that donation.
 */
final class InvoiceRecorder {

	/**
	 * Builds the recorder.
	 *
	 * @param DonationLedger $ledger Donation records.
	 */
	public function __construct( private readonly DonationLedger $ledger ) {
	}

	/**
	 * The first donation of the subscription an invoice bills, or null when it is not one of this
	 * site's subscriptions.
	 *
	 * @param StripeInvoice $invoice The invoice.
	 */
	public function first_donation( StripeInvoice $invoice ): ?Donation {
		return '' === $invoice->subscription_id() ? null : $this->ledger->first_of_subscription( $invoice->subscription_id() );
	}

	/**
	 * Whether an invoice collects the first donation itself: one paid (or being paid) by that
	 * donation's own PaymentIntent (a subscription started before first gifts were paid on their
	 * own); never an invoice of a subscription started after its first gift.
	 *
	 * @param StripeInvoice $invoice The invoice.
	 * @param Donation      $first   The subscription's first donation.
	 */
	public function collects_first( StripeInvoice $invoice, Donation $first ): bool {
		return '' !== $invoice->payment_intent_id() && $invoice->payment_intent_id() === $first->payment_intent_id();
	}

	/**
	 * Records a paid invoice.
	 *
	 * @param StripeInvoice $invoice A paid invoice, read from Stripe.
	 * @param Donation      $first   The subscription's first donation.
	 * @return string What happened.
	 */
	public function paid( StripeInvoice $invoice, Donation $first ): string {
		$this->ledger->activate_subscription( $invoice->subscription_id() );
		$paid = PaymentOutcome::paid( $invoice->charge_id(), $invoice->payment_intent_id() );

		if ( $this->collects_first( $invoice, $first ) ) {
			return $this->ledger->settle( $first, $paid )
				? "donation #{$first->id()} succeeded (first invoice)"
				: "ignored: donation #{$first->id()} is {$first->status()}";
		}
		if ( $invoice->amount_paid() <= 0 ) {
			return "ignored: invoice {$invoice->id()} collected nothing";
		}

		$attempt_id = self::attempt_id( $invoice );
		$renewal    = $this->ledger->record_renewal(
			$first,
			$attempt_id,
			DonationStatus::SUCCEEDED,
			array( 'provider_reference' => $invoice->charge_id() ) + self::renewal( $invoice, $first, $invoice->amount_paid() )
		);
		if ( null !== $renewal ) {
			if ( '' !== $invoice->charge_id() ) {
				$this->ledger->claim_reference( $renewal, $invoice->charge_id() );
			}
			return "renewal donation #{$renewal->id()} recorded";
		}
		// Recorded before, as a failed collection that Stripe has now retried successfully.
		$existing = $this->ledger->find_by_attempt( $attempt_id );
		if ( null === $existing ) {
			return 'ignored: the renewal could not be recorded';
		}
		return $this->ledger->settle( $existing, $paid )
			? "renewal donation #{$existing->id()} succeeded"
			: "ignored: renewal donation #{$existing->id()} is {$existing->status()}";
	}

	/**
	 * Records a renewal Stripe could not collect. An invoice collecting the first donation is left
	 * to its PaymentIntent (the widget's call, payment_intent.payment_failed), which carries the
	 * card's own reason.
	 *
	 * @param StripeInvoice $invoice An unpaid invoice, read from Stripe.
	 * @param Donation      $first   The subscription's first donation.
	 * @return Donation|null The failed renewal row, or null when there is none to fail (the first
	 *                       donation's invoice, one for nothing, or a renewal already paid).
	 */
	public function failed( StripeInvoice $invoice, Donation $first ): ?Donation {
		if ( $this->collects_first( $invoice, $first ) || $invoice->amount_due() <= 0 ) {
			return null;
		}
		$attempt_id = self::attempt_id( $invoice );
		$reason     = sprintf( 'renewal_failed: collection attempt %d of invoice %s failed.', $invoice->attempt_count(), $invoice->id() );
		$renewal    = $this->ledger->record_renewal(
			$first,
			$attempt_id,
			DonationStatus::FAILED,
			array( 'failure_reason' => $reason ) + self::renewal( $invoice, $first, $invoice->amount_due() )
		);
		if ( null !== $renewal ) {
			return $renewal;
		}
		$renewal = $this->ledger->find_by_attempt( $attempt_id );
		return null !== $renewal && $this->ledger->move_renewal( $renewal, DonationStatus::FAILED, array( 'failure_reason' => $reason ) ) ? $renewal : null;
	}

	/**
	 * The key of an invoice's renewal row.
	 *
	 * @param StripeInvoice $invoice The invoice.
	 */
	private static function attempt_id( StripeInvoice $invoice ): string {
		return 'invoice:' . $invoice->id();
	}

	/**
	 * The columns of a renewal row for this invoice.
	 *
	 * @param StripeInvoice $invoice The invoice.
	 * @param Donation      $first   The subscription's first donation.
	 * @param int           $cents   The amount paid or due.
	 * @return array<string, int|string>
	 */
	private static function renewal( StripeInvoice $invoice, Donation $first, int $cents ): array {
		// A renewal repeats the first donation's gift and cover.
		return $first->renewal_split( $cents ) + array(
			'currency'          => '' !== $invoice->currency() ? $invoice->currency() : $first->currency(),
			'payment_intent_id' => $invoice->payment_intent_id(),
		);
	}
}
