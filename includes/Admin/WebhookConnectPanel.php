<?php
/**
 * "Connect webhooks" beside each provider's webhook URL on the settings screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Webhooks\WebhookCheck;
use DonationWidget\Webhooks\WebhookConnectResult;
use DonationWidget\Webhooks\WebhookConnection;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Settings\Settings;

// phpcs:disable WordPress.DB.DirectDatabaseQuery -- a named lock lives in the database server, never in a cache.

/**
 * Shows how the provider's webhook differs from what the plugin needs, and the buttons that set
 * it up. The buttons submit the settings form to admin-post.php (formaction, with the provider
 * in the URL) with their own nonce, so they work without JavaScript; the answer comes back as an
 * admin notice on the provider's section.
 */
final class WebhookConnectPanel {

	public const ACTION = 'donation_widget_connect_webhook';

	private const NONCE_FIELD = 'donation_widget_connect_webhook_nonce';

	/**
	 * Builds the panel.
	 *
	 * @param WebhookSetupStatus $status The webhooks and their checks.
	 */
	public function __construct( private readonly WebhookSetupStatus $status ) {
	}

	/**
	 * Prints the check and the buttons of a gateway section, under its webhook URL.
	 *
	 * @param string $section Section id (the gateway's).
	 */
	public function render( string $section ): void {
		$connection = $this->status->connection( $section );
		if ( null === $connection ) {
			return;
		}
		$check = $this->status->current( $connection );
		$help  = 'donation-widget-connect-webhook-help-' . $section;
		printf( '<div class="donation-widget-webhook-setup" data-provider="%s">', esc_attr( $section ) );
		$this->render_check( $check, $connection->delivery_notes() );
		wp_nonce_field( self::ACTION . '_' . $section, self::NONCE_FIELD . '_' . $section, false );
		printf(
			'<p><button type="submit" class="button" name="action" value="%1$s" formaction="%2$s" formnovalidate="formnovalidate" aria-describedby="%3$s">%4$s</button>',
			esc_attr( self::ACTION ),
			esc_url( add_query_arg( 'provider', $section, admin_url( 'admin-post.php' ) ) ),
			esc_attr( $help ),
			esc_html__( 'Connect webhooks', 'donation-widget' )
		);
		if ( $check->offer_replace ) {
			printf(
				' <button type="submit" class="button" name="action" value="%1$s" formaction="%2$s" formnovalidate="formnovalidate">%3$s</button>',
				esc_attr( self::ACTION ),
				esc_url(
					add_query_arg(
						array(
							'provider' => $section,
							'replace'  => '1',
						),
						admin_url( 'admin-post.php' )
					)
				),
				esc_html__( 'Replace the endpoint', 'donation-widget' )
			);
		}
		echo '</p>';
		printf(
			'<p class="description" id="%s">%s</p>',
			esc_attr( $help ),
			esc_html__( 'Creates or repairs this site\'s webhook at the provider, in the current mode, with exactly the events the plugin handles, and saves what verifies its deliveries. It uses the saved keys: save your changes first.', 'donation-widget' )
		);
		echo '</div>';
	}

	/**
	 * The admin-post handler of both buttons: connects, checks again, and goes back to the
	 * provider's section with the outcome as a notice.
	 */
	public function handle(): void {
		if ( ! current_user_can( Settings::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage Donation Widget settings.', 'donation-widget' ), 403 );
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- names the nonce to check, next.
		$id         = isset( $_GET['provider'] ) ? sanitize_key( wp_unslash( $_GET['provider'] ) ) : '';
		$connection = $this->status->connection( $id );
		if ( null === $connection ) {
			wp_die( esc_html__( 'Unknown provider.', 'donation-widget' ), 400 );
		}
		check_admin_referer( self::ACTION . '_' . $id, self::NONCE_FIELD . '_' . $id );
		$replace = isset( $_GET['replace'] ) && '1' === sanitize_key( wp_unslash( $_GET['replace'] ) );

		$result = $this->connect( $connection, $replace );
		$this->status->refresh( $connection );
		add_settings_error( Settings::OPTION, 'donation_widget_webhook_' . $id, $result->message, $result->type );
		set_transient( 'settings_errors', get_settings_errors(), 30 );
		wp_safe_redirect( add_query_arg( 'settings-updated', 'true', SettingsPage::section_url( $id ) ) );
		exit;
	}

	/**
	 * Connects, one admin at a time per provider across every server: two at once would each
	 * make an endpoint, and only one secret could be kept.
	 *
	 * @param WebhookConnection $connection The webhook.
	 * @param bool              $replace    Whether a new webhook was asked for.
	 */
	private function connect( WebhookConnection $connection, bool $replace ): WebhookConnectResult {
		global $wpdb;
		$lock = 'dw_webhook_connect_' . md5( ( defined( 'DB_NAME' ) ? (string) DB_NAME : '' ) . '|' . $wpdb->prefix . '|' . $connection->id() );
		if ( '1' !== (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, 0)', $lock ) ) ) {
			return WebhookConnectResult::needs_attention( __( 'Connect webhooks is already running for this provider (another admin or another tab): wait a minute, then reload this screen.', 'donation-widget' ) );
		}
		try {
			return $connection->connect( $replace );
		} finally {
			$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $lock ) );
		}
	}

	/**
	 * What the check found: the provider's webhook in one sentence, then each difference.
	 *
	 * @param WebhookCheck $check The check.
	 * @param array        $notes What the deliveries received say.
	 * @phpstan-param list<string> $notes
	 */
	private function render_check( WebhookCheck $check, array $notes ): void {
		$lines = array_merge( array_map( static fn ( array $problem ): string => $problem['text'], $check->problems ), $notes );
		if ( '' !== $check->error ) {
			printf( '<p class="donation-widget-webhook-check">%s</p>', esc_html( $check->error ) );
		} elseif ( '' !== $check->summary ) {
			$when = DonationFormat::date_time_at( $check->checked_at );
			/* translators: %s: time of the check. */
			$after = sprintf( __( 'Checked %s.', 'donation-widget' ), $when );
			if ( array() === $lines ) {
				/* translators: %s: time of the check. */
				$after = sprintf( __( 'It is set up as the plugin needs (checked %s).', 'donation-widget' ), $when );
			}
			printf( '<p class="donation-widget-webhook-check">%s %s</p>', esc_html( $check->summary ), esc_html( $after ) );
		}
		if ( array() === $lines ) {
			return;
		}
		printf( '<div class="notice notice-%s inline donation-widget-webhook-drift"><ul>', esc_attr( $check->has_blocking() ? 'error' : 'warning' ) );
		foreach ( $lines as $line ) {
			printf( '<li>%s</li>', esc_html( $line ) );
		}
		echo '</ul></div>';
	}
}
