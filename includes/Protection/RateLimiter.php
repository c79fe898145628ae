<?php
/**
 * Counts attempts per visitor in a fixed window, shared by every PHP server.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Protection;

/**
 * Keeps counters where every web server sees them: the persistent object cache when the site has
 * one (wp_cache_add + wp_cache_incr are atomic in Redis and Memcached), otherwise transients in
 * the database. Never in PHP memory or local files.
 */
final class RateLimiter {

	private const GROUP = 'donation_widget_rate';

	/**
	 * Counts one attempt and says whether it is within the limit.
	 *
	 * @param string $bucket         What is limited, such as "payment" or "address".
	 * @param string $visitor        Who is limited (an IP address).
	 * @param int    $limit          Attempts allowed per window.
	 * @param int    $window_seconds Window length.
	 */
	public function hit( string $bucket, string $visitor, int $limit, int $window_seconds ): bool {
		// The window start is part of the key, so each window starts from zero without a reset.
		$window = (int) floor( time() / max( 1, $window_seconds ) );
		$key    = $bucket . '_' . md5( $visitor . '|' . $window );

		if ( wp_using_ext_object_cache() ) {
			wp_cache_add( $key, 0, self::GROUP, $window_seconds );
			$count = wp_cache_incr( $key, 1, self::GROUP );
			return false !== $count && $count <= $limit;
		}

		$transient = 'donation_widget_rate_' . $key;
		$count     = (int) get_transient( $transient ) + 1;
		set_transient( $transient, $count, $window_seconds );
		return $count <= $limit;
	}
}
