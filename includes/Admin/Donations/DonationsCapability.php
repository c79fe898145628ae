<?php
/**
 * Who may see donations and act on them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The capability behind every donation, subscription and export screen and action. It is a
 * meta capability: WordPress maps it to the capability named by the donation_widget_capability
 * filter, manage_options by default. A charity that wants, say, its fundraising team of editors
 * to see donations returns 'edit_others_posts'; returning self::CAPABILITY itself lets a role
 * editor grant it to chosen roles.
 */
final class DonationsCapability {

	public const CAPABILITY = 'donation_widget_manage_donations';

	public const FILTER = 'donation_widget_capability';

	private const DEFAULT_CAPABILITY = 'manage_options';

	/**
	 * The map_meta_cap filter: the primitive capability that grants CAPABILITY.
	 *
	 * @param array<int, string> $caps Primitive capabilities WordPress would check.
	 * @param string             $cap  The capability asked for.
	 * @return array<int, string>
	 */
	public static function map_meta_cap( array $caps, string $cap ): array {
		if ( self::CAPABILITY !== $cap ) {
			return $caps;
		}
		/**
		 * The capability a user needs to see donations, export them, resend receipts and cancel
		 * 4-weekly donations.
		 *
		 * @param string $capability Default manage_options.
		 */
		$required = apply_filters( 'donation_widget_capability', self::DEFAULT_CAPABILITY );
		return array( is_string( $required ) && '' !== $required ? $required : self::DEFAULT_CAPABILITY );
	}

	/**
	 * Whether the current user holds it.
	 */
	public static function current_user_can(): bool {
		return current_user_can( self::CAPABILITY );
	}
}
