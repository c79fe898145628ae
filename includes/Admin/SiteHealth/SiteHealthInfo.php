<?php
/**
 * The plugin's section on Tools → Site Health → Info.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\SiteHealth;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Admin\WebhookHealthReport;
use DonationWidget\Database\Schema;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Protection\ClientIp;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\Settings\Settings;

/**
 * What a support person asks first, copyable with Site Health's "Copy site info" button. Keys
 * are reported as set or missing, and where they come from, never their values.
 */
final class SiteHealthInfo {

	public const SECTION = 'donation-widget';

	/**
	 * Builds the section.
	 *
	 * @param Settings            $settings Keys and modes.
	 * @param WebhookHealthReport $webhooks Last events.
	 * @param MailQueue           $mail     Queued email counts.
	 * @param GatewayRegistry     $gateways The payment gateways, each with its rows.
	 */
	public function __construct(
		private readonly Settings $settings,
		private readonly WebhookHealthReport $webhooks,
		private readonly MailQueue $mail,
		private readonly GatewayRegistry $gateways
	) {
	}

	/**
	 * The debug_information filter: adds the section.
	 *
	 * @param mixed $info Site Health's sections.
	 * @return array<string, mixed>
	 */
	public function add_section( mixed $info ): array {
		$info                  = is_array( $info ) ? $info : array();
		$info[ self::SECTION ] = array(
			'label'  => __( 'Donation Widget', 'donation-widget' ),
			'fields' => $this->fields(),
		);
		return $info;
	}

	/**
	 * The section's rows.
	 *
	 * @return array<string, array{label: string, value: string, debug?: string, private?: bool}>
	 */
	public function fields(): array {
		$mail    = $this->mail->counts();
		$proxies = ClientIp::proxies( $this->settings );
		$fields  = array(
			'version'        => array(
				'label' => __( 'Version', 'donation-widget' ),
				'value' => DONATION_WIDGET_VERSION,
			),
			'schema'         => array(
				'label' => __( 'Database schema', 'donation-widget' ),
				/* translators: 1: schema version stored in the database, 2: the version the code expects. */
				'value' => sprintf( __( '%1$s (expected %2$s)', 'donation-widget' ), (string) get_option( Schema::VERSION_OPTION, '' ), Schema::version() ),
			),
			'demo_mode'      => array(
				'label' => __( 'Demo mode', 'donation-widget' ),
				'value' => $this->settings->is_demo_mode() ? __( 'On: every provider is a local stand-in', 'donation-widget' ) : __( 'Off', 'donation-widget' ),
				'debug' => $this->settings->is_demo_mode() ? 'on' : 'off',
			),
			'keys_in_config' => array(
				'label' => __( 'Settings defined in wp-config.php', 'donation-widget' ),
				'value' => $this->constant_keys(),
			),
			'refused'        => array(
				'label' => __( 'Last refused webhook', 'donation-widget' ),
				'value' => $this->webhooks->last_failure_text(),
			),
			'object_gone'    => array(
				'label' => __( 'Last webhook whose object was gone', 'donation-widget' ),
				'value' => '' !== $this->webhooks->last_gone_text() ? $this->webhooks->last_gone_text() : __( 'None', 'donation-widget' ),
			),
			'rate_limits'    => array(
				'label' => __( 'Rate limit counters', 'donation-widget' ),
				'value' => wp_using_ext_object_cache() ? __( 'Persistent object cache', 'donation-widget' ) : __( 'Database table', 'donation-widget' ),
			),
			'payment_limits' => array(
				'label' => __( 'Payment limits', 'donation-widget' ),
				/* translators: 1: calls per address, 2: calls per email. */
				'value' => sprintf( __( '%1$d per visitor address and %2$d per donor email, each per hour', 'donation-widget' ), $this->settings->int( 'rate_limit_payments' ), $this->settings->int( 'rate_limit_payments_email' ) ),
			),
			'client_ip'      => array(
				'label' => __( 'Address payment limits use', 'donation-widget' ),
				'value' => SiteHealthTests::limit_basis( $proxies ),
				'debug' => $proxies->is_configured() ? $proxies->header . ' from ' . implode( ', ', $proxies->networks() ) : 'REMOTE_ADDR',
			),
			'client_ip_now'  => array(
				'label'   => __( 'Your address, as the plugin sees it', 'donation-widget' ),
				'value'   => ClientIp::current(),
				// A person's address: never in the copied report.
				'private' => true,
			),
			'mail_queue'     => array(
				'label' => __( 'Queued emails', 'donation-widget' ),
				/* translators: 1: emails waiting, 2: emails that failed for good. */
				'value' => sprintf( __( '%1$d waiting, %2$d failed', 'donation-widget' ), $mail[ MailQueue::QUEUED ] ?? 0, $mail[ MailQueue::FAILED ] ?? 0 ),
			),
		);
		$fields  = $this->with_gateway_rows( $fields );
		foreach ( array_keys( RecurringEvents::all() ) as $hook ) {
			$next                      = wp_next_scheduled( $hook );
			$fields[ 'cron_' . $hook ] = array(
				/* translators: %s: WP-Cron hook name. */
				'label' => sprintf( __( 'Next run of %s', 'donation-widget' ), $hook ),
				'value' => false === $next ? __( 'Not scheduled', 'donation-widget' ) : gmdate( 'Y-m-d H:i:s', (int) $next ) . ' UTC',
			);
		}
		return $fields;
	}

	/**
	 * Each gateway's mode and keys after the demo mode row, and its webhook's last event before
	 * the last refused one: "<provider> mode", "<provider> keys (current mode)", "<provider> webhook".
	 *
	 * @param array<string, array{label: string, value: string, debug?: string, private?: bool}> $fields The plugin's own rows.
	 * @return array<string, array{label: string, value: string, debug?: string, private?: bool}>
	 */
	private function with_gateway_rows( array $fields ): array {
		$modes    = array();
		$keys     = array();
		$webhooks = array();
		foreach ( $this->gateways->gateways() as $gateway ) {
			$health                            = $gateway->health();
			$modes[ $gateway->id() . '_mode' ] = array(
				/* translators: %s: the provider's name. */
				'label' => sprintf( __( '%s mode', 'donation-widget' ), $gateway->label() ),
				'value' => $health->mode,
			);
			$keys[ $gateway->id() . '_keys' ]  = $this->key_row(
				/* translators: %s: the provider's name. */
				sprintf( __( '%s keys (current mode)', 'donation-widget' ), $gateway->label() ),
				$health->has_public,
				$health->has_secret,
				$health->has_webhook
			);
			$webhooks[ $gateway->id() . '_webhook' ] = array(
				/* translators: %s: the provider's name. */
				'label' => sprintf( __( '%s webhook', 'donation-widget' ), $gateway->label() ),
				'value' => $this->webhooks->last_event_text( $gateway->id() ),
			);
		}
		$before_config  = (int) array_search( 'keys_in_config', array_keys( $fields ), true );
		$before_refused = (int) array_search( 'refused', array_keys( $fields ), true );
		return array_slice( $fields, 0, $before_config, true ) + $modes + $keys
			+ array_slice( $fields, $before_config, $before_refused - $before_config, true ) + $webhooks
			+ array_slice( $fields, $before_refused, null, true );
	}

	/**
	 * "Publishable key: set, secret key: missing, …" for three keys, never their values.
	 *
	 * @param string $label   Row label.
	 * @param bool   $public  Whether the publishable key or client ID is set.
	 * @param bool   $secret  Whether the secret is set.
	 * @param bool   $webhook Whether the webhook secret or ID is set.
	 * @return array{label: string, value: string}
	 */
	private function key_row( string $label, bool $public, bool $secret, bool $webhook ): array {
		$set = static fn ( bool $value ): string => $value ? __( 'set', 'donation-widget' ) : __( 'missing', 'donation-widget' );
		return array(
			'label' => $label,
			/* translators: 1-3: "set" or "missing". */
			'value' => sprintf( __( 'public: %1$s, secret: %2$s, webhook: %3$s', 'donation-widget' ), $set( $public ), $set( $secret ), $set( $webhook ) ),
		);
	}

	/**
	 * Names of the settings wp-config.php defines (names only).
	 */
	private function constant_keys(): string {
		$names = array();
		foreach ( array_keys( $this->settings->fields() ) as $key ) {
			if ( $this->settings->is_from_constant( $key ) ) {
				$names[] = $key;
			}
		}
		return array() === $names ? __( 'None', 'donation-widget' ) : implode( ', ', $names );
	}
}
