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

/**
 * Runs dbDelta() on activation, and again whenever the stored schema version is behind; then
 * the data steps that the domains added (backfills, numbers, derived totals), in the order added.
 */
final class Installer {

	/**
	 * Keys of the donations table that the search_* keys replace (each is a search key's first
	 * columns, so every lookup they served still finds its key).
	 */
	private const REPLACED_DONATION_KEYS = array( 'email', 'email_domain', 'first_last', 'last_name', 'organisation_name' );

	/**
	 * Keys of the donations table added or changed since schema 12, as Schema writes them: each
	 * is built online when missing, and built again when its columns differ.
	 */
	private const DONATION_KEYS = array(
		'search_email'           => 'email,created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents',
		'search_domain'          => 'email_domain,created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents',
		'search_first_last'      => 'first_name,last_name,created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents',
		'search_last'            => 'last_name,created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents',
		'search_organisation'    => 'organisation_name,created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents',
		'payout_id'              => 'payout_id',
		'balance_transaction_id' => 'balance_transaction_id',
		'dispute_created'        => 'dispute_status,created_at',
		'provider_created'       => 'provider,created_at,status,total_cents,fee_cents,net_cents,refunded_cents',
		// Schema 15: what changed since a time (the donors' hourly sweep).
		'updated_at'             => 'updated_at',
	);

	/**
	 * The option row that says a request is upgrading (its value: since when, a Unix time).
	 */
	private const UPGRADE_CLAIM = 'donation_widget_db_upgrading';

	/**
	 * Seconds after which an upgrade's claim is taken to belong to a request that died.
	 */
	private const UPGRADE_CLAIM_TTL = 15 * MINUTE_IN_SECONDS;

	/**
	 * Schema 13's (and 14's) money columns of the donations table, as Schema writes them.
	 */
	private const MONEY_COLUMNS = array(
		'refunded_cents'         => 'bigint(20) unsigned NOT NULL DEFAULT 0',
		'fee_cents'              => 'bigint(20) unsigned DEFAULT NULL',
		'net_cents'              => 'bigint(20) DEFAULT NULL',
		'balance_transaction_id' => "varchar(191) NOT NULL DEFAULT ''",
		'payout_id'              => "varchar(191) NOT NULL DEFAULT ''",
		'dispute_status'         => "varchar(40) NOT NULL DEFAULT ''",
		'dispute_lost_cents'     => 'bigint(20) unsigned NOT NULL DEFAULT 0',
		// Schema 14: the disputes' fees, so every figure of a gift is read from its row.
		'dispute_fee_cents'      => 'bigint(20) unsigned NOT NULL DEFAULT 0',
	);

	/**
	 * The domains' data steps, each called with the schema version the site had (0 on a fresh
	 * install) and the short names of the tables this run created.
	 *
	 * @var list<callable(int, list<string>): mixed>
	 */
	private static array $steps = array();

	/**
	 * Adds a domain's data step, run after every table is in shape, on install and on each
	 * upgrade. A step must be safe to run twice (two servers, or a request that takes over).
	 *
	 * @param callable(int, list<string>): mixed $step The step.
	 */
	public static function add_step( callable $step ): void {
		self::$steps[] = $step;
	}

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
		if ( get_option( Schema::VERSION_OPTION ) === Schema::version() || ! self::claim_upgrade() ) {
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
		// Tables derived from other rows need filling when they are new: the steps are told which.
		$created = array_values( array_filter( Schema::all_tables(), static fn ( string $table ): bool => ! self::exists( Schema::table( $table ) ) ) );
		self::create_new_tables();
		// Existing tables change online next, so dbDelta() below finds them as it writes them.
		self::alter_online();
		foreach ( Schema::all_statements() as $statement ) {
			dbDelta( $statement );
		}
		$before = (int) get_option( Schema::VERSION_OPTION, '0' );
		foreach ( self::$steps as $step ) {
			$step( $before, $created );
		}
		// Autoloaded, so the check on every request costs no query.
		update_option( Schema::VERSION_OPTION, Schema::version(), true );
	}

	/**
	 * Creates the tables this version adds before the online ALTERs: at a million donations
	 * those take a minute or more, and the donations made meanwhile already write to the new
	 * tables (refunds, the reports' totals). Tables that exist are left to dbDelta() afterwards.
	 */
	private static function create_new_tables(): void {
		foreach ( Schema::all_statements() as $statement ) {
			if ( 1 === preg_match( '/^CREATE TABLE (\S+) \(/', $statement, $name ) && null === self::key_names( $name[1] ) ) {
				dbDelta( $statement );
			}
		}
	}

	/**
	 * Schema 12's, 13's and 14's changes to tables that already hold rows, as online ALTERs: the
	 * donations table keeps taking donations while its keys are built (ALGORITHM=INPLACE,
	 * LOCK=NONE: MariaDB and MySQL refuse the statement rather than lock, and dbDelta() then
	 * adds whatever is still missing). Each change is made only when missing or different, so
	 * the request that takes over from one that died half-way just finishes the work.
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
			$built   = self::key_columns( $donations );
			foreach ( self::DONATION_KEYS as $name => $columns ) {
				if ( ! isset( $built[ $name ] ) ) {
					$changes[] = "ADD KEY {$name} ({$columns})";
				} elseif ( $built[ $name ] !== $columns ) {
					// Schema 14 carries the kept amount's columns in the search keys: the key is
					// built again under its name, in the same online ALTER (searches meanwhile
					// use the old one).
					$changes[] = "DROP KEY {$name}, ADD KEY {$name} ({$columns})";
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
	 * Whether a table exists.
	 *
	 * @param string $table Table name.
	 */
	private static function exists( string $table ): bool {
		global $wpdb;
		return $table === $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- read during a migration.
	}

	/**
	 * Each key of a table with its columns in order, comma-separated (as Schema writes them).
	 *
	 * @param string $table Table name.
	 * @return array<string, string>
	 */
	private static function key_columns( string $table ): array {
		global $wpdb;
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table (name from Schema::table()), read during a migration.
		$rows = $wpdb->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $table comes from Schema::table() via the callers.
		// phpcs:enable
		$columns = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$columns[ (string) $row['Key_name'] ][ (int) $row['Seq_in_index'] ] = (string) $row['Column_name'];
		}
		return array_map(
			static function ( array $names ): string {
				ksort( $names );
				return implode( ',', $names );
			},
			$columns
		);
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
		if ( ! self::exists( $table ) ) {
			return null;
		}
		$rows = $wpdb->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $table comes from Schema::table() via the callers.
		// phpcs:enable
		return array_values( array_unique( array_map( static fn ( $row ): string => (string) $row['Key_name'], is_array( $rows ) ? $rows : array() ) ) );
	}
}
