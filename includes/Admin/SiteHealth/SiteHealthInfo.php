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
	 */
	public function __construct(
		private readonly Settings $settings,
		private readonly WebhookHealthReport $webhooks,
		private readonly MailQueue $mail
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
				'value' => sprintf( __( '%1$s (expected %2$s)', 'donation-widget' ), (string) get_option( Schema::VERSION_OPTION, '' ), Schema::VERSION ),
			),
			'demo_mode'      => array(
				'label' => __( 'Demo mode', 'donation-widget' ),
				'value' => $this->settings->is_demo_mode() ? __( 'On: every provider is a local stand-in', 'donation-widget' ) : __( 'Off', 'donation-widget' ),
				'debug' => $this->settings->is_demo_mode() ? 'on' : 'off',
			),
			'stripe_mode'    => array(
				'label' => __( 'Stripe mode', 'donation-widget' ),
				'value' => $this->settings->string( 'stripe_mode' ),
			),
			'paypal_mode'    => array(
				'label' => __( 'PayPal mode', 'donation-widget' ),
				'value' => $this->settings->string( 'paypal_mode' ),
			),
			'stripe_keys'    => $this->key_row( __( 'Stripe keys (current mode)', 'donation-widget' ), $this->settings->stripe_publishable_key(), $this->settings->stripe_secret_key(), $this->settings->stripe_webhook_secret() ),
			'paypal_keys'    => $this->key_row( __( 'PayPal keys (current mode)', 'donation-widget' ), $this->settings->paypal_client_id(), $this->settings->paypal_secret(), $this->settings->paypal_webhook_id() ),
			'keys_in_config' => array(
				'label' => __( 'Settings defined in wp-config.php', 'donation-widget' ),
				'value' => $this->constant_keys(),
			),
			'stripe_webhook' => array(
				'label' => __( 'Stripe webhook', 'donation-widget' ),
				'value' => $this->webhooks->last_event_text( 'stripe' ),
			),
			'paypal_webhook' => array(
				'label' => __( 'PayPal webhook', 'donation-widget' ),
				'value' => $this->webhooks->last_event_text( 'paypal' ),
			),
			'refused'        => array(
				'label' => __( 'Last refused webhook', 'donation-widget' ),
				'value' => $this->webhooks->last_failure_text(),
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
	 * "Publishable key: set, secret key: missing, …" for three keys, never their values.
	 *
	 * @param string $label   Row label.
	 * @param string $public  Publishable key or client ID.
	 * @param string $secret  Secret.
	 * @param string $webhook Webhook secret or ID.
	 * @return array{label: string, value: string}
	 */
	private function key_row( string $label, string $public, string $secret, string $webhook ): array {
		$set = static fn ( string $value ): string => '' === $value ? __( 'missing', 'donation-widget' ) : __( 'set', 'donation-widget' );
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
