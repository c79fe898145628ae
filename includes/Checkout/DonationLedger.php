<?php
/**
 * The donation records, as payment gateways may read and change them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\RecordNotWritten;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Gateways never touch the repositories: the checkout and every webhook listener record what a
 * provider said through settle(), so a payment ends the same way whichever news arrives first,
 * and the status machine of DonationStatus holds (a paid donation never turns failed).
 */
final class DonationLedger {

	public const SUBSCRIPTION_ACTIVE = SubscriptionRepository::ACTIVE;

	/** Note code of a donation whose provider failed or did not answer: it may have been paid. */
	public const PROVIDER_UNAVAILABLE = 'provider_unavailable';

	/** Failure code of a donation whose provider refused the site's request before any payment. */
	public const PROVIDER_REFUSED = 'provider_refused';

	/**
	 * Builds the ledger.
	 *
	 * @param DonationRepository     $donations     Donation records.
	 * @param SubscriptionRepository $subscriptions 4-weekly subscriptions.
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly SubscriptionRepository $subscriptions
	) {
	}

	/**
	 * Records what the provider said about a donation. (A 4-weekly donation's subscription starts
	 * only once its first gift is paid, on donation_widget_donation_succeeded: SubscriptionStart;
	 * a failed or abandoned first gift has none to end.)
	 *
	 * @param Donation       $donation The donation, as read before the provider was asked.
	 * @param PaymentOutcome $outcome  What the provider said.
	 * @return bool Whether the record now says so (false: it had moved on, say to refunded).
	 */
	public function settle( Donation $donation, PaymentOutcome $outcome ): bool {
		$references = array_filter(
			array(
				'payment_intent_id'  => $outcome->payment_id,
				'provider_reference' => $outcome->reference,
				'method'             => $outcome->method,
			)
		);
		switch ( $outcome->kind ) {
			case PaymentOutcome::PAID:
				// A note left by an earlier timeout or failure no longer applies.
				$moved = $this->donations->move( $donation->id(), DonationStatus::SUCCEEDED, array( 'failure_reason' => '' ) + $references );
				if ( '' !== $outcome->reference ) {
					$this->claim_paid_reference( $donation, $outcome->reference );
				}
				if ( '' !== $donation->subscription_id() ) {
					$this->subscriptions->activate( $donation->subscription_id() );
				}
				return $moved;
			case PaymentOutcome::REQUIRES_ACTION:
				return $this->donations->move( $donation->id(), DonationStatus::REQUIRES_ACTION, $references );
			case PaymentOutcome::HELD:
				if ( ! $this->donations->claim_reference( $donation->provider(), $outcome->reference, $donation->id() ) ) {
					return false;
				}
				return $this->donations->move(
					$donation->id(),
					DonationStatus::REVIEW,
					array(
						'failure_reason' => mb_substr( $outcome->code . ': ' . $outcome->detail, 0, 255 ),
						'review_reason'  => mb_substr( $outcome->code, 0, 40 ),
					) + $references
				);
			case PaymentOutcome::PROCESSING:
			case PaymentOutcome::CONFIRM_IN_BROWSER:
				$this->donations->update( $donation->id(), $references + array_filter( array( 'failure_reason' => $outcome->detail ) ) );
				return true;
		}//end switch
		if ( ! $outcome->is_failure() ) {
			return false;
		}
		return $this->fail( $donation, $outcome->code . ': ' . $outcome->detail, $references );
	}

	/**
	 * Notes why an open donation is still open (a provider that did not answer), keeping it open.
	 * A donation another call settled meanwhile keeps the reason that call wrote: the note is
	 * late news, and a retry of the attempt answers the donor from that reason.
	 *
	 * @param Donation $donation The donation.
	 * @param string   $note     Machine-readable reason, a colon, and the detail.
	 */
	public function note_still_open( Donation $donation, string $note ): void {
		$this->donations->note_if_open( $donation->id(), $note );
	}

	/**
	 * Records that a provider call failed, and decides what that means for the donation.
	 *
	 * The provider refused the site's key (401/403) or throttled it (429): such a request is
	 * never carried out, so a donation that holds no payment of the provider yet (no
	 * PaymentIntent, subscription or capture) fails at once. Anything else (a 5xx, a timeout, a
	 * connection lost, an unreadable answer) may have taken the money: the donation stays open
	 * with a provider_unavailable note, and the reconciliation pass asks the provider after the
	 * grace period, failing it only when the provider has no payment for it.
	 *
	 * @param Donation            $donation The donation, as read before the provider was asked.
	 * @param ProviderUnavailable $error    What failed.
	 * @return bool Whether the donation is now failed.
	 */
	public function record_provider_failure( Donation $donation, ProviderUnavailable $error ): bool {
		$current  = $this->donations->find( $donation->id() ) ?? $donation;
		$definite = in_array( $error->reason, array( 'rejected', 'rate_limited' ), true );
		$holds    = '' !== $current->payment_intent_id() || '' !== $current->subscription_id() || '' !== $current->provider_reference();
		if ( $definite && ! $holds ) {
			return $this->fail( $current, self::PROVIDER_REFUSED . ': ' . $error->getMessage(), array() );
		}
		$this->note_still_open( $current, self::PROVIDER_UNAVAILABLE . ': ' . $error->getMessage() );
		return false;
	}

	/**
	 * Records that the donor left an open donation unpaid (see DonationStatus); a payment that
	 * completes later still moves the donation to succeeded.
	 *
	 * @param Donation $donation The donation, as read before the provider was asked.
	 * @param string   $note     Why, as "code: detail".
	 * @param string   $payment_id The provider's payment, when one exists.
	 * @return bool Whether the record now says abandoned.
	 */
	public function abandon( Donation $donation, string $note, string $payment_id = '' ): bool {
		return $this->donations->move( $donation->id(), DonationStatus::ABANDONED, array_filter( array( 'payment_intent_id' => $payment_id ) ) + array( 'failure_reason' => $note ) );
	}

	/**
	 * Paid 4-weekly first gifts of some providers without a subscription (its start failed when
	 * they were paid), made since one time and last changed before another, oldest first.
	 *
	 * @param array  $providers      Stored provider ids.
	 * @param string $made_since     UTC datetime.
	 * @param string $changed_before UTC datetime.
	 * @param int    $limit          Most rows.
	 * @phpstan-param list<string> $providers
	 * @return list<Donation>
	 */
	public function paid_without_subscription( array $providers, string $made_since, string $changed_before, int $limit ): array {
		return array() === $providers ? array() : $this->donations->find_paid_without_subscription( $providers, $made_since, $changed_before, $limit );
	}

	/**
	 * Notes that a donation was looked at now, so the next reconciliation pass asks about others first.
	 *
	 * @param Donation $donation The donation.
	 */
	public function looked_at( Donation $donation ): void {
		$this->donations->touch( $donation->id() );
	}

	/**
	 * Donations still open, started before one time and last looked at before another.
	 *
	 * @param string $started_before   UTC datetime.
	 * @param string $looked_at_before UTC datetime.
	 * @param int    $limit            Most rows.
	 * @return list<Donation>
	 */
	public function open_donations( string $started_before, string $looked_at_before, int $limit ): array {
		return $this->donations->find_open( $started_before, $looked_at_before, $limit );
	}

	/**
	 * Flags a donation for staff to review, whatever its status becomes (the flag survives the
	 * settlement: paid clears failure_reason, never review_reason).
	 *
	 * @param Donation $donation The donation.
	 * @param string   $reason   Machine-readable reason, such as captcha_failed.
	 */
	public function flag_for_review( Donation $donation, string $reason ): void {
		$this->donations->update( $donation->id(), array( 'review_reason' => mb_substr( $reason, 0, 40 ) ) );
	}

	/**
	 * Keeps the provider's ids on the donation as soon as they exist, so a retried attempt
	 * carries on where the last one stopped.
	 *
	 * @param Donation              $donation The donation.
	 * @param array<string, string> $ids      Any of payment_intent_id, customer_id, subscription_id.
	 */
	public function keep_ids( Donation $donation, array $ids ): void {
		$this->donations->update( $donation->id(), array_intersect_key( $ids, array_flip( array( 'payment_intent_id', 'customer_id', 'subscription_id' ) ) ) );
	}

	/**
	 * Counts one more payment try of a donation (see DonationRepository::take_payment_try()).
	 *
	 * @param Donation $donation The donation.
	 * @param int      $most     Tries allowed in all.
	 * @return bool Whether this try may go ahead.
	 * @throws RecordNotWritten When the database refused the count.
	 */
	public function take_payment_try( Donation $donation, int $most ): bool {
		return $this->donations->take_payment_try( $donation->id(), $most );
	}

	/**
	 * Claims a provider reference for one donation; false when another donation holds it.
	 *
	 * @param Donation $donation  The donation.
	 * @param string   $reference Charge or capture id.
	 * @throws RecordNotWritten When the database refused the claim.
	 */
	public function claim_reference( Donation $donation, string $reference ): bool {
		return $this->donations->claim_reference( $donation->provider(), $reference, $donation->id() );
	}

	/**
	 * Records a refund of a paid donation.
	 *
	 * @param Donation $donation The donation.
	 * @param bool     $in_full  Whether the whole amount went back.
	 * @return bool Whether the record moved.
	 */
	public function refund( Donation $donation, bool $in_full ): bool {
		return $this->donations->move( $donation->id(), $in_full ? DonationStatus::REFUNDED : DonationStatus::PARTIALLY_REFUNDED );
	}

	/**
	 * A donation by row id.
	 *
	 * @param int $id Row id.
	 */
	public function find( int $id ): ?Donation {
		return $this->donations->find( $id );
	}

	/**
	 * A donation by attempt id (or a renewal's invoice:… key).
	 *
	 * @param string $attempt_id The key.
	 */
	public function find_by_attempt( string $attempt_id ): ?Donation {
		return $this->donations->find_by_attempt( $attempt_id );
	}

	/**
	 * A donation by the provider's payment id (PaymentIntent).
	 *
	 * @param string $payment_id The id.
	 */
	public function find_by_payment( string $payment_id ): ?Donation {
		return $this->donations->find_by_payment_intent( $payment_id );
	}

	/**
	 * The donation holding a provider reference.
	 *
	 * @param string $provider  The stored provider id.
	 * @param string $reference Charge or capture id.
	 */
	public function find_by_reference( string $provider, string $reference ): ?Donation {
		return $this->donations->find_by_reference( $provider, $reference );
	}

	/**
	 * The donation a provider payment belongs to: the one holding its claim, else the one whose
	 * record names it (a capture reported by the browser but not yet verified as completed).
	 *
	 * @param string $provider  The stored provider id.
	 * @param string $reference Charge or capture id.
	 */
	public function find_by_any_reference( string $provider, string $reference ): ?Donation {
		return $this->donations->find_by_reference( $provider, $reference )
			?? $this->donations->find_by_recorded_reference( $provider, $reference );
	}

	/**
	 * The first donation of a subscription: the one whose payment started it.
	 *
	 * @param string $subscription_id The provider's id.
	 */
	public function first_of_subscription( string $subscription_id ): ?Donation {
		return $this->donations->find_first_of_subscription( $subscription_id );
	}

	/**
	 * Records a renewal of a subscription (a later 4-weekly payment), once per key.
	 *
	 * @param Donation             $first      The subscription's first donation.
	 * @param string               $attempt_id The renewal's key, such as invoice:in_….
	 * @param string               $status     DonationStatus::SUCCEEDED or FAILED.
	 * @param array<string, mixed> $columns    amount_cents, total_cents, currency and the provider's ids.
	 * @return Donation|null The new record, or null when one with this key exists.
	 */
	public function record_renewal( Donation $first, string $attempt_id, string $status, array $columns ): ?Donation {
		return $this->donations->create_renewal( $first, $attempt_id, array( 'status' => $status ) + $columns );
	}

	/**
	 * Moves an existing renewal to a new status (a retried collection paid, or failed again).
	 *
	 * @param Donation              $renewal The renewal.
	 * @param string                $status  DonationStatus::SUCCEEDED or FAILED.
	 * @param array<string, string> $fields Columns to write with it.
	 * @return bool Whether the record moved.
	 */
	public function move_renewal( Donation $renewal, string $status, array $fields = array() ): bool {
		return $this->donations->move( $renewal->id(), $status, $fields );
	}

	/**
	 * Records a subscription the provider started for a donation.
	 *
	 * @param Donation $donation        Its first donation.
	 * @param string   $subscription_id The provider's id.
	 * @param string   $customer_id     The provider's customer.
	 */
	public function start_subscription( Donation $donation, string $subscription_id, string $customer_id ): void {
		$this->donations->update(
			$donation->id(),
			array(
				'subscription_id' => $subscription_id,
				'customer_id'     => $customer_id,
			)
		);
		$this->subscriptions->start( $subscription_id, $customer_id, $donation->id(), $donation->total_cents() );
	}

	/**
	 * Marks a subscription active (its payments are coming in).
	 *
	 * @param string $subscription_id The provider's id.
	 */
	public function activate_subscription( string $subscription_id ): void {
		$this->subscriptions->activate( $subscription_id );
	}

	/**
	 * A subscription's record.
	 *
	 * @param string $subscription_id The provider's id.
	 * @return array{subscription_id: string, customer_id: string, donation_id: int, status: string, amount_cents: int}|null
	 */
	public function subscription( string $subscription_id ): ?array {
		return $this->subscriptions->find( $subscription_id );
	}

	/**
	 * Records that a subscription ended.
	 *
	 * @param string $subscription_id The provider's id.
	 * @return bool Whether it was open until now.
	 */
	public function end_subscription( string $subscription_id ): bool {
		return $this->subscriptions->cancel( $subscription_id );
	}

	/**
	 * Claims the payment of a donation just recorded paid. The payment is the donation's either
	 * way; a claim the database refused is logged and left: the row is paid, and a later news of
	 * the same payment (a webhook, the reconciliation pass) claims it again.
	 *
	 * @param Donation $donation  The paid donation.
	 * @param string   $reference The provider's payment.
	 */
	private function claim_paid_reference( Donation $donation, string $reference ): void {
		try {
			$this->donations->claim_reference( $donation->provider(), $reference, $donation->id() );
		} catch ( RecordNotWritten $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a refused write must reach the site's error log.
			error_log( "Donation Widget: donation #{$donation->id()} is paid, but its claim on {$reference} could not be written: " . $error->getMessage() );
		}
	}

	/**
	 * Marks a donation failed.
	 *
	 * @param Donation              $donation   The donation.
	 * @param string                $reason     Reason code, a colon, and the detail.
	 * @param array<string, string> $references The provider's ids to keep with it.
	 */
	private function fail( Donation $donation, string $reason, array $references ): bool {
		return $this->donations->move( $donation->id(), DonationStatus::FAILED, array( 'failure_reason' => $reason ) + $references );
	}
}
