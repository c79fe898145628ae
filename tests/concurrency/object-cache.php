<?php
/**
 * A minimal persistent object cache backed by Redis (php-redis), for tests only.
 *
 * tests/concurrency/run.sh copies it to the concurrency site's wp-content/object-cache.php, so
 * that the rate limits are also proven on a real shared cache (the usual Redis drop-in plugins
 * cannot be installed from the registries these machines reach). It is never shipped: the
 * release zip (bin/plugin-zip.sh) takes only what production needs, and tests/ is not in it.
 *
 * Connection: the constant or environment variable DONATION_WIDGET_REDIS_SOCKET (a Unix socket),
 * else DONATION_WIDGET_REDIS_HOST / DONATION_WIDGET_REDIS_PORT. Keys are prefixed with
 * WP_CACHE_KEY_SALT, else the database name and table prefix, so sites can share one Redis.
 * If Redis cannot be reached the request fails loudly: a test must never pass on a cache that
 * silently fell back to PHP memory.
 *
 * What WordPress 6.8 calls: every wp_cache_* function of wp-includes/cache.php, including the
 * *_multiple ones, flush_runtime, flush_group, supports, and the $wp_object_cache->global_groups
 * property read by switch_to_blog(). Values are serialize()d, except integers, which are stored
 * as plain numbers so that incr/decr are Redis INCRBY on the server: atomic across PHP servers.
 * add() is SET NX (with EX when it expires), replace() is SET XX.
 *
 * The functions are defined only when WordPress's own are not, so PHPUnit can load the class
 * into a running WordPress (tests/php/Integration/Protection) and test it directly.
 *
 * @package DonationWidget
 */

// phpcs:disable -- a WordPress drop-in: it must define WordPress's own global function names.

/**
 * The object cache: a per-request copy in PHP memory in front of Redis.
 */
class Donation_Widget_Redis_Object_Cache {

	/**
	 * INCRBY when the key exists (false when it does not, like WordPress's own cache); a value
	 * that is not an integer counts from 0; the result never goes below 0. One script, so the
	 * whole step is atomic in Redis.
	 */
	private const INCR_SCRIPT = <<<'LUA'
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local ok, n = pcall(redis.call, 'INCRBY', KEYS[1], ARGV[1])
if not ok then
	redis.call('SET', KEYS[1], '0', 'KEEPTTL')
	n = redis.call('INCRBY', KEYS[1], ARGV[1])
end
if n < 0 then
	redis.call('SET', KEYS[1], '0', 'KEEPTTL')
	n = 0
end
return n
LUA;

	/**
	 * Groups shared by every site of a network (WordPress reads this property).
	 *
	 * @var array<string, true>
	 */
	public array $global_groups = array();

	/**
	 * Groups kept in PHP memory only.
	 *
	 * @var array<string, true>
	 */
	private array $non_persistent_groups = array();

	/**
	 * This request's copy: group => key => value.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private array $cache = array();

	private int $blog_id;

	/**
	 * Hits and misses of this request (as WP_Object_Cache counts them).
	 */
	public int $cache_hits = 0;

	public int $cache_misses = 0;

	/**
	 * @param Redis  $redis  A connected client.
	 * @param string $prefix Prefix of every key this site uses.
	 */
	public function __construct( private readonly Redis $redis, private readonly string $prefix ) {
		$this->blog_id = function_exists( 'is_multisite' ) && is_multisite() ? get_current_blog_id() : 1;
	}

	/**
	 * Connects as the environment says; throws when Redis does not answer.
	 */
	public static function connect(): Redis {
		$setting = static function ( string $name ): string {
			if ( defined( $name ) ) {
				return (string) constant( $name );
			}
			$value = getenv( $name );
			return false === $value ? '' : $value;
		};
		$socket = $setting( 'DONATION_WIDGET_REDIS_SOCKET' );
		if ( '' !== $socket ) {
			return self::connect_to_socket( $socket );
		}
		$host  = $setting( 'DONATION_WIDGET_REDIS_HOST' ) ?: '127.0.0.1';
		$port  = (int) ( $setting( 'DONATION_WIDGET_REDIS_PORT' ) ?: 6379 );
		$redis = new Redis();
		if ( ! @$redis->connect( $host, $port, 2.0 ) || true !== $redis->ping() ) {
			throw new RuntimeException( "The Redis object cache cannot reach Redis at {$host}:{$port}." );
		}
		return $redis;
	}

	/**
	 * Connects to a Unix socket; throws when Redis does not answer there.
	 */
	public static function connect_to_socket( string $socket ): Redis {
		$redis = new Redis();
		try {
			$ok = $redis->connect( $socket ) && true === $redis->ping();
		} catch ( RedisException $error ) {
			$ok = false;
		}
		if ( ! $ok ) {
			throw new RuntimeException( "The Redis object cache cannot reach Redis at {$socket}." );
		}
		return $redis;
	}

	private function group( string $group ): string {
		return '' === $group ? 'default' : $group;
	}

	private function redis_key( string $key, string $group ): string {
		$scope = isset( $this->global_groups[ $group ] ) ? 'global' : (string) $this->blog_id;
		return $this->prefix . ':' . $scope . ':' . $group . ':' . $key;
	}

	private function persistent( string $group ): bool {
		return ! isset( $this->non_persistent_groups[ $group ] );
	}

	private static function encode( mixed $value ): string {
		return is_int( $value ) ? (string) $value : serialize( $value );
	}

	private static function decode( string $stored ): mixed {
		if ( preg_match( '/^-?\d+$/', $stored ) ) {
			return (int) $stored;
		}
		return unserialize( $stored );
	}

	private static function copy( mixed $value ): mixed {
		return is_object( $value ) ? clone $value : $value;
	}

	/**
	 * @return array<int|string, mixed> SET options.
	 */
	private static function expiry( int $expire, ?string $condition = null ): array {
		$options = null === $condition ? array() : array( $condition );
		if ( $expire > 0 ) {
			$options['ex'] = $expire;
		}
		return $options;
	}

	private static function valid_key( mixed $key ): bool {
		return ( is_string( $key ) && '' !== trim( $key ) ) || is_int( $key );
	}

	public function add( int|string $key, mixed $data, string $group = 'default', int $expire = 0 ): bool {
		if ( wp_suspend_cache_addition() || ! self::valid_key( $key ) ) {
			return false;
		}
		$key   = (string) $key;
		$group = $this->group( $group );
		if ( $this->persistent( $group ) ) {
			$added = (bool) $this->redis->set( $this->redis_key( $key, $group ), self::encode( $data ), self::expiry( $expire, 'nx' ) );
			if ( ! $added ) {
				unset( $this->cache[ $group ][ $key ] );
				return false;
			}
		} elseif ( array_key_exists( $key, $this->cache[ $group ] ?? array() ) ) {
			return false;
		}
		$this->cache[ $group ][ $key ] = self::copy( $data );
		return true;
	}

	/**
	 * @param array<int|string, mixed> $data Key => value.
	 * @return array<int|string, bool>
	 */
	public function add_multiple( array $data, string $group = '', int $expire = 0 ): array {
		$result = array();
		foreach ( $data as $key => $value ) {
			$result[ $key ] = $this->add( $key, $value, $group, $expire );
		}
		return $result;
	}

	public function replace( int|string $key, mixed $data, string $group = 'default', int $expire = 0 ): bool {
		if ( ! self::valid_key( $key ) ) {
			return false;
		}
		$key   = (string) $key;
		$group = $this->group( $group );
		if ( $this->persistent( $group ) ) {
			if ( ! $this->redis->set( $this->redis_key( $key, $group ), self::encode( $data ), self::expiry( $expire, 'xx' ) ) ) {
				unset( $this->cache[ $group ][ $key ] );
				return false;
			}
		} elseif ( ! array_key_exists( $key, $this->cache[ $group ] ?? array() ) ) {
			return false;
		}
		$this->cache[ $group ][ $key ] = self::copy( $data );
		return true;
	}

	public function set( int|string $key, mixed $data, string $group = 'default', int $expire = 0 ): bool {
		if ( ! self::valid_key( $key ) ) {
			return false;
		}
		$key   = (string) $key;
		$group = $this->group( $group );
		if ( $this->persistent( $group ) && ! $this->redis->set( $this->redis_key( $key, $group ), self::encode( $data ), self::expiry( $expire ) ) ) {
			return false;
		}
		$this->cache[ $group ][ $key ] = self::copy( $data );
		return true;
	}

	/**
	 * @param array<int|string, mixed> $data Key => value.
	 * @return array<int|string, bool>
	 */
	public function set_multiple( array $data, string $group = '', int $expire = 0 ): array {
		$result = array();
		foreach ( $data as $key => $value ) {
			$result[ $key ] = $this->set( $key, $value, $group, $expire );
		}
		return $result;
	}

	public function get( int|string $key, string $group = 'default', bool $force = false, ?bool &$found = null ): mixed {
		$found = false;
		if ( ! self::valid_key( $key ) ) {
			return false;
		}
		$key   = (string) $key;
		$group = $this->group( $group );
		if ( array_key_exists( $key, $this->cache[ $group ] ?? array() ) && ( ! $force || ! $this->persistent( $group ) ) ) {
			$found = true;
			++$this->cache_hits;
			return self::copy( $this->cache[ $group ][ $key ] );
		}
		if ( ! $this->persistent( $group ) ) {
			++$this->cache_misses;
			return false;
		}
		$stored = $this->redis->get( $this->redis_key( $key, $group ) );
		if ( ! is_string( $stored ) ) {
			unset( $this->cache[ $group ][ $key ] );
			++$this->cache_misses;
			return false;
		}
		$value                         = self::decode( $stored );
		$this->cache[ $group ][ $key ] = $value;
		$found                         = true;
		++$this->cache_hits;
		return self::copy( $value );
	}

	/**
	 * @param array<int|string> $keys Keys.
	 * @return array<int|string, mixed> Key => value, false when missing.
	 */
	public function get_multiple( array $keys, string $group = 'default', bool $force = false ): array {
		$group  = $this->group( $group );
		$result = array();
		$fetch  = array();
		foreach ( $keys as $key ) {
			if ( ! self::valid_key( $key ) ) {
				$result[ $key ] = false;
			} elseif ( ( ! $force && array_key_exists( (string) $key, $this->cache[ $group ] ?? array() ) ) || ! $this->persistent( $group ) ) {
				$result[ $key ] = $this->get( $key, $group, $force );
			} else {
				$fetch[] = $key;
			}
		}
		if ( array() !== $fetch ) {
			$stored = $this->redis->mget( array_map( fn ( $key ): string => $this->redis_key( (string) $key, $group ), $fetch ) );
			foreach ( $fetch as $index => $key ) {
				$raw = is_array( $stored ) ? ( $stored[ $index ] ?? false ) : false;
				if ( ! is_string( $raw ) ) {
					unset( $this->cache[ $group ][ (string) $key ] );
					$result[ $key ] = false;
					++$this->cache_misses;
					continue;
				}
				$value                                  = self::decode( $raw );
				$this->cache[ $group ][ (string) $key ] = $value;
				$result[ $key ]                         = self::copy( $value );
				++$this->cache_hits;
			}
		}
		// In the order asked for.
		$ordered = array();
		foreach ( $keys as $key ) {
			$ordered[ $key ] = $result[ $key ];
		}
		return $ordered;
	}

	public function delete( int|string $key, string $group = 'default' ): bool {
		if ( ! self::valid_key( $key ) ) {
			return false;
		}
		$key     = (string) $key;
		$group   = $this->group( $group );
		$present = array_key_exists( $key, $this->cache[ $group ] ?? array() );
		unset( $this->cache[ $group ][ $key ] );
		if ( ! $this->persistent( $group ) ) {
			return $present;
		}
		return (int) $this->redis->del( $this->redis_key( $key, $group ) ) > 0;
	}

	/**
	 * @param array<int|string> $keys Keys.
	 * @return array<int|string, bool>
	 */
	public function delete_multiple( array $keys, string $group = '' ): array {
		$result = array();
		foreach ( $keys as $key ) {
			$result[ $key ] = $this->delete( $key, $group );
		}
		return $result;
	}

	/**
	 * @return int|false The new value, false when the key does not exist.
	 */
	public function incr( int|string $key, int $offset = 1, string $group = 'default' ): int|false {
		if ( ! self::valid_key( $key ) ) {
			return false;
		}
		$key   = (string) $key;
		$group = $this->group( $group );
		if ( ! $this->persistent( $group ) ) {
			if ( ! array_key_exists( $key, $this->cache[ $group ] ?? array() ) ) {
				return false;
			}
			$value                         = is_numeric( $this->cache[ $group ][ $key ] ) ? (int) $this->cache[ $group ][ $key ] : 0;
			$this->cache[ $group ][ $key ] = max( 0, $value + $offset );
			return $this->cache[ $group ][ $key ];
		}
		$value = $this->redis->eval( self::INCR_SCRIPT, array( $this->redis_key( $key, $group ), $offset ), 1 );
		if ( ! is_int( $value ) ) {
			unset( $this->cache[ $group ][ $key ] );
			return false;
		}
		$this->cache[ $group ][ $key ] = $value;
		return $value;
	}

	/**
	 * @return int|false The new value, false when the key does not exist.
	 */
	public function decr( int|string $key, int $offset = 1, string $group = 'default' ): int|false {
		return $this->incr( $key, -$offset, $group );
	}

	/**
	 * Deletes every key of this site's prefix (never the whole Redis: it may be shared).
	 */
	public function flush(): bool {
		$this->cache = array();
		$this->delete_matching( $this->prefix . ':*' );
		return true;
	}

	public function flush_runtime(): bool {
		$this->cache = array();
		return true;
	}

	public function flush_group( string $group ): bool {
		$group = $this->group( $group );
		unset( $this->cache[ $group ] );
		$this->delete_matching( $this->prefix . ':*:' . $group . ':*' );
		return true;
	}

	private function delete_matching( string $pattern ): void {
		$iterator = null;
		do {
			$keys = $this->redis->scan( $iterator, $pattern, 1000 );
			if ( is_array( $keys ) && array() !== $keys ) {
				$this->redis->unlink( $keys );
			}
		} while ( 0 !== $iterator && null !== $iterator );
	}

	/**
	 * @param string|array<string> $groups Groups.
	 */
	public function add_global_groups( string|array $groups ): void {
		foreach ( (array) $groups as $group ) {
			$this->global_groups[ $group ] = true;
		}
	}

	/**
	 * @param string|array<string> $groups Groups.
	 */
	public function add_non_persistent_groups( string|array $groups ): void {
		foreach ( (array) $groups as $group ) {
			$this->non_persistent_groups[ $group ] = true;
		}
	}

	public function switch_to_blog( int $blog_id ): void {
		$this->blog_id = $blog_id;
	}

	public function close(): bool {
		return true;
	}
}

if ( ! function_exists( 'wp_cache_init' ) ) {
	function wp_cache_init() {
		global $wp_object_cache, $table_prefix;
		$prefix          = defined( 'WP_CACHE_KEY_SALT' ) && '' !== WP_CACHE_KEY_SALT ? (string) WP_CACHE_KEY_SALT : DB_NAME . ':' . $table_prefix;
		$wp_object_cache = new Donation_Widget_Redis_Object_Cache( Donation_Widget_Redis_Object_Cache::connect(), $prefix );
	}

	function wp_cache_add( $key, $data, $group = '', $expire = 0 ) {
		global $wp_object_cache;
		return $wp_object_cache->add( $key, $data, (string) $group, (int) $expire );
	}

	function wp_cache_add_multiple( array $data, $group = '', $expire = 0 ) {
		global $wp_object_cache;
		return $wp_object_cache->add_multiple( $data, (string) $group, (int) $expire );
	}

	function wp_cache_replace( $key, $data, $group = '', $expire = 0 ) {
		global $wp_object_cache;
		return $wp_object_cache->replace( $key, $data, (string) $group, (int) $expire );
	}

	function wp_cache_set( $key, $data, $group = '', $expire = 0 ) {
		global $wp_object_cache;
		return $wp_object_cache->set( $key, $data, (string) $group, (int) $expire );
	}

	function wp_cache_set_multiple( array $data, $group = '', $expire = 0 ) {
		global $wp_object_cache;
		return $wp_object_cache->set_multiple( $data, (string) $group, (int) $expire );
	}

	function wp_cache_get( $key, $group = '', $force = false, &$found = null ) {
		global $wp_object_cache;
		return $wp_object_cache->get( $key, (string) $group, (bool) $force, $found );
	}

	function wp_cache_get_multiple( $keys, $group = '', $force = false ) {
		global $wp_object_cache;
		return $wp_object_cache->get_multiple( (array) $keys, (string) $group, (bool) $force );
	}

	function wp_cache_delete( $key, $group = '' ) {
		global $wp_object_cache;
		return $wp_object_cache->delete( $key, (string) $group );
	}

	function wp_cache_delete_multiple( array $keys, $group = '' ) {
		global $wp_object_cache;
		return $wp_object_cache->delete_multiple( $keys, (string) $group );
	}

	function wp_cache_incr( $key, $offset = 1, $group = '' ) {
		global $wp_object_cache;
		return $wp_object_cache->incr( $key, (int) $offset, (string) $group );
	}

	function wp_cache_decr( $key, $offset = 1, $group = '' ) {
		global $wp_object_cache;
		return $wp_object_cache->decr( $key, (int) $offset, (string) $group );
	}

	function wp_cache_flush() {
		global $wp_object_cache;
		return $wp_object_cache->flush();
	}

	function wp_cache_flush_runtime() {
		global $wp_object_cache;
		return $wp_object_cache->flush_runtime();
	}

	function wp_cache_flush_group( $group ) {
		global $wp_object_cache;
		return $wp_object_cache->flush_group( (string) $group );
	}

	function wp_cache_supports( $feature ) {
		return in_array( $feature, array( 'add_multiple', 'set_multiple', 'get_multiple', 'delete_multiple', 'flush_runtime', 'flush_group' ), true );
	}

	function wp_cache_close() {
		global $wp_object_cache;
		return $wp_object_cache->close();
	}

	function wp_cache_add_global_groups( $groups ) {
		global $wp_object_cache;
		$wp_object_cache->add_global_groups( $groups );
	}

	function wp_cache_add_non_persistent_groups( $groups ) {
		global $wp_object_cache;
		$wp_object_cache->add_non_persistent_groups( $groups );
	}

	function wp_cache_switch_to_blog( $blog_id ) {
		global $wp_object_cache;
		$wp_object_cache->switch_to_blog( (int) $blog_id );
	}

	function wp_cache_reset() {
		_deprecated_function( __FUNCTION__, '3.5.0', 'wp_cache_switch_to_blog()' );
		return false;
	}
}
