<?php
/**
 * A submitted setting that cannot be stored.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Carries the reason, in words for the admin.
 */
final class InvalidSetting extends \DomainException {
}
