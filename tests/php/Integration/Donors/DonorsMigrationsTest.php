<?php
/**
 * The upgrade fills the donors from the donations already there, once.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Donors;

use DonationWidget\Database\Schema;
use DonationWidget\Donors\DonorsMigrations;

final class DonorsMigrationsTest extends DonorsTestCase {

	/**
	 * The identities of the gifts written by gifts_before_the_upgrade().
	 *
	 * @var list<array{email: string, organisation: string}>
	 */
	private array $identities = array();

	public function test_the_upgrade_fills_every_donor_once_and_a_second_run_doubles_nothing(): void {
		$this->gifts_before_the_upgrade();
		$this->assertSame( 0, $this->donor_id_of( $this->email( 'ann' ) ), 'written before the Donors domain: no donor yet' );

		$migrations = $this->service( DonorsMigrations::class );
		$migrations->upgrade( 14, array( 'donors', 'donor_identities', 'donor_gifts', 'donor_audit' ) );
		foreach ( $this->identities as $identity ) {
			$this->assert_donor_matches( array( $identity ), 'the upgrade' );
		}
		$this->assertSame( 'Ann Lee-Smith', $this->directory()->find( $this->donor_id_of( $this->email( 'ann' ) ) )->name(), 'the latest gift\'s name' );
		$this->assertSame( 1, $this->directory()->find( $this->donor_id_of( $this->email( 'ann' ) ) )->active_recurring() );
		$counts = $this->counts();
		$this->assertSame( array( 3, 3, 5 ), $counts );

		// The next upgrade (the tables exist now) writes nothing to them.
		$queries = self::queries_of( static fn () => $migrations->upgrade( 15, array() ) );
		$this->assertSame( array(), array_values( array_filter( $queries, static fn ( string $sql ): bool => str_contains( $sql, Schema::table( 'donors' ) ) ) ) );
		// Filled again from the start (two servers, or a rebuild): nothing twice.
		$migrations->rebuild();
		$this->assertSame( $counts, $this->counts() );
		foreach ( $this->identities as $identity ) {
			$this->assert_donor_matches( array( $identity ), 'a second fill' );
		}
	}

	public function test_a_fill_killed_half_way_is_finished_by_the_next_run(): void {
		$ids        = $this->gifts_before_the_upgrade();
		$migrations = $this->service( DonorsMigrations::class );
		// The dead run placed the gifts up to the third, and stopped.
		$migrations->place_range( 1, $ids[2] );
		update_option( DonorsMigrations::PROGRESS_OPTION, 'gifts:' . $ids[2], false );

		$migrations->upgrade( 15, array() );

		$this->assertFalse( get_option( DonorsMigrations::PROGRESS_OPTION ), 'done' );
		foreach ( $this->identities as $identity ) {
			$this->assert_donor_matches( array( $identity ), 'a resumed fill' );
		}
		$this->assertSame( array( 3, 3, 5 ), $this->counts() );
	}

	/**
	 * Donations written straight into the table, as they were before the Donors domain.
	 *
	 * @return list<int> Their ids, oldest first.
	 */
	private function gifts_before_the_upgrade(): array {
		$ids   = array();
		$ids[] = $this->insert_donation(
			array(
				'email'       => $this->email( 'Ann' ),
				'first_name'  => 'Ann',
				'last_name'   => 'Lee',
				'total_cents' => 2000,
				'created_at'  => '2024-02-02 02:00:00',
			)
		);
		$ids[] = $this->insert_donation(
			array(
				'email'          => $this->email( 'ann' ),
				'first_name'     => 'Ann',
				'last_name'      => 'Lee-Smith',
				'status'         => 'partially_refunded',
				'total_cents'    => 3000,
				'refunded_cents' => 500,
				'created_at'     => '2025-02-02 02:00:00',
				'frequency'      => '4weekly',
			)
		);
		$this->insert_subscription( 'sub_' . $this->domain, $ids[1] );
		$ids[]            = $this->insert_donation(
			array(
				'email'       => $this->email( 'ann' ),
				'status'      => 'failed',
				'total_cents' => 9999,
			)
		);
		$ids[]            = $this->insert_donation(
			array(
				'email'             => $this->email( 'ann' ),
				'donate_as'         => 'organisation',
				'organisation_name' => 'Acme',
				'total_cents'       => 40000,
			)
		);
		$ids[]            = $this->insert_donation(
			array(
				'email'       => $this->email( 'bob' ),
				'first_name'  => 'Bob',
				'status'      => 'refunded',
				'total_cents' => 1500,
				'created_at'  => '2023-02-02 02:00:00',
			)
		);
		$ids[]            = $this->insert_donation(
			array(
				'email'       => $this->email( 'bob' ),
				'first_name'  => 'Bob',
				'total_cents' => 1600,
			)
		);
		$this->identities = array(
			array(
				'email'        => $this->email( 'ann' ),
				'organisation' => '',
			),
			array(
				'email'        => $this->email( 'ann' ),
				'organisation' => 'Acme',
			),
			array(
				'email'        => $this->email( 'bob' ),
				'organisation' => '',
			),
		);
		return $ids;
	}

	/**
	 * This test's donors, identities and gifts.
	 *
	 * @return list<int>
	 */
	private function counts(): array {
		global $wpdb;
		$like = '%@' . $wpdb->esc_like( $this->domain );
		// phpcs:disable WordPress.DB.PreparedSQL.NotPrepared
		return array(
			(int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'donors' ) . ' WHERE email LIKE %s', $like ) ),
			(int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'donor_identities' ) . ' WHERE email LIKE %s', $like ) ),
			(int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'donor_gifts' ) . ' g INNER JOIN ' . Schema::table( 'donations' ) . ' d ON d.id = g.donation_id WHERE d.email LIKE %s', $like ) ),
		);
		// phpcs:enable
	}
}
