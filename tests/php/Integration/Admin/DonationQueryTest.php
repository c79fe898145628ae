<?php
/**
 * The donations list: search, filters, sort order, pages and totals.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationQuery;
use DonationWidget\Donations\Donation;

final class DonationQueryTest extends AdminTestCase {

	private function query(): DonationQuery {
		return $this->service( DonationQuery::class );
	}

	/**
	 * Filters scoped to this test's rows (their email domain), plus the given request values.
	 *
	 * @param array $request Query arguments, as the list's form sends them.
	 */
	private function filters( array $request = array() ): DonationFilters {
		return DonationFilters::from_request( $request + array( 's' => $this->domain ) );
	}

	/**
	 * Ids of a page of results.
	 *
	 * @param DonationFilters $filters Filters.
	 * @param int             $per_page Rows per page.
	 * @param int             $page     Page.
	 * @return list<int>
	 */
	private function ids( DonationFilters $filters, int $per_page = 100, int $page = 1 ): array {
		return array_map( static fn ( Donation $donation ): int => $donation->id(), $this->query()->page( $filters, $per_page, $page ) );
	}

	public function test_search_finds_donors_by_name_email_organisation_and_reference(): void {
		$jane  = $this->insert_donation(
			array(
				'first_name' => 'Jane',
				'last_name'  => 'Citizen',
				'email'      => $this->email( 'jane' ),
			)
		);
		$omar  = $this->insert_donation(
			array(
				'first_name' => 'Omar',
				'last_name'  => 'Haddad',
				'email'      => $this->email( 'o.haddad' ),
			)
		);
		$org   = $this->insert_donation(
			array(
				'organisation_name' => 'Wattle Rotary Club',
				'donate_as'         => 'organisation',
				'first_name'        => 'Lee',
				'last_name'         => 'Ng',
				'email'             => $this->email( 'lee' ),
			)
		);
		$other = $this->insert_donation(
			array(
				'first_name'         => 'Zed',
				'last_name'          => 'Other',
				'email'              => $this->email( 'zed' ),
				'provider_reference' => 'ch_unique' . $this->domain,
			)
		);

		$search = fn ( string $text ): array => $this->ids( DonationFilters::from_request( array( 's' => $text ) ) );
		$this->assertContains( $omar, $search( 'Omar Haddad' ) );
		$this->assertContains( $omar, $search( 'o.haddad@' . $this->domain ) );
		$this->assertSame( array( $jane ), array_values( array_intersect( array( $jane, $omar, $org, $other ), $search( 'jane@' . $this->domain ) ) ) );
		$this->assertContains( $org, $search( 'Wattle Rotary' ) );
		$this->assertSame( array( $other ), $search( 'ch_unique' . $this->domain ) );
		$this->assertSame( array( $jane ), $search( $this->receipt_number_of( $jane ) ) );
		$this->assertSame( array( $jane ), $search( '#' . $jane ) );
	}

	public function test_a_search_for_percent_or_underscore_matches_them_literally(): void {
		$this->insert_donation( array( 'first_name' => 'Ann' ) );

		$this->assertSame( array(), $this->ids( DonationFilters::from_request( array( 's' => '%' . $this->domain ) ) ) );
		$this->assertSame( array(), $this->ids( DonationFilters::from_request( array( 's' => '_' . substr( $this->domain, 1 ) ) ) ) );
	}

	public function test_filters_by_status_frequency_and_method(): void {
		$card    = $this->insert_donation( array( 'method' => 'card' ) );
		$gpay    = $this->insert_donation( array( 'method' => 'google_pay' ) );
		$failed  = $this->insert_donation(
			array(
				'status'         => 'failed',
				'failure_reason' => 'card_declined: Your card was declined.',
			)
		);
		$monthly = $this->insert_donation(
			array(
				'frequency'       => '4weekly',
				'subscription_id' => 'sub_q' . wp_generate_password(
					8,
					false
				),
			)
		);

		$this->assertSame( array( $failed ), $this->ids( $this->filters( array( 'status' => 'failed' ) ) ) );
		$this->assertSame( array( $monthly ), $this->ids( $this->filters( array( 'frequency' => '4weekly' ) ) ) );
		$this->assertSame( array( $gpay ), $this->ids( $this->filters( array( 'method' => 'google_pay' ) ) ) );
		$this->assertSame( array( $monthly, $failed, $card ), $this->ids( $this->filters( array( 'method' => 'card' ) ) ) );
		$this->assertContains( 'google_pay', $this->query()->methods() );
	}

	public function test_a_date_range_is_read_in_the_site_time_zone(): void {
		update_option( 'timezone_string', 'Australia/Sydney' );
		// 13:30 UTC on 1 March is 00:30 on 2 March in Sydney (AEDT, UTC+11).
		$march_2 = $this->insert_donation( array( 'created_at' => '2026-03-01 13:30:00' ) );
		$march_1 = $this->insert_donation( array( 'created_at' => '2026-03-01 12:30:00' ) );
		$later   = $this->insert_donation( array( 'created_at' => '2026-04-15 02:00:00' ) );

		$this->assertSame(
			array( $march_2 ),
			$this->ids(
				$this->filters(
					array(
						'date_from' => '2026-03-02',
						'date_to'   => '2026-03-02',
					)
				)
			)
		);
		$this->assertSame( array( $march_1 ), $this->ids( $this->filters( array( 'date_to' => '2026-03-01' ) ) ) );
		$this->assertSame( array( $later, $march_2 ), $this->ids( $this->filters( array( 'date_from' => '2026-03-02' ) ) ) );
		// Typed backwards, a range still means the days between the two dates.
		$this->assertSame(
			array( $march_2, $march_1 ),
			$this->ids(
				$this->filters(
					array(
						'date_from' => '2026-03-31',
						'date_to'   => '2026-03-01',
					)
				)
			)
		);
	}

	public function test_totals_count_every_match_and_sum_succeeded_aud_only(): void {
		$this->insert_donation( array( 'total_cents' => 5000 ) );
		$this->insert_donation( array( 'total_cents' => 12550 ) );
		$this->insert_donation(
			array(
				'total_cents' => 2000,
				'status'      => 'failed',
			)
		);
		$this->insert_donation(
			array(
				'total_cents' => 7000,
				'status'      => 'refunded',
			)
		);
		$this->insert_donation(
			array(
				'total_cents' => 9900,
				'currency'    => 'NZD',
			)
		);

		$this->assertSame(
			array(
				'count'           => 5,
				'succeeded_count' => 2,
				'succeeded_cents' => 17550,
			),
			$this->query()->totals( $this->filters() )
		);
		$this->assertSame( 1, $this->query()->totals( $this->filters( array( 'status' => 'failed' ) ) )['count'] );
		$this->assertSame( 0, $this->query()->totals( $this->filters( array( 'status' => 'failed' ) ) )['succeeded_cents'] );
	}

	public function test_sorts_by_date_amount_and_status_and_pages(): void {
		$small  = $this->insert_donation(
			array(
				'total_cents' => 1000,
				'created_at'  => self::days_ago( 3 ),
			)
		);
		$large  = $this->insert_donation(
			array(
				'total_cents' => 90000,
				'created_at'  => self::days_ago( 1 ),
			)
		);
		$medium = $this->insert_donation(
			array(
				'total_cents' => 5000,
				'created_at'  => self::days_ago( 2 ),
				'status'      => 'failed',
			)
		);

		$this->assertSame( array( $large, $medium, $small ), $this->ids( $this->filters() ), 'newest first by default' );
		$this->assertSame(
			array( $small, $medium, $large ),
			$this->ids(
				$this->filters(
					array(
						'orderby' => 'date',
						'order'   => 'asc',
					)
				)
			)
		);
		$this->assertSame(
			array( $small, $medium, $large ),
			$this->ids(
				$this->filters(
					array(
						'orderby' => 'amount',
						'order'   => 'asc',
					)
				)
			)
		);
		$this->assertSame( array( $large, $medium, $small ), $this->ids( $this->filters( array( 'orderby' => 'amount' ) ) ) );
		$this->assertSame(
			$medium,
			$this->ids(
				$this->filters(
					array(
						'orderby' => 'status',
						'order'   => 'asc',
					)
				)
			)[0]
		);

		$this->assertSame( array( $large, $medium ), $this->ids( $this->filters(), 2, 1 ) );
		$this->assertSame( array( $small ), $this->ids( $this->filters(), 2, 2 ) );
	}

	public function test_values_that_are_not_allowed_are_dropped(): void {
		$filters = DonationFilters::from_request(
			array(
				's'         => array( 'not', 'text' ),
				'status'    => "succeeded' OR 1=1 --",
				'frequency' => 'weekly',
				'method'    => 'card; DROP TABLE',
				'date_from' => '2026-02-30',
				'date_to'   => 'yesterday',
				'orderby'   => 'email',
				'order'     => 'sideways',
			)
		);

		$this->assertEquals( new DonationFilters(), $filters );
		$this->assertFalse( $filters->is_filtered() );
		$this->assertSame( array(), $filters->query_args() );
	}
}
