<?php
/**
 * The 4-weekly donors' movements follow the subscriptions, their renewals and card updates, and
 * are derived again from the rows alike.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Reports;

use DonationWidget\CardUpdate\AuditEntry;
use DonationWidget\CardUpdate\CardUpdateAudit;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\LocalDays;
use DonationWidget\Donations\RecurringMovements;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class RecurringMovementsTest extends PaymentTestCase {

	private function counts(): array {
		$today = LocalDays::today();
		return $this->service( RecurringMovements::class )->counts( $today, $today );
	}

	private function change( array $before ): array {
		$now = $this->counts();
		return array_map( static fn ( string $key ): int => $now[ $key ] - $before[ $key ], array_combine( array_keys( $now ), array_keys( $now ) ) );
	}

	/**
	 * A 4-weekly donation whose first payment went through, as the checkout records it.
	 *
	 * @return array{0: Donation, 1: string}
	 */
	private function subscribe(): array {
		$repository    = $this->service( DonationRepository::class );
		$subscriptions = $this->service( SubscriptionRepository::class );
		$first         = $repository->create( wp_generate_uuid4(), DonationForm::from_json( $this->form_data( array( 'frequency' => '4weekly' ) ) ), 'stripe', 'card', 'http://127.0.0.1:8891/donate/' );
		$this->assertNotNull( $first );
		$subscription = 'sub_' . wp_generate_password( 14, false );
		$repository->update( $first->id(), array( 'subscription_id' => $subscription ) );
		$subscriptions->start( $subscription, 'cus_test', $first->id(), $first->total_cents() );
		$this->assertTrue( $repository->move( $first->id(), DonationStatus::SUCCEEDED ) );
		$subscriptions->activate( $subscription );
		return array( $repository->find( $first->id() ), $subscription );
	}

	private function renewal( Donation $first, string $status ): Donation {
		$renewal = $this->service( DonationRepository::class )->create_renewal(
			$first,
			'invoice:in_' . wp_generate_password( 14, false ),
			array(
				'status'          => $status,
				'subscription_id' => $first->subscription_id(),
				'amount_cents'    => $first->total_cents(),
				'total_cents'     => $first->total_cents(),
				'frequency'       => '4weekly',
			)
		);
		$this->assertNotNull( $renewal );
		return $renewal;
	}

	public function test_started_failed_recovered_and_cancelled_donors_are_counted_once_each(): void {
		$before                       = $this->counts();
		list( $first, $subscription ) = $this->subscribe();
		$this->assertSame(
			array(
				'active'    => 1,
				'new'       => 1,
				'cancelled' => 0,
				'failed'    => 0,
				'recovered' => 0,
			),
			$this->change( $before )
		);

		// An unpaid start is no donor.
		$this->service( SubscriptionRepository::class )->start( 'sub_unpaid' . wp_generate_password( 8, false ), 'cus_test', $this->service( DonationRepository::class )->create( wp_generate_uuid4(), DonationForm::from_json( $this->form_data( array( 'frequency' => '4weekly' ) ) ), 'stripe', 'card', 'http://127.0.0.1:8891/donate/' )->id(), 1000 );
		$this->assertSame( 1, $this->change( $before )['new'] );

		// A card update before anything failed recovers nothing.
		$audit = $this->service( CardUpdateAudit::class );
		$audit->record( AuditEntry::CARD_UPDATED, 'supporter', null, 'Visa 4242', '', $subscription );
		$this->assertSame( 0, $this->change( $before )['recovered'] );

		// Two failed renewals are one failing donor; the card updated after them recovers them.
		$this->renewal( $first, DonationStatus::FAILED );
		$this->renewal( $first, DonationStatus::FAILED );
		$this->assertSame( 1, $this->change( $before )['failed'] );
		sleep( 1 );
		$audit->record( AuditEntry::CARD_UPDATED, 'supporter', null, 'Visa 4242', '', $subscription );
		$this->assertSame( 1, $this->change( $before )['recovered'] );

		$this->assertTrue( $this->service( SubscriptionRepository::class )->cancel( $subscription ) );
		$this->assertFalse( $this->service( SubscriptionRepository::class )->cancel( $subscription ), 'cancelled twice' );
		$this->assertSame(
			array(
				'active'    => 0,
				'new'       => 1,
				'cancelled' => 1,
				'failed'    => 1,
				'recovered' => 1,
			),
			$this->change( $before )
		);

		// The same figures derived again from the rows alone.
		global $wpdb;
		$kept = $this->counts();
		$wpdb->query( 'DELETE FROM ' . Schema::table( 'recurring_movements' ) . " WHERE subscription_id = '" . esc_sql( $subscription ) . "'" ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertNotSame( $kept, $this->counts() );
		$this->service( RecurringMovements::class )->rederive( LocalDays::today(), LocalDays::today() );
		$this->assertSame( $kept, $this->counts() );
	}

	public function test_a_failed_renewal_paid_after_all_is_no_longer_a_failing_donor(): void {
		$before        = $this->counts();
		list( $first ) = $this->subscribe();
		$renewal       = $this->renewal( $first, DonationStatus::FAILED );
		$this->assertSame( 1, $this->change( $before )['failed'] );

		// Stripe's retry of the same invoice went through: the renewal's row moves to succeeded.
		$this->assertTrue( $this->service( DonationRepository::class )->move( $renewal->id(), DonationStatus::SUCCEEDED ) );
		$this->assertSame( 0, $this->change( $before )['failed'] );
		$this->assertSame( 1, $this->change( $before )['active'] );
	}
}
