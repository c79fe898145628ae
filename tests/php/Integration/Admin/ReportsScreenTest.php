<?php
/**
 * Donation Widget → Reports: who sees it, what the app is given, and where its script loads.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Reports\ReportsPage;
use DonationWidget\Admin\SettingsPage;

final class ReportsScreenTest extends AdminTestCase {

	/**
	 * The site's time zone before the test.
	 *
	 * @var mixed
	 */
	private mixed $timezone;

	protected function setUp(): void {
		parent::setUp();
		$this->timezone = get_option( 'timezone_string' );
	}

	protected function tearDown(): void {
		update_option( 'timezone_string', $this->timezone );
		wp_dequeue_script( ReportsPage::SCRIPT_HANDLE );
		wp_dequeue_style( ReportsPage::SCRIPT_HANDLE );
		parent::tearDown();
	}

	private function page(): ReportsPage {
		return $this->service( ReportsPage::class );
	}

	public function test_the_app_gets_the_sites_today_and_its_script_loads_on_this_screen_only(): void {
		update_option( 'timezone_string', 'Pacific/Kiritimati' );
		$this->log_in_as( 'administrator' );
		$this->service( SettingsPage::class )->add_menu();
		$this->page()->add_menu();
		$suffix = $this->page()->hook_suffix();
		$this->assertSame( 'donation-widget_page_' . ReportsPage::SLUG, $suffix );
		$this->assertTrue( wp_script_is( ReportsPage::SCRIPT_HANDLE, 'registered' ), 'npm run build makes build/reports.js' );

		foreach ( array( 'index.php', 'toplevel_page_donation-widget', 'donation-widget_page_donation-widget-statements' ) as $other ) {
			$this->page()->enqueue( $other );
		}
		$this->assertFalse( wp_script_is( ReportsPage::SCRIPT_HANDLE, 'enqueued' ) );
		$this->page()->enqueue( $suffix );
		$this->assertTrue( wp_script_is( ReportsPage::SCRIPT_HANDLE, 'enqueued' ) );
		$this->assertTrue( wp_style_is( ReportsPage::SCRIPT_HANDLE, 'enqueued' ) );

		$result = $this->run_stoppable( fn () => $this->page()->render() );
		$this->assertNull( $result['stop'] );
		$this->assertStringContainsString( '<h1>Reports</h1>', $result['output'] );
		// UTC+14: the site's day, which is often not the server's.
		$today = ( new \DateTimeImmutable( 'now', new \DateTimeZone( 'Pacific/Kiritimati' ) ) )->format( 'Y-m-d' );
		$this->assertStringContainsString( 'data-reports="{&quot;today&quot;:&quot;' . $today . '&quot;}"', $result['output'] );
	}

	public function test_an_editor_cannot_see_reports(): void {
		$this->log_in_as( 'editor' );
		$this->assertDied( 403, $this->run_stoppable( fn () => $this->page()->render() ) );
	}
}
