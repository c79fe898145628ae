<?php
/**
 * Counts attempts per visitor in a fixed window, shared by every PHP server.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Protection;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- counters must be read and written in the database as they are now (a cached count would let calls through); the only interpolated name is the plugin's own table from Schema::table(), every value is a placeholder of $wpdb->prepare().

/**
 * Keeps counters where every web server sees them, and counts each hit in one atomic step, so
 * that simultaneous calls on several servers can never let more than the limit through:
 *
 * - with a persistent object cache (Redis, Memcached): wp_cache_add() starts the window's counter
 *   (only one server's add wins) and wp_cache_incr() counts (atomic in those caches);
 * - otherwise: one INSERT … ON DUPLICATE KEY UPDATE on the plugin's rate_counters table, whose
 *   new count comes back through LAST_INSERT_ID() on the same connection.
 *
 * Never in PHP memory, local files or transients (read, add, write on a transient loses counts).
 */
final class RateLimiter {

	/**
	 * The daily WP-Cron event that deletes expired counter rows.
	 */
	public const PRUNE_HOOK = 'donation_widget_prune_rate_counters';

	private const GROUP = 'donation_widget_rate';

	/**
	 * Rows deleted per statement when pruning, so a large backlog never locks the table long.
	 */
	private const PRUNE_BATCH = 1000;

	/**
	 * Statements per pruning run: a bound on its time, the next run takes the rest.
	 */
	private const PRUNE_MAX_BATCHES = 50;

	/**
	 * Seconds a cached counter outlives its window, so a hit at the window's last second never
	 * finds its counter already expired between the add and the increment.
	 */
	private const CACHE_GRACE_SECONDS = 60;

	/**
	 * Counts one attempt and says whether it is within the limit.
	 *
	 * @param string $bucket         What is limited, such as "payment" or "address".
	 * @param string $visitor        Who is limited (an IP address).
	 * @param int    $limit          Attempts allowed per window.
	 * @param int    $window_seconds Window length.
	 */
	public function hit( string $bucket, string $visitor, int $limit, int $window_seconds ): bool {
		$window_seconds = max( 1, $window_seconds );
		$now            = time();
		// Fixed windows: each starts from zero without a reset, and every server agrees on them.
		$window_start = $now - ( $now % $window_seconds );
		$window_end   = $window_start + $window_seconds;
		$counter_key  = self::counter_key( $bucket, $visitor, $window_seconds );

		$count = null;
		if ( $this->uses_object_cache() ) {
			$count = $this->count_in_cache( $counter_key . ':' . $window_start, $window_end - $now + self::CACHE_GRACE_SECONDS );
		}
		if ( null === $count ) {
			$count = $this->count_in_table( $counter_key, $window_start, $window_end );
		}
		if ( null === $count ) {
			// Counted nowhere: refused, because an uncounted call is exactly what a card tester needs.
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins must see why calls are refused.
			error_log( 'Donation Widget: a rate-limit counter could not be written, so the call was refused. Check the database.' );
			return false;
		}
		return $count <= $limit;
	}

	/**
	 * How many hits a counter holds in the current window, without counting one: for a limit
	 * that must refuse before work it only counts afterwards (a failure, say). Two calls reading
	 * at once may both pass, so such a limit can be overrun by the calls in flight, never more.
	 *
	 * @param string   $bucket         What is limited.
	 * @param string   $visitor        Who is limited.
	 * @param int      $window_seconds Window length.
	 * @param int|null $at             A moment in the window to read (now by default).
	 */
	public function count( string $bucket, string $visitor, int $window_seconds, ?int $at = null ): int {
		$window_seconds = max( 1, $window_seconds );
		$now            = $at ?? time();
		$window_start   = $now - ( $now % $window_seconds );
		$counter_key    = self::counter_key( $bucket, $visitor, $window_seconds );
		if ( $this->uses_object_cache() ) {
			$cached = wp_cache_get( $counter_key . ':' . $window_start, self::GROUP, true );
			if ( is_numeric( $cached ) ) {
				return (int) $cached;
			}
			// Not in the cache: hit() may have fallen back to the table when the cache lost it.
		}
		global $wpdb;
		$table = Schema::table( 'rate_counters' );
		$hits  = $wpdb->get_var( $wpdb->prepare( "SELECT hits FROM {$table} WHERE counter_key = %s AND window_start = %d", $counter_key, $window_start ) );
		return is_numeric( $hits ) ? (int) $hits : 0;
	}

	/**
	 * Deletes counter rows whose window has ended (the daily WP-Cron event). Bounded: at most
	 * PRUNE_MAX_BATCHES statements of PRUNE_BATCH rows; a larger backlog goes on the next run.
	 *
	 * @param int|null $now The time to compare with (now by default).
	 * @return int Rows deleted.
	 */
	public function prune( ?int $now = null ): int {
		global $wpdb;
		$table   = Schema::table( 'rate_counters' );
		$now     = $now ?? time();
		$deleted = 0;
		for ( $batch = 0; $batch < self::PRUNE_MAX_BATCHES; $batch++ ) {
			$rows = $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE expires_at <= %d LIMIT %d", $now, self::PRUNE_BATCH ) );
			if ( ! is_int( $rows ) ) {
				break;
			}
			$deleted += $rows;
			if ( $rows < self::PRUNE_BATCH ) {
				break;
			}
		}
		return $deleted;
	}

	/**
	 * Whether counters go to the persistent object cache.
	 */
	private function uses_object_cache(): bool {
		/**
		 * Filters whether rate-limit counters use the persistent object cache. Return false when
		 * the site's object-cache drop-in does not increment atomically: the counters then use
		 * the plugin's database table, which always does.
		 *
		 * @param bool $use_cache True when a persistent object cache is installed.
		 */
		return (bool) apply_filters( 'donation_widget_rate_limits_use_object_cache', wp_using_ext_object_cache() );
	}

	/**
	 * Counts in the object cache: the new count, or null when the cache did not keep it.
	 *
	 * @param string $key         The counter for this window.
	 * @param int    $ttl_seconds How long the counter must live.
	 */
	private function count_in_cache( string $key, int $ttl_seconds ): ?int {
		// Twice at most: the counter can vanish between the add and the increment (evicted,
		// flushed); starting it again is right, a third loss means the cache is not keeping keys.
		for ( $try = 0; $try < 2; $try++ ) {
			// Only the first server's add creates the counter; the others find it and just count.
			wp_cache_add( $key, 0, self::GROUP, max( 1, $ttl_seconds ) );
			$count = wp_cache_incr( $key, 1, self::GROUP );
			if ( is_int( $count ) && $count > 0 ) {
				return $count;
			}
		}
		return null;
	}

	/**
	 * Counts in the rate_counters table with one statement: the new count, or null on failure.
	 *
	 * @param string $counter_key  Bucket and visitor, hashed.
	 * @param int    $window_start Unix time the window started.
	 * @param int    $window_end   Unix time the window ends (the row may be pruned then).
	 */
	private function count_in_table( string $counter_key, int $window_start, int $window_end ): ?int {
		global $wpdb;
		$table = Schema::table( 'rate_counters' );
		// The row lock taken by the upsert serialises simultaneous hits on one counter; the
		// count each one made is handed back through LAST_INSERT_ID(expr), which belongs to
		// this connection alone (wpdb reads it as insert_id).
		$statement = $wpdb->prepare(
			"INSERT INTO {$table} (counter_key, window_start, hits, expires_at) VALUES (%s, %d, LAST_INSERT_ID(1), %d)
			ON DUPLICATE KEY UPDATE hits = LAST_INSERT_ID(hits + 1)",
			$counter_key,
			$window_start,
			$window_end
		);
		// A statement InnoDB chose as a deadlock victim was rolled back whole (it counted
		// nothing), so running it again cannot count twice.
		for ( $try = 0; $try < 3; $try++ ) {
			$written = $wpdb->query( $statement ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.NotPrepared -- prepared just above.
			if ( false !== $written && (int) $wpdb->insert_id > 0 ) {
				return (int) $wpdb->insert_id;
			}
			if ( ! str_contains( $wpdb->last_error, 'Deadlock' ) ) {
				break;
			}
		}
		return null;
	}

	/**
	 * The counter's name: a keyed hash, so the table and the cache hold no IP address.
	 *
	 * @param string $bucket         What is limited.
	 * @param string $visitor        Who is limited.
	 * @param int    $window_seconds Window length (another length is another counter).
	 */
	private static function counter_key( string $bucket, string $visitor, int $window_seconds ): string {
		return hash_hmac( 'sha256', $bucket . '|' . $window_seconds . '|' . $visitor, wp_salt( 'nonce' ) );
	}
}
