<?php
/**
 * The demo's "Simulate a payout" never exists outside demo mode. (In demo mode it is tested by
 * Playwright, tests/e2e/specs/payouts-demo.spec.ts: the e2e site answers as the demo for a
 * request that asks to, which PHPUnit's one process cannot do per test.)
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Payouts\DemoPayout;
use DonationWidget\Admin\Payouts\PayoutsPage;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class DemoPayoutTest extends PaymentTestCase {

	protected function tearDown(): void {
		$_GET     = array();
		$_POST    = array();
		$_REQUEST = array();
		parent::tearDown();
	}

	public function test_outside_demo_mode_there_is_no_button_and_its_handler_makes_no_payout(): void {
		$this->assertFalse( defined( 'DONATION_WIDGET_DEMO_MODE' ) && DONATION_WIDGET_DEMO_MODE, 'The phpunit site is not a demo.' );
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		$this->log_in_as( 'administrator' );
		$request = $this->card_request();
		$this->assertAnswer( 200, '', $this->payment_call( 'process_payment_method', $request ) );
		$this->assertFalse( $this->service( DemoPayout::class )->is_available() );

		ob_start();
		$this->service( PayoutsPage::class )->render();
		$list = (string) ob_get_clean();
		$this->assertStringContainsString( '<h1>Payouts</h1>', $list );
		$this->assertStringNotContainsString( 'Simulate a payout', $list );
		$this->assertStringNotContainsString( DemoPayout::ACTION, $list );

		$fields   = array(
			'action'   => DemoPayout::ACTION,
			'_wpnonce' => wp_create_nonce( DemoPayout::ACTION ),
		);
		$_POST    = wp_slash( $fields );
		$_REQUEST = wp_slash( $fields );
		$status   = 0;
		$die      = static fn (): callable => static function ( $message, $title = '', $args = array() ): void {
			throw new AdminStop( 'die', is_string( $message ) ? $message : '', is_array( $args ) ? (int) ( $args['response'] ?? 500 ) : 500 );
		};
		add_filter( 'wp_die_handler', $die );
		try {
			do_action( 'admin_post_' . DemoPayout::ACTION ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own admin-post hook.
		} catch ( AdminStop $stop ) {
			$status = $stop->status;
		} finally {
			remove_filter( 'wp_die_handler', $die );
		}
		$this->assertSame( 404, $status );
		$payouts = $this->stripe( 'GET', '/v1/payouts', array(), self::SECRET_KEY );
		$this->assertSame( array(), $payouts['data'] ?? null, 'The stand-in made a payout.' );
		// There was money to pay out: the same control call the button makes would have made one.
		$made = $this->control(
			'POST',
			'/__control/stripe/payout',
			array(
				'available_now' => true,
				'status'        => 'paid',
			)
		);
		$this->assertSame( 200, $made['status'] );
	}
}
