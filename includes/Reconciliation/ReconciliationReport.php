<?php
/**
 * What one reconciliation pass did.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Reconciliation;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * One line per donation looked at, and why the pass ended, for WP-CLI and the logs.
 */
final class ReconciliationReport {

	/** Recorded as paid. */
	public const SUCCEEDED = 'succeeded';

	/** Recorded as failed: declined, refused, or the provider has no payment for it. */
	public const FAILED = 'failed';

	/** Held for review: the provider has money for it that does not match it. */
	public const REVIEW = 'review';

	/** Recorded as abandoned: nothing paid within the abandonment period. */
	public const ABANDONED = 'abandoned';

	/** Still under way at the provider (or too young to abandon): asked again by a later pass. */
	public const STILL_OPEN = 'still_open';

	/** The provider failed or did not answer: asked again by a later pass. */
	public const UNAVAILABLE = 'unavailable';

	/** No way to pay of this site knows the record's provider and method. */
	public const UNKNOWN_METHOD = 'unknown_method';

	/** Already settled by someone else (a webhook, the donor's browser) meanwhile. */
	public const UNCHANGED = 'unchanged';

	/** A refund whose answer was lost: the provider's answer is recorded now. */
	public const REFUND_RECORDED = 'refund_recorded';

	/** A refund whose answer was lost: the provider refused it. */
	public const REFUND_REFUSED = 'refund_refused';

	/** A card update's missed donations looked at again: its paid renewals recorded. */
	public const MISSED_DONATIONS_CHECKED = 'missed_donations_checked';

	/** Would be asked (a dry run asks nobody). */
	public const WOULD_CHECK = 'would_check';

	/** A paid 4-weekly first gift's subscription, started now (its start failed when it was paid). */
	public const SUBSCRIPTION_STARTED = 'subscription_started';

	/** A paid 4-weekly first gift's subscription would be started (a dry run starts nothing). */
	public const WOULD_START = 'would_start';

	/**
	 * The donations looked at, in order.
	 *
	 * @var list<array{id: int, status: string, result: string, detail: string}>
	 */
	private array $lines = array();

	/**
	 * Whether the pass stopped at its time bound before its row bound.
	 *
	 * @var bool
	 */
	public bool $out_of_time = false;

	/**
	 * Builds the report.
	 *
	 * @param bool $ran Whether this pass ran (false: another pass held the lock).
	 */
	public function __construct( public readonly bool $ran = true ) {
	}

	/**
	 * Adds one donation's line.
	 *
	 * @param int    $id     Donation row id.
	 * @param string $status Its status before the pass.
	 * @param string $result One of the constants.
	 * @param string $detail What the provider said, for people.
	 */
	public function add( int $id, string $status, string $result, string $detail = '' ): void {
		$this->lines[] = array(
			'id'     => $id,
			'status' => $status,
			'result' => $result,
			'detail' => $detail,
		);
	}

	/**
	 * Every line.
	 *
	 * @return list<array{id: int, status: string, result: string, detail: string}>
	 */
	public function lines(): array {
		return $this->lines;
	}

	/**
	 * How many donations ended each way.
	 *
	 * @return array<string, int> Result => count.
	 */
	public function counts(): array {
		$counts = array();
		foreach ( $this->lines as $line ) {
			$counts[ $line['result'] ] = ( $counts[ $line['result'] ] ?? 0 ) + 1;
		}
		return $counts;
	}
}
