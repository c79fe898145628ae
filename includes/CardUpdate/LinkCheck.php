<?php
/**
 * What a requestID sent by the widget turned out to be.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Either a usable link, or the reason it is refused: malformed, unknown, expired, used, revoked
 * or subscription_ended. The widget is told only "expired"; the audit keeps the reason.
 */
final class LinkCheck {

	public const MALFORMED          = 'malformed';
	public const UNKNOWN            = 'unknown';
	public const EXPIRED            = 'expired';
	public const USED               = 'used';
	public const REVOKED            = 'revoked';
	public const SUBSCRIPTION_ENDED = 'subscription_ended';

	/**
	 * Holds the outcome.
	 *
	 * @param CardUpdateLink|null $link   The link found, if any (also for a refused one).
	 * @param string              $reason '' when usable, else one of the constants.
	 */
	private function __construct( public readonly ?CardUpdateLink $link, public readonly string $reason ) {
	}

	/**
	 * A usable link.
	 *
	 * @param CardUpdateLink $link The link.
	 */
	public static function usable( CardUpdateLink $link ): self {
		return new self( $link, '' );
	}

	/**
	 * A refused requestID.
	 *
	 * @param string              $reason One of the constants.
	 * @param CardUpdateLink|null $link   The link, when one was found.
	 */
	public static function refused( string $reason, ?CardUpdateLink $link = null ): self {
		return new self( $link, $reason );
	}

	/**
	 * Whether the link may replace the card.
	 *
	 * @phpstan-assert-if-true !null $this->link
	 */
	public function is_usable(): bool {
		return '' === $this->reason && null !== $this->link;
	}
}
