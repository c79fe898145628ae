<?php
/**
 * The rate limiter on a site with a persistent object cache, through the test Redis drop-in
 * (tests/concurrency/object-cache.php) and a private redis-server this test starts.
 *
 * WordPress's wp_cache_* functions hand every call to the global $wp_object_cache, so the
 * drop-in's cache object is put there for the test: the limiter runs exactly as it would on a
 * site with the drop-in installed. Two cache objects over one Redis stand for two PHP servers.
 * Skipped (with the reason) when redis-server or php-redis is missing: bin/test.sh installs both.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Protection;

use DonationWidget\Database\Schema;
use DonationWidget\Protection\RateLimiter;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class RateLimiterRedisCacheTest extends IntegrationTestCase {

	private const WINDOW = 3600;

	private static string $socket = '';

	private static string $pid_file = '';

	private static ?\Redis $redis = null;

	private mixed $saved_cache;

	private bool $saved_using_ext;

	private string $prefix;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		$server = trim( (string) shell_exec( 'command -v redis-server' ) );
		if ( ! class_exists( \Redis::class ) || '' === $server ) {
			return;
		}
		$run            = dirname( __DIR__, 4 ) . '/.wp-local/run';
		self::$socket   = $run . '/phpunit-redis.sock';
		self::$pid_file = $run . '/phpunit-redis.pid';
		if ( ! is_dir( $run ) ) {
			mkdir( $run, 0777, true );
		}
		exec( escapeshellarg( $server ) . ' --port 0 --unixsocket ' . escapeshellarg( self::$socket ) . ' --save "" --appendonly no --daemonize yes --pidfile ' . escapeshellarg( self::$pid_file ) . ' --logfile /dev/null' );
		require_once dirname( __DIR__, 3 ) . '/concurrency/object-cache.php';
		// Up to 30 s: a busy machine may be slow to start it; the loop ends as soon as it answers.
		for ( $i = 0; $i < 300 && null === self::$redis; $i++ ) {
			usleep( 100000 );
			try {
				self::$redis = \Donation_Widget_Redis_Object_Cache::connect_to_socket( self::$socket );
			} catch ( \RuntimeException $not_yet ) {
				self::$redis = null;
			}
		}
	}

	public static function tearDownAfterClass(): void {
		if ( '' !== self::$pid_file && is_file( self::$pid_file ) ) {
			exec( 'kill ' . (int) file_get_contents( self::$pid_file ) );
		}
		self::$redis = null;
		parent::tearDownAfterClass();
	}

	protected function setUp(): void {
		parent::setUp();
		if ( null === self::$redis ) {
			// The test command installs both (bin/lib/env.sh): a missing Redis is a broken set-up, not a pass.
			$this->fail( 'redis-server and php-redis are needed: run bin/test.sh, or apt-get install redis-server php-redis.' );
		}
		global $wp_object_cache;
		$this->saved_cache     = $wp_object_cache;
		$this->saved_using_ext = (bool) wp_using_ext_object_cache();
		$this->prefix          = 'phpunit-' . wp_generate_password( 8, false );
	}

	protected function tearDown(): void {
		global $wp_object_cache;
		if ( null !== self::$redis ) {
			$wp_object_cache = $this->saved_cache; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- put WordPress's own cache back.
			wp_using_ext_object_cache( $this->saved_using_ext );
			$this->server( self::$redis )->flush();
		}
		parent::tearDown();
	}

	/**
	 * One "PHP server": its own per-request copy in PHP memory, the shared Redis behind it.
	 */
	private function server( \Redis $redis ): \Donation_Widget_Redis_Object_Cache {
		$cache = new \Donation_Widget_Redis_Object_Cache( $redis, $this->prefix );
		$cache->add_global_groups( array( 'users', 'userlogins', 'usermeta', 'site-options', 'site-transient' ) );
		return $cache;
	}

	/**
	 * Runs one hit with this cache as the site's object cache.
	 */
	private function hit_on( \Donation_Widget_Redis_Object_Cache $cache, int $limit = 20, string $visitor = '203.0.113.7' ): bool {
		global $wp_object_cache;
		$wp_object_cache = $cache; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the drop-in, as WordPress would load it.
		wp_using_ext_object_cache( true );
		return $this->service( RateLimiter::class )->hit( 'payment', $visitor, $limit, self::WINDOW );
	}

	/**
	 * @return list<string> The rate counters' keys in Redis.
	 */
	private function counter_keys(): array {
		$keys = self::$redis->keys( $this->prefix . ':*:donation_widget_rate:*' );
		return is_array( $keys ) ? $keys : array();
	}

	public function test_two_servers_on_one_redis_let_exactly_the_limit_through(): void {
		$servers = array( $this->server( self::$redis ), $this->server( self::$redis ) );

		$through = 0;
		for ( $i = 0; $i < 50; $i++ ) {
			$through += $this->hit_on( $servers[ $i % 2 ] ) ? 1 : 0;
		}

		$this->assertSame( 20, $through );
		$keys = $this->counter_keys();
		$this->assertCount( 1, $keys );
		$this->assertSame( '50', self::$redis->get( $keys[0] ) );
		$this->assertStringNotContainsString( '203.0.113.7', $keys[0] );
		global $wpdb;
		$this->assertSame( '0', $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'rate_counters' ) ), 'With an object cache the table is not used.' ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	public function test_the_counter_expires_with_its_window(): void {
		$now = time();
		$this->hit_on( $this->server( self::$redis ) );

		$ttl = self::$redis->ttl( $this->counter_keys()[0] );
		$this->assertGreaterThan( 0, $ttl, 'A counter without expiry would live for ever.' );
		$this->assertLessThanOrEqual( self::WINDOW - ( $now % self::WINDOW ) + 60, $ttl, 'The counter lives to the end of its window (plus a minute), no longer.' );
	}

	public function test_a_counter_lost_from_the_cache_is_started_again_not_refused(): void {
		$a = $this->server( self::$redis );
		$this->assertTrue( $this->hit_on( $a, 2 ) );
		$this->assertTrue( $this->hit_on( $a, 2 ) );
		$this->assertFalse( $this->hit_on( $a, 2 ) );

		// Evicted (or flushed) in Redis: a fresh server counts from zero again.
		self::$redis->del( $this->counter_keys() );

		$this->assertTrue( $this->hit_on( $this->server( self::$redis ), 2 ) );
		$this->assertSame( '1', self::$redis->get( $this->counter_keys()[0] ) );
	}

	public function test_another_server_reads_the_count_without_counting(): void {
		$a = $this->server( self::$redis );
		$this->hit_on( $a );
		$this->hit_on( $a );

		global $wp_object_cache;
		$wp_object_cache = $this->server( self::$redis ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the drop-in of a second server.
		$this->assertSame( 2, $this->service( RateLimiter::class )->count( 'payment', '203.0.113.7', self::WINDOW ) );
		$this->assertSame( 0, $this->service( RateLimiter::class )->count( 'payment', '203.0.113.8', self::WINDOW ) );
		$this->assertSame( '2', self::$redis->get( $this->counter_keys()[0] ), 'Reading counted nothing.' );
	}

	public function test_the_drop_in_adds_only_once_and_increments_only_existing_keys(): void {
		$a = $this->server( self::$redis );
		$b = $this->server( self::$redis );

		$this->assertTrue( $a->add( 'k', 0, 'g', 60 ) );
		$this->assertFalse( $b->add( 'k', 0, 'g', 60 ), 'add() is SET NX: a second server must not reset the counter.' );
		$this->assertSame( 1, $b->incr( 'k', 1, 'g' ) );
		$this->assertSame( 2, $a->incr( 'k', 1, 'g' ) );
		$this->assertSame( 0, $a->decr( 'k', 5, 'g' ), 'decr() stops at 0, as WordPress\'s own cache does.' );
		$this->assertFalse( $a->incr( 'missing', 1, 'g' ) );
		$this->assertSame( array(), self::$redis->keys( $this->prefix . ':*:g:missing' ), 'incr() on a missing key must not create one without expiry.' );

		$this->assertTrue( $a->set( 'object', (object) array( 'n' => 1 ), 'g' ) );
		$this->assertEquals( (object) array( 'n' => 1 ), $b->get( 'object', 'g' ) );
		$multiple = $b->get_multiple( array( 'object', 'nothing' ), 'g' );
		$this->assertSame( array( 'object', 'nothing' ), array_keys( $multiple ) );
		$this->assertEquals( (object) array( 'n' => 1 ), $multiple['object'] );
		$this->assertFalse( $multiple['nothing'] );
		$found = null;
		$this->assertFalse( $b->get( 'nothing', 'g', false, $found ) );
		$this->assertFalse( $found );
		$this->assertTrue( $a->set( 'stored-false', false, 'g' ) );
		$this->assertFalse( $b->get( 'stored-false', 'g', false, $found ) );
		$this->assertTrue( $found, 'A stored false is found, not a miss.' );
	}
}
