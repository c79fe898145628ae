<?php
/**
 * Reads and writes the offline gifts' own rows and their audit.
 *
 * @package DonationWidget
 */

namespace DonationWidget\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- records staff change and read back at once (never from a cache); the only interpolated names are the domain's own table names from Schema::table(), every value goes through $wpdb->prepare(), insert() or update().

/**
 * The only place that touches offline_gifts and offline_gift_audit.
 */
final class OfflineGiftRecords {

	/**
	 * The columns of offline_gifts staff may change in place (each change audited).
	 */
	public const EDITABLE = array( 'reference', 'note' );

	/**
	 * Writes a gift's own row (once: a repeated write for the same donation is ignored).
	 *
	 * @param int    $donation_id The donation row.
	 * @param string $reference   Cheque number or bank reference.
	 * @param string $note        Staff's note.
	 * @param int    $user_id     Who recorded it.
	 * @param int    $corrects_id The gift it corrects (0: none).
	 * @return bool Whether the row is new (false: it was written before).
	 */
	public function add( int $donation_id, string $reference, string $note, int $user_id, int $corrects_id = 0 ): bool {
		global $wpdb;
		$table = Schema::table( 'offline_gifts' );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$table} (donation_id, reference, note, recorded_by, recorded_at, corrects_id) VALUES (%d, %s, %s, %d, %s, %d)",
				$donation_id,
				$reference,
				$note,
				$user_id,
				current_time( 'mysql', true ),
				$corrects_id
			)
		);
		return 1 === (int) $wpdb->rows_affected;
	}

	/**
	 * A gift's own row, or null when the donation is not an offline gift recorded here.
	 *
	 * @param int $donation_id The donation row.
	 * @return array{reference: string, note: string, recorded_by: int, recorded_at: string, corrects_id: int, corrected_by_id: int}|null
	 */
	public function find( int $donation_id ): ?array {
		global $wpdb;
		$table = Schema::table( 'offline_gifts' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT reference, note, recorded_by, recorded_at, corrects_id, corrected_by_id FROM {$table} WHERE donation_id = %d", $donation_id ), ARRAY_A );
		if ( ! is_array( $row ) ) {
			return null;
		}
		return array(
			'reference'       => (string) $row['reference'],
			'note'            => (string) $row['note'],
			'recorded_by'     => (int) $row['recorded_by'],
			'recorded_at'     => (string) $row['recorded_at'],
			'corrects_id'     => (int) $row['corrects_id'],
			'corrected_by_id' => (int) $row['corrected_by_id'],
		);
	}

	/**
	 * The references of some gifts (donation id => reference), for a list.
	 *
	 * @param int[] $donation_ids Donation rows.
	 * @return array<int, string>
	 */
	public function references( array $donation_ids ): array {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $donation_ids ) ) ) );
		if ( array() === $ids ) {
			return array();
		}
		$table = Schema::table( 'offline_gifts' );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT donation_id, reference FROM {$table} WHERE donation_id IN (" . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')', $ids ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table and a %d placeholder per id.
		$found = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$found[ (int) $row['donation_id'] ] = (string) $row['reference'];
		}
		return $found;
	}

	/**
	 * Changes the reference or note in place, and audits each field that changed.
	 *
	 * @param int                   $donation_id The donation row.
	 * @param array<string, string> $fields      EDITABLE column => new value.
	 * @param int                   $user_id     Who changed it.
	 * @return list<string> The fields that changed.
	 */
	public function edit( int $donation_id, array $fields, int $user_id ): array {
		global $wpdb;
		$before = $this->find( $donation_id );
		if ( null === $before ) {
			return array();
		}
		$changes = array();
		foreach ( array_intersect_key( $fields, array_flip( self::EDITABLE ) ) as $field => $value ) {
			if ( $before[ $field ] !== $value ) {
				$changes[ $field ] = $value;
			}
		}
		if ( array() === $changes ) {
			return array();
		}
		$wpdb->update( Schema::table( 'offline_gifts' ), $changes, array( 'donation_id' => $donation_id ), null, array( '%d' ) );
		foreach ( $changes as $field => $value ) {
			$this->audit( $donation_id, $user_id, $field, $before[ $field ], $value );
		}
		return array_keys( $changes );
	}

	/**
	 * Notes which gift corrected this one.
	 *
	 * @param int $donation_id  The gift voided.
	 * @param int $corrected_by The gift recorded in its place.
	 */
	public function mark_corrected( int $donation_id, int $corrected_by ): void {
		global $wpdb;
		$wpdb->update( Schema::table( 'offline_gifts' ), array( 'corrected_by_id' => $corrected_by ), array( 'donation_id' => $donation_id ), array( '%d' ), array( '%d' ) );
	}

	/**
	 * Writes one audit entry.
	 *
	 * @param int    $donation_id The donation row.
	 * @param int    $user_id     Who changed it.
	 * @param string $field       What changed (a column, status, or an event such as recorded).
	 * @param string $before      Its value before.
	 * @param string $after       Its value after.
	 */
	public function audit( int $donation_id, int $user_id, string $field, string $before, string $after ): void {
		global $wpdb;
		$wpdb->insert(
			Schema::table( 'offline_gift_audit' ),
			array(
				'donation_id'  => $donation_id,
				'user_id'      => $user_id,
				'changed_at'   => current_time( 'mysql', true ),
				'field'        => $field,
				'before_value' => $before,
				'after_value'  => $after,
			),
			array( '%d', '%d', '%s', '%s', '%s', '%s' )
		);
	}

	/**
	 * A gift's audit, oldest first.
	 *
	 * @param int $donation_id The donation row.
	 * @return list<array{user_id: int, changed_at: string, field: string, before: string, after: string}>
	 */
	public function audit_of( int $donation_id ): array {
		global $wpdb;
		$table   = Schema::table( 'offline_gift_audit' );
		$rows    = $wpdb->get_results( $wpdb->prepare( "SELECT user_id, changed_at, field, before_value, after_value FROM {$table} WHERE donation_id = %d ORDER BY id ASC", $donation_id ), ARRAY_A );
		$entries = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$entries[] = array(
				'user_id'    => (int) $row['user_id'],
				'changed_at' => (string) $row['changed_at'],
				'field'      => (string) $row['field'],
				'before'     => (string) $row['before_value'],
				'after'      => (string) $row['after_value'],
			);
		}
		return $entries;
	}
}
