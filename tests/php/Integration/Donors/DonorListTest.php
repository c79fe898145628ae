<?php
/**
 * The Donors list: search, filters, order and pages.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Donors;

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Donors\Donor;
use DonationWidget\Donors\DonorPrivacy;
use DonationWidget\Donors\DonorQuery;
use DonationWidget\Statements\FinancialYear;

final class DonorListTest extends DonorsTestCase {

	/**
	 * A first-name prefix no other test's donors have.
	 *
	 * @var string
	 */
	private string $tag = '';

	public function test_the_filters_find_active_lapsed_and_first_time_donors(): void {
		$this->supporters();
		$names = fn ( string $filter ): array => array_map( static fn ( Donor $donor ): string => $donor->first_name(), $this->directory()->page( new DonorQuery( $this->tag, $filter, 'name', 'asc' ) )['donors'] );

		$this->assertSame( array( $this->tag . 'Lapsed' ), $names( 'lapsed' ), 'gave last financial year, not this one' );
		$this->assertSame( array( $this->tag . 'New' ), $names( 'first_time' ), 'first gift this financial year' );
		$this->assertSame( array( $this->tag . 'Monthly' ), $names( 'active_recurring' ) );
		$this->assertSame( array( $this->tag . 'Lapsed', $this->tag . 'Monthly', $this->tag . 'New', $this->tag . 'Regular' ), $names( '' ) );
	}

	public function test_every_order_sorts_both_ways_across_pages_and_the_total_counts_the_matches(): void {
		$this->supporters();
		foreach ( array_keys( DonorQuery::ORDERS ) as $orderby ) {
			foreach ( array( 'asc', 'desc' ) as $order ) {
				$all   = $this->directory()->page( new DonorQuery( $this->tag, '', $orderby, $order, 1, 10 ) );
				$paged = array();
				for ( $page = 1; $page <= 4; $page++ ) {
					$one = $this->directory()->page( new DonorQuery( $this->tag, '', $orderby, $order, $page, 1 ) );
					$this->assertSame( 4, $one['total'] );
					$paged = array_merge( $paged, $one['donors'] );
				}
				$ids    = static fn ( array $donors ): array => array_map( static fn ( Donor $donor ): int => $donor->id(), $donors );
				$this->assertSame( $ids( $all['donors'] ), $ids( $paged ), "{$orderby} {$order}: pages (the later ones read backwards) agree with one page" );
				$column = array(
					'given'          => 'given_cents',
					'kept'           => 'kept_cents',
					'gifts'          => 'gifts',
					'first_gift'     => 'first_gift_at',
					'last_gift'      => 'last_gift_at',
					'name'           => 'name',
					'email'          => 'email',
					'last_statement' => 'last_statement_at',
				)[ $orderby ];
				$values = array_map( static fn ( Donor $donor ): string|int => $donor->{$column}(), $all['donors'] );
				$sorted = $values;
				'asc' === $order ? sort( $sorted ) : rsort( $sorted );
				$this->assertSame( $sorted, $values, "{$orderby} {$order}" );
			}
		}
	}

	public function test_the_whole_lists_count_is_read_once_and_follows_every_donor_created_merged_or_erased(): void {
		global $wpdb;
		$whole  = fn (): int => $this->directory()->page( new DonorQuery() )['total'];
		$exact  = static fn (): int => (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'donors' ) . ' WHERE merged_into = 0' ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$counts = static fn ( callable $view ): int => count( preg_grep( '/^SELECT COUNT\(\*\) FROM \S+donors WHERE/', self::queries_of( $view ) ) );
		$tag    = 'count' . strtolower( wp_generate_password( 6, false ) );

		$this->assertSame( $exact(), $whole() );
		$this->assertSame( 0, $counts( $whole ), 'a second view counts nothing' );

		$this->recorded_gift( array( 'email' => "{$tag}-a@example.org.au" ) );
		$this->assertSame( $exact(), $whole(), 'a new donor' );
		$this->recorded_gift( array( 'email' => "{$tag}-b@example.org.au" ) );
		$this->recorded_gift( array( 'email' => "{$tag}-a@example.org.au" ) );
		$this->assertSame( $exact(), $whole(), 'another new donor, and a returning one' );

		$this->merger()->merge( $this->donor_id_of( "{$tag}-a@example.org.au" ), $this->donor_id_of( "{$tag}-b@example.org.au" ), 1 );
		$this->assertSame( $exact(), $whole(), 'after a merge' );

		$eraser = $this->service( DonorPrivacy::class );
		$eraser->erase( "{$tag}-b@example.org.au" );
		$eraser->erase( "{$tag}-a@example.org.au" );
		$this->assertSame( $exact(), $whole(), 'after an erasure' );
		$this->assertSame( 0, $counts( $whole ) );
	}

	public function test_the_whole_list_reads_its_later_pages_backwards_in_the_same_order(): void {
		$this->supporters();
		foreach ( array( 'last_gift', 'name', 'given' ) as $orderby ) {
			foreach ( array( 'asc', 'desc' ) as $order ) {
				$first = $this->directory()->page( new DonorQuery( '', '', $orderby, $order, 1, DonorQuery::MAX_PER_PAGE ) );
				$total = $first['total'];
				$this->assertGreaterThanOrEqual( 4, $total );
				$this->assertLessThanOrEqual( DonorQuery::MAX_PER_PAGE, $total, 'the test site holds few donors' );
				$paged = array();
				for ( $page = 1; $page <= $total; $page++ ) {
					$paged = array_merge( $paged, $this->directory()->page( new DonorQuery( '', '', $orderby, $order, $page, 1 ) )['donors'] );
				}
				$ids = static fn ( array $donors ): array => array_map( static fn ( Donor $donor ): int => $donor->id(), $donors );
				$this->assertSame( $ids( $first['donors'] ), $ids( $paged ), "{$orderby} {$order}" );
			}
		}
	}

	public function test_a_search_finds_a_name_or_email_prefix(): void {
		$this->supporters();
		$found = fn ( string $search ): array => array_map( static fn ( Donor $donor ): string => $donor->first_name(), $this->directory()->page( new DonorQuery( $search ) )['donors'] );
		$this->assertSame( array( $this->tag . 'Lapsed' ), $found( $this->tag . 'lap' ), 'a first-name prefix, any case' );
		$this->assertSame( array( $this->tag . 'Lapsed' ), $found( $this->tag . 'Lapsed Jo' ), 'the full name' );
		$this->assertSame( array( $this->tag . 'Regular' ), $found( 'regular.' . $this->tag . '@' ), 'an email prefix' );
		$this->assertSame( array( $this->tag . 'New' ), $found( 'Surname' . $this->tag ), 'a last name' );
		$this->assertSame( array(), $found( $this->tag . '%' ), 'a wildcard is a character' );
	}

	/**
	 * Four supporters: one lapsed, one new this year, one giving in both years, one with a
	 * running 4-weekly donation.
	 */
	private function supporters(): void {
		$this->tag = 'Zq' . strtolower( wp_generate_password( 6, false ) );
		$year      = FinancialYear::current();
		$this_year = static fn ( int $days ): string => gmdate( 'Y-m-d H:i:s', (int) strtotime( $year->starts_utc() . ' UTC' ) + $days * HOUR_IN_SECONDS );
		$last_year = static fn ( int $days ): string => gmdate( 'Y-m-d H:i:s', (int) strtotime( ( new FinancialYear( $year->ending - 1 ) )->starts_utc() . ' UTC' ) + $days * DAY_IN_SECONDS );
		$gift      = fn ( string $who, int $cents, string $at, array $more = array() ): int => $this->recorded_gift(
			$more + array(
				'email'       => strtolower( $who ) . '.' . $this->tag . '@' . $this->domain,
				'first_name'  => $this->tag . $who,
				'last_name'   => 'Jones',
				'total_cents' => $cents,
			),
			$at
		);
		$gift( 'Lapsed', 1000, $last_year( 20 ) );
		$gift( 'Lapsed', 2000, $last_year( 30 ) );
		$gift( 'New', 7000, $this_year( 5 ), array( 'last_name' => 'Surname' . $this->tag ) );
		$gift( 'Regular', 500, $last_year( 100 ) );
		$gift( 'Regular', 600, $this_year( 10 ) );
		$first         = $gift( 'Monthly', 4000, $last_year( 200 ), array( 'frequency' => DonationForm::FREQUENCY_FOUR_WEEKLY ) );
		$subscriptions = $this->service( SubscriptionRepository::class );
		$subscriptions->start( 'sub_' . $this->tag, 'cus_' . $this->tag, $first, 4000 );
		$subscriptions->activate( 'sub_' . $this->tag );
		$gift( 'Monthly', 4000, $this_year( 2 ) );
	}
}
