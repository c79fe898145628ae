<?php
/**
 * The demo's update-card page says how to get a card-update link.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Demo;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Opened from the demo's menu, the update-card widget has no link to check, so it shows
 * docs/widget-contract.md#28-update-card-widget's "Your link has expired" to everyone, as it must on a real site. In demo mode only, a
 * paragraph above the widget (the widget's own words unchanged) tells a newcomer where staff
 * issue links and where the demo files the emails it would have sent.
 */
final class UpdateCardHelp {

	/**
	 * The 4-weekly donations screen's slug (Admin\Subscriptions\SubscriptionsPage::SLUG; the
	 * demo, a domain, names it rather than depending on the admin screens above it).
	 */
	private const SUBSCRIPTIONS_SCREEN = 'donation-widget-subscriptions';

	/**
	 * The render_block filter of the widget block: the paragraph above an update-card widget
	 * opened without a link.
	 *
	 * @param string               $html  The block's markup.
	 * @param array<string, mixed> $block The parsed block.
	 */
	public function add_to( string $html, array $block ): string {
		$attributes = is_array( $block['attrs'] ?? null ) ? $block['attrs'] : array();
		if ( 'update-card' !== ( $attributes['widgetType'] ?? '' ) || $this->has_link() ) {
			return $html;
		}
		return $this->paragraph() . $html;
	}

	/**
	 * The explanation.
	 */
	public function paragraph(): string {
		$mailbox = function_exists( 'donation_widget_demo_mailbox_render' )
			? sprintf(
				/* translators: %s: link to the demo mailbox screen. */
				__( '"Email card-update link" files the email in %s, where its link can be opened.', 'donation-widget' ),
				sprintf( '<a href="%s">%s</a>', esc_url( admin_url( 'admin.php?page=donation-widget-demo-mailbox' ) ), esc_html__( 'Donation Widget > Demo mailbox', 'donation-widget' ) )
			)
			: '';
		return sprintf(
			'<div class="donation-widget-demo-help" role="note"><p><strong>%1$s</strong> %2$s</p><p>%3$s %4$s</p></div>',
			esc_html__( 'Demo: this page needs a card-update link.', 'donation-widget' ),
			esc_html__( 'Opened from the menu it has none, so the widget says the link has expired, as it would for a supporter on a real site.', 'donation-widget' ),
			sprintf(
				/* translators: %s: link to the 4-weekly donations screen. */
				esc_html__( 'To get a link, sign in to the admin, open %s, choose a donation and press "Copy card-update link", then open the copied link.', 'donation-widget' ),
				sprintf( '<a href="%s">%s</a>', esc_url( admin_url( 'admin.php?page=' . self::SUBSCRIPTIONS_SCREEN ) ), esc_html__( 'Donation Widget > 4-weekly donations', 'donation-widget' ) )
			),
			wp_kses( $mailbox, array( 'a' => array( 'href' => array() ) ) )
		);
	}

	/**
	 * Whether the page was opened from a link (then the widget checks it; no help needed).
	 */
	private function has_link(): bool {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a public link's parameter, only tested for presence.
		return isset( $_GET['requestID'] ) && is_string( $_GET['requestID'] ) && '' !== trim( sanitize_text_field( wp_unslash( $_GET['requestID'] ) ) );
	}
}
