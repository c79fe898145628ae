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

	public const NO_PAGE              = 'no_page';
	public const UNKNOWN_SUBSCRIPTION = 'unknown_subscription';
	public const SUBSCRIPTION_ENDED   = 'subscription_ended';
	public const NO_EMAIL             = 'no_email';

	/**
	 * Describes the refusal.
	 *
	 * @param string $reason  One of the constants.
	 * @param string $message For the admin.
	 */
	public function __construct( public readonly string $reason, string $message ) {
		parent::__construct( $message );
	}
}
