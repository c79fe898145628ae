<?php
/**
 * The card-update actions of a 4-weekly donation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Subscriptions;

use DonationWidget\Blocks\Assets;
use DonationWidget\CardUpdate\CardUpdateAudit;
use DonationWidget\CardUpdate\CardUpdateLinks;
use DonationWidget\Receipts\DonationFormat;

/**
 * "Copy card-update link" and "Email card-update link", and the audit of links issued.
 * The card-update domain owns issuing links: this panel calls its admin-ajax action and lists
 * its audit rows.
 */
final class CardUpdatePanel {

	public const SCRIPT_HANDLE = Assets::ADMIN_CARD_UPDATE_LINKS_HANDLE;

	/**
	 * Builds the panel.
	 *
	 * @param CardUpdateAudit $audit Issues and uses of card-update links.
	 */
	public function __construct( private readonly CardUpdateAudit $audit ) {
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
			$this->render_audit( $subscription->id() );
			return;
		}
		printf( '<p>%s</p>', esc_html__( 'Send the donor a secure, time-limited link to replace their card, for example after a failed payment.', 'donation-widget' ) );
		printf(
			'<div class="donation-widget-card-update" data-ajax-url="%1$s" data-action="%2$s" data-nonce="%3$s" data-subscription="%4$s" data-working="%5$s" data-copied="%6$s" data-shown="%7$s" data-emailed="%8$s" data-failed="%9$s">',
			esc_url( admin_url( 'admin-ajax.php' ) ),
			esc_attr( CardUpdateLinks::ISSUE_ACTION ),
			esc_attr( wp_create_nonce( CardUpdateLinks::ISSUE_ACTION ) ),
			esc_attr( $subscription->id() ),
			esc_attr__( 'Working…', 'donation-widget' ),
			esc_attr__( 'Card-update link copied. It is also shown below.', 'donation-widget' ),
			esc_attr__( 'Card-update link created: copy it from the box below.', 'donation-widget' ),
			esc_attr__( 'Card-update link emailed to the donor.', 'donation-widget' ),
			esc_attr__( 'The card-update link could not be created.', 'donation-widget' )
		);
		printf(
			'<p><button type="button" class="button" data-delivery="copy">%1$s</button> <button type="button" class="button" data-delivery="email">%2$s</button></p>',
			esc_html__( 'Copy card-update link', 'donation-widget' ),
			esc_html__( 'Email card-update link', 'donation-widget' )
		);
		echo '<p class="donation-widget-card-update-result" role="status" aria-live="polite"></p>';
		printf( '<p><input type="text" class="large-text code" readonly="readonly" hidden="hidden" aria-label="%s" /></p>', esc_attr__( 'Card-update link', 'donation-widget' ) );
		echo '</div>';
		wp_enqueue_script( self::SCRIPT_HANDLE );
		$this->render_audit( $subscription->id() );
	}

	/**
	 * The history of the subscription's card-update links.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	private function render_audit( string $subscription_id ): void {
		$entries = $this->audit->for_subscription( $subscription_id );
		printf( '<h3>%s</h3>', esc_html__( 'Card-update history', 'donation-widget' ) );
		if ( array() === $entries ) {
			printf( '<p>%s</p>', esc_html__( 'No card-update link has been issued for this 4-weekly donation.', 'donation-widget' ) );
			return;
		}
		printf(
			'<table class="widefat striped donation-widget-card-update-audit"><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			esc_html__( 'When', 'donation-widget' ),
			esc_html__( 'What', 'donation-widget' ),
			esc_html__( 'By', 'donation-widget' ),
			esc_html__( 'Detail', 'donation-widget' )
		);
		foreach ( $entries as $entry ) {
			printf(
				'<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_html( DonationFormat::date_time( $entry->created_at ) ),
				esc_html( $entry->label() ),
				esc_html( $entry->actor ),
				esc_html( $entry->detail )
			);
		}
		echo '</tbody></table>';
	}
}
