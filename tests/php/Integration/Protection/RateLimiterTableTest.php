<?php
/**
 * The rate limiter on a site without a persistent object cache: one atomic upsert per hit on the
 * plugin's rate_counters table, against the real MariaDB.
 *
 * Several PHP servers hitting one counter at once are proven by tests/concurrency/run.sh; these
 * tests pin the counting, the windows and the pruning.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Protection;

use DonationWidget\Database\Schema;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class RateLimiterTableTest extends IntegrationTestCase {

	/**
	 * Long enough that no test run straddles two windows.
	 */
	private const WINDOW = 100000000;

	private RateLimiter $limiter;

	protected function setUp(): void {
		parent::setUp();
		$this->assertFalse( (bool) wp_using_ext_object_cache(), 'The phpunit site must have no object cache here: these tests are about the table.' );
		$this->limiter = $this->service( RateLimiter::class );
	}

	/**
	 * @return list<array{counter_key: string, window_start: string, hits: string, expires_at: string}>
	 */
	private function rows(): array {
		global $wpdb;
		return $wpdb->get_results( 'SELECT * FROM ' . Schema::table( 'rate_counters' ) . ' ORDER BY hits DESC', ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * @return list<bool>
	 */
	private function hits( int $times, string $bucket = 'payment', string $visitor = '203.0.113.7', int $limit = 20, int $window = self::WINDOW ): array {
		$answers = array();
		for ( $i = 0; $i < $times; $i++ ) {
			$answers[] = $this->limiter->hit( $bucket, $visitor, $limit, $window );
		}
		return $answers;
	}

	public function test_exactly_the_limit_gets_through_and_every_hit_is_counted_in_one_row(): void {
		$answers = $this->hits( 25 );

		$this->assertSame( array_merge( array_fill( 0, 20, true ), array_fill( 0, 5, false ) ), $answers );
		$rows = $this->rows();
		$this->assertCount( 1, $rows );
		$this->assertSame( '25', $rows[0]['hits'] );
		$now = time();
		$this->assertSame( $now - ( $now % self::WINDOW ), (int) $rows[0]['window_start'] );
		$this->assertSame( (int) $rows[0]['window_start'] + self::WINDOW, (int) $rows[0]['expires_at'] );
	}

	public function test_visitors_buckets_and_window_lengths_count_apart(): void {
		$this->hits( 3, 'payment', '203.0.113.7', 3 );

		$this->assertFalse( $this->limiter->hit( 'payment', '203.0.113.7', 3, self::WINDOW ) );
		$this->assertTrue( $this->limiter->hit( 'payment', '203.0.113.8', 3, self::WINDOW ), 'Another visitor has a counter of their own.' );
		$this->assertTrue( $this->limiter->hit( 'address', '203.0.113.7', 3, self::WINDOW ), 'Another bucket has a counter of its own.' );
		$this->assertTrue( $this->limiter->hit( 'payment', '203.0.113.7', 3, self::WINDOW / 2 ), 'Another window length has a counter of its own.' );
		$this->assertCount( 4, $this->rows() );
	}

	public function test_a_new_window_counts_from_zero(): void {
		global $wpdb;
		$this->assertContains( false, $this->hits( 4, 'payment', '203.0.113.7', 3 ) );

		// The same counts, one window earlier: as if the window had just ended.
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'rate_counters' ) . ' SET window_start = window_start - %d, expires_at = expires_at - %d', self::WINDOW, self::WINDOW ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared

		$this->assertSame( array( true, true, true, false ), $this->hits( 4, 'payment', '203.0.113.7', 3 ) );
		$this->assertSame( array( '4', '4' ), array_column( $this->rows(), 'hits' ) );
	}

	public function test_the_table_holds_no_ip_address(): void {
		$this->hits( 1, 'payment', '203.0.113.7' );

		$this->assertStringNotContainsString( '203.0.113.7', (string) wp_json_encode( $this->rows() ) );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}$/', $this->rows()[0]['counter_key'] );
	}

	public function test_pruning_deletes_ended_windows_only(): void {
		global $wpdb;
		$this->hits( 2, 'payment', '203.0.113.7' );
		$this->hits( 1, 'payment', '203.0.113.8' );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'rate_counters' ) . ' SET expires_at = %d WHERE hits = 1', time() - 1 ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared

		$this->assertSame( 1, $this->limiter->prune() );

		$rows = $this->rows();
		$this->assertCount( 1, $rows );
		$this->assertSame( '2', $rows[0]['hits'], 'The counter of a window still running must stay.' );
	}

	public function test_the_daily_cron_event_is_scheduled_and_prunes(): void {
		global $wpdb;
		$this->hits( 1 );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'rate_counters' ) . ' SET expires_at = %d', time() - 1 ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared

		$this->assertSame( 'daily', wp_get_schedule( RateLimiter::PRUNE_HOOK ) );
		do_action( RateLimiter::PRUNE_HOOK ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the plugin's own hook, through its constant.

		$this->assertSame( array(), $this->rows() );
	}

	public function test_a_counter_that_cannot_be_written_refuses_the_call(): void {
		$broken     = static fn ( string $query ): string => str_replace( Schema::table( 'rate_counters' ), Schema::table( 'rate_counters' ) . '_missing', $query );
		add_filter( 'query', $broken );
		$suppressed = $GLOBALS['wpdb']->suppress_errors( true );
		$log        = (string) ini_get( 'error_log' );
		ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- keep the expected error out of the debug log.
		try {
			$answer = $this->limiter->hit( 'payment', '203.0.113.7', 20, self::WINDOW );
		} finally {
			ini_set( 'error_log', $log ); // phpcs:ignore WordPress.PHP.IniSet.Risky
			$GLOBALS['wpdb']->suppress_errors( $suppressed );
			remove_filter( 'query', $broken );
		}

		$this->assertFalse( $answer, 'An uncounted call must be refused: it is what a card tester needs.' );
	}

	public function test_a_count_is_read_without_counting(): void {
		$this->assertSame( 0, $this->limiter->count( 'payment', '203.0.113.7', self::WINDOW ), 'A counter never hit holds nothing.' );
		$this->hits( 3 );

		$this->assertSame( 3, $this->limiter->count( 'payment', '203.0.113.7', self::WINDOW ) );
		$this->assertSame( 3, $this->limiter->count( 'payment', '203.0.113.7', self::WINDOW ) );
		$this->assertSame( 0, $this->limiter->count( 'payment', '203.0.113.8', self::WINDOW ) );
		$this->assertSame( '3', $this->rows()[0]['hits'] );
	}

	public function test_the_payment_call_guard_refuses_exactly_after_the_setting(): void {
		$this->set_settings(
			array(
				'rate_limit_payments'  => 3,
				'recaptcha_secret_key' => 'rate-limit-tests-recaptcha',
			)
		);
		$_SERVER['REMOTE_ADDR'] = '203.0.113.9';
		$guard                  = $this->service( \DonationWidget\Checkout\PaymentCallGuard::class );

		$types = array();
		for ( $i = 0; $i < 5; $i++ ) {
			$refused = $guard->check_starting_call( true, "donor-{$i}@example.org.au", $this->captcha_token() )->refusal;
			$types[] = null === $refused ? 'through' : $refused->type();
		}
		unset( $_SERVER['REMOTE_ADDR'] );

		$this->assertSame( array( 'through', 'through', 'through', 'rate_limited', 'rate_limited' ), $types );
		$this->assertSame( '5', $this->rows()[0]['hits'] );
	}
}
