<?php
/**
 * The payment calls as WordPress serves them: admin-ajax hooks for visitors and signed-in users.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Payments;

final class PaymentAjaxWiringTest extends PaymentTestCase {

	/**
	 * Runs an admin-ajax action the way admin-ajax.php does, and returns the JSON it printed.
	 *
	 * @param string $hook   Such as wp_ajax_nopriv_process_payment_method.
	 * @param array  $fields POST fields.
	 * @return array<string, mixed>
	 */
	private function ajax( string $hook, array $fields ): array {
		$stop  = static function (): callable {
			return static function (): void {
				throw new \RuntimeException( 'wp_die' );
			};
		};
		$_POST = wp_slash( $fields );
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
			$_POST = array();
		}
		$body = json_decode( $output, true );
		$this->assertIsArray( $body, "Not JSON: {$output}" );
		return $body;
	}

	public function test_every_payment_call_is_public(): void {
		foreach ( array( 'process_payment_method', 'payment_intent', 'get_charge_id', 'process_paypal_payment' ) as $action ) {
			$this->assertNotFalse( has_action( 'wp_ajax_nopriv_' . $action ), "{$action} for visitors" );
			$this->assertNotFalse( has_action( 'wp_ajax_' . $action ), "{$action} for signed-in users" );
		}
	}

	public function test_a_visitor_pays_by_card_through_admin_ajax(): void {
		$fields = $this->card_request( array( 'action' => 'process_payment_method' ) );

		$body = $this->ajax( 'wp_ajax_nopriv_process_payment_method', $fields );

		$this->assertTrue( $body['success'] );
		$this->assertSame( '', $body['type'] );
		$this->assertMatchesRegularExpression( '/^ch_/', $body['data']['reference'] );
		$this->assertSame( 'succeeded', $this->donation_row( $fields['attemptId'] )['status'] );
	}

	public function test_slashes_in_form_data_survive_wordpress_magic_quotes(): void {
		$fields = $this->card_request( array( 'action' => 'process_payment_method' ), array( 'inMemoryOf' => "Nan O'Hara" ) );

		$body = $this->ajax( 'wp_ajax_process_payment_method', $fields );

		$this->assertTrue( $body['success'] );
		$this->assertSame( "Nan O'Hara", $this->donation_row( $fields['attemptId'] )['in_memory_of'] );
	}

	public function test_a_refused_form_is_answered_as_json_naming_the_field(): void {
		$body = $this->ajax( 'wp_ajax_nopriv_process_payment_method', $this->card_request( array(), array( 'email' => 'not-an-email' ) ) );

		$this->assertFalse( $body['success'] );
		$this->assertSame( 'validation', $body['type'] );
		$this->assertSame( 'formData.email', $body['data']['field'] );
		$this->assertSame( 'Invalid email address', $body['data']['message'] );
	}
}
