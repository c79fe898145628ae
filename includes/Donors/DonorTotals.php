<?php
/**
 * Each donor's figures, kept on write from their gifts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\GiftFigures;
use DonationWidget\Donations\RecordNotWritten;
use DonationWidget\Donations\SubscriptionRepository;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders, DonationWidgetDirectory.DB.InterpolatedSql -- tables shared by every web server, read and written in the database, never cached; the only interpolated names are the plugin's own tables from Schema::table() GiftFigures' and DonorIdentity's fixed SQL and a %s per RECEIVED status, every value is a placeholder of $wpdb->prepare().

/**
 * A received gift (GiftFigures::RECEIVED) counts for the donor its details name
 * (DonorIdentity): the donation_widget_donation_changed action, fired by the request whose
 * write changed a donation, calls donation_changed(), which finds or creates that donor, records
 * the gift as theirs (donor_gifts) and re-derives the donor's row from all its gifts.
 *
 * Re-deriving is one INSERT … SELECT … ON DUPLICATE KEY UPDATE that reads the donor's gifts
 * (donor_gifts' donor_id key, then each donation by primary key) and writes what they come to,
 * as Donations\DonorLastGifts::refresh() does: the SELECT of an INSERT … SELECT is a locking
 * read, so it sees every committed change and a concurrent write to one of those rows waits for
 * it; each request that changes a gift re-derives after its own write, so the last one always
 * writes the truth. Nothing is ever added to a total, so nothing can be counted twice.
 *
 * A new donor is created by an INSERT … ON DUPLICATE KEY on the UNIQUE identity_hash, then its
 * identity by INSERT IGNORE: two servers meeting a new supporter at once make one donor and one
 * identity, and both record their gift against it.
 */
final class DonorTotals {

	/**
	 * The action the Donations domain fires after every write of a donation.
	 */
	public const DONATION_CHANGED = 'donation_widget_donation_changed';

	/**
	 * The action fired after a subscription starts, starts collecting or ends.
	 */
	public const SUBSCRIPTION_CHANGED = 'donation_widget_subscription_changed';

	/**
	 * How often a write refused by the database (a deadlock between servers) is tried.
	 */
	private const WRITE_TRIES = 5;

	/**
	 * Re-reads one donation and brings its donor (and the donor it left, if any) up to date.
	 *
	 * @param mixed $donation_id Donation row id.
	 */
	public function donation_changed( mixed $donation_id ): void {
		$donation_id = is_numeric( $donation_id ) ? (int) $donation_id : 0;
		if ( $donation_id <= 0 ) {
			return;
		}
		foreach ( $this->place( $donation_id ) as $donor_id ) {
			$this->rederive( $donor_id );
		}
	}

	/**
	 * Records a donation against the donor its details name now, without re-deriving.
	 *
	 * @param int $donation_id Donation row id.
	 * @return list<int> The donors whose figures it may have changed.
	 */
	public function place( int $donation_id ): array {
		global $wpdb;
		$row   = $wpdb->get_row( $wpdb->prepare( 'SELECT d.id, d.status, d.first_name, d.last_name, d.created_at, ' . DonorIdentity::columns_sql( 'd' ) . ' FROM ' . Schema::table( 'donations' ) . ' d WHERE d.id = %d', DonorIdentity::erased_email(), $donation_id ), ARRAY_A );
		$gifts = Schema::table( 'donor_gifts' );
		$was   = (int) $wpdb->get_var( $wpdb->prepare( "SELECT donor_id FROM {$gifts} WHERE donation_id = %d", $donation_id ) );
		if ( ! is_array( $row ) ) {
			return $was > 0 ? array( $was ) : array();
		}
		$identity = DonorIdentity::of_row( $row );
		if ( null === $identity ) {
			// No one (an erased gift): it leaves its donor.
			if ( $was > 0 ) {
				$wpdb->query( $wpdb->prepare( "DELETE FROM {$gifts} WHERE donation_id = %d", $donation_id ) );
				return array( $was );
			}
			return array();
		}
		if ( 0 === $was && ! in_array( (string) $row['status'], GiftFigures::RECEIVED, true ) ) {
			// Money not received (yet): no donor is made for a failed or abandoned attempt.
			return array();
		}
		try {
			$donor_id = $this->donor_of( $identity, $row );
		} catch ( RecordNotWritten $refused ) {
			// The donation's own write stands; the hourly sweep places this gift again.
			return $was > 0 ? array( $was ) : array();
		}
		if ( $donor_id !== $was ) {
			$wpdb->query( $wpdb->prepare( "INSERT INTO {$gifts} (donation_id, donor_id) VALUES (%d, %d) ON DUPLICATE KEY UPDATE donor_id = VALUES(donor_id)", $donation_id, $donor_id ) );
		}
		$this->name_from( $donor_id, $identity, $row );
		return array_values( array_unique( array_filter( array( $donor_id, $was ) ) ) );
	}

	/**
	 * The live donor holding an identity, created with it when new.
	 *
	 * @param DonorIdentity        $identity The identity.
	 * @param array<string, mixed> $row      The donation naming it (for the new donor's names).
	 * @throws RecordNotWritten When the database refused every try.
	 */
	public function donor_of( DonorIdentity $identity, array $row ): int {
		global $wpdb;
		$identities = Schema::table( 'donor_identities' );
		for ( $try = 1; $try <= self::WRITE_TRIES; $try++ ) {
			$found = $wpdb->get_var( $wpdb->prepare( "SELECT donor_id FROM {$identities} WHERE identity_hash = %s", $identity->hash ) );
			if ( null !== $found ) {
				return $this->live_id( (int) $found );
			}
			$now = current_time( 'mysql', true );
			// The donor first (UNIQUE identity_hash: a second server's insert finds this row),
			// then its identity (UNIQUE too); whichever identity is stored is the answer. A
			// statement refused (a deadlock between servers inserting one key) is tried again.
			$upserted = $wpdb->query(
				$wpdb->prepare(
					'INSERT INTO ' . Schema::table( 'donors' ) . ' (kind, identity_hash, first_name, last_name, organisation_name, name, email, created_at, updated_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON DUPLICATE KEY UPDATE id = LAST_INSERT_ID(id)',
					$identity->kind,
					$identity->hash,
					self::text( $row['first_name'] ?? '', 50 ),
					self::text( $row['last_name'] ?? '', 50 ),
					self::text( $identity->organisation_name, 160 ),
					self::display_name( $identity, $row ),
					$identity->email,
					$now,
					$now
				)
			);
			$created  = false === $upserted ? 0 : (int) $wpdb->insert_id;
			if ( $created > 0 ) {
				DonorCount::forget();
				$wpdb->query(
					$wpdb->prepare(
						"INSERT IGNORE INTO {$identities} (identity_hash, kind, email, organisation_name, donor_id, created_at) VALUES (%s, %s, %s, %s, %d, %s)",
						$identity->hash,
						$identity->kind,
						$identity->email,
						self::text( $identity->organisation_name, 160 ),
						$created,
						$now
					)
				);
			} else {
				usleep( random_int( 1000, 5000 ) * $try );
			}
		}//end for
		$found = $wpdb->get_var( $wpdb->prepare( "SELECT donor_id FROM {$identities} WHERE identity_hash = %s", $identity->hash ) );
		if ( null === $found ) {
			// Every try refused: the hourly sweep places this gift again.
			throw new RecordNotWritten( 'The donor of a gift could not be written.' );
		}
		return $this->live_id( (int) $found );
	}

	/**
	 * Sets a donor's figures to what its gifts say now (one locking INSERT … SELECT; see the
	 * class comment), and its running 4-weekly donations to what the subscriptions say.
	 *
	 * @param int $donor_id Donor id.
	 */
	public function rederive( int $donor_id ): void {
		global $wpdb;
		if ( $donor_id <= 0 ) {
			return;
		}
		// A statement refused (a deadlock with another server's) is tried again.
		for ( $try = 1; $try <= self::WRITE_TRIES; $try++ ) {
			$written = $this->derive( $donor_id );
			if ( false !== $written ) {
				break;
			}
			usleep( random_int( 1000, 5000 ) * $try );
		}
		if ( 0 === $written ) {
			// No gift recorded any more (all moved by a merge, or erased): nothing to count.
			$gifts = Schema::table( 'donor_gifts' );
			$wpdb->query(
				$wpdb->prepare(
					'UPDATE ' . Schema::table( 'donors' ) . " SET gifts = 0, given_cents = 0, kept_cents = 0, first_gift_at = NULL, last_gift_at = NULL, active_recurring = 0, updated_at = %s WHERE id = %d AND NOT EXISTS (SELECT 1 FROM {$gifts} g WHERE g.donor_id = %d)",
					current_time( 'mysql', true ),
					$donor_id,
					$donor_id
				)
			);
		}
	}

	/**
	 * The re-derivation's one statement: one row whatever the gifts (aggregates without GROUP
	 * BY), written only while the donor has a gift recorded (HAVING), so a donor removed
	 * meanwhile is never written back.
	 *
	 * @param int $donor_id Donor id.
	 * @return int|bool Rows written (0: no gift recorded), or false when the database refused it.
	 */
	private function derive( int $donor_id ): int|bool {
		global $wpdb;
		$donors        = Schema::table( 'donors' );
		$gifts         = Schema::table( 'donor_gifts' );
		$donations     = Schema::table( 'donations' );
		$subscriptions = Schema::table( 'subscriptions' );
		$is_received   = 'd.status IN (' . implode( ', ', array_fill( 0, count( GiftFigures::RECEIVED ), '%s' ) ) . ')';
		$kept          = GiftFigures::kept_sql( 'd' );
		$now           = current_time( 'mysql', true );
		return $wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$donors} (id, identity_hash, gifts, given_cents, kept_cents, first_gift_at, last_gift_at, active_recurring, created_at, updated_at)
				SELECT %d, CONCAT('removed:', %d), COALESCE(SUM({$is_received}), 0), COALESCE(SUM(CASE WHEN {$is_received} THEN CAST(d.total_cents AS SIGNED) ELSE 0 END), 0),
					COALESCE(SUM(CASE WHEN {$is_received} THEN {$kept} ELSE 0 END), 0),
					MIN(CASE WHEN {$is_received} THEN d.created_at END), MAX(CASE WHEN {$is_received} THEN d.created_at END),
					(SELECT COUNT(*) FROM {$gifts} sg INNER JOIN {$subscriptions} s ON s.donation_id = sg.donation_id WHERE sg.donor_id = %d AND s.status = %s),
					%s, %s
				FROM {$gifts} g INNER JOIN {$donations} d ON d.id = g.donation_id WHERE g.donor_id = %d HAVING COUNT(*) > 0
				ON DUPLICATE KEY UPDATE gifts = VALUES(gifts), given_cents = VALUES(given_cents), kept_cents = VALUES(kept_cents), first_gift_at = VALUES(first_gift_at),
					last_gift_at = VALUES(last_gift_at), active_recurring = VALUES(active_recurring), updated_at = VALUES(updated_at)",
				array_merge(
					array( $donor_id, $donor_id ),
					GiftFigures::RECEIVED,
					GiftFigures::RECEIVED,
					GiftFigures::RECEIVED,
					GiftFigures::RECEIVED,
					GiftFigures::RECEIVED,
					array( $donor_id, SubscriptionRepository::ACTIVE, $now, $now, $donor_id )
				)
			)
		);
	}

	/**
	 * A subscription started, started collecting or ended: its donor's running 4-weekly count.
	 *
	 * @param mixed $subscription_id sub_… id.
	 */
	public function subscription_changed( mixed $subscription_id ): void {
		global $wpdb;
		if ( ! is_string( $subscription_id ) || '' === $subscription_id ) {
			return;
		}
		$donation_id = $wpdb->get_var( $wpdb->prepare( 'SELECT donation_id FROM ' . Schema::table( 'subscriptions' ) . ' WHERE subscription_id = %s', $subscription_id ) );
		if ( null !== $donation_id ) {
			$this->donation_changed( (int) $donation_id );
		}
	}

	/**
	 * The donor a merged one was merged into (itself otherwise).
	 *
	 * @param int $donor_id Donor id.
	 */
	private function live_id( int $donor_id ): int {
		$row = ( new DonorDirectory() )->live_row( $donor_id );
		return null === $row ? $donor_id : (int) $row['id'];
	}

	/**
	 * The donor takes the names of its latest gift (a newer gift's names win; one conditional
	 * UPDATE, so an older gift re-read later changes nothing).
	 *
	 * @param int                  $donor_id Donor id.
	 * @param DonorIdentity        $identity The donation's identity.
	 * @param array<string, mixed> $row      The donation.
	 */
	private function name_from( int $donor_id, DonorIdentity $identity, array $row ): void {
		global $wpdb;
		if ( ! in_array( (string) $row['status'], GiftFigures::RECEIVED, true ) ) {
			return;
		}
		$donors = Schema::table( 'donors' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$donors} SET first_name = %s, last_name = %s, name = CASE WHEN kind = %s THEN organisation_name ELSE %s END WHERE id = %d AND (last_gift_at IS NULL OR last_gift_at <= %s)",
				self::text( $row['first_name'] ?? '', 50 ),
				self::text( $row['last_name'] ?? '', 50 ),
				DonorIdentity::ORGANISATION,
				self::display_name( new DonorIdentity( DonorIdentity::INDIVIDUAL, $identity->hash, $identity->email, '' ), $row ),
				$donor_id,
				(string) $row['created_at']
			)
		);
	}

	/**
	 * The name a donor is listed under: the organisation's, or the person's.
	 *
	 * @param DonorIdentity        $identity The identity.
	 * @param array<string, mixed> $row      A donation naming it.
	 */
	private static function display_name( DonorIdentity $identity, array $row ): string {
		if ( DonorIdentity::ORGANISATION === $identity->kind ) {
			return self::text( $identity->organisation_name, 191 );
		}
		return self::text( trim( self::text( $row['first_name'] ?? '', 50 ) . ' ' . self::text( $row['last_name'] ?? '', 50 ) ), 191 );
	}

	/**
	 * A value as text of at most some characters.
	 *
	 * @param mixed $value  The value.
	 * @param int   $length Most characters.
	 */
	private static function text( mixed $value, int $length ): string {
		return mb_substr( trim( is_scalar( $value ) ? (string) $value : '' ), 0, $length );
	}
}
