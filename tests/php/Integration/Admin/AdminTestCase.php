<?php
/**
 * Base for the admin screen tests.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Tests\Integration\IntegrationTestCase;

/**
 * Loads WordPress's admin code, and runs admin-post.php actions and screens in-process: a
 * wp_die() or a redirect ends them as an AdminStop instead of ending PHPUnit.
 */
abstract class AdminTestCase extends IntegrationTestCase {

	use DonationFixtures;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		self::create_tables();
	}

	protected function setUp(): void {
		parent::setUp();
		$this->set_up_fixtures();
		delete_option( 'donation_widget_test_mailbox' );
		$this->set_settings(
			array(
				'organisation_name'          => 'Helping Hands Australia',
				'abn'                        => '51 824 753 556',
				'receipt_from_name'          => 'Helping Hands Australia',
				'receipt_from_email'         => 'receipts@example.org.au',
				'supporter_email'            => 'supporters@example.org.au',
				'supporter_phone'            => '1800 123 456',
				'receipt_send_automatically' => true,
				'receipt_number_prefix'      => 'REC-',
			)
		);
	}

	protected function tearDown(): void {
		$_GET     = array();
		$_POST    = array();
		$_REQUEST = array();
		parent::tearDown();
	}

	/**
	 * Runs an admin-post.php action with request fields, as admin-post.php would.
	 *
	 * @param string $action The action field.
	 * @param array  $fields POST (or GET) fields.
	 * @param string $method POST or GET.
	 * @return array{output: string, stop: AdminStop|null}
	 */
	protected function admin_post( string $action, array $fields, string $method = 'POST' ): array {
		$fields = array( 'action' => $action ) + $fields;
		if ( 'POST' === $method ) {
			$_POST = wp_slash( $fields );
		} else {
			$_GET = wp_slash( $fields );
		}
		$_REQUEST = wp_slash( $fields );
		return $this->run_stoppable( static fn () => do_action( 'admin_post_' . $action ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own admin-post hooks.
	}

	/**
	 * Runs code that may end in wp_die() or a redirect, capturing what it prints.
	 *
	 * @param callable $run The code.
	 * @return array{output: string, stop: AdminStop|null}
	 */
	protected function run_stoppable( callable $run ): array {
		$die      = static fn (): callable => static function ( $message, $title = '', $args = array() ): void {
			$status = is_int( $args ) ? $args : ( is_array( $args ) && isset( $args['response'] ) ? (int) $args['response'] : 500 );
			throw new AdminStop( 'die', is_string( $message ) ? $message : '', $status );
		};
		$redirect = static function ( $location ): void {
			throw new AdminStop( 'redirect', (string) $location, 302 );
		};
		add_filter( 'wp_die_handler', $die );
		add_filter( 'wp_redirect', $redirect );
		$stop = null;
		ob_start();
		try {
			$run();
		} catch ( AdminStop $stopped ) {
			$stop = $stopped;
		} finally {
			$output = (string) ob_get_clean();
			remove_filter( 'wp_die_handler', $die );
			remove_filter( 'wp_redirect', $redirect );
		}
		return array(
			'output' => $output,
			'stop'   => $stop,
		);
	}

	/**
	 * Asserts a run ended in wp_die() with a status.
	 *
	 * @param int   $status HTTP status.
	 * @param array $result What run_stoppable() returned.
	 */
	protected function assertDied( int $status, array $result ): void {
		$this->assertNotNull( $result['stop'], 'The request was not stopped.' );
		$this->assertSame( array( 'die', $status ), array( $result['stop']->kind, $result['stop']->status ), $result['stop']->detail );
	}

	/**
	 * The query arguments of the redirect a run ended with.
	 *
	 * @param array $result What run_stoppable() returned.
	 * @return array<string, string>
	 */
	protected function redirected_to( array $result ): array {
		$this->assertNotNull( $result['stop'], 'The request did not redirect.' );
		$this->assertSame( 'redirect', $result['stop']->kind, $result['stop']->detail );
		parse_str( (string) wp_parse_url( $result['stop']->detail, PHP_URL_QUERY ), $args );
		return $args;
	}
}
