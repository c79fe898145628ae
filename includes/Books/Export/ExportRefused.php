<?php
/**
 * Why an accounting export cannot be given.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A request the export cannot answer with a file: its message is for the treasurer (what to do
 * next), its code the HTTP status (400 bad input, 404 nothing found, 409 not exportable yet).
 */
final class ExportRefused extends \RuntimeException {
}
