<?php
/**
 * Two servers meeting the same new supporters at once make one donor each, with both gifts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Donors;

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Tests\Integration\RacingServers;

final class DonorRaceTest extends DonorsTestCase {

	use RacingServers;

	public function test_two_servers_recording_gifts_of_the_same_new_supporters_make_one_donor_each_and_lose_no_gift(): void {
		global $wpdb;
		$supporters = 60;
		// The servers are other connections: they must see committed rows. So this test commits,
		// and deletes its rows at the end.
		$wpdb->query( 'ROLLBACK' );
		try {
			$results = $this->race( __DIR__ . '/concurrent-donors.php', array( array( $this->domain, 'a', (string) $supporters ), array( $this->domain, 'b', (string) $supporters ) ) );
			$this->assertSame( array( $supporters, $supporters ), array_column( $results, 'recorded' ) );

			$like       = '%@' . $wpdb->esc_like( $this->domain );
			$identities = $wpdb->get_results( $wpdb->prepare( 'SELECT email, organisation_name, donor_id FROM ' . Schema::table( 'donor_identities' ) . ' WHERE email LIKE %s', $like ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
			$this->assertCount( $supporters, $identities, 'one identity per supporter' );
			$this->assertCount( $supporters, array_unique( array_column( $identities, 'donor_id' ) ) );
			$donors = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'donors' ) . ' WHERE email LIKE %s', $like ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
			$this->assertSame( $supporters, $donors, 'no second donor for anyone' );
			for ( $i = 0; $i < $supporters; $i++ ) {
				$organisation = 0 === $i % 3 ? 'Racing Club ' . $i : '';
				$identity     = array(
					'email'        => 'racer' . $i . '@' . $this->domain,
					'organisation' => $organisation,
				);
				$this->assert_donor_matches( array( $identity ), "supporter {$i}" );
				$this->assertSame( 2, $this->directory()->find( $this->donor_id_of( $identity['email'], $organisation ) )->gifts(), "supporter {$i} has both gifts" );
			}
		} finally {
			$this->delete_committed_rows();
		}
	}

	/**
	 * Deletes the rows this test committed.
	 */
	private function delete_committed_rows(): void {
		global $wpdb;
		$like = '%@' . $wpdb->esc_like( $this->domain );
		// phpcs:disable WordPress.DB.PreparedSQL.NotPrepared
		$wpdb->query( $wpdb->prepare( 'DELETE g FROM ' . Schema::table( 'donor_gifts' ) . ' g INNER JOIN ' . Schema::table( 'donations' ) . ' d ON d.id = g.donation_id WHERE d.email LIKE %s', $like ) );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donor_identities' ) . ' WHERE email LIKE %s', $like ) );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donors' ) . ' WHERE email LIKE %s', $like ) );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'donations' ) . ' WHERE email LIKE %s', $like ) );
		// phpcs:enable
		// The day's totals, reports and donors' latest gifts, without the deleted gifts.
		$this->service( DonationTotals::class )->rederive( '2003-03-03', '2003-03-03' );
		$wpdb->query( 'START TRANSACTION' );
	}
}
