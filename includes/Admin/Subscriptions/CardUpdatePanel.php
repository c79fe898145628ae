<?php
/**
 * The card-update actions of a 4-weekly donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Blocks\Assets;
use DonationWidget\CardUpdate\CardUpdateHistory;
use DonationWidget\CardUpdate\CardUpdateLinks;

/**
 * "Copy card-update link" and "Email card-update link", and the history of links issued.
 * The card-update domain owns issuing links: this panel calls its admin-ajax action and prints
 * its history. Only the newest link works, and the panel says so before and after issuing;
 * Email after Copy sends the copied link itself, so the copy never stops working unnoticed.
 */
final class CardUpdatePanel {

	public const SCRIPT_HANDLE = Assets::ADMIN_CARD_UPDATE_LINKS_HANDLE;

	/**
	 * Builds the panel.
	 *
	 * @param CardUpdateHistory $history The links' history and the live link, in words.
	 */
	public function __construct( private readonly CardUpdateHistory $history ) {
	}

	/**
	 * Prints the panel.
	 *
	 * @param SubscriptionSummary $subscription The subscription.
	 */
	public function render( SubscriptionSummary $subscription ): void {
		printf( '<h2>%s</h2>', esc_html__( 'Card update', 'donation-widget' ) );
		if ( ! $subscription->is_running() ) {
			printf( '<p>%s</p>', esc_html__( 'This 4-weekly donation has ended, so its card can no longer be updated.', 'donation-widget' ) );
			$this->render_history( $subscription->id() );
			return;
		}
		$live = $this->history->live_link_text( $subscription->id() );
		printf(
			'<div class="donation-widget-card-update" data-ajax-url="%1$s" data-action="%2$s" data-nonce="%3$s" data-subscription="%4$s" data-working="%5$s" data-copied="%6$s" data-shown="%7$s" data-emailed="%8$s" data-reused="%9$s" data-failed="%10$s" data-question="%11$s">',
			esc_url( admin_url( 'admin-ajax.php' ) ),
			esc_attr( CardUpdateLinks::ISSUE_ACTION ),
			esc_attr( wp_create_nonce( CardUpdateLinks::ISSUE_ACTION ) ),
			esc_attr( $subscription->id() ),
			esc_attr__( 'Working…', 'donation-widget' ),
			esc_attr__( 'New card-update link copied. It is also shown below. Any earlier link no longer works.', 'donation-widget' ),
			esc_attr__( 'New card-update link created: copy it from the box below. Any earlier link no longer works.', 'donation-widget' ),
			esc_attr__( 'A new card-update link was emailed to the donor. Any earlier link no longer works.', 'donation-widget' ),
			esc_attr__( 'The link shown below was emailed to the donor. It is the same link, so the copy you have still works.', 'donation-widget' ),
			esc_attr__( 'The card-update link could not be created.', 'donation-widget' ),
			esc_attr( $this->history->replace_question( $subscription->id() ) )
		);
		printf( '<p>%s</p>', esc_html__( 'Send the donor a secure, time-limited link to replace their card, for example after a failed payment.', 'donation-widget' ) );
		printf( '<p>%s</p>', esc_html__( 'Only the newest link works: issuing a new link, with Copy or Email, stops the previous one working. Email after Copy sends the link you copied, so it keeps working.', 'donation-widget' ) );
		printf( '<p class="donation-widget-card-update-live"%s>%s</p>', esc_attr( '' === $live ? ' hidden' : '' ), esc_html( $live ) );
		printf(
			'<p><button type="button" class="button" data-delivery="copy">%1$s</button> <button type="button" class="button" data-delivery="email">%2$s</button></p>',
			esc_html__( 'Copy card-update link', 'donation-widget' ),
			esc_html__( 'Email card-update link', 'donation-widget' )
		);
		echo '<p class="donation-widget-card-update-result" role="status" aria-live="polite"></p>';
		printf( '<p><input type="text" class="large-text code" readonly="readonly" hidden="hidden" aria-label="%s" /></p>', esc_attr__( 'Card-update link', 'donation-widget' ) );
		$this->render_history( $subscription->id() );
		echo '</div>';
		wp_enqueue_script( self::SCRIPT_HANDLE );
	}

	/**
	 * The history of the subscription's card-update links, times in the site's time zone. The
	 * table is always printed, so the script can refill it as soon as a link is issued.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	private function render_history( string $subscription_id ): void {
		$rows = $this->history->rows( $subscription_id );
		// One id per subscription: a donor's page shows the panel of each running 4-weekly donation.
		$heading_id = 'donation-widget-card-update-history-' . sanitize_html_class( $subscription_id );
		printf( '<h3 id="%s">%s</h3>', esc_attr( $heading_id ), esc_html__( 'Card-update history', 'donation-widget' ) );
		printf(
			'<table class="widefat striped donation-widget-card-update-audit" aria-labelledby="%s" data-empty="%s"><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			esc_attr( $heading_id ),
			esc_attr__( 'No card-update link has been issued for this 4-weekly donation.', 'donation-widget' ),
			esc_html__( 'When', 'donation-widget' ),
			esc_html__( 'What', 'donation-widget' ),
			esc_html__( 'By', 'donation-widget' ),
			esc_html__( 'Detail', 'donation-widget' )
		);
		if ( array() === $rows ) {
			printf( '<tr><td colspan="4">%s</td></tr>', esc_html__( 'No card-update link has been issued for this 4-weekly donation.', 'donation-widget' ) );
		}
		foreach ( $rows as $row ) {
			printf( '<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>', esc_html( $row['when'] ), esc_html( $row['what'] ), esc_html( $row['by'] ), esc_html( $row['detail'] ) );
		}
		echo '</tbody></table>';
	}
}
