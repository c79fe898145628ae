<?php
/**
 * A third gateway from the test tree (tests/site/gateways/example), switched on by an option:
 * the registry, the settings screen's sections and rules, Site Health, the public settings and
 * the provider endpoints pick it up with no edit to the plugin.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Gateways;

use DonationWidget\Admin\SiteHealth\SiteHealthInfo;
use DonationWidget\Admin\SiteHealth\SiteHealthTests;
use DonationWidget\Admin\WebhookHealthReport;
use DonationWidget\Admin\WebhookSetupStatus;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Container;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Http\ProviderEndpoints;
use DonationWidget\Plugin;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSanitizer;
use DonationWidget\Settings\SettingsSchema;
use DonationWidget\Tests\Integration\IntegrationTestCase;
use DonationWidget\Webhooks\WebhookHealth;

final class ExampleGatewayTest extends IntegrationTestCase {

	private const OPTION = 'donation_widget_test_example_gateway';

	/**
	 * The registry the plugin built at boot, put back after each test.
	 */
	private GatewayRegistry $booted;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
		// The local sites load it as a must-use plugin; a phpunit site installed before it existed has not copied it.
		if ( ! function_exists( 'donation_widget_example_gateway_on' ) ) {
			require_once dirname( __DIR__, 3 ) . '/site/mu-plugins/donation-widget-example-gateway.php';
		}
	}

	protected function setUp(): void {
		parent::setUp();
		$this->booted = $this->service( GatewayRegistry::class );
		$this->service( WebhookHealth::class )->clear();
		WebhookHealthReport::forget();
	}

	protected function tearDown(): void {
		$this->use_registry( $this->booted );
		parent::tearDown();
	}

	/**
	 * Puts a registry in the container, and builds again what holds the registry for filters
	 * (Checkout's GatewayFilters, where the branch has it).
	 *
	 * @param GatewayRegistry $registry The registry.
	 */
	private function use_registry( GatewayRegistry $registry ): void {
		$this->container()->set( GatewayRegistry::class, static fn (): GatewayRegistry => $registry );
		$filters = 'DonationWidget\\Checkout\\GatewayFilters';
		if ( class_exists( $filters ) ) {
			$this->container()->set( $filters, static fn (): object => new $filters( $registry ) );
		}
	}

	private function container(): Container {
		return Plugin::instance()->container();
	}

	/**
	 * Switches the gateway on (or off) and builds the registry again, as the next request would.
	 *
	 * @param bool $on Whether the test gateway runs.
	 */
	private function example_gateway( bool $on ): GatewayRegistry {
		update_option( self::OPTION, $on );
		$registry = GatewayRegistry::with_added( $this->booted->gateways() );
		$this->use_registry( $registry );
		return $registry;
	}

	private function site_health( GatewayRegistry $registry ): SiteHealthTests {
		return new SiteHealthTests( $this->service( Settings::class ), new WebhookHealthReport( $this->service( WebhookHealth::class ), $registry ), new WebhookSetupStatus( $registry ), $registry );
	}

	public function test_the_registry_runs_it_only_while_a_test_switches_it_on(): void {
		$this->assertNotContains( 'example', $this->example_gateway( false )->ids() );

		$registry = $this->example_gateway( true );
		$this->assertSame( array( 'stripe', 'paypal', 'example' ), $registry->ids() );
		$this->assertSame( 'Example Pay', $registry->label( 'example' ) );
		$this->assertContains( 'donation-widget-example-gateway', $registry->browser_scripts() );
		$this->assertSame( 'Example Pay', $registry->method_name( 'example' ) );
	}

	public function test_its_section_is_on_the_settings_screen_with_its_own_rules(): void {
		$this->example_gateway( true );
		$this->assertSame( 'Example Pay', SettingsSchema::sections()['example'] );
		$this->assertArrayHasKey( 'example_account_id', SettingsSchema::fields() );

		$sanitizer = new SettingsSanitizer( new Settings() );
		$values    = $sanitizer->sanitise(
			array(
				'example_account_id' => 'ACCT-1',
				'example_secret'     => 'not-a-secret',
				'example_mode'       => 'live',
			)
		);
		$this->assertContains( 'Example Pay account ID: an Example Pay account ID starts with acct_, then lower-case letters and digits.', $sanitizer->errors() );
		$this->assertContains( 'Example Pay secret: an Example Pay secret starts with exsk_.', $sanitizer->errors() );
		$this->assertContains( 'Example Pay mode: live mode needs the account ID.', $sanitizer->errors() );
		$this->assertSame( '', $values['example_account_id'] );

		$sanitizer = new SettingsSanitizer( new Settings() );
		$values    = $sanitizer->sanitise(
			array(
				'example_account_id' => 'acct_abc123',
				'example_secret'     => 'exsk_123',
				'example_mode'       => 'live',
			)
		);
		$this->assertSame( array(), array_values( array_filter( $sanitizer->errors(), static fn ( string $error ): bool => str_starts_with( $error, 'Example Pay' ) ) ) );
		$this->assertSame( 'acct_abc123', $values['example_account_id'] );
		$this->assertSame( 'exsk_123', $values['example_secret'] );
	}

	public function test_the_widgets_get_its_public_settings_and_its_way_to_pay_and_never_its_secret(): void {
		$this->example_gateway( true );
		$this->set_settings(
			array(
				'example_account_id' => 'acct_public1',
				'example_secret'     => 'exsk_SECRETMARKER',
			)
		);
		$response = $this->rest( 'GET', '/my-plugin/v1/settings' );
		$data     = $response->get_data();
		$this->assertSame( 'acct_public1', $data['example_account_id'] );
		$this->assertContains( 'example', $data['payment_methods'] );
		$this->assertStringNotContainsString( 'SECRETMARKER', (string) wp_json_encode( $data ) );
		// The plugin's own gateways keep their keys, same names.
		$this->assertArrayHasKey( 'stripe_public_key', $data );
		$this->assertArrayHasKey( 'paypal_client_id', $data );

		$this->assertSame( 'https://pay.example.test/sdk.js', ProviderEndpoints::script_urls()['example'] );
		$this->assertSame( 'https://api.pay.example.test', ProviderEndpoints::api_base( 'example' ) );
	}

	public function test_site_health_tests_and_info_have_its_lines(): void {
		$registry = $this->example_gateway( true );
		$this->set_settings(
			array(
				'stripe_mode'                 => 'test',
				'stripe_test_publishable_key' => 'pk_test_abc',
				'stripe_test_secret_key'      => 'sk_test_abc',
				'stripe_test_webhook_secret'  => 'whsec_abc',
				'paypal_sandbox_client_id'    => '',
				'example_account_id'          => '',
			)
		);
		$keys = $this->site_health( $registry )->keys();
		$this->assertSame( 'recommended', $keys['status'] );
		$this->assertSame( '<p>Example Pay has no account ID: it offers no way to pay.</p>', $keys['description'] );

		$this->set_settings( array( 'example_account_id' => 'acct_abc123' ) );
		$keys = $this->site_health( $registry )->keys();
		$this->assertSame( 'good', $keys['status'] );
		$this->assertSame( '<p>Stripe is in test mode: no real money moves until you switch to live mode. Example Pay is in test mode: it moves no money.</p>', $keys['description'] );
		$webhooks = $this->site_health( $registry )->webhooks();
		$this->assertSame( 'good', $webhooks['status'] );
		$this->assertSame( 3, substr_count( $webhooks['description'], 'Last event received: none yet.' ) );

		$info = ( new SiteHealthInfo( $this->service( Settings::class ), new WebhookHealthReport( $this->service( WebhookHealth::class ), $registry ), $this->service( MailQueue::class ), $registry ) )->fields();
		$this->assertSame( 'Example Pay mode', $info['example_mode']['label'] );
		$this->assertSame( 'test', $info['example_mode']['value'] );
		$this->assertSame( 'Example Pay keys (current mode)', $info['example_keys']['label'] );
		$this->assertSame( 'public: set, secret: missing, webhook: missing', $info['example_keys']['value'] );
		$this->assertSame( 'Example Pay webhook', $info['example_webhook']['label'] );
		$this->assertSame( array( 'stripe_mode', 'paypal_mode', 'example_mode', 'stripe_keys', 'paypal_keys', 'example_keys' ), array_values( array_filter( array_keys( $info ), static fn ( string $key ): bool => (bool) preg_match( '/_(mode|keys)$/', $key ) && 'demo_mode' !== $key ) ) );
	}
}
