<?php
/**
 * A batch of an export that could not be written.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Exports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Thrown when the database refuses a step of an export: the export is then failed, never
 * offered with a batch missing.
 */
final class ExportFailed extends \RuntimeException {

	/**
	 * Builds it.
	 *
	 * @param string $step   What was being done (read, insert, …).
	 * @param string $detail The database's words, for the log.
	 */
	public function __construct( public readonly string $step, public readonly string $detail ) {
		parent::__construct( "Export step {$step} failed: {$detail}" );
	}
}
