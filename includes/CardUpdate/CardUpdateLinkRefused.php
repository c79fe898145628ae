<?php
/**
 * A card-update link cannot be issued.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Why not, in words for the admin: no card-update page is chosen, the subscription is not one
 * this site started, or it has ended.
 */
final class CardUpdateLinkRefused extends \RuntimeException {

	/**
	 * One of the constants below.
	 *
	 * @var string
	 */
	public readonly string $reason;

	public const NO_PAGE              = 'no_page';
	public const UNKNOWN_SUBSCRIPTION = 'unknown_subscription';
	public const SUBSCRIPTION_ENDED   = 'subscription_ended';
	public const NO_EMAIL             = 'no_email';

	/**
	 * Describes the refusal.
	 *
	 * @param string $reason  One of the constants (escaped where thrown, like the message).
	 * @param string $message For the admin, HTML-escaped where thrown (the directory's rule); kept
	 *                        as plain text for the JSON answer and WP-CLI.
	 */
	public function __construct( string $reason, string $message ) {
		$this->reason = wp_specialchars_decode( $reason, ENT_QUOTES );
		parent::__construct( wp_specialchars_decode( $message, ENT_QUOTES ) );
	}
}
