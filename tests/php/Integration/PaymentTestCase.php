<?php
/**
 * Base for payment and webhook tests: the provider stand-ins, settings and donor data.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration;

use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Settings\Settings;
use DonationWidget\Gateways\Stripe\Webhooks\StripeSignature;
use DonationWidget\Http\AjaxResult;

/**
 * Talks to the stand-in server (tests/stand-ins/server.mjs) that this site's wp-config.php points
 * the providers at, and resets it before each test.
 */
abstract class PaymentTestCase extends IntegrationTestCase {

	use RacingServers;

	protected const SECRET_KEY      = 'sk_test_paymentTests';
	protected const PUBLISHABLE_KEY = 'pk_test_paymentTests';
	protected const WEBHOOK_SECRET  = 'whsec_paymentTests';

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		// Outside the per-test transaction: creating tables commits implicitly.
		Installer::maybe_upgrade();
	}

	protected function setUp(): void {
		parent::setUp();
		$this->control( 'POST', '/__control/reset' );
		$this->set_settings(
			array(
				'stripe_mode'                 => 'test',
				'stripe_test_publishable_key' => self::PUBLISHABLE_KEY,
				'stripe_test_secret_key'      => self::SECRET_KEY,
				'stripe_test_webhook_secret'  => self::WEBHOOK_SECRET,
				'paypal_mode'                 => 'sandbox',
				'paypal_sandbox_client_id'    => 'payment-tests-client',
				'paypal_sandbox_secret'       => 'payment-tests-secret',
				'recaptcha_secret_key'        => 'payment-tests-recaptcha',
				'rate_limit_payments'         => 1000,
				'rate_limit_payments_email'   => 1000,
			)
		);
	}

	/**
	 * The stand-in server's base URL (wp-config.php points /stripe, /paypal … under it).
	 */
	protected function stand_in_url(): string {
		return substr( (string) constant( 'DONATION_WIDGET_STRIPE_API_URL' ), 0, -strlen( '/stripe' ) );
	}

	/**
	 * One call to the stand-in server, outside WordPress's HTTP API (tests filter that one).
	 *
	 * @param string            $method  HTTP method.
	 * @param string            $path    Path, such as /__control/reset.
	 * @param array|string|null $body    JSON body (array), form body (string) or none.
	 * @param array             $headers Extra headers.
	 * @return array{status: int, body: mixed}
	 */
	protected function control( string $method, string $path, $body = null, array $headers = array() ): array {
		$lines = array();
		foreach ( $headers as $name => $value ) {
			$lines[] = "{$name}: {$value}";
		}
		$content = null;
		if ( is_array( $body ) ) {
			$lines[] = 'Content-Type: application/json';
			// An empty array is the empty object a browser sends ({}): PayPal refuses a JSON array.
			$content = array() === $body ? '{}' : wp_json_encode( $body );
		} elseif ( is_string( $body ) ) {
			$lines[] = 'Content-Type: application/x-www-form-urlencoded';
			$content = $body;
		}
		$context = stream_context_create(
			array(
				'http' => array(
					'method'        => $method,
					'header'        => implode( "\r\n", $lines ),
					'content'       => $content ?? '',
					'ignore_errors' => true,
					'timeout'       => 60, // Generous: a busy machine may be slow to answer.
				),
			)
		);
		$raw     = file_get_contents( $this->stand_in_url() . $path, false, $context );
		$this->assertNotFalse( $raw, "The stand-ins do not answer at {$this->stand_in_url()}: start them with STAND_IN_PORT=8897 node tests/stand-ins/server.mjs" );
		$status = 0;
		foreach ( $http_response_header as $header ) {
			if ( preg_match( '#^HTTP/\S+ (\d{3})#', $header, $match ) ) {
				$status = (int) $match[1];
			}
		}
		return array(
			'status' => $status,
			'body'   => json_decode( (string) $raw, true ),
		);
	}

	/**
	 * Queues a scenario at the stand-ins (POST /__control/next).
	 *
	 * @param string $provider stripe, paypal, experian or recaptcha.
	 * @param string $scenario Scenario name.
	 * @param array  $extra    path, times, decline_code, ms …
	 */
	protected function queue( string $provider, string $scenario, array $extra = array() ): void {
		$answer = $this->control(
			'POST',
			'/__control/next',
			array(
				'provider' => $provider,
				'scenario' => $scenario,
			) + $extra
		);
		$this->assertSame( 201, $answer['status'], (string) wp_json_encode( $answer['body'] ) );
	}

	/**
	 * Injects a fault at the stand-ins' edge (POST /__control/faults: tests/stand-ins/README.md).
	 *
	 * @param array $fault provider, method, path, fault, ms, status, nth, times …
	 */
	protected function fault( array $fault ): void {
		$answer = $this->control( 'POST', '/__control/faults', $fault );
		$this->assertSame( 201, $answer['status'], (string) wp_json_encode( $answer['body'] ) );
	}

	/**
	 * Payment calls made at once by separate PHP processes ("web servers", RacingServers), each
	 * with its own database connection. They must see committed settings and must not wait on
	 * this test's transaction, so the test commits, and everything the calls wrote for their
	 * attempts is removed afterwards. $check runs while the rows are there.
	 *
	 * @param string                           $action  The admin-ajax action of every call.
	 * @param list<array<string, mixed>>       $calls   Each call's fields (each with an attemptId).
	 * @param callable(list<array>, array): void $check Given the answers and the attempts' rows
	 *                                                  (attempt_id, status, provider_reference).
	 * @param callable(): void|null            $before Runs before the race, committed as the race's
	 *                                                  calls are (an earlier call of a raced attempt).
	 */
	protected function race_payment_calls( string $action, array $calls, callable $check, ?callable $before = null ): void {
		global $wpdb;
		$settings = get_option( Settings::OPTION );
		$table    = Schema::table( 'donations' );
		$wpdb->query( 'ROLLBACK' );
		wp_cache_flush();
		$committed = get_option( Settings::OPTION );
		$this->set_settings( is_array( $settings ) ? $settings : array() );
		$attempts = array_values( array_unique( array_column( $calls, 'attemptId' ) ) );
		$in       = implode( ',', array_fill( 0, count( $attempts ), '%s' ) );
		try {
			if ( null !== $before ) {
				$before();
			}
			$answers = $this->race( __DIR__ . '/Checkout/concurrent-payment-call.php', array_map( static fn ( array $call ): array => array( $action, (string) wp_json_encode( $call ) ), $calls ) );
			$rows    = $wpdb->get_results( $wpdb->prepare( "SELECT attempt_id, status, provider_reference FROM {$table} WHERE attempt_id IN ({$in}) ORDER BY id", ...$attempts ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is one %s per attempt.
			$check( $answers, $rows );
		} finally {
			// Everything the rows left behind: their claims, queued receipts, the totals.
			$ids = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$table} WHERE attempt_id IN ({$in})", ...$attempts ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is one %s per attempt.
			foreach ( array( 'mail_queue', 'receipts', 'payment_references' ) as $short ) {
				foreach ( $ids as $id ) {
					$wpdb->delete( Schema::table( $short ), array( 'donation_id' => (int) $id ) );
				}
			}
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE attempt_id IN ({$in})", ...$attempts ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is one %s per attempt.
			$this->service( DonationTotals::class )->rebuild();
			// And what the servers kept for themselves: PayPal's token, the rate-limit counters.
			$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '%donation_widget_paypal_token_%'" );
			$wpdb->query( 'DELETE FROM ' . Schema::table( 'rate_counters' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
			if ( false === $committed ) {
				delete_option( Settings::OPTION );
			} else {
				update_option( Settings::OPTION, $committed );
			}
			$wpdb->query( 'START TRANSACTION' );
		}
	}

	/**
	 * Requests the stand-ins received from the plugin.
	 *
	 * @param string $provider Provider.
	 * @param string $path     Part of the path, or ''.
	 * @param string $method   HTTP method, or ''.
	 * @return list<array<string, mixed>>
	 */
	protected function provider_requests( string $provider, string $path = '', string $method = '' ): array {
		$query  = http_build_query( array_filter( compact( 'provider', 'path', 'method' ) ) );
		$answer = $this->control( 'GET', '/__control/requests?' . $query );
		return is_array( $answer['body'] ) ? $answer['body'] : array();
	}

	/**
	 * The plugin's POSTs to exactly one Stripe path (not its sub-paths).
	 *
	 * @param string $path Such as /v1/payment_intents.
	 * @return list<array<string, mixed>>
	 */
	protected function stripe_posts( string $path ): array {
		return array_values( array_filter( $this->provider_requests( 'stripe', $path, 'POST' ), static fn ( array $entry ): bool => $path === $entry['provider_path'] ) );
	}

	/**
	 * A call to Stripe's stand-in as Stripe.js would make it (publishable key), or as an admin
	 * would (secret key).
	 *
	 * @param string $method HTTP method.
	 * @param string $path   Path under /stripe, such as /v1/payment_intents/pi_…/confirm.
	 * @param array  $params Form parameters.
	 * @param string $key    API key.
	 * @return array<string, mixed>
	 */
	protected function stripe( string $method, string $path, array $params = array(), string $key = self::PUBLISHABLE_KEY ): array {
		$query  = http_build_query( $params );
		$answer = 'GET' === $method
			? $this->control( 'GET', '/stripe' . $path . ( '' === $query ? '' : '?' . $query ), null, array( 'Authorization' => 'Bearer ' . $key ) )
			: $this->control( $method, '/stripe' . $path, $query, array( 'Authorization' => 'Bearer ' . $key ) );
		return is_array( $answer['body'] ) ? $answer['body'] : array();
	}

	/**
	 * Finishes 3-D Secure in the stand-in, as the bank's page would.
	 *
	 * @param string $client_secret The client secret the server answered.
	 * @param string $outcome       succeed or fail.
	 * @return array<string, mixed> The PaymentIntent.
	 */
	protected function complete_3ds( string $client_secret, string $outcome = 'succeed' ): array {
		$intent_id = substr( $client_secret, 0, (int) strpos( $client_secret, '_secret_' ) );
		return $this->stripe(
			'POST',
			"/v1/payment_intents/{$intent_id}/confirm",
			array(
				'client_secret' => $client_secret,
				'stand_in_3ds'  => $outcome,
			)
		);
	}

	/**
	 * Posts an event to the route as Stripe would.
	 *
	 * @param array       $event     The event.
	 * @param string|null $header    Stripe-Signature; signed with the site's secret when null.
	 * @param int|null    $timestamp Signing time.
	 */
	protected function deliver( array $event, ?string $header = null, ?int $timestamp = null ): \WP_REST_Response {
		$payload = (string) wp_json_encode( $event );
		$request = new \WP_REST_Request( 'POST', '/donation-widget/v1/stripe/webhook' );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_header( 'Stripe-Signature', $header ?? StripeSignature::sign( $payload, self::WEBHOOK_SECRET, $timestamp ) );
		$request->set_body( $payload );
		return rest_do_request( $request );
	}

	/**
	 * The widget's formData JSON (docs/widget-contract.md#34-formdata-sent-to-the-server), with overrides.
	 *
	 * @param array $overrides Fields to change; null removes a field.
	 */
	protected function form_data( array $overrides = array() ): string {
		$form = array_merge(
			array(
				'email'            => 'jane.citizen@example.org.au',
				'firstName'        => 'Jane',
				'lastName'         => "O'Brien-Citizen",
				'mobile'           => '0412345678',
				'address'          => array(
					'addressLine1' => '1/23 Example St',
					'addressLine2' => '',
					'city'         => 'Sydney',
					'state'        => 'NSW',
					'postalCode'   => '2000',
					'country'      => 'Australia',
				),
				'totalAmount'      => '52.50',
				'currency'         => 'AUD',
				'frequency'        => 'Oneoff',
				'utm_campaign'     => 'winter-appeal',
				'utm_source'       => 'newsletter',
				'utm_medium'       => 'email',
				'utm_content'      => '',
				'utm_term'         => '',
				'inMemoryOf'       => '',
				'organisationName' => '',
				'iteration_id'     => 'APPEAL-2026',
			),
			$overrides
		);
		return (string) wp_json_encode( array_filter( $form, static fn ( $value ): bool => null !== $value ) );
	}

	/**
	 * A process_payment_method request.
	 *
	 * @param array $overrides Fields to change.
	 * @param array $form      formData overrides.
	 * @return array<string, mixed>
	 */
	protected function card_request( array $overrides = array(), array $form = array() ): array {
		return array_merge(
			array(
				'token'        => 'pm_card_visa',
				'cardId'       => 'pm_card_visa',
				'formData'     => $this->form_data( $form ),
				'currentUrl'   => 'http://127.0.0.1:8891/donate/',
				'attemptId'    => wp_generate_uuid4(),
				'captchaToken' => $this->captcha_token(),
			),
			$overrides
		);
	}

	/**
	 * The same call as the browser sends it again (after 3-D Secure, Try Again, another card): with
	 * $changes, and a new captcha token, since the widget fetches one for every call and Google
	 * accepts each once.
	 *
	 * @param array<string, mixed> $request The earlier call's fields.
	 * @param array<string, mixed> $changes Fields to change (a captchaToken here wins).
	 * @return array<string, mixed>
	 */
	protected function sent_again( array $request, array $changes = array() ): array {
		return array_merge( $request, array( 'captchaToken' => $this->captcha_token() ), $changes );
	}

	/**
	 * A ConfirmationToken as Stripe.js makes it from the express checkout's wallet sheet
	 * (stripe.createConfirmationToken, publishable key).
	 *
	 * @param string $card   The card behind the wallet (a Stripe test number).
	 * @param string $wallet google_pay or apple_pay.
	 * @return string The ctoken_… id.
	 */
	protected function wallet_token( string $card = '4242424242424242', string $wallet = 'google_pay' ): string {
		$token = $this->stripe(
			'POST',
			'/v1/confirmation_tokens',
			array(
				'payment_method_data' => array(
					'type'            => 'card',
					'card'            => array(
						'number'    => $card,
						'exp_month' => '12',
						'exp_year'  => (string) ( (int) gmdate( 'Y' ) + 2 ),
					),
					'billing_details' => array(
						'name'  => "Jane O'Brien-Citizen",
						'email' => 'jane.citizen@example.org.au',
					),
				),
				'return_url'          => 'http://127.0.0.1:8891/donate/',
				'stand_in_wallet'     => $wallet,
			)
		);
		$this->assertStringStartsWith( 'ctoken_', $token['id'] ?? '', (string) wp_json_encode( $token ) );
		return $token['id'];
	}

	/**
	 * A payment_intent request (the express checkout) with a wallet's ConfirmationToken.
	 *
	 * @param array  $overrides Fields to change.
	 * @param array  $form      formData overrides.
	 * @param string $card      The card behind the wallet.
	 * @param string $wallet    google_pay or apple_pay.
	 * @return array<string, mixed>
	 */
	protected function express_request( array $overrides = array(), array $form = array(), string $card = '4242424242424242', string $wallet = 'google_pay' ): array {
		return array_merge(
			array(
				'amount'            => '5250',
				'formData'          => $this->form_data( $form ),
				'currency'          => 'aud',
				'attemptId'         => wp_generate_uuid4(),
				'captchaToken'      => $this->captcha_token(),
				'confirmationToken' => $this->wallet_token( $card, $wallet ),
			),
			$overrides
		);
	}

	/**
	 * A process_becs_debit request with a PaymentMethod for one of Stripe's test accounts.
	 *
	 * @param string $account   Account number (BSB 000000).
	 * @param array  $overrides Fields to change.
	 * @param array  $form      formData overrides.
	 * @return array<string, mixed>
	 */
	protected function becs_request( string $account = '000123456', array $overrides = array(), array $form = array() ): array {
		$payment_method = $this->stripe(
			'POST',
			'/v1/payment_methods',
			array(
				'type'            => 'au_becs_debit',
				'au_becs_debit'   => array(
					'bsb_number'     => '000000',
					'account_number' => $account,
				),
				'billing_details' => array(
					'name'  => "Jane O'Brien-Citizen",
					'email' => 'jane.citizen@example.org.au',
				),
			)
		);
		$this->assertStringStartsWith( 'pm_', $payment_method['id'] ?? '' );
		return array_merge(
			array(
				'token'           => $payment_method['id'],
				'formData'        => $this->form_data( $form ),
				'currentUrl'      => 'http://127.0.0.1:8891/donate/',
				'attemptId'       => wp_generate_uuid4(),
				'captchaToken'    => $this->captcha_token(),
				'mandateAccepted' => '1',
			),
			$overrides
		);
	}

	/**
	 * Creates, approves and captures a PayPal order as the buttons do in the browser: the
	 * attemptId as its invoice_id.
	 *
	 * @param string $attempt_id The attempt.
	 * @return array<string, mixed> PayPal's capture (id, seller_receivable_breakdown, …).
	 */
	protected function paypal_capture( string $attempt_id ): array {
		$browser = array( 'X-Stand-In-Sdk-Client-Id' => 'payment-tests-client' );
		$order   = $this->control(
			'POST',
			'/paypal/v2/checkout/orders',
			array(
				'intent'         => 'CAPTURE',
				'purchase_units' => array(
					array(
						'amount'     => array(
							'currency_code' => 'AUD',
							'value'         => '52.50',
						),
						'invoice_id' => $attempt_id,
					),
				),
			),
			$browser
		)['body'];
		$this->control( 'POST', "/paypal/v2/checkout/orders/{$order['id']}/stand-in-approve", array(), $browser );
		return $this->control( 'POST', "/paypal/v2/checkout/orders/{$order['id']}/capture", array(), $browser )['body']['purchase_units'][0]['payments']['captures'][0];
	}

	/**
	 * The donation row of an attempt.
	 *
	 * @param string $attempt_id The attempt.
	 * @return array<string, string>|null
	 */
	protected function donation_row( string $attempt_id ): ?array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE attempt_id = %s", $attempt_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		return is_array( $row ) ? $row : null;
	}

	/**
	 * Every donation row of a subscription.
	 *
	 * @param string $subscription_id The sub_… id.
	 * @return list<array<string, string>>
	 */
	protected function subscription_rows( string $subscription_id ): array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		return $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE subscription_id = %s ORDER BY id", $subscription_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	/**
	 * Asserts an answer's HTTP status and type.
	 *
	 * @param int        $status HTTP status.
	 * @param string     $type   Type ('' for success).
	 * @param AjaxResult $result The answer.
	 */
	protected function assertAnswer( int $status, string $type, AjaxResult $result ): void {
		$this->assertSame( array( $status, $type ), array( $result->status, $result->type() ), (string) wp_json_encode( $result->body ) );
	}
}
