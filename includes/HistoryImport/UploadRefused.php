<?php
/**
 * A file that cannot be imported, and why, in staff's words.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Thrown while an upload is read; its message is shown beside the file field (escape it there).
 */
final class UploadRefused extends \RuntimeException {
}
