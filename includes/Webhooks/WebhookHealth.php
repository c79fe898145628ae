<?php
/**
 * What the site last heard from each provider's webhooks.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The last event each provider delivered (verified), the last delivery refused for its
 * signature, and the last verified event acknowledged because its object was gone at the
 * provider, for the admin to see whether webhooks reach the site and can be used. Kept in options, one
 * per provider, one for the last failure and one for the last object gone: each write replaces the whole value, so two
 * servers writing at once leave one of them (last writer wins), which is all a "last seen"
 * figure needs. Autoloaded: the admin notice reads them on every admin screen.
 */
final class WebhookHealth {

	private const LAST_EVENT_OPTION = 'donation_widget_webhook_last_event_';

	private const LAST_FAILURE_OPTION = 'donation_widget_webhook_last_failure';

	private const LAST_GONE_OPTION = 'donation_widget_webhook_last_gone';

	/**
	 * Records a verified delivery.
	 *
	 * @param string   $provider    A gateway id.
	 * @param string   $type        Event type, such as payment_intent.succeeded.
	 * @param int|null $time        Unix time (tests pass their own); now when null.
	 * @param string   $api_version The API version the payload was written in ('' when unknown).
	 */
	public function record_event( string $provider, string $type, ?int $time = null, string $api_version = '' ): void {
		update_option(
			self::LAST_EVENT_OPTION . sanitize_key( $provider ),
			array(
				'time'        => $time ?? time(),
				'type'        => mb_substr( sanitize_text_field( $type ), 0, 100 ),
				'api_version' => mb_substr( sanitize_text_field( $api_version ), 0, 40 ),
			),
			true
		);
	}

	/**
	 * Records a delivery refused because its signature could not be verified.
	 *
	 * @param string   $provider A gateway id.
	 * @param string   $reason   Why, such as "mismatch" or "not_configured".
	 * @param int|null $time     Unix time; now when null.
	 */
	public function record_failure( string $provider, string $reason, ?int $time = null ): void {
		update_option(
			self::LAST_FAILURE_OPTION,
			array(
				'time'     => $time ?? time(),
				'provider' => sanitize_key( $provider ),
				'reason'   => mb_substr( sanitize_text_field( $reason ), 0, 191 ),
			),
			true
		);
	}

	/**
	 * Records a verified event acknowledged without processing: the provider no longer has its
	 * object (EventObjectGone).
	 *
	 * @param string   $provider A gateway id.
	 * @param string   $type     Event type.
	 * @param string   $event_id The event's id.
	 * @param string   $detail   The provider's words, naming the object.
	 * @param int|null $time     Unix time; now when null.
	 */
	public function record_gone_object( string $provider, string $type, string $event_id, string $detail, ?int $time = null ): void {
		update_option(
			self::LAST_GONE_OPTION,
			array(
				'time'     => $time ?? time(),
				'provider' => sanitize_key( $provider ),
				'type'     => mb_substr( sanitize_text_field( $type ), 0, 100 ),
				'event_id' => mb_substr( sanitize_text_field( $event_id ), 0, 191 ),
				'detail'   => mb_substr( sanitize_text_field( $detail ), 0, 191 ),
			),
			true
		);
	}

	/**
	 * The last verified event acknowledged because its object was gone, of any provider.
	 *
	 * @return array{time: int, provider: string, type: string, event_id: string, detail: string}|null
	 */
	public function last_gone_object(): ?array {
		$stored = get_option( self::LAST_GONE_OPTION );
		if ( ! is_array( $stored ) || ! is_numeric( $stored['time'] ?? null ) ) {
			return null;
		}
		$text = static fn ( string $key ): string => is_string( $stored[ $key ] ?? null ) ? $stored[ $key ] : '';
		return array(
			'time'     => (int) $stored['time'],
			'provider' => $text( 'provider' ),
			'type'     => $text( 'type' ),
			'event_id' => $text( 'event_id' ),
			'detail'   => $text( 'detail' ),
		);
	}

	/**
	 * The last verified event of a provider.
	 *
	 * @param string $provider A gateway id.
	 * @return array{time: int, type: string, api_version: string}|null
	 */
	public function last_event( string $provider ): ?array {
		$stored = get_option( self::LAST_EVENT_OPTION . sanitize_key( $provider ) );
		if ( ! is_array( $stored ) || ! is_numeric( $stored['time'] ?? null ) ) {
			return null;
		}
		return array(
			'time'        => (int) $stored['time'],
			'type'        => is_string( $stored['type'] ?? null ) ? $stored['type'] : '',
			'api_version' => is_string( $stored['api_version'] ?? null ) ? $stored['api_version'] : '',
		);
	}

	/**
	 * The last delivery refused for its signature, of any provider.
	 *
	 * @return array{time: int, provider: string, reason: string}|null
	 */
	public function last_failure(): ?array {
		$stored = get_option( self::LAST_FAILURE_OPTION );
		if ( ! is_array( $stored ) || ! is_numeric( $stored['time'] ?? null ) ) {
			return null;
		}
		return array(
			'time'     => (int) $stored['time'],
			'provider' => is_string( $stored['provider'] ?? null ) ? $stored['provider'] : '',
			'reason'   => is_string( $stored['reason'] ?? null ) ? $stored['reason'] : '',
		);
	}

	/**
	 * Forgets everything (uninstall, tests).
	 */
	public function clear(): void {
		global $wpdb;
		// Every provider's, including one no gateway runs any more.
		$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::LAST_EVENT_OPTION ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- uninstall and tests only; delete_option() clears each from the cache.
		foreach ( $names as $name ) {
			delete_option( (string) $name );
		}
		delete_option( self::LAST_FAILURE_OPTION );
		delete_option( self::LAST_GONE_OPTION );
	}
}
