<?php
/**
 * Reads and writes the 4-weekly subscriptions.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Reports\RecurringMovements;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the subscriptions table's one gateway: read fresh from the shared database on every server; the only interpolated name is the plugin's own table from Schema::table(), every value goes through $wpdb->prepare() or $wpdb->update().

/**
 * One row per provider subscription started by the widget: who it belongs to and whether it still
 * runs. Each collected payment of it is a row in the donations table.
 */
final class SubscriptionRepository {

	public const INCOMPLETE = 'incomplete';
	public const ACTIVE     = 'active';
	public const CANCELLED  = 'cancelled';

	/**
	 * Builds the repository.
	 *
	 * @param RecurringMovements $movements The reports' 4-weekly donors' movements, redone after each change.
	 */
	public function __construct( private readonly RecurringMovements $movements = new RecurringMovements() ) {
	}

	/**
	 * Records a new subscription (once; a second call for the same id changes nothing).
	 *
	 * @param string $subscription_id sub_… id.
	 * @param string $customer_id     cus_… id.
	 * @param int    $donation_id     The donation that started it.
	 * @param int    $amount_cents    Amount collected every 4 weeks.
	 */
	public function start( string $subscription_id, string $customer_id, int $donation_id, int $amount_cents ): void {
		global $wpdb;
		$table     = Schema::table( 'subscriptions' );
		$donations = Schema::table( 'donations' );
		$now       = current_time( 'mysql', true );
		// The donor's email is copied in the same statement that writes the row (no PHP copy that
		// another server could overtake): the recurring income counts donors from it.
		$wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$table} (subscription_id, customer_id, donation_id, status, amount_cents, created_at, updated_at, donor_email, latest_status)
				VALUES (%s, %s, %d, %s, %d, %s, %s, COALESCE((SELECT LOWER(d.email) FROM {$donations} d WHERE d.id = %d), ''),
				COALESCE((SELECT l.status FROM {$donations} l WHERE l.subscription_id = %s ORDER BY l.id DESC LIMIT 1), ''))",
				$subscription_id,
				$customer_id,
				$donation_id,
				self::INCOMPLETE,
				$amount_cents,
				$now,
				$now,
				$donation_id,
				$subscription_id
			)
		);
		$this->movements->refresh( array( $subscription_id ) );
		self::changed( $subscription_id );
	}

	/**
	 * Tells listeners a subscription started, started collecting or ended (the donors' count of
	 * running 4-weekly donations reads the table again).
	 *
	 * @param string $subscription_id sub_… id.
	 */
	private static function changed( string $subscription_id ): void {
		/**
		 * A subscription's row was written: started, collecting, or ended. Listeners read it again.
		 *
		 * @param string $subscription_id sub_… id.
		 */
		do_action( 'donation_widget_subscription_changed', $subscription_id );
	}

	/**
	 * Sets latest_status of some subscriptions to the status of their latest donation, read by
	 * the UPDATE itself: DonationRepository calls it after every insert or status change of a
	 * donation that belongs to a subscription, so "past due" is counted without a look-up per
	 * subscription.
	 *
	 * @param string[] $subscription_ids sub_… ids ('' is ignored).
	 */
	public function refresh_latest_status( array $subscription_ids ): void {
		global $wpdb;
		$subscription_ids = array_values( array_unique( array_filter( array_map( 'strval', $subscription_ids ) ) ) );
		if ( array() === $subscription_ids ) {
			return;
		}
		$sql = 'UPDATE ' . Schema::table( 'subscriptions' ) . ' s SET s.latest_status = ' . $this->latest_status_sql()
			. ' WHERE s.subscription_id IN (' . implode( ', ', array_fill( 0, count( $subscription_ids ), '%s' ) ) . ')';
		$wpdb->query( $wpdb->prepare( $sql, $subscription_ids ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's own table names; one %s per id.
		// A donation of theirs was inserted or moved: a start or a failed renewal may be new.
		$this->movements->refresh( $subscription_ids );
	}

	/**
	 * Sets donor_email and latest_status of a range of subscriptions rows from the donations
	 * (the upgrade's backfill, and the end of a seeding run).
	 *
	 * @param int $first_id First row id.
	 * @param int $last_id  Last row id (included).
	 */
	public function backfill( int $first_id, int $last_id ): void {
		global $wpdb;
		$table     = Schema::table( 'subscriptions' );
		$donations = Schema::table( 'donations' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} s LEFT JOIN {$donations} d ON d.id = s.donation_id SET s.donor_email = COALESCE(LOWER(d.email), ''), s.latest_status = " . $this->latest_status_sql() . ' WHERE s.id BETWEEN %d AND %d', // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's own table names (latest_status_sql() holds nothing else).
				$first_id,
				$last_id
			)
		);
	}

	/**
	 * The status of the latest donation of subscription s, '' when it has none.
	 */
	private function latest_status_sql(): string {
		return 'COALESCE((SELECT l.status FROM ' . Schema::table( 'donations' ) . " l WHERE l.subscription_id = s.subscription_id ORDER BY l.id DESC LIMIT 1), '')";
	}

	/**
	 * Copies the lower-cased email of each subscription's first donation onto it again, for
	 * subscriptions whose first donation is one of these (after the donor's details changed,
	 * as an erasure does). One UPDATE … JOIN: the database copies the value, so it is what the
	 * donation holds at that moment.
	 *
	 * @param int[] $donation_ids First donations whose email changed.
	 * @return int Rows changed.
	 */
	public function copy_donor_emails( array $donation_ids ): int {
		global $wpdb;
		$table        = Schema::table( 'subscriptions' );
		$donations    = Schema::table( 'donations' );
		$sql          = "UPDATE {$table} s LEFT JOIN {$donations} d ON d.id = s.donation_id SET s.donor_email = COALESCE(LOWER(d.email), '')";
		$donation_ids = array_values( array_filter( array_map( 'intval', $donation_ids ) ) );
		if ( array() === $donation_ids ) {
			return 0;
		}
		return (int) $wpdb->query( $wpdb->prepare( $sql . ' WHERE s.donation_id IN (' . implode( ', ', array_fill( 0, count( $donation_ids ), '%d' ) ) . ')', $donation_ids ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- table names as above; one %d per id.
	}

	/**
	 * Marks a subscription as collecting (its first payment went through).
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public function activate( string $subscription_id ): void {
		global $wpdb;
		// A cancelled subscription never comes back: the provider cannot restart it either.
		$activated = $wpdb->update(
			Schema::table( 'subscriptions' ),
			array(
				'status'     => self::ACTIVE,
				'updated_at' => current_time( 'mysql', true ),
			),
			array(
				'subscription_id' => $subscription_id,
				'status'          => self::INCOMPLETE,
			)
		);
		if ( is_int( $activated ) && $activated > 0 ) {
			self::changed( $subscription_id );
		}
	}

	/**
	 * Marks a subscription as ended.
	 *
	 * @param string $subscription_id sub_… id.
	 * @return bool Whether it was running before (false: unknown or already cancelled).
	 */
	public function cancel( string $subscription_id ): bool {
		global $wpdb;
		$table = Schema::table( 'subscriptions' );
		$now   = current_time( 'mysql', true );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET status = %s, cancelled_at = %s, updated_at = %s WHERE subscription_id = %s AND status <> %s",
				self::CANCELLED,
				$now,
				$now,
				$subscription_id,
				self::CANCELLED
			)
		);
		$cancelled = (int) $wpdb->rows_affected > 0;
		if ( $cancelled ) {
			$this->movements->refresh( array( $subscription_id ) );
			self::changed( $subscription_id );
		}
		return $cancelled;
	}

	/**
	 * Records a new amount for a running subscription (the donor changed it at the provider).
	 *
	 * @param string $subscription_id sub_… id.
	 * @param int    $amount_cents    The new amount every 4 weeks.
	 * @return bool Whether a running subscription took it.
	 */
	public function change_amount( string $subscription_id, int $amount_cents ): bool {
		global $wpdb;
		$table = Schema::table( 'subscriptions' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET amount_cents = %d, updated_at = %s WHERE subscription_id = %s AND status <> %s",
				$amount_cents,
				current_time( 'mysql', true ),
				$subscription_id,
				self::CANCELLED
			)
		);
		return (int) $wpdb->rows_affected > 0;
	}

	/**
	 * A subscription's row.
	 *
	 * @param string $subscription_id sub_… id.
	 * @return array{subscription_id: string, customer_id: string, donation_id: int, status: string, amount_cents: int}|null
	 */
	public function find( string $subscription_id ): ?array {
		global $wpdb;
		$table = Schema::table( 'subscriptions' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE subscription_id = %s", $subscription_id ), ARRAY_A );
		if ( ! is_array( $row ) ) {
			return null;
		}
		return array(
			'subscription_id' => (string) $row['subscription_id'],
			'customer_id'     => (string) $row['customer_id'],
			'donation_id'     => (int) $row['donation_id'],
			'status'          => (string) $row['status'],
			'amount_cents'    => (int) $row['amount_cents'],
		);
	}
}
