<?php
/**
 * Refunds asked for from the donation's screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Refunds;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Checkout\RefundRefused;
use DonationWidget\Checkout\RefundRequest;
use DonationWidget\Checkout\RefundsPayments;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Http\ProviderUnavailable;

/**
 * An admin's refund, made once: the request first claims its request_key (the donation and the
 * refunded cents the admin saw on the screen), so a double click or two admins refunding the
 * same gift at once make one claim and one call to the provider; the loser is told it was
 * already made. The call carries the claimed row's id, as the provider's idempotency key and in
 * the refund itself, so the provider's webhook lands on the same row. A claim whose provider
 * never answered may be confirmed again after a while: the same key makes it once.
 */
final class Refunds {

	/** A claimed refund without an answer this old is no longer in flight: it may be asked again. */
	private const RETRY_AFTER_SECONDS = 120;

	/** After this, the provider may have forgotten the idempotency key: never ask again. */
	private const RETRY_UNTIL_SECONDS = 23 * HOUR_IN_SECONDS;

	/**
	 * Builds the service.
	 *
	 * @param DonationRepository $donations Donation records.
	 * @param RefundRepository   $refunds   The refunds table.
	 * @param RefundLedger       $ledger    Records the provider's answer.
	 * @param GatewayRegistry    $gateways  The providers.
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly RefundRepository $refunds,
		private readonly RefundLedger $ledger,
		private readonly GatewayRegistry $gateways
	) {
	}

	/**
	 * The request key of a refund: one per donation and state of its refunds.
	 *
	 * @param int $donation_id         The donation.
	 * @param int $seen_refunded_cents Its refunded cents as the admin saw them.
	 */
	public static function request_key( int $donation_id, int $seen_refunded_cents ): string {
		return $donation_id . ':' . $seen_refunded_cents;
	}

	/**
	 * Whether a donation can be refunded from its screen now, and how much is left to refund.
	 *
	 * @param Donation $donation The donation.
	 * @return int Cents that may still be refunded (0: none).
	 */
	public function refundable_cents( Donation $donation ): int {
		if ( ! in_array( $donation->status(), array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED ), true ) ) {
			return 0;
		}
		if ( ! $this->gateways->gateway( $donation->provider() ) instanceof RefundsPayments || '' === $donation->provider_reference() ) {
			return 0;
		}
		// What the provider still holds of the payment (not GiftFigures' kept, which counts a
		// refund of unrecorded amount as whole: the provider knows better and refuses more).
		return max( 0, $donation->total_cents() - $donation->refunded_cents() - $donation->dispute_lost_cents() );
	}

	/**
	 * A donation's refunds, oldest first.
	 *
	 * @param int $donation_id The donation.
	 * @return list<Refund>
	 */
	public function history( int $donation_id ): array {
		return $this->refunds->for_donation( $donation_id );
	}

	/**
	 * A refund row.
	 *
	 * @param int $refund_id Row id.
	 */
	public function find( int $refund_id ): ?Refund {
		return $this->refunds->find( $refund_id );
	}

	/**
	 * Refunds part or all of a donation, once.
	 *
	 * @param int    $donation_id         The donation.
	 * @param int    $amount_cents        How much to give back.
	 * @param string $reason              Why (kept, and sent to the provider).
	 * @param int    $seen_refunded_cents The donation's refunded cents when the admin asked.
	 * @param int    $user_id             Who asked.
	 */
	public function request( int $donation_id, int $amount_cents, string $reason, int $seen_refunded_cents, int $user_id ): RefundOutcome {
		$donation = $this->donations->find( $donation_id );
		$gateway  = null !== $donation ? $this->gateways->gateway( $donation->provider() ) : null;
		if ( null === $donation || ! $gateway instanceof RefundsPayments ) {
			return new RefundOutcome( RefundOutcome::NOT_REFUNDABLE );
		}
		$key     = self::request_key( $donation_id, $seen_refunded_cents );
		$claimed = $this->refunds->find_by_request_key( $key );
		if ( null !== $claimed ) {
			return self::answer_was_lost( $claimed, $amount_cents )
				? $this->ask( $donation, $gateway, $claimed )
				: new RefundOutcome( RefundOutcome::ALREADY, $claimed );
		}
		if ( $seen_refunded_cents !== $donation->refunded_cents() ) {
			return new RefundOutcome( RefundOutcome::STALE );
		}
		$left = $this->refundable_cents( $donation );
		if ( 0 === $left ) {
			return new RefundOutcome( RefundOutcome::NOT_REFUNDABLE );
		}
		if ( $amount_cents < 1 || $amount_cents > $left ) {
			return new RefundOutcome( RefundOutcome::INVALID_AMOUNT );
		}
		$refund = $this->refunds->claim( $donation_id, $donation->provider(), $key, $amount_cents, $donation->currency(), $reason, $user_id );
		if ( null === $refund ) {
			return new RefundOutcome( RefundOutcome::ALREADY, $this->refunds->find_by_request_key( $key ) );
		}
		return $this->ask( $donation, $gateway, $refund );
	}

	/**
	 * Asks the provider again, with the same key, about each refund asked for here whose answer
	 * never arrived (the connection was lost, the process ended, or the row could not be
	 * written after the provider answered), claimed at least $older_than_seconds ago and within
	 * the day the provider keeps its keys: the provider answers with the refund it made (once),
	 * or makes the refund the admin asked for. For the reconciliation pass.
	 *
	 * @param int $older_than_seconds A claim younger than this may still be in flight.
	 * @param int $limit              Most refunds.
	 * @return list<array{refund: Refund, outcome: RefundOutcome}>
	 */
	public function confirm_unanswered( int $older_than_seconds, int $limit ): array {
		$answers = array();
		$before  = gmdate( 'Y-m-d H:i:s', time() - max( 1, $older_than_seconds ) );
		$after   = gmdate( 'Y-m-d H:i:s', time() - self::RETRY_UNTIL_SECONDS );
		foreach ( $this->refunds->unanswered( $before, $after, $limit ) as $refund ) {
			$donation = $this->donations->find( $refund->donation_id() );
			$gateway  = null !== $donation ? $this->gateways->gateway( $donation->provider() ) : null;
			if ( null === $donation || ! $gateway instanceof RefundsPayments ) {
				continue;
			}
			$answers[] = array(
				'refund'  => $refund,
				'outcome' => $this->ask( $donation, $gateway, $refund ),
			);
		}
		return $answers;
	}

	/**
	 * Whether a claimed refund is one whose provider never answered (still asked for, with no
	 * provider id, the same amount asked again) and old enough that no request for it is still
	 * running, yet young enough that the provider still knows its idempotency key (the card
	 * provider keeps keys 24 hours): asking again with the same key then makes it at most once.
	 *
	 * @param Refund $claimed      The row holding the key.
	 * @param int    $amount_cents The amount asked for now.
	 */
	private static function answer_was_lost( Refund $claimed, int $amount_cents ): bool {
		if ( Refund::REQUESTED !== $claimed->status() || '' !== $claimed->provider_refund_id() || $claimed->amount_cents() !== $amount_cents ) {
			return false;
		}
		$age = time() - (int) strtotime( $claimed->created_at() . ' UTC' );
		return $age >= self::RETRY_AFTER_SECONDS && $age < self::RETRY_UNTIL_SECONDS;
	}

	/**
	 * Asks the provider for a claimed refund and records its answer.
	 *
	 * @param Donation        $donation The donation.
	 * @param RefundsPayments $gateway  Its provider.
	 * @param Refund          $refund   The claimed row.
	 */
	private function ask( Donation $donation, RefundsPayments $gateway, Refund $refund ): RefundOutcome {
		try {
			$answer = $gateway->refund( $donation, new RefundRequest( $refund->id(), $refund->amount_cents(), $refund->reason() ) );
		} catch ( RefundRefused $refused ) {
			$this->refunds->refuse( $refund->id(), $refused->said );
			return new RefundOutcome( RefundOutcome::REFUSED, $this->refunds->find( $refund->id() ) );
		} catch ( ProviderUnavailable $error ) {
			// The same key makes a later try safe; the provider's webhook records it if it was made.
			$this->refunds->note( $refund->id(), 'provider_unavailable: ' . $error->getMessage() );
			return new RefundOutcome( RefundOutcome::UNKNOWN, $this->refunds->find( $refund->id() ) );
		}
		$this->ledger->record( $donation, $answer );
		return new RefundOutcome( RefundOutcome::REFUNDED, $this->refunds->find( $refund->id() ) );
	}
}
