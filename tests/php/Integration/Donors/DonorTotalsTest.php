<?php
/**
 * A donor's figures equal a fresh recomputation from the donations after every kind of change.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Donors;

use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\Donations\SubscriptionRepository;

final class DonorTotalsTest extends DonorsTestCase {

	public function test_every_kind_of_change_leaves_each_donor_equal_to_a_recomputation(): void {
		$ann   = array(
			'email'        => $this->email( 'ann' ),
			'organisation' => '',
		);
		$acme  = array(
			'email'        => $this->email( 'ann' ),
			'organisation' => 'Acme Pty Ltd',
		);
		$bob   = array(
			'email'        => $this->email( 'bob' ),
			'organisation' => '',
		);
		$repo  = $this->repository();
		$gift  = fn ( string $who, array $columns = array(), string $at = '' ): int => $this->recorded_gift( array( 'email' => $this->email( $who ) ) + $columns, $at );
		$ids   = array();
		$steps = array(
			'a pending gift'                    => function () use ( $gift, &$ids ): void {
				$ids['pending'] = $gift( 'ann', array( 'status' => DonationStatus::PENDING ) );
			},
			'a failed gift'                     => function () use ( $gift ): void {
				$gift( 'ann', array( 'status' => DonationStatus::FAILED ) );
			},
			'a succeeded gift'                  => function () use ( $gift, &$ids ): void {
				$ids['paid'] = $gift( 'ann', array( 'total_cents' => 5000 ), '2025-03-01 00:00:00' );
			},
			'pending moved to succeeded'        => function () use ( $repo, &$ids ): void {
				$this->assertTrue( $repo->move( $ids['pending'], DonationStatus::SUCCEEDED ) );
			},
			'pending moved to failed'           => function () use ( $gift, $repo ): void {
				$this->assertTrue( $repo->move( $gift( 'ann', array( 'status' => DonationStatus::PENDING ) ), DonationStatus::FAILED ) );
			},
			'pending moved to abandoned'        => function () use ( $gift, $repo ): void {
				$this->assertTrue( $repo->move( $gift( 'ann', array( 'status' => DonationStatus::PENDING ) ), DonationStatus::ABANDONED ) );
			},
			'pending moved to review'           => function () use ( $gift, $repo, &$ids ): void {
				$ids['review'] = $gift( 'ann', array( 'status' => DonationStatus::PENDING ) );
				$this->assertTrue( $repo->move( $ids['review'], DonationStatus::REVIEW ) );
			},
			'failed moved to succeeded'         => function () use ( $gift, $repo ): void {
				$this->assertTrue(
					$repo->move(
						$gift(
							'ann',
							array(
								'status'      => DonationStatus::FAILED,
								'total_cents' => 1234,
							)
						),
						DonationStatus::SUCCEEDED
					)
				);
			},
			'a partial refund'                  => function () use ( $repo, &$ids ): void {
				$repo->record_amounts( $ids['paid'], array( 'refunded_cents' => 1500 ) );
				$this->assertTrue( $repo->move( $ids['paid'], DonationStatus::PARTIALLY_REFUNDED ) );
			},
			'a full refund'                     => function () use ( $gift, $repo ): void {
				$id = $gift( 'ann', array( 'total_cents' => 2500 ) );
				$repo->record_amounts( $id, array( 'refunded_cents' => 2500 ) );
				$this->assertTrue( $repo->move( $id, DonationStatus::REFUNDED ) );
			},
			'a dispute opened'                  => function () use ( $gift, $repo, &$ids ): void {
				$ids['disputed'] = $gift( 'ann', array( 'total_cents' => 7000 ) );
				$repo->record_amounts( $ids['disputed'], array( 'dispute_status' => 'needs_response' ) );
			},
			'a dispute lost'                    => function () use ( $repo, &$ids ): void {
				$repo->record_amounts(
					$ids['disputed'],
					array(
						'dispute_status'     => 'lost',
						'dispute_lost_cents' => 7000,
						'dispute_fee_cents'  => 2500,
					)
				);
			},
			'a dispute won'                     => function () use ( $gift, $repo ): void {
				$id = $gift( 'ann', array( 'total_cents' => 3300 ) );
				$repo->record_amounts( $id, array( 'dispute_status' => 'needs_response' ) );
				$repo->record_amounts(
					$id,
					array(
						'dispute_status'    => 'won',
						'dispute_fee_cents' => 2500,
					)
				);
			},
			'a fee written'                     => function () use ( $repo, &$ids ): void {
				$repo->record_amounts(
					$ids['paid'],
					array(
						'fee_cents' => 130,
						'net_cents' => 3370,
					)
				);
			},
			'an offline-style gift'             => function () use ( $gift ): void {
				$gift(
					'ann',
					array(
						'attempt_id'  => 'offline:' . wp_generate_uuid4(),
						'provider'    => GiftOrigin::OFFLINE,
						'method'      => 'cheque',
						'total_cents' => 10000,
					),
					'2024-11-20 23:00:00'
				);
			},
			'an import-style gift, twice'       => function () use ( $gift, $repo ): void {
				$attempt = 'import:' . sha1( $this->domain . 'row-7' );
				$gift(
					'ann',
					array(
						'attempt_id'  => $attempt,
						'provider'    => GiftOrigin::IMPORTED,
						'method'      => 'card',
						'total_cents' => 4200,
					),
					'2019-05-05 05:05:05'
				);
				$this->assertNull( $repo->create_recorded( $attempt, array( 'email' => $this->email( 'ann' ) ), '2019-05-05 05:05:05' ), 'the same import row twice creates nothing' );
			},
			'an organisation gift (same email)' => function () use ( $gift ): void {
				$gift(
					'ANN',
					array(
						'donate_as'         => 'organisation',
						'organisation_name' => ' Acme Pty Ltd ',
						'total_cents'       => 50000,
					)
				);
			},
			'a 4-weekly donation started'       => function () use ( $gift, &$ids ): void {
				$ids['first'] = $gift( 'ann', array( 'frequency' => DonationForm::FREQUENCY_FOUR_WEEKLY ) );
				$subscriptions = $this->service( SubscriptionRepository::class );
				$subscriptions->start( 'sub_' . $this->domain, 'cus_x', $ids['first'], 5000 );
				$subscriptions->activate( 'sub_' . $this->domain );
				$this->assertSame( 1, $this->directory()->find( $this->donor_id_of( $this->email( 'ann' ) ) )->active_recurring() );
			},
			'a 4-weekly donation cancelled'     => function (): void {
				$this->assertTrue( $this->service( SubscriptionRepository::class )->cancel( 'sub_' . $this->domain ) );
				$this->assertSame( 0, $this->directory()->find( $this->donor_id_of( $this->email( 'ann' ) ) )->active_recurring() );
			},
			'a gift of another donor'           => function () use ( $gift ): void {
				$gift(
					'bob',
					array(
						'total_cents' => 900,
						'first_name'  => 'Bob',
					),
					'2023-01-01 00:00:00'
				);
				$gift(
					'Bob',
					array(
						'total_cents' => 1100,
						'first_name'  => 'Bob',
					)
				);
			},
		);
		foreach ( $steps as $when => $step ) {
			$step();
			foreach ( array( $ann, $acme, $bob ) as $identity ) {
				$this->assert_donor_matches( array( $identity ), $when );
			}
		}
		$this->assertNotSame( $this->donor_id_of( $ann['email'] ), $this->donor_id_of( $acme['email'], $acme['organisation'] ), 'the organisation is a donor of its own' );

		// Merged: one donor, both emails' gifts.
		$this->merger()->merge( $this->donor_id_of( $ann['email'] ), $this->donor_id_of( $bob['email'] ), 1 );
		$this->assert_donor_matches( array( $ann, $bob ), 'a merge' );
		$this->assert_donor_matches( array( $bob, $ann ), 'a merge (found by the merged email)' );
		// A gift of the merged email after the merge counts for the kept donor.
		$gift( 'bob', array( 'total_cents' => 777 ) );
		$this->assert_donor_matches( array( $ann, $bob ), 'a gift of the merged email' );

		// Erased: bob's gifts name nobody now, and leave the donor; ann's stay.
		$this->erase( $bob['email'] );
		$this->assert_donor_matches( array( $ann ), 'an erasure of the merged email' );
		$this->assertSame( array( strtolower( $ann['email'] ) ), $this->directory()->find( $this->donor_id_of( $ann['email'] ) )->emails() );
		$this->assertSame( array(), $this->php_errors );
	}

	/**
	 * Runs every personal-data eraser over an address, page by page, as Tools → Erase Personal
	 * Data does.
	 *
	 * @param string $email The address.
	 */
	private function erase( string $email ): void {
		foreach ( apply_filters( 'wp_privacy_personal_data_erasers', array() ) as $eraser ) { // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, as the Tools → Erase screen runs it.
			$page = 1;
			do {
				$answer = call_user_func( $eraser['callback'], $email, $page++ );
			} while ( empty( $answer['done'] ) && $page < 100 );
		}
	}
}
