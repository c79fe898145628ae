<?php
/**
 * The reconciliation pass: asks the providers about payments nobody reported.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Reconciliation;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Refunds\RefundOutcome;
use DonationWidget\CardUpdate\MissedDonationCheck;
use DonationWidget\Books\Refunds\Refunds;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\RecordNotWritten;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Checkout\SubscriptionStart;

/**
 * Finds donations still open (pending or requires_action, with or without a
 * provider_unavailable note) a grace period after they started, asks each one's way to pay where
 * its payment stands (PaymentMethod::settle(), the provider's own copy), and records the answer
 * through DonationLedger::settle(), the path webhooks and the checkout use: the same status moves,
 * the same once-only success (and so one receipt), whichever news comes first.
 *
 * What it records:
 * - paid → succeeded; declined or refused → failed; money that does not match the donation →
 *   held for review; money this widget did not make for the attempt → failed (never paid).
 * - the provider has no payment for it: failed when the site's call to the provider failed or
 *   timed out (a provider_unavailable note: the attempt failed at the provider); otherwise
 *   (nothing ever reached the provider) abandoned once the abandonment period has passed.
 * - waiting for the donor (3-D Secure never completed, a wallet never confirmed): abandoned once
 *   the abandonment period has passed; until then it stays open.
 * - money on its way (a bank debit clearing, a wallet provider's capture pending review): stays open,
 *   never abandoned; a webhook or a later pass completes it.
 * - the provider failed or did not answer: stays open with a note; a later pass asks again.
 *
 * It also looks for paid 4-weekly first gifts without a subscription (the provider failed when
 * the gift was paid: see SubscriptionStart) and starts theirs, once. Then for the refunds asked
 * for on the donation screens whose provider never answered (a lost connection, an ended process,
 * a row that could not be written): each is asked again with its own key
 * (Refunds::confirm_unanswered()), which records the refund the provider made, once. And each
 * card update once past the grace period: the missed donations it paid are recorded if they were
 * not (MissedDonationCheck).
 *
 * Only one server runs a pass at a time (ReconciliationLock), and a pass is bounded in rows and
 * seconds. Each donation asked about is touched, and the longest unlooked-at go first, so the
 * next pass carries on with the others.
 */
final class Reconciler {

	/** Seconds a payment is left to its donor, browser and webhooks before a pass asks. */
	public const GRACE_SECONDS = 15 * MINUTE_IN_SECONDS;

	/** Seconds after which an unpaid donation is abandoned. */
	public const ABANDON_AFTER_SECONDS = DAY_IN_SECONDS;

	/** Most donations one pass asks about. */
	public const ROWS_PER_PASS = 50;

	/** Seconds after which a pass starts on no further donation. */
	public const SECONDS_PER_PASS = 20;

	/** Seconds after its first gift that a 4-weekly donation's subscription is still started. */
	public const START_SUBSCRIPTIONS_FOR_SECONDS = 90 * DAY_IN_SECONDS;

	/**
	 * Builds the pass.
	 *
	 * @param DonationLedger      $ledger        Donation records.
	 * @param GatewayRegistry     $registry      The ways to pay.
	 * @param ReconciliationLock  $lock          One pass at a time.
	 * @param SubscriptionStart   $subscriptions Starts a paid 4-weekly first gift's subscription.
	 * @param Refunds             $refunds       Refunds asked for on the donation screens.
	 * @param MissedDonationCheck $missed        Card updates' missed donations.
	 */
	public function __construct(
		private readonly DonationLedger $ledger,
		private readonly GatewayRegistry $registry,
		private readonly ReconciliationLock $lock,
		private readonly SubscriptionStart $subscriptions,
		private readonly Refunds $refunds,
		private readonly MissedDonationCheck $missed
	) {
	}

	/**
	 * Runs one pass.
	 *
	 * @param int  $limit   Most donations (0: the filtered default).
	 * @param bool $dry_run List what would be asked, asking and changing nothing.
	 */
	public function run( int $limit = 0, bool $dry_run = false ): ReconciliationReport {
		if ( ! $this->lock->acquire() ) {
			return new ReconciliationReport( false );
		}
		try {
			return $this->pass( $limit > 0 ? $limit : self::setting( 'donation_widget_reconcile_rows', self::ROWS_PER_PASS ), $dry_run );
		} finally {
			$this->lock->release();
		}
	}

	/**
	 * The pass itself, under the lock.
	 *
	 * @param int  $limit   Most donations.
	 * @param bool $dry_run Ask and change nothing.
	 */
	private function pass( int $limit, bool $dry_run ): ReconciliationReport {
		$report        = new ReconciliationReport();
		$started       = microtime( true );
		$budget        = self::setting( 'donation_widget_reconcile_seconds', self::SECONDS_PER_PASS );
		$grace_seconds = self::setting( 'donation_widget_reconcile_grace_seconds', self::GRACE_SECONDS );
		$grace         = gmdate( 'Y-m-d H:i:s', time() - $grace_seconds );
		foreach ( $this->ledger->open_donations( $grace, $grace, $limit ) as $donation ) {
			if ( microtime( true ) - $started >= $budget ) {
				$report->out_of_time = true;
				break;
			}
			if ( $dry_run ) {
				$report->add( $donation->id(), $donation->status(), ReconciliationReport::WOULD_CHECK, $donation->failure_reason() );
				continue;
			}
			$this->reconcile( $donation, $report );
		}
		$since = gmdate( 'Y-m-d H:i:s', time() - self::START_SUBSCRIPTIONS_FOR_SECONDS );
		foreach ( $this->ledger->paid_without_subscription( $this->subscriptions->providers(), $since, $grace, $limit ) as $donation ) {
			if ( microtime( true ) - $started >= $budget ) {
				$report->out_of_time = true;
				break;
			}
			if ( $dry_run ) {
				$report->add( $donation->id(), $donation->status(), ReconciliationReport::WOULD_START, '' );
				continue;
			}
			$this->start_subscription( $donation, $report );
		}
		if ( ! $dry_run && ! $report->out_of_time ) {
			$this->confirm_refunds( $report, $limit, $grace_seconds );
			$this->check_missed_donations( $report, $limit, $grace_seconds );
		}
		return $report;
	}

	/**
	 * Looks again at the card updates' missed donations, and reports each.
	 *
	 * @param ReconciliationReport $report Where the lines go.
	 * @param int                  $limit  Most card updates.
	 * @param int                  $grace  Seconds a card update is left to its own request first.
	 */
	private function check_missed_donations( ReconciliationReport $report, int $limit, int $grace ): void {
		foreach ( $this->missed->run( $grace, $limit ) as $line ) {
			$result = '' !== $line['unavailable'] ? ReconciliationReport::UNAVAILABLE : ReconciliationReport::MISSED_DONATIONS_CHECKED;
			$detail = '' !== $line['unavailable'] ? $line['unavailable'] : ( null === $line['outcome'] ? 'none missed' : $line['outcome']->outcome . ': ' . implode( ', ', $line['outcome']->invoices ) );
			$report->add( 0, '', $result, "subscription {$line['subscription_id']}: {$detail}" );
		}
	}

	/**
	 * Asks again about the refunds whose provider never answered, and reports each.
	 *
	 * @param ReconciliationReport $report Where the lines go.
	 * @param int                  $limit  Most refunds.
	 * @param int                  $grace  Seconds a claim is left to its own request first.
	 */
	private function confirm_refunds( ReconciliationReport $report, int $limit, int $grace ): void {
		foreach ( $this->refunds->confirm_unanswered( $grace, $limit ) as $answer ) {
			$result = match ( $answer['outcome']->kind ) {
				RefundOutcome::REFUNDED => ReconciliationReport::REFUND_RECORDED,
				RefundOutcome::REFUSED => ReconciliationReport::REFUND_REFUSED,
				default => ReconciliationReport::UNAVAILABLE,
			};
			$report->add( $answer['refund']->donation_id(), $answer['refund']->status(), $result, 'refund #' . $answer['refund']->id() );
		}
	}

	/**
	 * Starts the subscription of a paid 4-weekly first gift that has none.
	 *
	 * @param Donation             $donation A paid 4-weekly first gift past the grace period.
	 * @param ReconciliationReport $report   Where the line goes.
	 */
	private function start_subscription( Donation $donation, ReconciliationReport $report ): void {
		// Looked at now: a start that fails waits a grace period before the next try.
		$this->ledger->looked_at( $donation );
		$donation = $this->ledger->find( $donation->id() ) ?? $donation;
		if ( ! SubscriptionStart::awaits_subscription( $donation ) ) {
			$report->add( $donation->id(), $donation->status(), ReconciliationReport::UNCHANGED, __( 'Its subscription was started meanwhile.', 'donation-widget' ) );
			return;
		}
		try {
			$subscription_id = $this->subscriptions->start( $donation );
		} catch ( ProviderUnavailable $error ) {
			$report->add( $donation->id(), $donation->status(), ReconciliationReport::UNAVAILABLE, $error->getMessage() );
			return;
		}
		$report->add(
			$donation->id(),
			$donation->status(),
			'' !== $subscription_id ? ReconciliationReport::SUBSCRIPTION_STARTED : ReconciliationReport::UNCHANGED,
			'' !== $subscription_id ? $subscription_id : __( 'The provider does not have its first payment as paid.', 'donation-widget' )
		);
	}

	/**
	 * Asks about one donation and records the answer.
	 *
	 * @param Donation             $donation An open donation past the grace period.
	 * @param ReconciliationReport $report   Where the line goes.
	 */
	private function reconcile( Donation $donation, ReconciliationReport $report ): void {
		$this->ledger->looked_at( $donation );
		$method = $this->registry->method_for( $donation );
		if ( null === $method ) {
			$report->add( $donation->id(), $donation->status(), ReconciliationReport::UNKNOWN_METHOD, "{$donation->provider()}/{$donation->method()}" );
			return;
		}
		try {
			$outcome = $method->settle( $donation );
		} catch ( ProviderUnavailable $error ) {
			// Keeps the provider_unavailable code, so a later "no payment" still fails it.
			$this->ledger->note_still_open( $donation, DonationLedger::PROVIDER_UNAVAILABLE . ': ' . $error->getMessage() );
			$report->add( $donation->id(), $donation->status(), ReconciliationReport::UNAVAILABLE, $error->getMessage() );
			return;
		} catch ( RecordNotWritten $error ) {
			// The database refused a write: the donation stays open for the next pass.
			$report->add( $donation->id(), $donation->status(), ReconciliationReport::UNAVAILABLE, $error->getMessage() );
			return;
		}
		// Re-read: settle() may have kept ids it found (a PaymentIntent, a subscription), and a
		// webhook or the donor's browser may have settled the payment meanwhile.
		$donation = $this->ledger->find( $donation->id() ) ?? $donation;
		$was      = $donation->status();
		if ( ! DonationStatus::is_open( $was ) ) {
			$report->add( $donation->id(), $was, ReconciliationReport::UNCHANGED, __( 'Settled meanwhile by a webhook or the donor\'s browser.', 'donation-widget' ) );
			return;
		}
		$recorded = $this->record( $donation, $outcome );
		$report->add( $donation->id(), $was, $recorded[0], $recorded[1] );
	}

	/**
	 * Records what the provider said.
	 *
	 * @param Donation       $donation The donation.
	 * @param PaymentOutcome $outcome  What the provider said.
	 * @return array{0: string, 1: string} The report's result and detail.
	 */
	private function record( Donation $donation, PaymentOutcome $outcome ): array {
		$abandon_after = self::setting( 'donation_widget_abandon_after_seconds', self::ABANDON_AFTER_SECONDS );
		$old_enough    = strtotime( $donation->value( 'created_at' ) . ' UTC' ) <= time() - $abandon_after;

		if ( PaymentOutcome::PAID === $outcome->kind ) {
			return $this->settled( $donation, $outcome, ReconciliationReport::SUCCEEDED, $outcome->reference );
		}
		if ( PaymentOutcome::HELD === $outcome->kind ) {
			return $this->settled( $donation, $outcome, ReconciliationReport::REVIEW, $outcome->code . ': ' . $outcome->detail );
		}
		if ( PaymentOutcome::NOT_FOUND === $outcome->kind ) {
			if ( DonationLedger::PROVIDER_UNAVAILABLE === $donation->failure_code() ) {
				$failed = PaymentOutcome::refused( 'no_payment', 'The call to the provider failed or timed out, and the provider has no payment for this attempt.' );
				return $this->settled( $donation, $failed, ReconciliationReport::FAILED, $failed->detail );
			}
			if ( $old_enough ) {
				return $this->abandoned( $donation, 'abandoned: nothing reached the provider.', '' );
			}
			return array( ReconciliationReport::STILL_OPEN, 'The provider has no payment for it yet.' );
		}
		if ( PaymentOutcome::FOREIGN === $outcome->kind ) {
			// Money the browser named that this widget did not make for this attempt: never paid.
			$outcome = PaymentOutcome::refused( $outcome->code, $outcome->detail );
		}
		if ( PaymentOutcome::CONFLICT === $outcome->kind && ! $outcome->is_failure() ) {
			// The provider's payment does not match the record (another amount): never paid as recorded.
			$outcome = PaymentOutcome::conflict( $outcome->message, 'payment_mismatch', 'The provider\'s payment does not match this donation.' );
		}
		if ( $outcome->is_failure() ) {
			return $this->settled( $donation, $outcome, ReconciliationReport::FAILED, $outcome->code . ': ' . $outcome->detail );
		}
		if ( $outcome->awaits_donor && $old_enough ) {
			return $this->abandoned( $donation, 'abandoned: the donor never completed the payment.', $outcome->payment_id );
		}
		// Still under way: keep what the provider said (its ids, requires_action, a pending note).
		$this->ledger->settle( $donation, $outcome );
		return array( ReconciliationReport::STILL_OPEN, $outcome->awaits_donor ? 'Waiting for the donor.' : ( '' !== $outcome->detail ? $outcome->detail : 'Still being processed.' ) );
	}

	/**
	 * Settles a donation through the ledger.
	 *
	 * @param Donation       $donation The donation.
	 * @param PaymentOutcome $outcome  What to record.
	 * @param string         $result   The report's result when the record moved.
	 * @param string         $detail   The report's detail.
	 * @return array{0: string, 1: string}
	 */
	private function settled( Donation $donation, PaymentOutcome $outcome, string $result, string $detail ): array {
		$moved = $this->ledger->settle( $donation, $outcome );
		$now   = $this->ledger->find( $donation->id() );
		if ( ! $moved || null === $now || DonationStatus::is_open( $now->status() ) ) {
			return array( ReconciliationReport::UNCHANGED, null === $now ? '' : $now->status() );
		}
		return array( $result, $detail );
	}

	/**
	 * Abandons a donation.
	 *
	 * @param Donation $donation   The donation.
	 * @param string   $note       Why.
	 * @param string   $payment_id The provider's payment, when there is one.
	 * @return array{0: string, 1: string}
	 */
	private function abandoned( Donation $donation, string $note, string $payment_id ): array {
		return $this->ledger->abandon( $donation, $note, $payment_id )
			? array( ReconciliationReport::ABANDONED, $note )
			: array( ReconciliationReport::UNCHANGED, '' );
	}

	/**
	 * A filtered whole number of at least 1.
	 *
	 * @param string $filter  Filter name.
	 * @param int    $default Default value.
	 * @phpstan-param non-empty-string $filter
	 */
	private static function setting( string $filter, int $default ): int {
		/**
		 * The reconciliation pass's grace period, abandonment period and bounds:
		 * donation_widget_reconcile_grace_seconds (900), donation_widget_abandon_after_seconds
		 * (86400), donation_widget_reconcile_rows (50), donation_widget_reconcile_seconds (20).
		 *
		 * @param int $value The default.
		 */
		$value = apply_filters( $filter, $default ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- every name is a literal donation_widget_ one, listed above.
		return max( 1, is_numeric( $value ) ? (int) $value : $default );
	}
}
