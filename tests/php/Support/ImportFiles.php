<?php
/**
 * A downloaded export (one file, or a zip of parts) through the publishers' checkers.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Support;

/**
 * Runs XeroImportChecker or MyobImportChecker on a file, or on each file of a zip alone (its
 * README.txt kept as text), for PHPUnit and, through check-import.php, the Playwright specs.
 */
final class ImportFiles {

	/**
	 * Each file's check, and the zip's note.
	 *
	 * @param string $format xero or myob.
	 * @param string $bytes  The download.
	 * @param string $name   Its file name.
	 * @return array{files: list<array{name: string, problems: list<string>, lines: int, sum_cents: int}>, readme: string|null}
	 */
	public static function check( string $format, string $bytes, string $name ): array {
		$files  = array();
		$readme = null;
		if ( ! str_starts_with( $bytes, "PK\x03\x04" ) ) {
			return array(
				'files'  => array( array( 'name' => $name ) + self::one( $format, $bytes ) ),
				'readme' => null,
			);
		}
		$path = tempnam( sys_get_temp_dir(), 'dw-zip' );
		file_put_contents( $path, $bytes );
		$zip = new \ZipArchive();
		if ( true !== $zip->open( $path ) ) {
			unlink( $path );
			return array(
				'files'  => array(
					array(
						'name'      => $name,
						'problems'  => array( 'Not a readable zip.' ),
						'lines'     => 0,
						'sum_cents' => 0,
					),
				),
				'readme' => null,
			);
		}
		$count = $zip->count();
		for ( $i = 0; $i < $count; $i++ ) {
			$entry = (string) $zip->getNameIndex( $i );
			$file  = (string) $zip->getFromIndex( $i );
			if ( 'README.txt' === $entry ) {
				$readme = $file;
				continue;
			}
			$files[] = array( 'name' => $entry ) + self::one( $format, $file );
		}
		$zip->close();
		unlink( $path );
		return array(
			'files'  => $files,
			'readme' => $readme,
		);
	}

	/**
	 * The command line: php check-import.php xero|myob FILE; prints the JSON of check().
	 *
	 * @param list<string> $args The arguments.
	 * @return int Exit status: 0 every file passes, 1 not, 2 bad usage.
	 */
	public static function cli( array $args ): int {
		$format = $args[1] ?? '';
		$path   = $args[2] ?? '';
		if ( ! in_array( $format, array( 'xero', 'myob' ), true ) || ! is_readable( $path ) ) {
			fwrite( STDERR, "usage: php check-import.php xero|myob FILE\n" );
			return 2;
		}
		$result = self::check( $format, (string) file_get_contents( $path ), basename( $path ) );
		echo json_encode( $result, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.WP.AlternativeFunctions.json_encode_json_encode -- JSON on a terminal, without WordPress.
		return array() === array_merge( array(), ...array_column( $result['files'], 'problems' ) ) ? 0 : 1;
	}

	/**
	 * One file's check.
	 *
	 * @param string $format xero or myob.
	 * @param string $bytes  The file.
	 * @return array{problems: list<string>, lines: int, sum_cents: int}
	 */
	private static function one( string $format, string $bytes ): array {
		return 'xero' === $format ? XeroImportChecker::check( $bytes ) : MyobImportChecker::check( $bytes );
	}
}

