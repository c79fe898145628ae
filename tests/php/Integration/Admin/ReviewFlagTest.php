<?php
/**
 * A donation flagged for review says so in the list, the detail view and the CSV.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationsPage;

final class ReviewFlagTest extends AdminTestCase {

	use ExportRuns;

	private function screen( array $query = array() ): string {
		$_GET = wp_slash( array( 'page' => DonationsPage::SLUG ) + $query );
		set_current_screen( 'donation-widget_page_' . DonationsPage::SLUG );
		return $this->run_stoppable( fn () => $this->service( DonationsPage::class )->render() )['output'];
	}

	public function test_a_paid_capture_whose_captcha_failed_needs_review_everywhere_staff_look(): void {
		$this->log_in_as( 'administrator' );
		$flagged = $this->insert_donation(
			array(
				'first_name'    => 'Flagged',
				'provider'      => 'paypal',
				'method'        => 'paypal',
				'review_reason' => 'captcha_failed',
			)
		);
		$this->insert_donation( array( 'first_name' => 'Ordinary' ) );

		$list = $this->screen( array( 's' => $this->domain ) );
		$this->assertSame( 1, substr_count( $list, 'Needs review: reCAPTCHA failed' ) );

		$detail = $this->screen( array( 'donation' => (string) $flagged ) );
		$this->assertStringContainsString( '<strong class="donation-widget-needs-review">Needs review: reCAPTCHA failed</strong>', $detail );
		$this->assertStringContainsString( 'Succeeded', $detail );

		$csv    = $this->exported_csv();
		$lines  = array_map( static fn ( string $line ): array => str_getcsv( $line, ',', '"', '' ), explode( "\n", trim( substr( $csv, 3 ) ) ) );
		$head   = array_shift( $lines );
		$column = array_search( 'Review', $head, true );
		$this->assertIsInt( $column );
		$reviews = array_column( $lines, $column );
		sort( $reviews );
		$this->assertSame( array( '', 'Needs review: reCAPTCHA failed' ), $reviews );
	}

	public function test_a_paypal_capture_of_another_amount_is_found_by_the_needs_review_filter_with_its_reason(): void {
		$this->log_in_as( 'administrator' );
		$this->insert_donation(
			array(
				'first_name'         => 'Held',
				'status'             => 'review',
				'provider'           => 'paypal',
				'method'             => 'paypal',
				'provider_reference' => 'HELDCAPTURE000001',
				'review_reason'      => 'amount_mismatch',
				'failure_reason'     => 'amount_mismatch: PayPal captured 5.00 AUD; the donation is 52.50 AUD.',
			)
		);
		$this->insert_donation( array( 'first_name' => 'Ordinary' ) );

		$held = $this->screen(
			array(
				's'      => $this->domain,
				'status' => 'review',
			)
		);

		$this->assertStringContainsString( '<option value="review" selected', $held );
		$this->assertStringContainsString( 'Held', $held );
		$this->assertStringNotContainsString( 'Ordinary', $held );
		$this->assertStringContainsString( 'PayPal captured 5.00 AUD; the donation is 52.50 AUD.', $held );
		$this->assertStringContainsString( 'Needs review: the payment received is not the amount given', $held );
	}
}
