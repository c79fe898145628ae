<?php
/**
 * Whether the providers' webhooks reach the site, in words for staff.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Settings\SettingsSchema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery -- one aggregate read of the plugin's own table, cached in a transient for WATCH_CACHE_SECONDS.

/**
 * The last event, the last refused delivery and the last event whose object was gone (settings
 * screen, dashboard, Site Health), and the admin notice for a live site whose webhooks have gone
 * quiet.
 *
 * The notice's rule, per provider in live mode: take the oldest paid donation (succeeded, or
 * refunded since) through that provider made between 24 hours and 1 hour ago. If there is one
 * and no verified event from that provider arrived after it was made, the webhook is not
 * reaching the site: a payment that succeeded at a provider produces at least one event
 * within seconds. Donations younger than an hour are left out, so a webhook merely slow or
 * retrying does not raise the alarm.
 */
final class WebhookHealthReport {

	private const WATCH_TRANSIENT = 'donation_widget_webhook_watch';

	private const WATCH_CACHE_SECONDS = 300;

	/**
	 * Builds the report.
	 *
	 * @param WebhookHealth   $health   What was recorded.
	 * @param GatewayRegistry $gateways The payment gateways: their names, modes and what to check.
	 */
	public function __construct( private readonly WebhookHealth $health, private readonly GatewayRegistry $gateways ) {
	}

	/**
	 * "Last event received: … ago" for a provider.
	 *
	 * @param string $provider A gateway id.
	 */
	public function last_event_text( string $provider ): string {
		$event = $this->health->last_event( $provider );
		if ( null === $event ) {
			return __( 'Last event received: none yet.', 'donation-widget' );
		}
		/* translators: 1: event type, 2: how long ago, 3: date and time. */
		return sprintf( __( 'Last event received: %1$s, %2$s ago (%3$s).', 'donation-widget' ), $event['type'], human_time_diff( $event['time'] ), $this->when( $event['time'] ) );
	}

	/**
	 * "Last refused delivery: …" for a provider ('' when its last refusal, if any, is another
	 * provider's), or for any provider when $provider is ''.
	 *
	 * @param string $provider A gateway id, or '' for any.
	 */
	public function last_failure_text( string $provider = '' ): string {
		$failure = $this->health->last_failure();
		if ( null === $failure ) {
			return '' === $provider ? __( 'Last refused webhook: none.', 'donation-widget' ) : '';
		}
		if ( '' !== $provider && $provider !== $failure['provider'] ) {
			return '';
		}
		return sprintf(
			/* translators: 1: the provider's name, 2: how long ago, 3: date and time, 4: the reason. */
			__( 'Last refused webhook: %1$s, %2$s ago (%3$s): %4$s', 'donation-widget' ),
			$this->gateways->label( $failure['provider'] ),
			human_time_diff( $failure['time'] ),
			$this->when( $failure['time'] ),
			$failure['reason']
		);
	}

	/**
	 * "Last webhook whose object was gone: …" for a provider ('' when none, or when the last one
	 * was another provider's), or for any provider when $provider is ''.
	 *
	 * @param string $provider A gateway id, or '' for any.
	 */
	public function last_gone_text( string $provider = '' ): string {
		$gone = $this->health->last_gone_object();
		if ( null === $gone || ( '' !== $provider && $provider !== $gone['provider'] ) ) {
			return '';
		}
		return sprintf(
			/* translators: 1: the provider's name, 2: how long ago, 3: date and time, 4: event type, 5: event id, 6: the provider's words. */
			__( 'Last webhook whose object was gone: %1$s, %2$s ago (%3$s): %4$s %5$s: %6$s. It was acknowledged without recording anything; if every event ends so, the site\'s keys may be of another account than the webhook.', 'donation-widget' ),
			$this->gateways->label( $gone['provider'] ),
			human_time_diff( $gone['time'] ),
			$this->when( $gone['time'] ),
			$gone['type'],
			$gone['event_id'],
			rtrim( $gone['detail'], '.' )
		);
	}

	/**
	 * Whether an event was acknowledged because its object was gone in the last week: Site
	 * Health recommends a look.
	 *
	 * @param int|null $now Unix time (tests pass their own).
	 */
	public function recent_gone_object( ?int $now = null ): bool {
		$gone = $this->health->last_gone_object();
		return null !== $gone && ( $now ?? time() ) - $gone['time'] < WEEK_IN_SECONDS;
	}

	/**
	 * The live providers whose webhooks have gone quiet, each with the time (UTC, MySQL format)
	 * of the oldest donation no event followed.
	 *
	 * @param int|null $now Unix time (tests pass their own).
	 * @return array<string, string> Provider => created_at of that donation.
	 */
	public function silent_providers( ?int $now = null ): array {
		$live = array();
		foreach ( $this->gateways->gateways() as $gateway ) {
			if ( $gateway->is_live() ) {
				$live[ $gateway->id() ] = true;
			}
		}
		if ( array() === $live ) {
			return array();
		}
		$silent = array();
		foreach ( $this->oldest_recent_donations( $now ?? time() ) as $provider => $created_at ) {
			if ( ! isset( $live[ $provider ] ) ) {
				continue;
			}
			$event = $this->health->last_event( $provider );
			if ( null === $event || $event['time'] < (int) strtotime( $created_at . ' UTC' ) ) {
				$silent[ $provider ] = $created_at;
			}
		}
		return $silent;
	}

	/**
	 * Prints the notice (admin_notices), for those who manage the plugin.
	 */
	public function print_notice(): void {
		if ( ! current_user_can( SettingsPage::CAPABILITY ) ) {
			return;
		}
		$routes = array();
		foreach ( SettingsSchema::registered_sections() as $section ) {
			$routes[ $section->id ] = $section->webhook_route;
		}
		foreach ( $this->silent_providers() as $provider => $created_at ) {
			$name  = $this->gateways->label( $provider );
			$check = $this->gateways->gateway( $provider )?->health()->webhook_check ?? '';
			printf(
				'<div class="notice notice-warning donation-widget-webhook-notice" data-provider="%1$s"><p><strong>%2$s</strong> %3$s %4$s <a href="%5$s">%6$s</a></p></div>',
				esc_attr( $provider ),
				esc_html__( 'Donation Widget:', 'donation-widget' ),
				esc_html(
					sprintf(
						/* translators: 1: the provider's name, 2: date and time of the oldest such donation. */
						__( '%1$s is in live mode and has taken donations since %2$s, but no %1$s webhook has reached this site since then. Payments the donor did not come back from, bank debits and refunds are not recorded until one does.', 'donation-widget' ),
						$name,
						$this->when( (int) strtotime( $created_at . ' UTC' ) )
					)
				),
				esc_html( sprintf( $check, rest_url( $routes[ $provider ] ?? '' ) ) ),
				esc_url( admin_url( 'admin.php?page=' . AdminServiceProvider::MENU_SLUG . '#donation-widget-section-' . $provider ) ),
				/* translators: %s: the provider's name. */
				esc_html( sprintf( __( 'Open the %s settings', 'donation-widget' ), $name ) )
			);
		}//end foreach
	}

	/**
	 * Per provider, the oldest paid donation made between 24 hours and 1 hour ago: one query
	 * on the created_at index, kept for five minutes.
	 *
	 * @param int $now Unix time.
	 * @return array<string, string> Provider => created_at (UTC).
	 */
	private function oldest_recent_donations( int $now ): array {
		$cached = get_transient( self::WATCH_TRANSIENT );
		if ( is_array( $cached ) && is_array( $cached['oldest'] ?? null ) && is_int( $cached['now'] ?? null ) && abs( $now - $cached['now'] ) < self::WATCH_CACHE_SECONDS ) {
			return $cached['oldest'];
		}
		global $wpdb;
		$table  = Schema::table( 'donations' );
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT provider, MIN(created_at) AS oldest FROM {$table} WHERE created_at >= %s AND created_at <= %s AND status IN (%s, %s, %s) GROUP BY provider", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table name.
				gmdate( 'Y-m-d H:i:s', $now - DAY_IN_SECONDS ),
				gmdate( 'Y-m-d H:i:s', $now - HOUR_IN_SECONDS ),
				DonationStatus::SUCCEEDED,
				DonationStatus::PARTIALLY_REFUNDED,
				DonationStatus::REFUNDED
			),
			ARRAY_A
		);
		$oldest = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$oldest[ (string) $row['provider'] ] = (string) $row['oldest'];
		}
		set_transient(
			self::WATCH_TRANSIENT,
			array(
				'now'    => $now,
				'oldest' => $oldest,
			),
			self::WATCH_CACHE_SECONDS
		);
		return $oldest;
	}

	/**
	 * Forgets the cached figures (tests, and after settings change).
	 */
	public static function forget(): void {
		delete_transient( self::WATCH_TRANSIENT );
	}

	/**
	 * A time in the site's time zone and formats, such as "24 November 2026 10:31 am".
	 *
	 * @param int $time Unix time.
	 */
	private function when( int $time ): string {
		return DonationFormat::date_time_at( $time );
	}
}
