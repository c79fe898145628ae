<?php
/**
 * The payment rate limits (PaymentCallGuard) through the real checkout: only calls that pass
 * the field checks count; the per-email limit beside the per-address one; visitors behind a
 * trusted proxy counted apart; finishing calls on the payment's own allowance; and the
 * data.charged field of the refusals.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Checkout;

use DonationWidget\Checkout\Checkout;
use DonationWidget\Checkout\PaymentCallGuard;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Database\Schema;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class PaymentLimitsTest extends PaymentTestCase {

	private ScriptedPaymentMethod $method;

	protected function setUp(): void {
		parent::setUp();
		$this->method = new ScriptedPaymentMethod();
		$this->set_settings(
			array(
				'rate_limit_payments'       => 3,
				'rate_limit_payments_email' => 2,
				'trusted_proxies'           => array( '10.0.0.0/8' ),
				'client_ip_header'          => 'x_forwarded_for',
			)
		);
		$this->from( '203.0.113.9' );
	}

	protected function tearDown(): void {
		unset( $_SERVER['REMOTE_ADDR'], $_SERVER['HTTP_X_FORWARDED_FOR'] );
		parent::tearDown();
	}

	/**
	 * The next calls come from this connection (and forwarded header).
	 */
	private function from( string $remote, string $forwarded = '' ): void {
		$_SERVER['REMOTE_ADDR'] = $remote;
		unset( $_SERVER['HTTP_X_FORWARDED_FOR'] );
		if ( '' !== $forwarded ) {
			$_SERVER['HTTP_X_FORWARDED_FOR'] = $forwarded;
		}
	}

	private function request( array $overrides = array(), string $email = 'jane.citizen@example.org.au' ): array {
		return array_merge(
			array(
				'token'        => 'tok_scripted',
				'formData'     => $this->form_data( array( 'email' => $email ) ),
				'attemptId'    => wp_generate_uuid4(),
				'captchaToken' => $this->captcha_token(),
			),
			$overrides
		);
	}

	private function pay( array $request ): AjaxResult {
		return $this->service( Checkout::class )->pay( $this->method, $request );
	}

	/**
	 * Valid calls, each with a new email (so only the address limit applies): their answers' types.
	 *
	 * @return list<string>
	 */
	private function donors( int $count ): array {
		$types = array();
		for ( $i = 0; $i < $count; $i++ ) {
			$types[] = $this->pay( $this->request( array(), 'donor-' . wp_generate_password( 8, false ) . '@example.org.au' ) )->type();
		}
		return $types;
	}

	private function counter_rows(): int {
		global $wpdb;
		return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'rate_counters' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	private function assertLimited( AjaxResult $answer, bool $nothing_charged = true ): void {
		$this->assertAnswer( 429, 'rate_limited', $answer );
		$data = $answer->data();
		$this->assertNotSame( '', $data['message'] );
		if ( $nothing_charged ) {
			$this->assertFalse( $data['charged'], 'The donor is told nothing was charged.' );
			$this->assertMatchesRegularExpression( '/^Too many payment attempts\. Please try again in \d+ minutes?\.$/', $data['message'] );
		} else {
			$this->assertArrayNotHasKey( 'charged', $data, 'Money may have moved: the answer must not say otherwise.' );
			$this->assertStringContainsString( 'please do not pay again', $data['message'] );
		}
	}

	/**
	 * @return array<string, array{array<string, mixed>}>
	 */
	public static function junk(): array {
		return array(
			'nothing at all'       => array(
				array(
					'formData'     => null,
					'attemptId'    => null,
					'token'        => null,
					'captchaToken' => null,
				),
			),
			'no formData'          => array( array( 'formData' => '' ) ),
			'formData not JSON'    => array( array( 'formData' => '{"email":' ) ),
			'no attemptId'         => array( array( 'attemptId' => '' ) ),
			'attemptId not a UUID' => array( array( 'attemptId' => 'attempt-1' ) ),
			'bad method field'     => array( array( 'token' => 'forged' ) ),
		);
	}

	/**
	 * @dataProvider junk
	 */
	public function test_junk_is_refused_without_touching_any_counter( array $junk ): void {
		for ( $i = 0; $i < 20; $i++ ) {
			$this->assertAnswer( 400, 'validation', $this->pay( array_filter( $junk + $this->request(), static fn ( $value ): bool => null !== $value ) ) );
		}
		$this->assertSame( 0, $this->counter_rows(), 'Twenty junk calls counted nowhere.' );
		$this->assertSame( array( '', '', '' ), $this->donors( 3 ), 'The address still has its whole allowance.' );
		$this->assertSame( 0, $this->method->calls - 3 );
	}

	public function test_a_form_with_an_invalid_field_does_not_count_against_its_email(): void {
		for ( $i = 0; $i < 5; $i++ ) {
			$this->assertAnswer( 400, 'validation', $this->pay( $this->request( array( 'formData' => $this->form_data( array( 'totalAmount' => '2' ) ) ) ) ) );
		}
		$this->assertAnswer( 200, '', $this->pay( $this->request() ) );
		$this->assertAnswer( 200, '', $this->pay( $this->request() ) );
		$this->assertLimited( $this->pay( $this->request() ) );
	}

	public function test_one_email_is_limited_from_any_address_and_its_variants_are_one_donor(): void {
		$this->from( '203.0.113.1' );
		$this->assertAnswer( 200, '', $this->pay( $this->request( array(), 'Jane.Citizen@Example.org.au' ) ) );
		$this->from( '203.0.113.2' );
		$this->assertAnswer( 200, '', $this->pay( $this->request( array(), ' jane.citizen+appeal@example.org.au' ) ) );
		$this->from( '2001:db8:5::1' );
		$refused = $this->pay( $this->request( array(), 'jane.citizen@example.org.au' ) );

		$this->assertLimited( $refused );
		$this->assertSame( 2, $this->method->calls, 'The provider was asked twice.' );
		$this->assertAnswer( 200, '', $this->pay( $this->request( array(), 'someone.else@example.org.au' ) ), 'Another donor on the same address is not stopped.' );
	}

	public function test_the_email_is_counted_first_so_one_donor_cannot_use_up_a_shared_address(): void {
		// Jane retries four times on the office's address: her email stops her after 2.
		$jane = array();
		for ( $i = 0; $i < 4; $i++ ) {
			$jane[] = $this->pay( $this->request() )->type();
		}
		$this->assertSame( array( '', '', 'rate_limited', 'rate_limited' ), $jane );

		// Her refused calls did not count against the address: one of its 3 is left for Sam.
		$this->assertSame( array( '', 'rate_limited' ), $this->donors( 2 ) );
	}

	public function test_a_flood_from_one_visitor_behind_the_trusted_proxy_does_not_block_another(): void {
		$this->from( '10.0.0.2', '192.0.2.1' );
		$this->assertSame( array( '', '', '', 'rate_limited', 'rate_limited' ), $this->donors( 5 ) );

		// Naming someone else on the left of the header changes nothing: the proxy appends the truth.
		$this->from( '10.0.0.2', '192.0.2.2, 192.0.2.1' );
		$this->assertSame( array( 'rate_limited' ), $this->donors( 1 ) );

		$this->from( '10.0.0.2', '192.0.2.2' );
		$this->assertSame( array( '' ), $this->donors( 1 ), 'Another visitor behind the same proxy pays.' );

		// Without the setting, both would have been the proxy's one visitor.
		$this->set_settings( array( 'trusted_proxies' => array() ) );
		$this->assertSame( array( '', '', '', 'rate_limited' ), $this->donors( 4 ) );
		$this->from( '10.0.0.2', '192.0.2.3' );
		$this->assertSame( array( 'rate_limited' ), $this->donors( 1 ) );
	}

	public function test_an_ipv6_visitor_cannot_escape_the_limit_by_changing_address_in_its_64(): void {
		$types = array();
		foreach ( array( '2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3', '2001:db8:1:2:abcd::4' ) as $address ) {
			$this->from( $address );
			$types[] = $this->donors( 1 )[0];
		}
		$this->assertSame( array( '', '', '', 'rate_limited' ), $types );
		$this->from( '2001:db8:1:3::1' );
		$this->assertSame( array( '' ), $this->donors( 1 ) );
	}

	/**
	 * Google's siteverify calls the stand-in received.
	 */
	private function captcha_checks(): int {
		return count( $this->provider_requests( 'recaptcha' ) );
	}

	public function test_failing_captchas_naming_a_donors_email_do_not_stop_her_giving_from_another_address(): void {
		$variants  = array( 'jane.citizen@example.org.au', 'Jane.Citizen@Example.org.au', ' jane.citizen+attack@example.org.au' );
		$attackers = array();
		for ( $i = 0; $i < 10; $i++ ) {
			$this->from( '198.51.100.' . ( $i + 1 ) );
			if ( 0 === $i % 2 ) {
				// Google refusing a token that looks right, and a token it does not know.
				$this->queue( 'recaptcha', 'captcha_failed' );
				$attackers[] = $this->pay( $this->request( array(), $variants[ $i % 3 ] ) )->type();
			} else {
				$attackers[] = $this->pay( $this->request( array( 'captchaToken' => 'stand-in-captcha-fail' ), $variants[ $i % 3 ] ) )->type();
			}
		}
		$this->assertSame( array_fill( 0, 10, 'captcha' ), $attackers );
		$this->assertSame( 0, $this->method->calls );

		$this->from( '203.0.113.50' );
		$this->assertAnswer( 200, '', $this->pay( $this->request() ), 'The donor gives at once.' );
		$this->assertAnswer( 200, '', $this->pay( $this->request( array(), 'Jane.Citizen+appeal@example.org.au' ) ) );
		$this->assertLimited( $this->pay( $this->request() ), 'Her own calls still use her allowance.' );
	}

	public function test_failing_captchas_leave_the_address_its_allowance_until_they_pass_their_own_limit(): void {
		// 3 calls per address per hour (setUp): two failing captchas leave all 3 to donors.
		$this->assertSame( 'captcha', $this->pay( $this->request( array( 'captchaToken' => 'stand-in-captcha-fail' ), 'bot-1@example.org.au' ) )->type() );
		$this->assertSame( 'captcha', $this->pay( $this->request( array( 'captchaToken' => 'stand-in-captcha-fail' ), 'bot-2@example.org.au' ) )->type() );
		$this->assertSame( array( '', '', '' ), $this->donors( 3 ) );
		$this->assertSame( 5, $this->captcha_checks() );

		// A third failure reaches the address's allowance of failures: from then on the address
		// is refused before Google is asked, so a bot cannot make the site call Google endlessly.
		$this->assertSame( 'captcha', $this->pay( $this->request( array( 'captchaToken' => 'stand-in-captcha-fail' ), 'bot-3@example.org.au' ) )->type() );
		$this->assertLimited( $this->pay( $this->request( array( 'captchaToken' => 'stand-in-captcha-fail' ), 'bot-4@example.org.au' ) ) );
		$this->assertSame( 6, $this->captcha_checks(), 'Google was not asked about the refused call.' );

		$this->from( '203.0.113.10' );
		$this->assertSame( array( '' ), $this->donors( 1 ), 'A donor at another address is not refused.' );
		$this->assertAnswer( 200, '', $this->pay( $this->request( array(), 'bot-4@example.org.au' ) ), 'Nor is any email the failures named.' );
	}

	public function test_money_moved_with_a_failing_captcha_is_recorded_without_using_the_donors_allowance(): void {
		$this->method->browser_captures = true;
		$this->set_settings( array( 'rate_limit_payments_email' => 1 ) );
		$request = $this->request(
			array(
				'token'        => 'tok_capture_1',
				'captchaToken' => 'stand-in-captcha-fail',
			)
		);

		$this->assertAnswer( 200, '', $this->pay( $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->assertSame( 'captcha_failed', $row['review_reason'] );

		$this->from( '203.0.113.10' );
		$this->assertAnswer( 200, '', $this->pay( $this->request( array( 'token' => 'tok_capture_2' ) ) ), 'The donor\'s allowance is whole.' );
	}

	public function test_money_moved_from_an_address_past_its_failures_is_refused_as_limited_never_as_uncharged(): void {
		$this->method->browser_captures = true;
		for ( $i = 0; $i < 3; $i++ ) {
			$request = $this->request(
				array(
					'token'        => "tok_capture_{$i}",
					'captchaToken' => 'stand-in-captcha-fail',
				),
				"payer-{$i}@example.org.au"
			);
			$this->assertAnswer( 200, '', $this->pay( $request ) );
			$this->assertSame( 'captcha_failed', $this->donation_row( $request['attemptId'] )['review_reason'] );
		}

		$this->assertLimited( $this->pay( $this->request( array( 'token' => 'tok_capture_4' ), 'payer-4@example.org.au' ) ), false );
		$this->assertSame( 3, $this->method->calls, 'The provider was not asked about the refused call.' );
	}

	public function test_finishing_a_payment_started_by_a_counted_call_is_not_refused_by_the_shared_limits(): void {
		$this->method->answer = PaymentOutcome::requires_action( 'pi_3ds_secret_x', 'pi_3ds' );
		$request              = $this->request();
		$this->assertAnswer( 200, 'requires_action', $this->pay( $request ) );
		$this->method->answer = PaymentOutcome::paid( 'ref_1' );
		$this->assertSame( array( '', '' ), $this->donors( 2 ), 'The address is now used up.' );
		$this->assertLimited( $this->pay( $this->request( array(), 'new-donor@example.org.au' ) ) );

		// The donor comes back from 3-D Secure: the payment was counted when it started.
		$this->method->answer = PaymentOutcome::paid( 'ch_3ds', 'pi_3ds' );
		$this->assertAnswer( 200, '', $this->pay( $this->sent_again( $request, array( 'continues' => 'pi_3ds' ) ) ) );
		$this->assertSame( 'succeeded', $this->donation_row( $request['attemptId'] )['status'] );
	}

	public function test_a_payment_has_its_own_allowance_of_finishing_calls(): void {
		$this->method->answer = PaymentOutcome::requires_action( 'pi_loop_secret_x', 'pi_loop' );
		$request              = $this->request();
		$this->pay( $request );
		for ( $i = 0; $i < PaymentCallGuard::FINISHING_CALLS_PER_PAYMENT; $i++ ) {
			$this->assertAnswer( 200, 'requires_action', $this->pay( $this->sent_again( $request, array( 'continues' => 'pi_loop' ) ) ) );
		}
		$this->assertLimited( $this->pay( $this->sent_again( $request, array( 'continues' => 'pi_loop' ) ) ), false );
		$this->assertSame( 1 + PaymentCallGuard::FINISHING_CALLS_PER_PAYMENT, $this->method->calls );
	}

	public function test_a_follow_up_counts_against_its_payment_not_the_address(): void {
		$this->method->answer = PaymentOutcome::confirm_in_browser( 'pi_wallet_secret_x', 'pi_wallet' );
		$this->assertAnswer( 200, '', $this->pay( $this->request() ) );
		$this->method->answer = PaymentOutcome::paid( 'ref_1' );
		$this->donors( 2 );
		$this->assertLimited( $this->pay( $this->request( array(), 'new-donor@example.org.au' ) ) );

		$this->method->answer = PaymentOutcome::paid( 'ch_wallet', 'pi_wallet' );
		$this->assertAnswer( 200, '', $this->service( Checkout::class )->follow_up( $this->method, array( 'paymentId' => 'pi_wallet' ) ) );
	}

	public function test_money_moved_before_a_limited_call_is_never_called_uncharged(): void {
		$this->method->browser_captures = true;
		$this->set_settings( array( 'rate_limit_payments_email' => 1 ) );
		$this->assertAnswer( 200, '', $this->pay( $this->request( array( 'token' => 'tok_capture_1' ) ) ) );

		$this->assertLimited( $this->pay( $this->request( array( 'token' => 'tok_capture_2' ) ) ), false );
	}

	public function test_refusals_before_any_provider_say_nothing_was_charged(): void {
		$captcha = $this->pay( $this->request( array( 'captchaToken' => '' ) ) );
		$this->assertAnswer( 403, 'captcha', $captcha );
		$this->assertFalse( $captcha->data()['charged'] );

		$this->queue( 'recaptcha', 'server_error' );
		$unreachable = $this->pay( $this->request() );
		$this->assertAnswer( 502, 'server', $unreachable );
		$this->assertFalse( $unreachable->data()['charged'] );

		$this->method->answer = PaymentOutcome::refused( 'parameter_invalid', 'Stripe refused the request.' );
		$refused              = $this->pay( $this->request( array(), 'other@example.org.au' ) );
		$this->assertAnswer( 502, 'server', $refused );
		$this->assertFalse( $refused->data()['charged'] );
		$this->assertSame( 'The payment could not be started. Please try again later.', $refused->data()['message'] );

		$this->method->available = false;
		$unconfigured            = $this->pay( $this->request( array(), 'third@example.org.au' ) );
		$this->assertAnswer( 503, 'server', $unconfigured );
		$this->assertFalse( $unconfigured->data()['charged'] );
	}

	public function test_answers_where_money_may_have_moved_never_say_it_did_not(): void {
		$this->method->answer = new ProviderUnavailable( 'scripted', 'timeout', 'No answer.' );
		$this->suppress_error_log(
			function (): void {
				$timeout = $this->pay( $this->request() );
				$this->assertAnswer( 504, 'server', $timeout );
				$this->assertArrayNotHasKey( 'charged', $timeout->data(), 'The provider may have taken the money.' );
			}
		);

		$this->method->browser_captures = true;
		$this->method->available        = false;
		$unconfigured                   = $this->pay( $this->request( array( 'token' => 'tok_capture' ) ) );
		$this->assertAnswer( 503, 'server', $unconfigured );
		$this->assertArrayNotHasKey( 'charged', $unconfigured->data(), 'A PayPal capture happened before the call.' );
	}

	private function suppress_error_log( callable $run ): void {
		$log = (string) ini_get( 'error_log' );
		ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- keep the expected error out of the debug log.
		try {
			$run();
		} finally {
			ini_set( 'error_log', $log ); // phpcs:ignore WordPress.PHP.IniSet.Risky
		}
	}
}
