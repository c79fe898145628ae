<?php
/**
 * A merge that cannot be made.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Thrown by DonorMerge::merge() with a message for staff (translated, plain text).
 */
final class DonorMergeRefused extends \RuntimeException {
}
