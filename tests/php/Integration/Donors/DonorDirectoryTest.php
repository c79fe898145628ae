<?php
/**
 * The Donors read API over real gifts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Donors;

use DonationWidget\Donors\DonorQuery;

final class DonorDirectoryTest extends DonorsTestCase {

	public function test_a_gift_makes_a_donor_found_by_email_id_and_search(): void {
		$first  = $this->recorded_gift(
			array(
				'email'       => $this->email( 'Ann' ),
				'first_name'  => 'Ann',
				'last_name'   => 'Lee',
				'total_cents' => 2000,
			),
			'2026-01-05 01:00:00'
		);
		$second = $this->recorded_gift(
			array(
				'email'       => $this->email( 'ann' ),
				'first_name'  => 'Ann',
				'last_name'   => 'Lee',
				'total_cents' => 3000,
			),
			'2026-02-05 01:00:00'
		);

		$donor = $this->directory()->find_by_email( $this->email( 'ANN' ) );
		$this->assertNotNull( $donor );
		$this->assertSame( 'Ann Lee', $donor->name() );
		$this->assertSame( strtolower( $this->email( 'ann' ) ), $donor->email() );
		$this->assertSame( 2, $donor->gifts() );
		$this->assertSame( 5000, $donor->given_cents() );
		$this->assertSame( 5000, $donor->kept_cents() );
		$this->assertSame( '2026-01-05 01:00:00', $donor->first_gift_at() );
		$this->assertSame( '2026-02-05 01:00:00', $donor->last_gift_at() );
		$this->assertSame( array( $second, $first ), $this->directory()->gift_ids( $donor->id(), 10, 0 ) );
		$this->assertSame( 2, $this->directory()->gift_count( $donor->id() ) );

		$page = $this->directory()->page( new DonorQuery( 'ann@' . $this->domain ) );
		$this->assertSame( 1, $page['total'] );
		$this->assertSame( $donor->id(), $page['donors'][0]->id() );
	}
}
