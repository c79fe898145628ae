<?php
/**
 * Whether each provider's webhook is set up as the plugin needs, checked briefly at a time.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Webhooks\ConnectsWebhook;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Webhooks\WebhookCheck;
use DonationWidget\Webhooks\WebhookConnection;

/**
 * The gateways that can set up their webhook, and the last check of each, kept in a transient
 * (shared by every web server) for ten minutes, one minute when the provider could not be asked.
 * Only the screens that show the check (the settings screen, Site Health) ask the provider, and
 * only when no check of the same mode, keys and URL is kept; Connect webhooks checks again.
 */
final class WebhookSetupStatus {

	private const TRANSIENT_PREFIX = 'donation_widget_webhook_check_';

	public const CACHE_SECONDS = 10 * MINUTE_IN_SECONDS;

	private const FAILED_CACHE_SECONDS = MINUTE_IN_SECONDS;

	/**
	 * Builds it.
	 *
	 * @param GatewayRegistry $gateways The gateways.
	 */
	public function __construct( private readonly GatewayRegistry $gateways ) {
	}

	/**
	 * Every gateway's webhook that the plugin can set up, by gateway id.
	 *
	 * @return array<string, WebhookConnection>
	 */
	public function connections(): array {
		$connections = array();
		foreach ( $this->gateways->gateways() as $gateway ) {
			if ( $gateway instanceof ConnectsWebhook ) {
				$connections[ $gateway->id() ] = $gateway->webhook_connection();
			}
		}
		return $connections;
	}

	/**
	 * One gateway's webhook, if the plugin can set it up.
	 *
	 * @param string $id Gateway id.
	 */
	public function connection( string $id ): ?WebhookConnection {
		return $this->connections()[ $id ] ?? null;
	}

	/**
	 * The kept check, or a new one when none is kept for the present settings.
	 *
	 * @param WebhookConnection $connection The webhook.
	 */
	public function current( WebhookConnection $connection ): WebhookCheck {
		if ( ! $connection->is_configured() ) {
			// Nothing to ask: the check says which keys to save.
			return $connection->check();
		}
		return $this->kept( $connection ) ?? $this->refresh( $connection );
	}

	/**
	 * The kept check, without asking the provider.
	 *
	 * @param WebhookConnection $connection The webhook.
	 */
	public function kept( WebhookConnection $connection ): ?WebhookCheck {
		$stored = get_transient( self::TRANSIENT_PREFIX . $connection->id() );
		if ( ! is_array( $stored ) || ( $stored['fingerprint'] ?? null ) !== self::fingerprint( $connection ) ) {
			return null;
		}
		return WebhookCheck::from_array( $stored['check'] ?? null );
	}

	/**
	 * Asks the provider now, and keeps the answer.
	 *
	 * @param WebhookConnection $connection The webhook.
	 */
	public function refresh( WebhookConnection $connection ): WebhookCheck {
		$check = $connection->check();
		if ( $check->configured ) {
			set_transient(
				self::TRANSIENT_PREFIX . $connection->id(),
				array(
					'fingerprint' => self::fingerprint( $connection ),
					'check'       => $check->to_array(),
				),
				'' === $check->error ? self::CACHE_SECONDS : self::FAILED_CACHE_SECONDS
			);
		}
		return $check;
	}

	/**
	 * Forgets every kept check (tests).
	 */
	public function forget(): void {
		foreach ( array_keys( $this->connections() ) as $id ) {
			delete_transient( self::TRANSIENT_PREFIX . $id );
		}
	}

	/**
	 * What a kept check is valid for, hashed with the site's salt (it is made of keys).
	 *
	 * @param WebhookConnection $connection The webhook.
	 */
	private static function fingerprint( WebhookConnection $connection ): string {
		return wp_hash( $connection->fingerprint() );
	}
}
