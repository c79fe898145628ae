<?php
/**
 * GiftFigures is one definition: what it says of a donation in PHP is what its SQL expressions
 * say of the same row, for every shape of gift the books meet.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\GiftFigures;

final class GiftFiguresTest extends AdminTestCase {

	public function test_the_php_and_the_sql_count_every_shape_of_gift_alike(): void {
		global $wpdb;
		$shapes = array(
			'paid'               => array( array(), array( 5250, 119, 0, 0, 5131, 5250 ) ),
			'partly refunded'    => array(
				array(
					'status'         => 'partially_refunded',
					'refunded_cents' => 1250,
				),
				array( 5250, 119, 1250, 0, 3881, 4000 ),
			),
			'refunded'           => array(
				array(
					'status'         => 'refunded',
					'refunded_cents' => 5250,
				),
				array( 5250, 119, 5250, 0, -119, 0 ),
			),
			'lost, with its fee' => array(
				array(
					'dispute_status'     => 'lost',
					'dispute_lost_cents' => 5250,
					'dispute_fee_cents'  => 2500,
				),
				array( 5250, 2619, 0, 5250, -2619, 0 ),
			),
			'won, fee kept'      => array(
				array(
					'dispute_status'    => 'won',
					'dispute_fee_cents' => 2500,
				),
				array( 5250, 2619, 0, 0, 2631, 5250 ),
			),
			// Disputed in full after a partial refund: only what the refund left is lost.
			'refunded then lost' => array(
				array(
					'status'             => 'partially_refunded',
					'refunded_cents'     => 1250,
					'dispute_status'     => 'lost',
					'dispute_lost_cents' => 5250,
					'dispute_fee_cents'  => 2500,
				),
				array( 5250, 2619, 1250, 4000, -2619, 0 ),
			),
			// Partly refunded before amounts were recorded: nothing claimed as kept.
			'unrecorded partial' => array(
				array( 'status' => 'partially_refunded' ),
				array( 5250, 119, 5250, 0, -119, 0 ),
			),
			'fee not known yet'  => array(
				array( 'fee_cents' => null ),
				array( 5250, 0, 0, 0, 5250, 5250 ),
			),
			'never paid'         => array(
				array( 'status' => 'failed' ),
				array( 0, 0, 0, 0, 0, 0 ),
			),
		);
		$table = Schema::table( 'donations' );
		$sql   = 'SELECT CASE WHEN status IN (%s, %s, %s) THEN total_cents ELSE 0 END AS gross, CASE WHEN status IN (%s, %s, %s) THEN ' . GiftFigures::fee_sql() . ' ELSE 0 END AS fees, CASE WHEN status IN (%s, %s, %s) THEN ' . GiftFigures::refunded_sql() . ' ELSE 0 END AS refunded, CASE WHEN status IN (%s, %s, %s) THEN ' . GiftFigures::dispute_lost_sql() . ' ELSE 0 END AS lost, CASE WHEN status IN (%s, %s, %s) THEN ' . GiftFigures::kept_sql() . " ELSE 0 END AS kept FROM {$table} WHERE id = %d";
		$all   = array();
		foreach ( $shapes as $name => list( $columns, $expected ) ) {
			$id       = $this->insert_donation( $columns + array( 'fee_cents' => 119 ) );
			$donation = $this->service( DonationRepository::class )->find( $id );
			$figures  = GiftFigures::of( $donation );
			$this->assertSame( $expected, array( $figures->gross_cents, $figures->fee_cents, $figures->refunded_cents, $figures->dispute_lost_cents, $figures->net_cents(), $figures->kept_cents() ), "PHP: {$name}" );
			$this->assertSame( $figures->kept_cents(), $donation->kept_cents(), "The donation's kept: {$name}" );
			$row = $wpdb->get_row( $wpdb->prepare( $sql, array_merge( GiftFigures::RECEIVED, GiftFigures::RECEIVED, GiftFigures::RECEIVED, GiftFigures::RECEIVED, GiftFigures::RECEIVED, array( $id ) ) ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- GiftFigures' fixed expressions and placeholders.
			$this->assertSame( array( $expected[0], $expected[1], $expected[2], $expected[3], $expected[5] ), array_map( 'intval', array_values( $row ) ), "SQL: {$name}" );
			$all[] = $figures;
		}
		$sum = GiftFigures::sum( $all );
		$this->assertSame( array_sum( array_map( static fn ( GiftFigures $one ): int => $one->kept_cents(), $all ) ), $sum->kept_cents(), 'Kept adds up gift by gift.' );
		$this->assertSame( $sum->kept_cents() - $sum->fee_cents, $sum->net_cents() );
	}

	public function test_a_deposits_parts_read_as_the_same_figures(): void {
		// Gifts 200.00, fees −8.00, a refund of 12.50, a dispute withdrawn (−75) and reinstated
		// (+75) when won, another lost (−30).
		$figures = GiftFigures::of_deposit_parts( 20000, -800, -1250, -7500 + 7500 - 3000 );
		$this->assertSame(
			array(
				'gross_cents'        => 20000,
				'fee_cents'          => 800,
				'refunded_cents'     => 1250,
				'dispute_lost_cents' => 3000,
				'net_cents'          => 20000 - 800 - 1250 - 3000,
				'kept_cents'         => 20000 - 1250 - 3000,
			),
			$figures->to_array()
		);
	}
}
