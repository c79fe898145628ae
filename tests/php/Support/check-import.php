<?php
/**
 * The import checkers from the command line, for the Playwright specs.
 *
 * Run as `php tests/php/Support/check-import.php xero|myob FILE`. FILE is a Xero CSV, a MYOB text file, or a zip of them (each file in it checked alone; its
 * README.txt returned as text). Prints JSON: { files: [ { name, problems, lines, sum_cents,
 * records? } ], readme }. Exit status 0 when every file passes, 1 otherwise, 2 on bad usage.
 *
 * @package DonationWidget
 */

require_once __DIR__ . '/XeroImportChecker.php';
require_once __DIR__ . '/MyobImportChecker.php';
require_once __DIR__ . '/ImportFiles.php';

exit( DonationWidget\Tests\Support\ImportFiles::cli( $argv ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- an exit status.
