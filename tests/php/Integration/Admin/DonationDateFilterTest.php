<?php
/**
 * Donation Widget → Donations: a date filter that is not a day of the calendar is named, not
 * dropped unseen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationsPage;

final class DonationDateFilterTest extends AdminTestCase {

	/**
	 * The list's output for a query.
	 *
	 * @param array<string, mixed> $query Query arguments.
	 */
	private function list_screen( array $query ): string {
		$_GET = wp_slash( array( 'page' => DonationsPage::SLUG ) + $query );
		set_current_screen( 'donation-widget_page_' . DonationsPage::SLUG );
		$result = $this->run_stoppable( fn () => $this->service( DonationsPage::class )->render() );
		$this->assertNull( $result['stop'] );
		return html_entity_decode( $result['output'], ENT_QUOTES );
	}

	public function test_an_impossible_date_is_named_and_the_list_is_not_filtered_by_it(): void {
		$this->log_in_as( 'administrator' );
		$this->insert_donation();

		$page = $this->list_screen(
			array(
				'date_from' => '2026-02-30',
				'date_to'   => 'tomorrow',
			)
		);

		$this->assertStringContainsString( 'The From date "2026-02-30" is not a day of the calendar (enter a date such as 2026-02-28), so the list is not filtered by it.', $page );
		$this->assertStringContainsString( 'The To date "tomorrow" is not a day of the calendar', $page );
		$this->assertStringContainsString( '1 donation:', $page, 'The list is not filtered by the refused dates.' );
	}

	public function test_real_days_and_no_dates_say_nothing(): void {
		$this->log_in_as( 'administrator' );

		foreach ( array( array(), array( 'date_from' => '2024-02-29' ), array( 'date_to' => '' ) ) as $query ) {
			$this->assertStringNotContainsString( 'is not a day of the calendar', $this->list_screen( $query ), (string) wp_json_encode( $query ) );
		}
	}
}
