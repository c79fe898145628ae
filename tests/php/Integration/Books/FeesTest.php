<?php
/**
 * Each payment's fee and net, from Stripe's balance transaction or PayPal's capture, and where
 * the treasurer sees them: the donation's screen and the CSV export.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Books;

use DonationWidget\Admin\Donations\DonationExport;
use DonationWidget\Admin\Donations\DonationDetail;
use DonationWidget\Books\Fees\FeeCatchUp;
use DonationWidget\Reconciliation\ReconciliationSchedule;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class FeesTest extends PaymentTestCase {

	protected function setUp(): void {
		parent::setUp();
		delete_option( FeeCatchUp::SKIP_OPTION );
		$this->set_settings( array( 'stripe_becs_enabled' => true ) );
	}

	private function pay_by_card( string $card = 'pm_card_au', string $total = '52.50' ): array {
		$request = $this->card_request(
			array(
				'token'  => $card,
				'cardId' => $card,
			),
			array( 'totalAmount' => $total )
		);
		$this->assertAnswer( 200, '', $this->payment_call( 'process_payment_method', $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		return $row;
	}

	/**
	 * The Stripe events the stand-in recorded of a type for one charge.
	 */
	private function charge_events( string $type, string $charge_id ): array {
		$events = $this->control( 'GET', '/__control/stripe/events?type=' . rawurlencode( $type ) )['body'];
		return array_values( array_filter( $events, static fn ( array $event ): bool => $charge_id === $event['data']['object']['id'] ) );
	}

	public function test_a_card_payment_records_stripe_australias_fee_as_it_settles_and_once(): void {
		$row = $this->pay_by_card();

		// A domestic card: 1.7% of $52.50 is 89.25c, rounded to 89c, plus 30c.
		$this->assertSame( '119', $row['fee_cents'] );
		$this->assertSame( (string) ( 5250 - 119 ), $row['net_cents'] );
		$this->assertStringStartsWith( 'txn_', $row['balance_transaction_id'] );
		$this->assertSame( '0', $row['refunded_cents'] );
		$confirmed = $this->stripe_posts( '/v1/payment_intents/' . $row['payment_intent_id'] . '/confirm' );
		$this->assertSame( array( 'latest_charge.balance_transaction' ), $confirmed[0]['body']['expand'] );
		$this->assertCount( 0, $this->provider_requests( 'stripe', '/v1/charges/' ), 'Read from the confirmation, not asked again.' );

		// Stripe's charge.succeeded, and the catch-up pass, find it recorded.
		$events = $this->charge_events( 'charge.succeeded', $row['provider_reference'] );
		$this->assertCount( 1, $events );
		$response = $this->deliver( $events[0] );
		$this->assertSame( "ignored: donation #{$row['id']} has its fee", $response->get_data()['outcome'] );
		$this->service( FeeCatchUp::class )->run();
		$this->assertCount( 1, $this->provider_requests( 'stripe', '/v1/charges/' ), 'Only the webhook read the charge.' );
		$this->assertSame( '119', $this->donation_row( $row['attempt_id'] )['fee_cents'] );
	}

	public function test_charge_succeeded_records_the_fee_the_payment_did_not(): void {
		$row = $this->pay_by_card();
		global $wpdb;
		// As a payment confirmed in the browser (a wallet, 3-D Secure finished by a webhook) is.
		$wpdb->update(
			\DonationWidget\Database\Schema::table( 'donations' ),
			array(
				'fee_cents'              => null,
				'net_cents'              => null,
				'balance_transaction_id' => '',
			),
			array( 'id' => $row['id'] )
		);
		$events = $this->charge_events( 'charge.succeeded', $row['provider_reference'] );

		$response = $this->deliver( $events[0] );

		$this->assertSame( "donation #{$row['id']} fee recorded", $response->get_data()['outcome'] );
		$donation = $this->service( DonationRepository::class )->find( (int) $row['id'] );
		$this->assertSame( 119, $donation->fee_cents() );
		$this->assertSame( 5131, $donation->net_cents() );
	}

	public function test_a_4_weekly_first_gift_records_its_fee_from_its_own_charge_as_a_one_off_does(): void {
		$request = $this->card_request(
			array(),
			array(
				'totalAmount' => '100',
				'frequency'   => '4weekly',
			)
		);
		$this->assertAnswer( 200, '', $this->payment_call( 'process_payment_method', $request ) );

		$row = $this->donation_row( $request['attemptId'] );
		// Stripe's test Visa is a US card: 3.5% + 30c.
		$this->assertSame( array( '380', '9620' ), array( $row['fee_cents'], $row['net_cents'] ) );
		$this->assertStringStartsWith( 'txn_', $row['balance_transaction_id'] );
		$this->assertCount( 0, $this->provider_requests( 'stripe', '/v1/charges/' ), 'Read from the confirmation, not asked again.' );
	}

	public function test_without_webhooks_the_catch_up_pass_records_the_fee_of_an_international_card(): void {
		$row = $this->pay_by_card( 'pm_card_visa', '100' );
		global $wpdb;
		// As a payment confirmed in the browser (a wallet, 3-D Secure finished by a webhook) is.
		$wpdb->update(
			\DonationWidget\Database\Schema::table( 'donations' ),
			array(
				'fee_cents'              => null,
				'net_cents'              => null,
				'balance_transaction_id' => '',
			),
			array( 'id' => $row['id'] )
		);

		$counts = $this->service( FeeCatchUp::class )->run();

		$this->assertSame( 1, $counts['recorded'] ?? 0 );
		$donation = $this->service( DonationRepository::class )->find( (int) $row['id'] );
		// Stripe's test Visa is a US card: 3.5% + 30c.
		$this->assertSame( 380, $donation->fee_cents() );
		$this->assertSame( 9620, $donation->net_cents() );
		$reads = $this->provider_requests( 'stripe', '/v1/charges/' . $row['provider_reference'], 'GET' );
		$this->assertCount( 1, $reads );
		$this->assertSame( array( 'balance_transaction' ), $reads[0]['query']['expand'] );
	}

	public function test_the_reconciliation_event_looks_for_missing_fees(): void {
		$row = $this->pay_by_card();

		do_action( ReconciliationSchedule::HOOK ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the plugin's own hook, through its constant.

		$this->assertSame( '119', $this->donation_row( $row['attempt_id'] )['fee_cents'] );
	}

	public function test_a_becs_debit_gets_its_capped_fee_when_the_bank_clears_it(): void {
		$request = $this->becs_request( '000123456', array(), array( 'totalAmount' => '500' ) );
		$this->assertAnswer( 202, 'pending', $this->payment_call( 'process_becs_debit', $request ) );
		$this->service( FeeCatchUp::class )->run();
		$this->assertNull( $this->donation_row( $request['attemptId'] )['fee_cents'], 'No fee while the debit is processing.' );

		$settled = $this->control( 'POST', '/__control/stripe/becs/settle', array() );
		foreach ( $settled['body']['events'] as $event ) {
			$this->assertSame( 200, $this->deliver( $event )->get_status() );
		}

		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		// 1% of $500 is $5 plus 30c, capped at $3.50.
		$this->assertSame( '350', $row['fee_cents'] );
		$this->assertSame( '49650', $row['net_cents'] );
	}

	public function test_a_paypal_capture_gives_its_fee_and_net_from_the_seller_receivable_breakdown(): void {
		$attempt_id = wp_generate_uuid4();
		$capture    = $this->paypal_capture( $attempt_id );
		$result     = $this->payment_call(
			'process_paypal_payment',
			array(
				'transaction_id' => $capture['id'],
				'formData'       => $this->form_data(),
				'attemptId'      => $attempt_id,
				'captchaToken'   => $this->captcha_token(),
			)
		);
		$this->assertAnswer( 200, '', $result );

		$this->service( FeeCatchUp::class )->run();

		$row       = $this->donation_row( $attempt_id );
		$breakdown = $capture['seller_receivable_breakdown'];
		$this->assertSame( (string) round( (float) $breakdown['paypal_fee']['value'] * 100 ), $row['fee_cents'] );
		$this->assertSame( (string) round( (float) $breakdown['net_amount']['value'] * 100 ), $row['net_cents'] );
		$this->assertSame( 5250, (int) $row['fee_cents'] + (int) $row['net_cents'] );
		$this->assertSame( '', $row['balance_transaction_id'] );
	}

	public function test_a_charge_stripe_cannot_find_is_skipped_by_later_runs(): void {
		$row = $this->pay_by_card();
		global $wpdb;
		$wpdb->update(
			\DonationWidget\Database\Schema::table( 'donations' ),
			array(
				'provider_reference' => 'ch_gone',
				'fee_cents'          => null,
				'net_cents'          => null,
			),
			array( 'id' => $row['id'] )
		);

		$first = $this->service( FeeCatchUp::class )->run();
		$this->control( 'DELETE', '/__control/requests' );
		$again = $this->service( FeeCatchUp::class )->run();

		$this->assertSame( 1, $first['not_found'] ?? 0 );
		$this->assertSame( array(), $again );
		$this->assertCount( 0, $this->provider_requests( 'stripe', '/v1/charges/' ) );
	}

	public function test_the_donation_screen_and_the_export_show_fee_net_and_refunded(): void {
		$row = $this->pay_by_card();
		$this->service( FeeCatchUp::class )->run();
		$this->log_in_as( 'administrator' );
		ob_start();
		$this->service( DonationDetail::class )->render( (int) $row['id'] );
		$html = (string) ob_get_clean();

		$this->assertStringContainsString( '<h2>Fees</h2>', $html );
		$this->assertMatchesRegularExpression( '#<th scope="row"[^>]*>Provider fee</th><td>\$1\.19</td>#', $html );
		$this->assertMatchesRegularExpression( '#<th scope="row"[^>]*>Net received</th><td>\$51\.31</td>#', $html );

		$export = $this->service( DonationExport::class );
		$lines  = array_map( 'str_getcsv', array_filter( explode( "\n", $export->lines( array( $this->service( DonationRepository::class )->find( (int) $row['id'] ) ) ) ) ) );
		$cells  = array_combine( array_values( $export->columns() ), $lines[0] );
		$this->assertSame( '52.50', $cells['Total'] );
		$this->assertSame( '0.00', $cells['Refunded'] );
		$this->assertSame( '1.19', $cells['Provider fee'] );
		$this->assertSame( '51.31', $cells['Net received'] );
		$this->assertSame( '0.00', $cells['Lost to dispute'] );
	}
}
