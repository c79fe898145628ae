<?php
/**
 * The dashboard's donors this month, the recurring income's donors and a search's count, sums
 * and pages are read from state kept on write (donor_last_gifts, subscriptions.donor_email, the
 * donations' search_* keys) instead of the rows: each is compared here with the query it
 * replaced, after every kind of write that can change it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Dashboard\DonationsSummaryWidget;
use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationQuery;
use DonationWidget\Admin\Donations\DonationSearch;
use DonationWidget\Admin\Subscriptions\SubscriptionQuery;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Privacy\DonorDataEraser;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in DonationSearch's union; the reference queries of the test, on the plugin's own tables.

final class ExactSummariesTest extends AdminTestCase {

	/**
	 * The recurring income as the join over the first donations counted it (schema 11).
	 *
	 * @return array{count: int, cents: int, donors: int}
	 */
	private function joined_recurring_income(): array {
		global $wpdb;
		$row = $wpdb->get_row(
			$wpdb->prepare(
				'SELECT COUNT(*) AS running, COALESCE(SUM(s.amount_cents), 0) AS cents, COUNT(DISTINCT NULLIF(LOWER(d.email), \'\')) AS donors FROM '
				. Schema::table( 'subscriptions' ) . ' s LEFT JOIN ' . Schema::table( 'donations' ) . ' d ON d.id = s.donation_id WHERE s.status = %s',
				SubscriptionRepository::ACTIVE
			),
			ARRAY_A
		);
		return array(
			'count'  => (int) $row['running'],
			'cents'  => (int) $row['cents'],
			'donors' => (int) $row['donors'],
		);
	}

	private function assert_recurring_income_exact( string $when ): void {
		$this->assertSame( $this->joined_recurring_income(), $this->service( SubscriptionQuery::class )->recurring_income(), $when );
	}

	public function test_recurring_donors_match_the_join_after_each_start_cancel_and_erasure(): void {
		$subscriptions = $this->service( SubscriptionRepository::class );
		$this->assert_recurring_income_exact( 'before' );
		$before = $this->service( SubscriptionQuery::class )->recurring_income();

		$first = $this->insert_donation(
			array(
				'frequency' => '4weekly',
				'email'     => $this->email( 'Mixed.Case' ),
			)
		);
		$sub_a = 'sub_exact_a' . wp_generate_password( 8, false );
		$subscriptions->start( $sub_a, 'cus_exact', $first, 2500 );
		$this->assert_recurring_income_exact( 'started (incomplete)' );
		$subscriptions->activate( $sub_a );
		$this->assert_recurring_income_exact( 'activated' );

		// The same donor again, in another case: still one donor.
		$again = $this->insert_donation(
			array(
				'frequency' => '4weekly',
				'email'     => strtoupper( $this->email( 'Mixed.Case' ) ),
			)
		);
		$sub_b = 'sub_exact_b' . wp_generate_password( 8, false );
		$subscriptions->start( $sub_b, 'cus_exact', $again, 1500 );
		$subscriptions->activate( $sub_b );
		$this->assert_recurring_income_exact( 'a second subscription of the same donor' );
		$after = $this->service( SubscriptionQuery::class )->recurring_income();
		$this->assertSame( array( 2, 4000, 1 ), array( $after['count'] - $before['count'], $after['cents'] - $before['cents'], $after['donors'] - $before['donors'] ) );

		// Another donor, then one of the first donor's subscriptions cancelled.
		$other = $this->insert_donation(
			array(
				'frequency' => '4weekly',
				'email'     => $this->email( 'other' ),
			)
		);
		$sub_c = 'sub_exact_c' . wp_generate_password( 8, false );
		$subscriptions->start( $sub_c, 'cus_other', $other, 1000 );
		$subscriptions->activate( $sub_c );
		$subscriptions->cancel( $sub_a );
		$this->assert_recurring_income_exact( 'one cancelled' );
		$subscriptions->change_amount( $sub_b, 3000 );
		$this->assert_recurring_income_exact( 'an amount changed' );

		// Erasing the donor anonymises their first donations' email: the count follows it.
		$this->service( DonorDataEraser::class )->erase( $this->email( 'other' ) );
		$this->assert_recurring_income_exact( 'after an erasure' );
		global $wpdb;
		$this->assertSame(
			strtolower( (string) $wpdb->get_var( $wpdb->prepare( 'SELECT email FROM ' . Schema::table( 'donations' ) . ' WHERE id = %d', $other ) ) ),
			$wpdb->get_var( $wpdb->prepare( 'SELECT donor_email FROM ' . Schema::table( 'subscriptions' ) . ' WHERE subscription_id = %s', $sub_c ) ),
			'the subscription carries the anonymised address, as the join read it'
		);

		// A subscription whose first donation is unknown counts no donor, as the LEFT JOIN did.
		$sub_d = 'sub_exact_d' . wp_generate_password( 8, false );
		$subscriptions->start( $sub_d, 'cus_none', 999999999, 700 );
		$subscriptions->activate( $sub_d );
		$this->assert_recurring_income_exact( 'a subscription without its first donation' );
	}

	/**
	 * Running subscriptions whose latest donation failed, as a look-up per subscription counted
	 * them (schema 11).
	 */
	private function looked_up_past_due(): int {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		return (int) $wpdb->get_var(
			$wpdb->prepare(
				'SELECT COUNT(*) FROM ' . Schema::table( 'subscriptions' ) . " s WHERE s.status = %s
				AND (SELECT l.status FROM {$donations} l WHERE l.subscription_id = s.subscription_id ORDER BY l.id DESC LIMIT 1) = %s",
				'active',
				'failed'
			)
		);
	}

	private function assert_past_due_exact( string $when ): int {
		$counts = $this->service( SubscriptionQuery::class )->counts();
		$this->assertSame( $this->looked_up_past_due(), $counts['past_due'], $when );
		$this->assertSame( $counts[''] - $counts['past_due'] - $counts['cancelled'] - $counts['incomplete'], $counts['active'], $when );
		return $counts['past_due'];
	}

	public function test_past_due_matches_the_latest_payment_after_renewals_retries_and_late_ids(): void {
		$donations     = $this->service( DonationRepository::class );
		$subscriptions = $this->service( SubscriptionRepository::class );
		$start         = $this->assert_past_due_exact( 'before' );

		// The checkout writes the first donation, then learns its subscription id.
		$form = $this->insert_donation(
			array(
				'frequency' => '4weekly',
				'status'    => 'pending',
				'email'     => $this->email( 'renewing' ),
			)
		);
		$sub  = 'sub_due' . wp_generate_password( 8, false );
		$subscriptions->start( $sub, 'cus_due', $form, 2000 );
		$donations->update( $form, array( 'subscription_id' => $sub ) );
		$this->assertTrue( $donations->move( $form, 'succeeded' ) );
		$subscriptions->activate( $sub );
		$this->assertSame( $start, $this->assert_past_due_exact( 'paid' ) );

		// A renewal fails: past due. Its retry succeeds: active again.
		$first   = $donations->find( $form );
		$renewal = $donations->create_renewal(
			$first,
			'invoice:in_due' . wp_generate_password( 8, false ),
			array(
				'status'       => 'failed',
				'amount_cents' => 2000,
				'total_cents'  => 2000,
			)
		);
		$this->assertNotNull( $renewal );
		$this->assertSame( $start + 1, $this->assert_past_due_exact( 'renewal failed' ) );
		$this->assertTrue( $donations->move( $renewal->id(), 'succeeded' ) );
		$this->assertSame( $start, $this->assert_past_due_exact( 'retry succeeded' ) );

		// The next renewal fails, then the subscription is cancelled: no longer past due.
		$donations->create_renewal(
			$first,
			'invoice:in_due2' . wp_generate_password( 8, false ),
			array(
				'status'       => 'failed',
				'amount_cents' => 2000,
				'total_cents'  => 2000,
			)
		);
		$this->assertSame( $start + 1, $this->assert_past_due_exact( 'second renewal failed' ) );
		$subscriptions->cancel( $sub );
		$this->assertSame( $start, $this->assert_past_due_exact( 'cancelled' ) );

		// The daily safety net puts back what a request that died before its refresh left stale.
		global $wpdb;
		$other = 'sub_due_other' . wp_generate_password( 8, false );
		$subscriptions->start( $other, 'cus_due', $form, 2000 );
		$subscriptions->activate( $other );
		$this->insert_donation(
			array(
				'frequency'       => '4weekly',
				'subscription_id' => $other,
				'status'          => 'failed',
				'email'           => $this->email( 'renewing' ),
			)
		);
		$wpdb->update( Schema::table( 'subscriptions' ), array( 'latest_status' => 'succeeded' ), array( 'subscription_id' => $other ) );
		do_action( DonationTotals::SAFETY_NET_HOOK ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the plugin's own hook (donation_widget_…), through its constant.
		$this->assertSame( $start + 1, $this->assert_past_due_exact( 'after the safety net' ) );
	}

	/**
	 * This month's donors as the dashboard counted them from the rows (schema 11).
	 */
	private function counted_month_donors(): int {
		global $wpdb;
		return (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT COUNT(DISTINCT NULLIF(LOWER(email), '')) FROM " . Schema::table( 'donations' ) . ' WHERE status = %s AND created_at >= %s AND currency = %s',
				'succeeded',
				get_gmt_from_date( wp_date( 'Y-m-01' ) . ' 00:00:00' ),
				'AUD'
			)
		);
	}

	private function assert_month_donors_exact( string $when ): int {
		$donors = $this->service( DonationsSummaryWidget::class )->numbers()['month_donors'];
		$this->assertSame( $this->counted_month_donors(), $donors, $when );
		return $donors;
	}

	public function test_this_months_donors_match_the_rows_after_gifts_refunds_and_an_erasure(): void {
		$donations = $this->service( DonationRepository::class );
		$start     = $this->assert_month_donors_exact( 'before' );

		$jane = $this->insert_donation( array( 'email' => $this->email( 'Jane' ) ) );
		$this->assertSame( $start + 1, $this->assert_month_donors_exact( 'a new donor' ) );
		$this->insert_donation( array( 'email' => strtoupper( $this->email( 'jane' ) ) ) );
		$this->assertSame( $start + 1, $this->assert_month_donors_exact( 'the same donor again, in capitals' ) );
		$this->insert_donation(
			array(
				'email'  => $this->email( 'failed' ),
				'status' => 'failed',
			)
		);
		$this->insert_donation(
			array(
				'email'    => $this->email( 'kiwi' ),
				'currency' => 'NZD',
			)
		);
		$old = $this->insert_donation(
			array(
				'email'      => $this->email( 'lastyear' ),
				'created_at' => self::days_ago( 400 ),
			)
		);
		$this->assertSame( $start + 1, $this->assert_month_donors_exact( 'failed, NZD and old gifts count no one' ) );

		// A donation that succeeds later (pending, then succeeded) counts when it succeeds.
		$later = $this->insert_donation(
			array(
				'email'  => $this->email( 'later' ),
				'status' => 'pending',
			)
		);
		$this->assert_month_donors_exact( 'pending' );
		$this->assertTrue( $donations->move( $later, 'succeeded' ) );
		$this->assertSame( $start + 2, $this->assert_month_donors_exact( 'succeeded later' ) );

		// A refund of a donor's only gift this month takes them off; one of two does not.
		$this->assertTrue( $donations->move( $later, 'refunded' ) );
		$this->assertSame( $start + 1, $this->assert_month_donors_exact( 'only gift refunded' ) );
		$this->assertTrue( $donations->move( $jane, 'refunded' ) );
		$this->assertSame( $start + 1, $this->assert_month_donors_exact( 'one of two gifts refunded' ) );
		$this->assertTrue( $donations->move( $old, 'refunded' ) );
		$this->assert_month_donors_exact( 'an old gift refunded' );

		// An erasure gives the rows another address: counted as the rows now say.
		$this->service( DonorDataEraser::class )->erase( strtoupper( $this->email( 'jane' ) ) );
		$this->assert_month_donors_exact( 'after an erasure' );

		// The daily safety net puts back a row a dead request left wrong.
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'donor_last_gifts' ) . ' SET last_gift_at = %s WHERE email_key = %s', self::days_ago( 1 ), $this->email( 'later' ) ) );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donor_last_gifts' ) . ' WHERE email_key = %s', $this->email( 'kiwi' ) ) );
		$this->insert_many_donations( 1, array( 'email' => $this->email( 'bulk' ) ) );
		$this->service( DonationTotals::class )->rederive_recent();
		$this->assert_month_donors_exact( 'after the safety net' );
	}

	/**
	 * A search's count, sums and every page as the join over the matched rows answered them.
	 *
	 * @param array<string, string> $request Query arguments of the list.
	 * @param string                $when    What just happened.
	 */
	private function assert_search_exact( array $request, string $when ): void {
		global $wpdb;
		$filters              = DonationFilters::from_request( $request );
		list( $union, $args ) = DonationSearch::ids( $filters->search );
		$table                = Schema::table( 'donations' );
		$where                = '1=1';
		if ( '' !== $filters->status ) {
			$where .= $wpdb->prepare( ' AND d.status = %s', $filters->status );
		}
		$column    = DonationFilters::SORTABLE[ $filters->orderby ] ?? 'created_at';
		$direction = 'asc' === $filters->order ? 'ASC' : 'DESC';
		$expected  = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT d.id FROM ({$union}) m STRAIGHT_JOIN {$table} d ON d.id = m.id WHERE {$where} ORDER BY d.{$column} {$direction}, d.id {$direction}", $args ) ) );
		$sums      = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT COALESCE(SUM(CASE WHEN d.status = 'succeeded' AND d.currency = 'AUD' THEN 1 ELSE 0 END), 0) AS n,
				COALESCE(SUM(CASE WHEN d.status = 'succeeded' AND d.currency = 'AUD' THEN d.total_cents ELSE 0 END), 0) AS cents
				FROM ({$union}) m STRAIGHT_JOIN {$table} d ON d.id = m.id WHERE {$where}",
				$args
			),
			ARRAY_A
		);

		$query  = $this->service( DonationQuery::class );
		$totals = $query->totals( $filters );
		$this->assertSame(
			array(
				'count'           => count( $expected ),
				'succeeded_count' => (int) $sums['n'],
				'succeeded_cents' => (int) $sums['cents'],
			),
			$totals,
			$when
		);
		$pages = array();
		$last  = (int) ceil( count( $expected ) / 3 );
		for ( $page = 1; $page <= $last; $page++ ) {
			$pages = array_merge( $pages, array_map( static fn ( Donation $donation ): int => $donation->id(), $query->page( $filters, 3, $page, $totals['count'] ) ) );
		}
		$this->assertSame( $expected, $pages, "{$when}: every page, in order" );
	}

	public function test_a_search_counts_sums_and_pages_as_the_join_did_before_and_after_a_refund(): void {
		$rows = array();
		foreach ( array(
			array( 'Smith', 'Jane', '', 'succeeded', 5000, 'AUD', 3 ),
			array( 'Smithers', 'Omar', '', 'failed', 2500, 'AUD', 2 ),
			array( 'Jones', 'Smithy', '', 'succeeded', 7500, 'AUD', 5 ),
			array( 'Lee', 'Mei', 'Smith Builders', 'succeeded', 10000, 'AUD', 1 ),
			array( 'Smith', 'Ava', '', 'succeeded', 5000, 'NZD', 4 ),
			array( 'Smith', 'Jack', '', 'refunded', 2000, 'AUD', 6 ),
			array( 'Brown', 'Leo', '', 'succeeded', 4000, 'AUD', 2 ),
			array( 'Smith', 'Ruby', '', 'succeeded', 5000, 'AUD', 3 ),
		) as $i => list( $last, $first, $organisation, $status, $cents, $currency, $days ) ) {
			$rows[] = $this->insert_donation(
				array(
					// Searched by this test's surname, found by name, organisation and email.
					'last_name'         => $last . $this->domain,
					'first_name'        => $first . ( 'Smithy' === $first ? $this->domain : '' ),
					'organisation_name' => '' !== $organisation ? $organisation . $this->domain : '',
					'donate_as'         => '' !== $organisation ? 'organisation' : 'individual',
					'email'             => $this->email( strtolower( $first ) . $i ),
					'status'            => $status,
					'total_cents'       => $cents,
					'amount_cents'      => $cents,
					'currency'          => $currency,
					'created_at'        => self::days_ago( $days ),
				)
			);
		}
		$searches = array(
			array( 's' => 'Smith' . $this->domain ),
			array( 's' => $this->domain ),
			array(
				's'       => $this->domain,
				'orderby' => 'amount',
				'order'   => 'asc',
			),
			array(
				's'       => $this->domain,
				'orderby' => 'status',
				'order'   => 'desc',
			),
			array(
				's'      => $this->domain,
				'status' => 'succeeded',
			),
			array( 's' => 'Jane Smith' . $this->domain ),
			array( 's' => (string) $rows[2] ),
		);
		foreach ( $searches as $request ) {
			$this->assert_search_exact( $request, 'seeded: ' . wp_json_encode( $request ) );
		}

		// A refund moves a match between the sums; the count stays.
		$this->assertTrue( $this->service( DonationRepository::class )->move( $rows[0], 'refunded' ) );
		foreach ( $searches as $request ) {
			$this->assert_search_exact( $request, 'after a refund: ' . wp_json_encode( $request ) );
		}

		// A new donation is found at once.
		$this->insert_donation(
			array(
				'last_name' => 'Smith' . $this->domain,
				'email'     => $this->email( 'new' ),
			)
		);
		foreach ( $searches as $request ) {
			$this->assert_search_exact( $request, 'after a new donation: ' . wp_json_encode( $request ) );
		}
	}
}
