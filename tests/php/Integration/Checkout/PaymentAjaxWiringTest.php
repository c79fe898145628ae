<?php
/**
 * The payment calls as WordPress serves them: admin-ajax hooks for visitors and signed-in users.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Checkout;

use DonationWidget\Tests\Integration\PaymentTestCase;

final class PaymentAjaxWiringTest extends PaymentTestCase {


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
