<?php
/**
 * GET …/reports and …/reports.csv: the contract the Reports screen reads, who may read it, and
 * a clear 400 for every bad parameter.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Reports;

use DonationWidget\Admin\Reports\ReportsRestController;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\LocalDays;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class ReportsRestTest extends PaymentTestCase {

	private const ROUTE = '/donation-widget/v1/reports';

	private function paid( array $form, int $fee = 0 ): int {
		$repository = $this->service( DonationRepository::class );
		$donation   = $repository->create( wp_generate_uuid4(), DonationForm::from_json( $this->form_data( $form ) ), 'stripe', 'card', 'http://127.0.0.1:8891/donate/' );
		$this->assertNotNull( $donation );
		$this->assertTrue( $repository->move( $donation->id(), DonationStatus::SUCCEEDED ) );
		if ( $fee > 0 ) {
			$repository->record_amounts( $donation->id(), array( 'fee_cents' => $fee ) );
		}
		return $donation->total_cents();
	}

	public function test_staff_read_the_report_in_the_agreed_shape(): void {
		update_option( 'timezone_string', 'Australia/Sydney' );
		update_option( 'start_of_week', 1 );
		$this->log_in_as( 'administrator' );
		$today = LocalDays::today();
		$first = substr( $today, 0, 7 ) . '-01';
		$month = $this->rest(
			'GET',
			self::ROUTE,
			array(
				'from' => $first,
				'to'   => $today,
			)
		);
		$this->assertSame( 200, $month->get_status() );
		$before = $month->get_data()['totals'];

		$gross  = $this->paid( array( 'utm_source' => 'newsletter' ), 150 );
		$gross += $this->paid( array( 'utm_source' => '' ) );

		$data = $this->rest(
			'GET',
			self::ROUTE,
			array(
				'from' => $first,
				'to'   => $today,
			)
		)->get_data();
		$this->assertSame( array( 'currency', 'from', 'to', 'interval', 'group', 'rows', 'totals', 'recurring', 'csv_url' ), array_keys( $data ) );
		$this->assertSame( array( 'AUD', $first, $today, 'month', 'period' ), array( $data['currency'], $data['from'], $data['to'], $data['interval'], $data['group'] ) );
		$this->assertCount( 1, $data['rows'] );
		$this->assertSame( substr( $today, 0, 7 ), $data['rows'][0]['key'] );
		$this->assertSame( wp_date( 'F Y' ), $data['rows'][0]['label'] );
		$this->assertSame( array( 'key', 'label', 'donations', 'gross_cents', 'refunded_cents', 'fee_cents', 'dispute_lost_cents', 'net_cents', 'kept_cents', 'cover_cents', 'average_cents' ), array_keys( $data['rows'][0] ) );
		$this->assertSame( $before['donations'] + 2, $data['totals']['donations'] );
		$this->assertSame( $before['gross_cents'] + $gross, $data['totals']['gross_cents'] );
		$this->assertSame( $before['fee_cents'] + 150, $data['totals']['fee_cents'] );
		$this->assertSame( $data['totals']['gross_cents'] - $data['totals']['refunded_cents'] - $data['totals']['fee_cents'] - $data['totals']['dispute_lost_cents'], $data['totals']['net_cents'] );
		$this->assertSame( $data['totals']['gross_cents'] - $data['totals']['refunded_cents'] - $data['totals']['dispute_lost_cents'], $data['totals']['kept_cents'] );
		$this->assertSame( array( 'active', 'new', 'cancelled', 'failed', 'recovered' ), array_keys( $data['recurring'] ) );
		$this->assertStringContainsString( '/donation-widget/v1/reports.csv', $data['csv_url'] );
		$this->assertStringContainsString( '_wpnonce=', $data['csv_url'] );

		// Every day of the period appears, those without gifts at zero.
		$days = $this->rest(
			'GET',
			self::ROUTE,
			array(
				'from'     => $first,
				'to'       => $today,
				'interval' => 'day',
			)
		)->get_data();
		$this->assertCount( (int) substr( $today, 8, 2 ), $days['rows'] );
		$this->assertSame( $data['totals'], $days['totals'] );

		// Weeks start on the site's first day of the week: 3 Nov 2026 was a Tuesday.
		$weeks = $this->rest(
			'GET',
			self::ROUTE,
			array(
				'from'     => '2026-11-03',
				'to'       => '2026-11-16',
				'interval' => 'week',
			)
		)->get_data();
		$this->assertSame( array( '2026-11-02', '2026-11-09', '2026-11-16' ), array_column( $weeks['rows'], 'key' ) );
		$this->assertSame( 'Week of 2 Nov 2026', $weeks['rows'][0]['label'] );

		// By UTM source: the largest gross first, no source as "(none)".
		$sources = $this->rest(
			'GET',
			self::ROUTE,
			array(
				'from'  => $first,
				'to'    => $today,
				'group' => 'utm_source',
			)
		)->get_data();
		$gross   = array_column( $sources['rows'], 'gross_cents' );
		$sorted  = $gross;
		rsort( $sorted );
		$this->assertSame( $sorted, $gross );
		$labels = array_column( $sources['rows'], 'label', 'key' );
		$this->assertSame( '(none)', $labels[''] );
		$this->assertSame( 'newsletter', $labels['newsletter'] );

		// By method: named as on the donation screens, the stored method the key.
		$methods = $this->rest(
			'GET',
			self::ROUTE,
			array(
				'from'  => $first,
				'to'    => $today,
				'group' => 'method',
			)
		)->get_data();
		$this->assertSame( 'Card', array_column( $methods['rows'], 'label', 'key' )['card'] );
		$csv = $this->rest(
			'GET',
			self::ROUTE . '.csv',
			array(
				'from'  => $first,
				'to'    => $today,
				'group' => 'method',
			)
		);
		$this->assertContains( array( 'Card', 'card' ), array_map( static fn ( string $line ): array => array_slice( str_getcsv( $line, ',', '"', '' ), 0, 2 ), explode( "\n", trim( (string) $csv->get_data() ) ) ) );
	}

	public function test_every_bad_parameter_is_a_400_that_says_what_is_wrong(): void {
		$this->log_in_as( 'administrator' );
		$cases = array(
			'from is required'              => array( array( 'to' => '2026-11-01' ), 'The parameter from is required.' ),
			'not a date'                    => array(
				array(
					'from' => '1/11/2026',
					'to'   => '2026-11-30',
				),
				'The parameter from must be a date written YYYY-MM-DD (got "1/11/2026").',
			),
			'no 31 November'                => array(
				array(
					'from' => '2026-11-01',
					'to'   => '2026-11-31',
				),
				'The parameter to is not a day of the calendar (got "2026-11-31"): check the day and the month.',
			),
			'no 30 February'                => array(
				array(
					'from' => '2026-02-30',
					'to'   => '2026-03-02',
				),
				'The parameter from is not a day of the calendar (got "2026-02-30"): check the day and the month.',
			),
			'a trailing newline'            => array(
				array(
					'from' => "2026-11-01\n",
					'to'   => '2026-11-02',
				),
				'The parameter from must be a date written YYYY-MM-DD (got "2026-11-01").',
			),
			'ends before it starts'         => array(
				array(
					'from' => '2026-11-02',
					'to'   => '2026-11-01',
				),
				'The period ends before it starts: "to" must be on or after "from".',
			),
			'more than ten years'           => array(
				array(
					'from' => '2000-01-01',
					'to'   => '2026-11-01',
				),
				'The period is too long: a report covers at most 3660 days.',
			),
			'an interval the report lacks'  => array(
				array(
					'from'     => '2026-11-01',
					'to'       => '2026-11-02',
					'interval' => 'year',
				),
				'The parameter interval must be one of: day, week, month.',
			),
			'a grouping the report lacks'   => array(
				array(
					'from'  => '2026-11-01',
					'to'    => '2026-11-02',
					'group' => 'email',
				),
				'The parameter group must be one of: period, campaign, utm_source, utm_campaign, method, frequency.',
			),
			'an array where text should be' => array(
				array(
					'from' => array( '2026-11-01' ),
					'to'   => '2026-11-02',
				),
				'The parameter from must be text.',
			),
		);
		foreach ( array( self::ROUTE, self::ROUTE . '.csv' ) as $route ) {
			foreach ( $cases as $name => list( $params, $message ) ) {
				$response = $this->rest( 'GET', $route, $params );
				$this->assertSame( 400, $response->get_status(), "{$route}: {$name}" );
				$this->assertSame( $message, $response->get_data()['message'] ?? '', "{$route}: {$name}" );
			}
		}
	}

	public function test_only_staff_who_may_see_donations_read_reports(): void {
		$params = array(
			'from' => '2026-11-01',
			'to'   => '2026-11-02',
		);
		$this->assertSame( 401, $this->rest( 'GET', self::ROUTE, $params )->get_status() );
		$this->assertSame( 401, $this->rest( 'GET', self::ROUTE . '.csv', $params )->get_status() );
		$this->log_in_as( 'editor' );
		$this->assertSame( 403, $this->rest( 'GET', self::ROUTE, $params )->get_status() );
		$this->assertSame( 403, $this->rest( 'GET', self::ROUTE . '.csv', $params )->get_status() );
	}

	public function test_the_csv_has_the_same_figures_and_no_cell_a_spreadsheet_would_run(): void {
		$this->log_in_as( 'administrator' );
		$today = LocalDays::today();
		$this->paid( array( 'utm_source' => '=HYPERLINK("http://evil.example","x")' ), 99 );
		$params = array(
			'from'  => $today,
			'to'    => $today,
			'group' => 'utm_source',
		);
		$json   = $this->rest( 'GET', self::ROUTE, $params )->get_data();
		$csv    = $this->rest( 'GET', self::ROUTE . '.csv', $params );
		$this->assertSame( 200, $csv->get_status() );
		$this->assertSame( 'text/csv; charset=utf-8', $csv->get_headers()['Content-Type'] );
		$this->assertStringContainsString( 'attachment; filename="donation-report-' . $today . '-to-' . $today . '.csv"', $csv->get_headers()['Content-Disposition'] );
		$lines = array_map( static fn ( string $line ): array => str_getcsv( $line, ',', '"', '' ), explode( "\n", trim( (string) $csv->get_data() ) ) );
		$this->assertSame( array( 'Period or group', 'Key', 'Donations', 'Gross (AUD)', 'Refunded (AUD)', 'Fees (AUD)', 'Disputes lost (AUD)', 'Net (AUD)', 'Cover (AUD)', 'Average gift (AUD)' ), $lines[0] );
		$this->assertCount( count( $json['rows'] ) + 2, $lines );
		$evil = array_values( array_filter( $lines, static fn ( array $line ): bool => str_contains( $line[1], 'HYPERLINK' ) ) );
		$this->assertCount( 1, $evil );
		$this->assertSame( "'=HYPERLINK(\"http://evil.example\",\"x\")", $evil[0][1], 'the cell starts with an apostrophe, so it stays text' );
		$total = end( $lines );
		$this->assertSame( 'Total', $total[0] );
		$this->assertSame( (string) $json['totals']['donations'], $total[2] );
		$this->assertSame( sprintf( '%d.%02d', intdiv( $json['totals']['net_cents'], 100 ), $json['totals']['net_cents'] % 100 ), $total[7] );

		// Served as the file itself, not as a JSON string.
		$request = new \WP_REST_Request( 'GET', '/donation-widget/v1/reports.csv' );
		ob_start();
		$served = ReportsRestController::serve_csv( false, $csv, $request );
		$body   = (string) ob_get_clean();
		$this->assertTrue( $served );
		$this->assertSame( $csv->get_data(), $body );
	}
}
