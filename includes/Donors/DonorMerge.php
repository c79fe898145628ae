<?php
/**
 * Merges two records of one supporter.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the donors' tables, written in the shared database (never cached); the only interpolated names are the plugin's own tables from Schema::table(), every value is a placeholder of $wpdb->prepare().

/**
 * The merged donor's identities (so both emails) and gifts move to the kept donor, whose figures
 * are re-derived; the merged donor stays, marked merged_into the kept one (DonorDirectory::find()
 * follows it), with no gift of its own. Both donors' audits record it. The claim is one
 * conditional UPDATE (merged_into = 0), so two members of staff merging at once merge once.
 */
final class DonorMerge {

	/**
	 * Takes the figures and the audit.
	 *
	 * @param DonorTotals $totals Re-derives the donors.
	 * @param DonorAudit  $audit  Records the merge.
	 */
	public function __construct( private readonly DonorTotals $totals = new DonorTotals(), private readonly DonorAudit $audit = new DonorAudit() ) {
	}

	/**
	 * Merges $merged_id into $keep_id.
	 *
	 * @param int $keep_id   The donor that stays (its primary email receives statements).
	 * @param int $merged_id The donor merged into it.
	 * @param int $user_id   Who merged.
	 * @throws DonorMergeRefused When the two cannot be merged (the message says why, for staff).
	 */
	public function merge( int $keep_id, int $merged_id, int $user_id ): void {
		global $wpdb;
		$donors = Schema::table( 'donors' );
		$keep   = $this->row( $keep_id );
		$merged = $this->row( $merged_id );
		if ( null === $keep || null === $merged ) {
			throw new DonorMergeRefused( esc_html__( 'One of these donors no longer exists.', 'donation-widget' ) );
		}
		if ( $keep_id === $merged_id ) {
			throw new DonorMergeRefused( esc_html__( 'A donor cannot be merged into itself.', 'donation-widget' ) );
		}
		if ( 0 === (int) $keep['merged_into'] && $keep_id === (int) $merged['merged_into'] ) {
			// Merged already (asked twice, or a request that died half-way): finish the moves,
			// which change nothing when done.
			$this->move( $keep_id, $merged_id );
			return;
		}
		if ( 0 !== (int) $keep['merged_into'] || 0 !== (int) $merged['merged_into'] ) {
			throw new DonorMergeRefused( esc_html__( 'One of these donors has already been merged into another. Open the donor it was merged into instead.', 'donation-widget' ) );
		}
		if ( $keep['kind'] !== $merged['kind'] ) {
			throw new DonorMergeRefused( esc_html__( 'An organisation and a person cannot be merged: their gifts are receipted to different names.', 'donation-widget' ) );
		}
		$now     = current_time( 'mysql', true );
		$claimed = $wpdb->query( $wpdb->prepare( "UPDATE {$donors} SET merged_into = %d, updated_at = %s WHERE id = %d AND merged_into = 0", $keep_id, $now, $merged_id ) );
		if ( 1 !== $claimed ) {
			throw new DonorMergeRefused( esc_html__( 'This donor has just been merged by someone else.', 'donation-widget' ) );
		}
		DonorCount::forget();
		$emails = ( new DonorDirectory() )->emails_of( $merged_id );
		$gifts  = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'donor_gifts' ) . ' WHERE donor_id = %d', $merged_id ) );
		$this->move( $keep_id, $merged_id );
		$this->audit->record(
			$keep_id,
			$user_id,
			DonorAudit::MERGED,
			array(
				'donor_id' => $merged_id,
				'emails'   => $emails,
				'gifts'    => $gifts,
			)
		);
		$this->audit->record(
			$merged_id,
			$user_id,
			DonorAudit::MERGED_INTO,
			array(
				'donor_id' => $keep_id,
				'email'    => (string) $keep['email'],
			)
		);
		/**
		 * Two donors became one: their statements are one from now on.
		 *
		 * @param int $keep_id   The kept donor.
		 * @param int $merged_id The donor merged into it.
		 */
		do_action( 'donation_widget_donors_merged', $keep_id, $merged_id );
	}

	/**
	 * Moves a merged donor's identities, gifts and merged donors to the kept one and re-derives
	 * both: each step writes where things belong, so repeating it changes nothing.
	 *
	 * @param int $keep_id   The kept donor.
	 * @param int $merged_id The merged donor.
	 */
	private function move( int $keep_id, int $merged_id ): void {
		global $wpdb;
		$donors = Schema::table( 'donors' );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'donor_identities' ) . ' SET donor_id = %d WHERE donor_id = %d', $keep_id, $merged_id ) );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'donor_gifts' ) . ' SET donor_id = %d WHERE donor_id = %d', $keep_id, $merged_id ) );
		// Donors merged into the merged one follow it to the kept one (find() stays one hop).
		$wpdb->query( $wpdb->prepare( "UPDATE {$donors} SET merged_into = %d WHERE merged_into = %d", $keep_id, $merged_id ) );
		// The later of the two statements sent.
		$wpdb->query( $wpdb->prepare( "UPDATE {$donors} k INNER JOIN {$donors} m ON m.id = %d SET k.last_statement_at = GREATEST(COALESCE(k.last_statement_at, m.last_statement_at), COALESCE(m.last_statement_at, k.last_statement_at)) WHERE k.id = %d", $merged_id, $keep_id ) );
		$this->totals->rederive( $keep_id );
		$this->totals->rederive( $merged_id );
	}

	/**
	 * A donor's row as stored (not following merges).
	 *
	 * @param int $id Donor id.
	 * @return array<string, mixed>|null
	 */
	private function row( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT id, kind, email, merged_into FROM ' . Schema::table( 'donors' ) . ' WHERE id = %d', $id ), ARRAY_A );
		return is_array( $row ) ? $row : null;
	}
}
