<?php
/**
 * Creates and upgrades the plugin's tables.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Database;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Donations\DonorLastGifts;
use DonationWidget\Donations\SubscriptionRepository;

/**
 * Runs dbDelta() on activation, and again whenever the stored schema version is behind.
 */
final class Installer {

	/**
	 * The schema version that brought the donation_totals table.
	 */
	private const TOTALS_SINCE = 8;

	/**
	 * The schema version that brought the search_* keys, the subscriptions' donor_email and the
	 * donor_last_gifts table.
	 */
	private const DONOR_KEYS_SINCE = 12;

	/**
	 * The schema version that brought the money after the payment and the reports' tables.
	 */
	private const BOOKS_SINCE = 13;

	/**
	 * Keys of the donations table that the search_* keys replace (each is a search key's first
	 * columns, so every lookup they served still finds its key).
	 */
	private const REPLACED_DONATION_KEYS = array( 'email', 'email_domain', 'first_last', 'last_name', 'organisation_name' );

	/**
	 * The option row that says a request is upgrading (its value: since when, a Unix time).
	 */
	private const UPGRADE_CLAIM = 'donation_widget_db_upgrading';

	/**
	 * Seconds after which an upgrade's claim is taken to belong to a request that died.
	 */
	private const UPGRADE_CLAIM_TTL = 15 * MINUTE_IN_SECONDS;

	/**
	 * Subscriptions rows given their donor email per UPDATE of the backfill.
	 */
	private const BACKFILL_BATCH = 1000;

	/**
	 * Schema 13's columns of the donations table, as Schema writes them.
	 */
	private const MONEY_COLUMNS = array(
		'refunded_cents'         => 'bigint(20) unsigned NOT NULL DEFAULT 0',
		'fee_cents'              => 'bigint(20) unsigned DEFAULT NULL',
		'net_cents'              => 'bigint(20) DEFAULT NULL',
		'balance_transaction_id' => "varchar(191) NOT NULL DEFAULT ''",
		'payout_id'              => "varchar(191) NOT NULL DEFAULT ''",
		'dispute_status'         => "varchar(40) NOT NULL DEFAULT ''",
		'dispute_lost_cents'     => 'bigint(20) unsigned NOT NULL DEFAULT 0',
	);

	/**
	 * Activation hook.
	 */
	public static function activate(): void {
		self::install();
	}

	/**
	 * Upgrades when the stored version differs: a plugin updated by uploading a new zip, or by
	 * another server, is not activated again, yet its first request must find its tables.
	 */
	public static function maybe_upgrade(): void {
		if ( get_option( Schema::VERSION_OPTION ) === Schema::VERSION || ! self::claim_upgrade() ) {
			return;
		}
		try {
			self::install();
		} finally {
			self::release_upgrade();
		}
	}

	/**
	 * Claims the upgrade for this request. At a million donations an upgrade takes minutes, and
	 * every request in that time sees the old version: had each run it, their ALTERs would queue
	 * on the table's metadata lock, and a queued ALTER holds back every insert behind it. So one
	 * INSERT IGNORE decides which request upgrades; the others carry on meanwhile. A claim older
	 * than UPGRADE_CLAIM_TTL belongs to a request that died, and one conditional UPDATE hands it
	 * to a single successor.
	 */
	private static function claim_upgrade(): bool {
		global $wpdb;
		$now = time();
		// phpcs:disable WordPress.DB.DirectDatabaseQuery -- an atomic claim across web servers: never cached.
		$inserted = $wpdb->query(
			$wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off')", self::UPGRADE_CLAIM, (string) $now )
		);
		if ( 1 === $inserted ) {
			return true;
		}
		$taken = $wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s AND CAST(option_value AS UNSIGNED) < %d",
				(string) $now,
				self::UPGRADE_CLAIM,
				$now - self::UPGRADE_CLAIM_TTL
			)
		);
		// phpcs:enable
		return 1 === $taken;
	}

	/**
	 * Lets the next request upgrade (or, once the version is stored, nobody needs to).
	 */
	private static function release_upgrade(): void {
		global $wpdb;
		$wpdb->delete( $wpdb->options, array( 'option_name' => self::UPGRADE_CLAIM ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the claim above is never cached either.
	}

	/**
	 * Creates or alters every table, then stores the schema version.
	 */
	public static function install(): void {
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		// The reports' tables are derived from the rows: any that is new now needs filling.
		$reports_missing = array() !== array_filter( array( 'report_totals', 'report_days', 'recurring_movements' ), static fn ( string $table ): bool => null === self::key_names( Schema::table( $table ) ) );
		self::create_new_tables();
		// Existing tables change online next, so dbDelta() below finds them as it writes them.
		self::alter_online();
		foreach ( Schema::statements() as $statement ) {
			dbDelta( $statement );
		}
		self::number_paid_donations();
		$before = (int) get_option( Schema::VERSION_OPTION, '0' );
		if ( $before < self::TOTALS_SINCE ) {
			// The totals table is new (or this is a fresh install): count the donations already there.
			( new DonationTotals() )->rebuild();
		}
		if ( $before < self::DONOR_KEYS_SINCE ) {
			self::backfill_subscriptions();
			if ( $before >= self::TOTALS_SINCE ) {
				// The donor_last_gifts table is new (rebuild() above already filled it otherwise).
				( new DonorLastGifts() )->rebuild();
			}
		}
		if ( $before >= self::TOTALS_SINCE && ( $before < self::BOOKS_SINCE || $reports_missing ) ) {
			// The reports' tables are derived from the rows (rebuild() above did it on a fresh
			// install); so is one added since this site took schema 13.
			( new DonationTotals() )->rebuild_reports();
		}
		// Autoloaded, so the check on every request costs no query.
		update_option( Schema::VERSION_OPTION, Schema::VERSION, true );
	}

	/**
	 * Creates the tables this version adds before the online ALTERs: at a million donations
	 * those take a minute or more, and the donations made meanwhile already write to the new
	 * tables (refunds, the reports' totals). Tables that exist are left to dbDelta() afterwards.
	 */
	private static function create_new_tables(): void {
		foreach ( Schema::statements() as $statement ) {
			if ( 1 === preg_match( '/^CREATE TABLE (\S+) \(/', $statement, $name ) && null === self::key_names( $name[1] ) ) {
				dbDelta( $statement );
			}
		}
	}

	/**
	 * Schema 12's changes to tables that already hold rows, as online ALTERs: the donations
	 * table keeps taking donations while its search keys are built (ALGORITHM=INPLACE,
	 * LOCK=NONE: MariaDB and MySQL refuse the statement rather than lock, and dbDelta() then
	 * adds whatever is still missing). Each change is made only when missing, so the request
	 * that takes over from one that died half-way just finishes the work.
	 */
	private static function alter_online(): void {
		global $wpdb;
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange -- a migration of the plugin's own tables (names from Schema::table()); key and column names are the constants below.
		// The subscriptions first: a small table done in seconds, whose new columns the code now
		// writes as a subscription starts; the donations' keys only speed up reads.
		$subscriptions = Schema::table( 'subscriptions' );
		$keys          = self::key_names( $subscriptions );
		if ( null !== $keys ) {
			$changes = array();
			if ( null === $wpdb->get_var( $wpdb->prepare( "SHOW COLUMNS FROM {$subscriptions} LIKE %s", 'donor_email' ) ) ) {
				$changes[] = "ADD COLUMN donor_email varchar(100) NOT NULL DEFAULT ''";
			}
			if ( null === $wpdb->get_var( $wpdb->prepare( "SHOW COLUMNS FROM {$subscriptions} LIKE %s", 'latest_status' ) ) ) {
				$changes[] = "ADD COLUMN latest_status varchar(20) NOT NULL DEFAULT ''";
			}
			if ( ! in_array( 'status_donor', $keys, true ) ) {
				$changes[] = 'ADD KEY status_donor (status,donor_email,amount_cents)';
			}
			if ( ! in_array( 'status_latest', $keys, true ) ) {
				$changes[] = 'ADD KEY status_latest (status,latest_status)';
			}
			if ( array() !== $changes ) {
				$wpdb->query( "ALTER TABLE {$subscriptions} " . implode( ', ', $changes ) . ', ALGORITHM=INPLACE, LOCK=NONE' ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- each change is one of the fixed definitions above.
			}
		}
		// Schema 13's net per totals key, before the donations table is altered: the code writing
		// donations meanwhile already counts it. Nothing was refunded before: kept = total.
		$totals = Schema::table( 'donation_totals' );
		if ( null !== self::key_names( $totals ) && null === $wpdb->get_var( $wpdb->prepare( "SHOW COLUMNS FROM {$totals} LIKE %s", 'kept_cents' ) ) ) {
			$wpdb->query( "ALTER TABLE {$totals} ADD COLUMN kept_cents bigint(20) NOT NULL DEFAULT 0" ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's own table and a fixed definition.
			$wpdb->query( "UPDATE {$totals} SET kept_cents = total_cents" ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's own table.
		}
		$donations = Schema::table( 'donations' );
		$keys      = self::key_names( $donations );
		if ( null !== $keys ) {
			// Schema 13's money columns: added in place of nothing (ALGORITHM=INSTANT only
			// writes the table's definition), so even a million rows take no time and no lock.
			$columns = array();
			foreach ( self::MONEY_COLUMNS as $name => $definition ) {
				if ( null === $wpdb->get_var( $wpdb->prepare( "SHOW COLUMNS FROM {$donations} LIKE %s", $name ) ) ) {
					$columns[] = "ADD COLUMN {$name} {$definition}";
				}
			}
			if ( array() !== $columns ) {
				$add        = "ALTER TABLE {$donations} " . implode( ', ', $columns );
				$suppressed = $wpdb->suppress_errors( true );
				$instant    = $wpdb->query( $add . ', ALGORITHM=INSTANT' ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- each change is one of the fixed definitions of MONEY_COLUMNS.
				if ( false === $instant && in_array( 'search_domain', $keys, true ) ) {
					// MariaDB adds no column in place to a table with an indexed virtual column
					// (email_domain, in search_domain): it would block writes for a whole rebuild.
					// So that key goes (in place, writes going on), the columns come instantly, and
					// the key is built again online below (a request that dies in between leaves it
					// missing, and the next run builds it).
					$wpdb->query( "ALTER TABLE {$donations} DROP KEY search_domain, ALGORITHM=NOCOPY, LOCK=NONE" );
					$keys    = array_values( array_diff( $keys, array( 'search_domain' ) ) );
					$instant = $wpdb->query( $add . ', ALGORITHM=INSTANT' ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- as above.
				}
				$wpdb->suppress_errors( $suppressed );
				if ( false === $instant ) {
					// A database without instant columns: one online rebuild, not dbDelta()'s seven.
					$wpdb->query( $add . ', ALGORITHM=INPLACE, LOCK=NONE' ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- as above.
				}
			}
			$changes = array();
			foreach ( array(
				'search_email'           => 'email,created_at,status,currency,total_cents',
				'search_domain'          => 'email_domain,created_at,status,currency,total_cents',
				'search_first_last'      => 'first_name,last_name,created_at,status,currency,total_cents',
				'search_last'            => 'last_name,created_at,status,currency,total_cents',
				'search_organisation'    => 'organisation_name,created_at,status,currency,total_cents',
				'payout_id'              => 'payout_id',
				'balance_transaction_id' => 'balance_transaction_id',
				'dispute_created'        => 'dispute_status,created_at',
			) as $name => $columns ) {
				if ( ! in_array( $name, $keys, true ) ) {
					$changes[] = "ADD KEY {$name} ({$columns})";
				}
			}
			foreach ( self::REPLACED_DONATION_KEYS as $name ) {
				if ( in_array( $name, $keys, true ) ) {
					$changes[] = "DROP KEY {$name}";
				}
			}
			if ( array() !== $changes ) {
				$wpdb->query( "ALTER TABLE {$donations} " . implode( ', ', $changes ) . ', ALGORITHM=INPLACE, LOCK=NONE' ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- each change is built from the fixed key list above.
			}
		}//end if
		// phpcs:enable
	}

	/**
	 * The names of a table's keys, or null when the table does not exist yet.
	 *
	 * @param string $table Table name.
	 * @return list<string>|null
	 */
	private static function key_names( string $table ): ?array {
		global $wpdb;
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table (name from Schema::table()), read during a migration.
		if ( $table !== $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table ) ) ) ) {
			return null;
		}
		$rows = $wpdb->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $table comes from Schema::table() via the callers.
		// phpcs:enable
		return array_values( array_unique( array_map( static fn ( $row ): string => (string) $row['Key_name'], is_array( $rows ) ? $rows : array() ) ) );
	}

	/**
	 * Schema 12: each subscription takes its first donation's lower-cased email and its latest
	 * donation's status, a batch of row ids per UPDATE so no statement holds many locks. Both
	 * are read from the donations by the UPDATE itself, so running this twice, or while
	 * donations come in, changes nothing.
	 */
	public static function backfill_subscriptions(): void {
		global $wpdb;
		$table = Schema::table( 'subscriptions' );
		$last  = (int) $wpdb->get_var( "SELECT COALESCE(MAX(id), 0) FROM {$table}" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table, during a migration.
		$rows  = new SubscriptionRepository();
		for ( $first = 1; $first <= $last; $first += self::BACKFILL_BATCH ) {
			$rows->backfill( $first, $first + self::BACKFILL_BATCH - 1 );
		}
	}

	/**
	 * Schema 7 gives receipt numbers (receipt_seq) to money received only. Donations paid before
	 * it keep the number they already carried, their row id: it is on the receipts sent, the
	 * admin screens and past exports, so giving it to another donation would make two receipts
	 * share a number. New numbers continue after the highest, with no gaps from then on. Runs
	 * only while no donation is numbered yet, so running it twice (two servers upgrading at
	 * once, or a re-activation) changes nothing.
	 */
	public static function number_paid_donations(): void {
		global $wpdb;
		$table = Schema::table( 'donations' );
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a one-off migration of the plugin's own table (name from Schema::table()); values are prepared.
		$numbered = $wpdb->get_var( "SELECT id FROM {$table} WHERE receipt_seq IS NOT NULL LIMIT 1" );
		if ( null !== $numbered ) {
			return;
		}
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET receipt_seq = id WHERE receipt_seq IS NULL AND status IN (%s, %s, %s)",
				DonationStatus::SUCCEEDED,
				DonationStatus::PARTIALLY_REFUNDED,
				DonationStatus::REFUNDED
			)
		);
		// phpcs:enable
	}
}
