<?php
/**
 * Base for tests against the real WordPress and database.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration;

use DonationWidget\Checkout\Checkout;
use DonationWidget\Checkout\FollowUpCall;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Checkout\OpeningCall;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Plugin;
use PHPUnit\Framework\TestCase;

/**
 * Each test runs inside a database transaction that is rolled back afterwards, and starts
 * with an empty object cache, so tests cannot leak rows or options into each other.
 */
abstract class IntegrationTestCase extends TestCase {

	/**
	 * A live-mode Stripe secret key that only the stand-ins accept. Written in two parts so that no
	 * secret scanner takes it for a real one.
	 */
	protected const STAND_IN_LIVE_SECRET_KEY = 'sk_' . 'live_standInOnly'; // phpcs:ignore Generic.Strings.UnnecessaryStringConcat.Found -- split on purpose, see above.

	/**
	 * PHP errors raised during the test.
	 *
	 * @var list<string>
	 */
	protected array $php_errors = array();

	protected function setUp(): void {
		parent::setUp();
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		wp_cache_flush();
		wp_set_current_user( 0 );
		$this->php_errors = array();
		set_error_handler( // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler
			function ( int $errno, string $message, string $file, int $line ): bool {
				$this->php_errors[] = "{$message} in {$file}:{$line}";
				return true;
			}
		);
	}

	/**
	 * A new reCAPTCHA token, single use (StandIns::captcha_token()): a browser fetches one for
	 * every payment call it makes.
	 */
	protected function captcha_token(): string {
		return StandIns::captcha_token();
	}

	protected function tearDown(): void {
		global $wpdb;
		restore_error_handler();
		$wpdb->query( 'ROLLBACK' );
		wp_cache_flush();
		wp_set_current_user( 0 );
		parent::tearDown();
		$this->assertSame( array(), $this->php_errors, 'PHP raised warnings or notices during the test.' );
	}

	/**
	 * A shared object of the running plugin.
	 *
	 * @template T of object
	 *
	 * @param string $id Class name.
	 * @phpstan-param class-string<T> $id
	 * @return T
	 */
	protected function service( string $id ): object {
		return Plugin::instance()->container()->get( $id );
	}

	/**
	 * Runs the mail worker as WP-Cron would (one pass over the queued donor emails), and returns
	 * what it did: sent, retried, failed, released, lost, more.
	 *
	 * @return array{sent: int, retried: int, failed: int, released: int, lost: int, more: bool}
	 */
	protected function run_mail_queue(): array {
		return $this->service( \DonationWidget\Emails\MailWorker::class )->run();
	}

	/**
	 * Stores settings as they are, past the settings screen's sanitiser (which would, for
	 * example, keep a stored secret when given an empty one).
	 *
	 * @param array<string, mixed> $values Field key => value.
	 */
	protected function set_settings( array $values ): void {
		$option   = \DonationWidget\Settings\Settings::OPTION;
		$callback = get_registered_settings()[ $option ]['sanitize_callback'] ?? null;
		if ( null !== $callback ) {
			remove_filter( "sanitize_option_{$option}", $callback );
		}
		$stored = get_option( $option, array() );
		update_option( $option, array_merge( is_array( $stored ) ? $stored : array(), $values ) );
		if ( null !== $callback ) {
			add_filter( "sanitize_option_{$option}", $callback );
		}
	}

	/**
	 * Logs in a new user with a role.
	 *
	 * @param string $role WordPress role.
	 */
	protected function log_in_as( string $role ): int {
		$user_id = wp_insert_user(
			array(
				'user_login' => 'test_' . $role . '_' . wp_generate_password( 6, false ),
				'user_pass'  => wp_generate_password(),
				'user_email' => wp_generate_password( 6, false ) . '@example.org.au',
				'role'       => $role,
			)
		);
		$this->assertIsInt( $user_id );
		wp_set_current_user( $user_id );
		return $user_id;
	}

	/**
	 * Runs a real admin-ajax hook as WordPress would, catching wp_send_json()'s end of the
	 * request, and returns the JSON answer. (PHPUnit has already printed, so WordPress sends no
	 * status header here: the body tells the outcome.)
	 *
	 * @param string               $hook   Such as wp_ajax_nopriv_process_payment_method.
	 * @param array<string, mixed> $fields POST fields.
	 * @return array<string, mixed>
	 */
	protected function ajax( string $hook, array $fields ): array {
		$stop     = static function (): callable {
			return static function (): void {
				throw new \RuntimeException( 'wp_die' );
			};
		};
		$_POST    = wp_slash( $fields );
		$_REQUEST = wp_slash( $fields );
		add_filter( 'wp_doing_ajax', '__return_true' );
		add_filter( 'wp_die_ajax_handler', $stop );
		ob_start();
		try {
			do_action( $hook ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- WordPress's own admin-ajax hooks.
			$this->fail( 'The action did not end the request.' );
		} catch ( \RuntimeException $stopped ) {
			$this->assertSame( 'wp_die', $stopped->getMessage() );
		} finally {
			$output = (string) ob_get_clean();
			remove_filter( 'wp_die_ajax_handler', $stop );
			remove_filter( 'wp_doing_ajax', '__return_true' );
			$_POST    = array();
			$_REQUEST = array();
		}
		$body = json_decode( $output, true );
		$this->assertIsArray( $body, "Not JSON: {$output}" );
		return $body;
	}

	/**
	 * Runs a payment call of docs/widget-contract.md#7-the-calls-it-makes through the checkout, as its admin-ajax action does.
	 *
	 * @param string               $action  Such as process_payment_method or get_charge_id.
	 * @param array<string, mixed> $request POST fields.
	 * @throws \LogicException When no payment method answers the action.
	 */
	protected function payment_call( string $action, array $request ): AjaxResult {
		$checkout = $this->service( Checkout::class );
		foreach ( $this->service( GatewayRegistry::class )->payment_methods() as $method ) {
			if ( $method->action() === $action ) {
				return $checkout->pay( $method, $request );
			}
			if ( $method instanceof FollowUpCall && $method->follow_up_action() === $action ) {
				return $checkout->follow_up( $method, $request );
			}
			if ( $method instanceof OpeningCall && $method->open_action() === $action ) {
				return $checkout->open_payment( $method, $request );
			}
		}
		throw new \LogicException( esc_html( "No payment method answers {$action}." ) );
	}

	/**
	 * Calls a REST route in-process, as WordPress itself would serve it.
	 *
	 * @param string               $method HTTP method.
	 * @param string               $route  Route, such as /my-plugin/v1/settings.
	 * @param array<string, mixed> $params Query or body parameters.
	 */
	protected function rest( string $method, string $route, array $params = array() ): \WP_REST_Response {
		$request = new \WP_REST_Request( $method, $route );
		foreach ( $params as $key => $value ) {
			$request->set_param( $key, $value );
		}
		return rest_do_request( $request );
	}

	/**
	 * The SQL sent to the database while code runs, in order.
	 *
	 * @param callable $run The code.
	 * @return list<string>
	 */
	protected static function queries_of( callable $run ): array {
		$queries = array();
		$collect = static function ( $query ) use ( &$queries ) {
			$queries[] = (string) $query;
			return $query;
		};
		add_filter( 'query', $collect );
		try {
			$run();
		} finally {
			remove_filter( 'query', $collect );
		}
		return $queries;
	}
}
