<?php
/**
 * Stripe writes each webhook payload in its endpoint's API version, which the plugin does not
 * choose: the same events, in the 2024-06-20 shape and in the pinned version's, end in the same
 * records, because the plugin reads each object again in its pinned version.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways\Stripe\Webhooks;

use DonationWidget\Webhooks\WebhookEventLog;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class StripeWebhookVersionsTest extends PaymentTestCase {

	/**
	 * The API versions a webhook endpoint may be on: the last one whose invoices named their charge,
	 * and the pinned one.
	 *
	 * @return array<string, array{string}>
	 */
	public static function versions(): array {
		return array(
			'2024-06-20 (invoices name their charge)' => array( '2024-06-20' ),
			'the pinned version (invoice payments)'   => array( StripeClient::API_VERSION ),
		);
	}

	/**
	 * The newest event of a type about an object, rendered in one API version by the stand-in.
	 */
	private function event_in( string $version, string $type, string $object_id ): array {
		$events = $this->control( 'GET', '/__control/stripe/events?type=' . rawurlencode( $type ) . '&api_version=' . rawurlencode( $version ) )['body'];
		$events = array_values( array_filter( $events, static fn ( array $event ): bool => $object_id === $event['data']['object']['id'] ) );
		$this->assertNotEmpty( $events, "No {$type} event for {$object_id}." );
		$event = end( $events );
		$this->assertSame( $version, $event['api_version'] );
		return $event;
	}

	private function charge_of( string $intent_id ): string {
		return $this->stripe( 'GET', '/v1/payment_intents/' . $intent_id, array(), self::SECRET_KEY )['latest_charge'];
	}

	/**
	 * @dataProvider versions
	 */
	public function test_a_first_payment_a_renewal_and_its_refund_end_the_same_in_either_payload_version( string $version ): void {
		// A 4-weekly first gift the site confirmed after 3-D Secure, every answer of Stripe lost.
		$request  = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ), array( 'frequency' => '4weekly' ) );
		$answered = $this->pay( $request );
		$this->assertAnswer( 200, 'requires_action', $answered );
		$this->complete_3ds( $answered->data()['client_secret'] );
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);
		$this->assertAnswer( 502, 'server', $this->pay( $this->sent_again( $request, array( 'paymentIntentId' => $answered->data()['payment_intent_id'] ) ) ) );

		$succeeded = $this->event_in( $version, 'payment_intent.succeeded', $answered->data()['payment_intent_id'] );
		$this->assertSame( 200, $this->deliver( $succeeded )->get_status() );

		// The gift is paid, and its subscription started.
		$first = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'succeeded', $this->charge_of( $answered->data()['payment_intent_id'] ) ), array( $first['status'], $first['provider_reference'] ) );
		$this->assertStringStartsWith( 'sub_', $first['subscription_id'] );

		// Four weeks later: a renewal, then a refund made in Stripe's dashboard.
		$renewal      = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $first['subscription_id'],
				'action'       => 'renewal_paid',
			)
		)['body'];
		$invoice_paid = $this->event_in( $version, 'invoice.paid', $renewal['invoice']['id'] );
		$this->assertSame( '2024-06-20' === $version, array_key_exists( 'charge', $invoice_paid['data']['object'] ), 'Only the old shape names the charge.' );
		$this->assertSame( 200, $this->deliver( $invoice_paid )->get_status() );
		$renewal_row = $this->donation_row( 'invoice:' . $renewal['invoice']['id'] );
		$charge      = $this->charge_of( $renewal['payment_intent']['id'] );
		$this->assertSame( array( 'succeeded', $charge, $renewal['payment_intent']['id'] ), array( $renewal_row['status'], $renewal_row['provider_reference'], $renewal_row['payment_intent_id'] ) );

		$this->stripe( 'POST', '/v1/refunds', array( 'charge' => $charge ), self::SECRET_KEY );
		$refunded = $this->event_in( $version, 'charge.refunded', $charge );
		$this->assertSame( 200, $this->deliver( $refunded )->get_status() );

		$this->assertSame( 'refunded', $this->donation_row( 'invoice:' . $renewal['invoice']['id'] )['status'] );
		$this->assertSame( 'succeeded', $this->donation_row( $request['attemptId'] )['status'] );
		$this->assertSame( $version, $this->service( WebhookEventLog::class )->find( $refunded['id'] )['api_version'] );
		$this->assertSame( $version, $this->service( WebhookHealth::class )->last_event( 'stripe' )['api_version'] );
	}

	/**
	 * @dataProvider versions
	 */
	public function test_a_one_off_wallet_payment_completed_by_its_webhook_ends_the_same_in_either_payload_version( string $version ): void {
		// The site confirmed the wallet's token, but Stripe's answer never reached it.
		$request = $this->express_request();
		$this->queue(
			'stripe',
			'lost_answer',
			array(
				'path'  => '/confirm',
				'times' => 3,
			)
		);
		$this->payment_call( 'payment_intent', $request );
		$intent_id = $this->donation_row( $request['attemptId'] )['payment_intent_id'];
		$this->assertSame( 'pending', $this->donation_row( $request['attemptId'] )['status'] );

		$this->assertSame( 200, $this->deliver( $this->event_in( $version, 'payment_intent.succeeded', $intent_id ) )->get_status() );

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( array( 'succeeded', $this->charge_of( $intent_id ), 'google_pay' ), array( $row['status'], $row['provider_reference'], $row['method'] ) );
	}

	private function pay( array $request ): \DonationWidget\Http\AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}
}
