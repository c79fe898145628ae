<?php
/**
 * Base for the Donors domain's tests.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Donors;

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\GiftFigures;
use DonationWidget\Donors\DonorDirectory;
use DonationWidget\Donors\DonorMerge;
use DonationWidget\Donors\DonorTotals;
use DonationWidget\Donors\DonorIdentity;
use DonationWidget\Tests\Integration\Statements\StatementTestCase;

/**
 * Gifts written through the DonationRepository (so donation_widget_donation_changed fires as in
 * production), each test's donors under an email domain of their own, and the one recomputation
 * of a donor's row from the donations that every figure is compared with.
 */
abstract class DonorsTestCase extends StatementTestCase {

	protected function repository(): DonationRepository {
		return $this->service( DonationRepository::class );
	}

	protected function directory(): DonorDirectory {
		return $this->service( DonorDirectory::class );
	}

	protected function totals(): DonorTotals {
		return $this->service( DonorTotals::class );
	}

	protected function merger(): DonorMerge {
		return $this->service( DonorMerge::class );
	}

	/**
	 * A gift recorded as received (create_recorded(): an offline- or import-style gift), or
	 * in another status, with donor details.
	 *
	 * @param array<string, string|int> $columns Overrides (email, names, status, total_cents, provider …).
	 * @param string                    $at      UTC received time ('' for now).
	 * @return int Donation id.
	 */
	protected function recorded_gift( array $columns = array(), string $at = '' ): int {
		$cents = (int) ( $columns['total_cents'] ?? 5000 );
		$row   = array_intersect_key( $this->donation_columns( $columns + array( 'amount_cents' => $cents ) ), array_flip( array( 'status', 'frequency', 'method', 'currency', 'amount_cents', 'cover_cents', 'total_cents', 'donate_as', 'organisation_name', 'first_name', 'last_name', 'email', 'provider', 'iteration_id' ) ) );
		$gift  = $this->repository()->create_recorded( ( $columns['attempt_id'] ?? 'test:' . wp_generate_uuid4() ), $row, '' !== $at ? $at : current_time( 'mysql', true ) );
		$this->assertNotNull( $gift );
		return $gift->id();
	}

	/**
	 * The donor holding an identity (the live one), or 0.
	 *
	 * @param string $email        Email.
	 * @param string $organisation Organisation ('' for the person).
	 */
	protected function donor_id_of( string $email, string $organisation = '' ): int {
		global $wpdb;
		$id  = $wpdb->get_var( $wpdb->prepare( 'SELECT donor_id FROM ' . Schema::table( 'donor_identities' ) . ' WHERE identity_hash = %s', DonorIdentity::statement_hash( $email, $organisation ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$row = null === $id ? null : $this->directory()->live_row( (int) $id );
		return null === $row ? 0 : (int) $row['id'];
	}

	/**
	 * Asserts a donor's stored figures are what the donations say, for every column.
	 *
	 * @param list<array{email: string, organisation: string}> $identities The donor's identities.
	 * @param string                                           $when       What just happened.
	 */
	protected function assert_donor_matches( array $identities, string $when ): void {
		$expected = $this->recompute( $identities );
		$donor_id = $this->donor_id_of( $identities[0]['email'], $identities[0]['organisation'] );
		if ( 0 === $donor_id ) {
			$this->assertSame( 0, $expected['gifts'], "{$when}: no donor, yet gifts were received" );
			return;
		}
		$this->assertSame( $expected, $this->stored( $donor_id ), "{$when}: the donor's row differs from a recomputation" );
	}

	/**
	 * A donor's row recomputed from the donations alone, as the issue defines it: every
	 * donation whose identity (lower-cased email; an organisation's name and email) is one of
	 * the donor's, in a RECEIVED status, summed by GiftFigures::of_row(); running 4-weekly
	 * donations from the subscriptions whose first donation is one of them.
	 *
	 * @param list<array{email: string, organisation: string}> $identities The donor's identities.
	 * @return array{gifts: int, given_cents: int, kept_cents: int, first_gift_at: string, last_gift_at: string, active_recurring: int}
	 */
	protected function recompute( array $identities ): array {
		global $wpdb;
		$rows  = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'donations' ) . ' WHERE email LIKE %s', '%@' . $wpdb->esc_like( $this->domain ) ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$found = array(
			'gifts'            => 0,
			'given_cents'      => 0,
			'kept_cents'       => 0,
			'first_gift_at'    => '',
			'last_gift_at'     => '',
			'active_recurring' => 0,
		);
		$mine  = array();
		foreach ( $rows as $row ) {
			$organisation = 'organisation' === $row['donate_as'] ? strtolower( trim( $row['organisation_name'] ) ) : '';
			foreach ( $identities as $identity ) {
				if ( strtolower( trim( $row['email'] ) ) === strtolower( $identity['email'] ) && strtolower( $identity['organisation'] ) === $organisation ) {
					$mine[] = $row;
				}
			}
		}
		foreach ( $mine as $row ) {
			if ( ! in_array( $row['status'], GiftFigures::RECEIVED, true ) ) {
				continue;
			}
			$figures                    = GiftFigures::of_row( $row );
			$found['gifts']            += $figures->gifts;
			$found['given_cents']      += $figures->gross_cents;
			$found['kept_cents']       += $figures->kept_cents();
			$found['first_gift_at']     = '' === $found['first_gift_at'] ? $row['created_at'] : min( $found['first_gift_at'], $row['created_at'] );
			$found['last_gift_at']      = max( $found['last_gift_at'], $row['created_at'] );
			$found['active_recurring'] += (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'subscriptions' ) . " WHERE donation_id = %d AND status = 'active'", $row['id'] ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		}
		return $found;
	}

	/**
	 * The stored figures of a donor, in recompute()'s shape.
	 *
	 * @param int $donor_id Donor id.
	 * @return array{gifts: int, given_cents: int, kept_cents: int, first_gift_at: string, last_gift_at: string, active_recurring: int}
	 */
	protected function stored( int $donor_id ): array {
		$donor = $this->directory()->find( $donor_id );
		$this->assertNotNull( $donor );
		return array(
			'gifts'            => $donor->gifts(),
			'given_cents'      => $donor->given_cents(),
			'kept_cents'       => $donor->kept_cents(),
			'first_gift_at'    => $donor->first_gift_at(),
			'last_gift_at'     => $donor->last_gift_at(),
			'active_recurring' => $donor->active_recurring(),
		);
	}
}
