<?php
/**
 * The domain-cycle rule, run by PHPStan as CI runs it, over small folders made for it
 * (tests/php/Architecture/fixtures/domain-cycles): it reports each cycle with the lines that
 * make it, and nothing where uses point one way.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Architecture;

use PHPUnit\Framework\TestCase;

final class NoDomainCyclesTest extends TestCase {

	private const FIXTURES = 'tests/php/Architecture/fixtures/domain-cycles';

	/**
	 * The rule's errors for some fixture folders, as "file:line message".
	 *
	 * @param list<string> $folders Folders under the fixtures.
	 * @return list<string>
	 */
	private function reported( array $folders ): array {
		$root  = dirname( __DIR__, 4 );
		$work  = sys_get_temp_dir() . '/donation-widget-domain-cycles-' . md5( $root );
		$neon  = $work . '/rule.neon';
		$paths = array_map( static fn ( string $folder ): string => escapeshellarg( $root . '/' . self::FIXTURES . '/' . $folder ), $folders );
		if ( ! is_dir( $work ) ) {
			mkdir( $work, 0700, true );
		}
		// Only the rule: the fixtures are not the plugin, so neither its level nor phpat apply.
		file_put_contents(
			$neon,
			"parameters:\n\tlevel: 0\n\ttmpDir: " . $work . "/cache\n\tfileExtensions:\n\t\t- inc\n"
			. "services:\n"
			. "\t-\n\t\tclass: DonationWidget\\Tests\\Architecture\\DomainDependencies\n\t\ttags:\n\t\t\t- phpstan.collector\n"
			. "\t-\n\t\tclass: DonationWidget\\Tests\\Architecture\\NoDomainCycles\n\t\ttags:\n\t\t\t- phpstan.rules.rule\n"
		);
		$output = shell_exec( // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_shell_exec -- runs PHPStan, a local tool.
			'cd ' . escapeshellarg( $root ) . ' && ' . escapeshellarg( PHP_BINARY ) . ' vendor/bin/phpstan analyse --no-progress --memory-limit=1G --error-format=json -c '
			. escapeshellarg( $neon ) . ' ' . implode( ' ', $paths ) . ' 2>/dev/null'
		);
		$report = json_decode( (string) $output, true );
		$this->assertIsArray( $report, (string) $output );
		$this->assertSame( array(), $report['errors'], 'PHPStan itself ran cleanly' );
		$errors = array();
		foreach ( $report['files'] as $file => $found ) {
			foreach ( $found['messages'] as $message ) {
				// PHPStan's own level-0 checks (a class outside the folders given) are not the rule's.
				if ( 'donationWidget.domainCycle' !== ( $message['identifier'] ?? '' ) ) {
					continue;
				}
				$errors[] = substr( $file, strlen( $root . '/' . self::FIXTURES . '/' ) ) . ':' . $message['line'] . ' ' . $message['message'];
			}
		}
		sort( $errors );
		return $errors;
	}

	public function test_each_cycle_is_reported_with_the_uses_that_make_it(): void {
		$errors = $this->reported( array( 'Left', 'Right', 'Below', 'Admin' ) );

		$this->assertCount( 2, $errors, implode( "\n", $errors ) );
		// An admin screen's folder is a node of its own: two screens naming each other are a cycle.
		$this->assertStringStartsWith( 'Admin/One/OnePage.inc:6 Domains form a cycle: Admin\One → Admin\Two → Admin\One. ', $errors[0] );
		$this->assertStringContainsString( 'Admin\One uses Admin\Two\TwoPage (', $errors[0], 'a fully-qualified name in code' );
		$this->assertStringContainsString( 'Admin\Two uses Admin\One\OnePage (', $errors[0], 'a use statement' );
		$this->assertStringStartsWith( 'Left/Ledger.inc:5 Domains form a cycle: Left → Right → Left. ', $errors[1] );
		$this->assertStringContainsString( 'Left uses Right\Tally (', $errors[1] );
		$this->assertMatchesRegularExpression( '#Right uses Left\\\\Entry \(\S*Right/Tally\.inc:8\)#', $errors[1], 'a docblock\'s fully-qualified name, on its line' );
		$this->assertStringNotContainsString( 'Below', implode( "\n", $errors ), 'a use one way only is no cycle' );
	}

	public function test_folders_that_use_each_other_one_way_form_no_cycle(): void {
		$this->assertSame( array(), $this->reported( array( 'Left', 'Below', 'Admin/One' ) ) );
	}
}
