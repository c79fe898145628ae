<?php
/**
 * A subscription's card-update history in words, for the admin.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Receipts\DonationFormat;

/**
 * The rows of the "Card-update history" table and the sentence about the link that works now,
 * with every time in the site's time zone and formats (wp_date()), never UTC. The subscription
 * screen prints them, and the admin's issue-link answer carries them, so the table updates as
 * soon as a link is issued without a second way of writing them.
 */
final class CardUpdateHistory {

	/**
	 * Builds the history.
	 *
	 * @param CardUpdateAudit $audit Issues and uses of card-update links.
	 * @param CardUpdateLinks $links The links, for their expiry and status.
	 */
	public function __construct( private readonly CardUpdateAudit $audit, private readonly CardUpdateLinks $links ) {
	}

	/**
	 * The table's rows, newest first.
	 *
	 * @param string $subscription_id sub_… id.
	 * @return list<array{when: string, what: string, by: string, detail: string}>
	 */
	public function rows( string $subscription_id ): array {
		$links = array();
		foreach ( $this->links->for_subscription( $subscription_id ) as $link ) {
			$links[ $link->id ] = $link;
		}
		$rows = array();
		foreach ( $this->audit->for_subscription( $subscription_id ) as $entry ) {
			$link   = null !== $entry->link_id ? ( $links[ $entry->link_id ] ?? null ) : null;
			$rows[] = array(
				'when'   => DonationFormat::date_time( $entry->created_at ),
				'what'   => $entry->label(),
				'by'     => $entry->actor,
				'detail' => AuditEntry::ISSUED === $entry->event && null !== $link ? $this->issued_detail( $link ) : $entry->detail,
			);
		}
		return $rows;
	}

	/**
	 * What an issued link's row says: its number and when it stops working, in site time.
	 *
	 * @param CardUpdateLink $link The link.
	 */
	private function issued_detail( CardUpdateLink $link ): string {
		$expires = DonationFormat::date_time( $link->expires_at );
		if ( '' !== $link->renewal_invoice_id ) {
			/* translators: 1: link number, 2: the provider's invoice id, 3: date and time in the site's time zone. */
			return sprintf( __( 'Link #%1$d, after renewal %2$s failed; expires %3$s', 'donation-widget' ), $link->id, $link->renewal_invoice_id, $expires );
		}
		/* translators: 1: link number, 2: date and time in the site's time zone. */
		return sprintf( __( 'Link #%1$d; expires %2$s', 'donation-widget' ), $link->id, $expires );
	}

	/**
	 * The sentence about the link that works now, which a new link would stop, or ''.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public function live_link_text( string $subscription_id ): string {
		$link = $this->links->live_link( $subscription_id );
		if ( null === $link ) {
			return '';
		}
		return sprintf(
			/* translators: 1: link number, 2: date and time in the site's time zone. */
			__( 'Link #%1$d works until %2$s. Issuing a new link stops it working.', 'donation-widget' ),
			$link->id,
			DonationFormat::date_time( $link->expires_at )
		);
	}

	/**
	 * The question asked before a new link replaces a live one the admin no longer holds, or ''.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public function replace_question( string $subscription_id ): string {
		$link = $this->links->live_link( $subscription_id );
		if ( null === $link ) {
			return '';
		}
		return sprintf(
			/* translators: 1: link number, 2: date and time in the site's time zone. */
			__( 'Link #%1$d still works until %2$s. A new link stops it working, so the donor must use the new one. Issue a new link?', 'donation-widget' ),
			$link->id,
			DonationFormat::date_time( $link->expires_at )
		);
	}
}
