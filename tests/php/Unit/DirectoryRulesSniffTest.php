<?php
/**
 * The CI's own checks of the directory's rules (tests/phpcs/DonationWidgetDirectory) report what
 * they must and nothing else: the fixtures mark each line that must be reported with "bad".
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit;

use PHPUnit\Framework\TestCase;

final class DirectoryRulesSniffTest extends TestCase {

	/**
	 * Lines reported for one fixture, as "line:sniff".
	 *
	 * @param string $fixture File name under tests/phpcs/fixtures.
	 * @return list<string>
	 */
	private function reported( string $fixture ): array {
		$root   = dirname( __DIR__, 3 );
		$output = shell_exec( // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_shell_exec -- runs PHPCS, a local tool.
			escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( $root . '/vendor/bin/phpcs' )
			. ' --standard=' . escapeshellarg( $root . '/tests/phpcs/DonationWidgetDirectory' )
			. ' --report=json --extensions=inc ' . escapeshellarg( $root . '/tests/phpcs/fixtures/' . $fixture )
		);
		$report = json_decode( (string) $output, true );
		$this->assertIsArray( $report, (string) $output );
		$lines = array();
		foreach ( $report['files'] as $file ) {
			foreach ( $file['messages'] as $message ) {
				$lines[] = $message['line'] . ':' . $message['source'];
			}
		}
		sort( $lines, SORT_NATURAL );
		return $lines;
	}

	public function test_unescaped_exception_arguments_are_reported(): void {
		$this->assertSame(
			array(
				'4:DonationWidgetDirectory.Security.ExceptionEscaped.NotEscaped',
				'5:DonationWidgetDirectory.Security.ExceptionEscaped.NotEscaped',
				'6:DonationWidgetDirectory.Security.ExceptionEscaped.NotEscaped',
				'7:DonationWidgetDirectory.Security.ExceptionEscaped.NotEscaped',
			),
			$this->reported( 'exceptions.inc' )
		);
	}

	public function test_variables_in_sql_other_than_table_names_need_an_explained_ignore(): void {
		$this->assertSame(
			array(
				'9:DonationWidgetDirectory.DB.InterpolatedSql.Found',
				'10:DonationWidgetDirectory.DB.InterpolatedSql.Found',
				'11:DonationWidgetDirectory.DB.InterpolatedSql.Found',
				'13:DonationWidgetDirectory.Comments.ExplainedIgnore.NoReason',
			),
			$this->reported( 'queries.inc' )
		);
	}
}
