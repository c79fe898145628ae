<?php
/**
 * Site Health: the plugin's four checks and its Info section, through WordPress's own classes.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\SiteHealth\SiteHealthInfo;
use DonationWidget\Admin\SiteHealth\SiteHealthTests;
use DonationWidget\Admin\WebhookHealthReport;
use DonationWidget\Reconciliation\ReconciliationSchedule;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class SiteHealthTest extends IntegrationTestCase {

	use DonationFixtures;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-debug-data.php';
	}

	protected function setUp(): void {
		parent::setUp();
		$this->set_up_fixtures();
		$this->service( WebhookHealth::class )->clear();
		WebhookHealthReport::forget();
		// Freshly scheduled, as on a site whose cron runs: this site's cron never does, so events
		// left by earlier runs would be hours late (the test's own transaction undoes this).
		RecurringEvents::clear();
		RecurringEvents::ensure_scheduled();
	}

	private function checks(): SiteHealthTests {
		return $this->service( SiteHealthTests::class );
	}

	/**
	 * Runs one of the plugin's tests the way Site Health does: found by its id among every
	 * registered direct test.
	 *
	 * @return array<string, mixed>
	 */
	private function run_test( string $id ): array {
		$tests = \WP_Site_Health::get_tests();
		$this->assertArrayHasKey( $id, $tests['direct'], 'Site Health lists the test.' );
		$result = call_user_func( $tests['direct'][ $id ]['test'] );
		$this->assertIsArray( $result );
		$this->assertSame( $id, $result['test'] );
		return $result;
	}

	public function test_all_keys_for_the_mode_is_good_and_a_missing_secret_is_critical(): void {
		$this->assertSame( 'good', $this->run_test( 'donation_widget_keys' )['status'] );

		$this->set_settings( array( 'stripe_test_secret_key' => '' ) );
		$result = $this->run_test( 'donation_widget_keys' );
		$this->assertSame( 'critical', $result['status'] );
		$this->assertStringContainsString( 'the Stripe test secret key', $result['description'] );
		$this->assertStringContainsString( 'page=donation-widget', $result['actions'] );
	}

	public function test_a_missing_webhook_secret_or_a_paypal_secret_is_recommended(): void {
		$this->set_settings( array( 'stripe_test_webhook_secret' => '' ) );
		$result = $this->run_test( 'donation_widget_keys' );
		$this->assertSame( 'recommended', $result['status'] );
		$this->assertStringContainsString( 'webhook signing secret', $result['description'] );

		$this->set_settings(
			array(
				'stripe_test_webhook_secret' => 'whsec_localStandIn',
				'paypal_sandbox_secret'      => '',
			)
		);
		$this->assertStringContainsString( 'PayPal has a client ID but no secret', $this->run_test( 'donation_widget_keys' )['description'] );
	}

	public function test_plain_http_is_recommended_in_test_mode_and_critical_in_live_mode(): void {
		$this->assertStringStartsWith( 'http://', home_url(), 'The test site runs over plain HTTP.' );
		$this->assertSame( 'recommended', $this->run_test( 'donation_widget_https' )['status'] );

		$this->set_settings( array( 'paypal_mode' => 'live' ) );
		$this->assertSame( 'critical', $this->run_test( 'donation_widget_https' )['status'] );
	}

	public function test_a_live_provider_silent_since_a_payment_is_critical(): void {
		$this->set_settings( array( 'stripe_mode' => 'live' ) );
		$result = $this->run_test( 'donation_widget_webhooks' );
		$this->assertSame( 'good', $result['status'] );
		$this->assertStringContainsString( 'Last event received: none yet.', $result['description'] );

		$this->insert_donation(
			array(
				'provider'   => 'stripe',
				'status'     => 'succeeded',
				'created_at' => gmdate( 'Y-m-d H:i:s', time() - 3 * HOUR_IN_SECONDS ),
			)
		);
		WebhookHealthReport::forget();
		$result = $this->run_test( 'donation_widget_webhooks' );
		$this->assertSame( 'critical', $result['status'] );
		$this->assertStringContainsString( 'No verified webhook from Stripe', $result['description'] );

		$this->service( WebhookHealth::class )->record_event( 'stripe', 'payment_intent.succeeded' );
		$this->assertSame( 'good', $this->run_test( 'donation_widget_webhooks' )['status'] );
	}

	public function test_an_event_whose_object_was_gone_this_week_is_recommended_and_in_the_info(): void {
		$health = $this->service( WebhookHealth::class );
		$health->record_gone_object( 'stripe', 'charge.refunded', 'evt_gone1', "No such charge: 'ch_gone1'", time() - 8 * DAY_IN_SECONDS );
		$this->assertSame( 'good', $this->run_test( 'donation_widget_webhooks' )['status'], 'A week later it is history.' );

		$health->record_gone_object( 'stripe', 'charge.refunded', 'evt_gone2', "No such charge: 'ch_gone2'", time() - HOUR_IN_SECONDS );
		$result = $this->run_test( 'donation_widget_webhooks' );
		$this->assertSame( 'recommended', $result['status'] );
		$this->assertSame( 'Donation Widget received a webhook about something its provider no longer has', $result['label'] );
		$this->assertStringContainsString( 'Last webhook whose object was gone: Stripe, 1 hour ago (', $result['description'] );
		$this->assertStringContainsString( 'charge.refunded evt_gone2: No such charge: &#039;ch_gone2&#039;. It was acknowledged without recording anything', $result['description'] );

		$fields = \WP_Debug_Data::debug_data()[ SiteHealthInfo::SECTION ]['fields'];
		$this->assertStringContainsString( 'charge.refunded evt_gone2', $fields['object_gone']['value'] );
	}

	public function test_cron_is_good_when_on_time_critical_when_late_and_recommended_when_unscheduled(): void {
		$this->assertSame( 'good', $this->run_test( 'donation_widget_cron' )['status'] );

		$next   = (int) wp_next_scheduled( ReconciliationSchedule::HOOK );
		$result = $this->checks()->cron( $next + HOUR_IN_SECONDS );
		$this->assertSame( 'critical', $result['status'] );
		$this->assertStringContainsString( '60 minutes late', $result['description'] );
		$this->assertSame( 'good', $this->checks()->cron( $next + 10 * MINUTE_IN_SECONDS )['status'], 'A few quiet minutes are not a stopped cron.' );

		wp_clear_scheduled_hook( ReconciliationSchedule::HOOK );
		$result = $this->run_test( 'donation_widget_cron' );
		$this->assertSame( 'recommended', $result['status'] );
		$this->assertStringContainsString( ReconciliationSchedule::HOOK, $result['description'] );
	}

	public function test_the_info_section_reports_modes_and_keys_without_their_values(): void {
		$this->set_settings( array( 'paypal_sandbox_secret' => '' ) );
		$info = \WP_Debug_Data::debug_data();
		$this->assertArrayHasKey( SiteHealthInfo::SECTION, $info );
		$fields = $info[ SiteHealthInfo::SECTION ]['fields'];

		$this->assertSame( DONATION_WIDGET_VERSION, $fields['version']['value'] );
		$this->assertSame( 'test', $fields['stripe_mode']['value'] );
		$this->assertSame( 'public: set, secret: set, webhook: set', $fields['stripe_keys']['value'] );
		$this->assertStringContainsString( 'secret: missing', $fields['paypal_keys']['value'] );
		$this->assertSame( 'Database table', $fields['rate_limits']['value'] );
		$this->assertSame( 'None', $fields['object_gone']['value'] );
		$this->assertStringEndsWith( ' UTC', $fields[ 'cron_' . ReconciliationSchedule::HOOK ]['value'] );

		$copied = (string) wp_json_encode( $info[ SiteHealthInfo::SECTION ] );
		foreach ( array( 'sk_test_localStandIn', 'whsec_localStandIn', 'local-stand-in-client', 'local-stand-in-token' ) as $secret ) {
			$this->assertStringNotContainsString( $secret, $copied );
		}
	}
}
