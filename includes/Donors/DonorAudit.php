<?php
/**
 * What staff changed about a donor.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the donor_audit table's one gateway, read fresh (no cache); the only interpolated name is the plugin's own table from Schema::table().

/**
 * One row per change (a merge, an email erased): the donor, who (a user id, 0 for the site
 * itself), when (UTC), the event and its facts (JSON), worded when read so each reader sees it in
 * their language.
 */
final class DonorAudit {

	public const MERGED      = 'merged';
	public const MERGED_INTO = 'merged_into';
	public const ERASED      = 'email_erased';

	/**
	 * Records an event.
	 *
	 * @param int                  $donor_id Donor id.
	 * @param int                  $user_id  Who (0: the site itself).
	 * @param string               $event    One of the constants.
	 * @param array<string, mixed> $facts    What the wording needs.
	 */
	public function record( int $donor_id, int $user_id, string $event, array $facts ): void {
		global $wpdb;
		$wpdb->insert(
			Schema::table( 'donor_audit' ),
			array(
				'donor_id'   => $donor_id,
				'user_id'    => $user_id,
				'event'      => $event,
				'detail'     => (string) wp_json_encode( $facts ),
				'created_at' => current_time( 'mysql', true ),
			),
			array( '%d', '%d', '%s', '%s', '%s' )
		);
	}

	/**
	 * A donor's entries, newest first: at (UTC 'Y-m-d H:i:s'), actor (the user's display name),
	 * event (one of the constants) and detail (a sentence for staff).
	 *
	 * @param int $donor_id Donor id.
	 * @return list<array{at: string, actor: string, event: string, detail: string}>
	 */
	public function entries( int $donor_id ): array {
		global $wpdb;
		$rows    = $wpdb->get_results( $wpdb->prepare( 'SELECT user_id, event, detail, created_at FROM ' . Schema::table( 'donor_audit' ) . ' WHERE donor_id = %d ORDER BY id DESC', $donor_id ), ARRAY_A );
		$entries = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$facts     = json_decode( (string) $row['detail'], true );
			$entries[] = array(
				'at'     => (string) $row['created_at'],
				'actor'  => self::actor( (int) $row['user_id'] ),
				'event'  => (string) $row['event'],
				'detail' => self::worded( (string) $row['event'], is_array( $facts ) ? $facts : array() ),
			);
		}
		return $entries;
	}

	/**
	 * Replaces an erased email in the facts of a donor's entries.
	 *
	 * @param int    $donor_id  Donor id.
	 * @param string $email     The erased email.
	 * @param string $anonymous What replaces it.
	 */
	public function forget_email( int $donor_id, string $email, string $anonymous ): void {
		global $wpdb;
		$table = Schema::table( 'donor_audit' );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT id, detail FROM {$table} WHERE donor_id = %d", $donor_id ), ARRAY_A );
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$facts = json_decode( (string) $row['detail'], true );
			if ( ! is_array( $facts ) ) {
				continue;
			}
			$changed = false;
			array_walk_recursive(
				$facts,
				static function ( mixed &$value ) use ( $email, $anonymous, &$changed ): void {
					if ( is_string( $value ) && 0 === strcasecmp( $value, $email ) ) {
						$value   = $anonymous;
						$changed = true;
					}
				}
			);
			if ( $changed ) {
				$wpdb->update( $table, array( 'detail' => (string) wp_json_encode( $facts ) ), array( 'id' => (int) $row['id'] ), array( '%s' ), array( '%d' ) );
			}
		}
	}

	/**
	 * Deletes a donor's entries (the donor itself was erased).
	 *
	 * @param int $donor_id Donor id.
	 */
	public function delete_of( int $donor_id ): void {
		global $wpdb;
		$wpdb->delete( Schema::table( 'donor_audit' ), array( 'donor_id' => $donor_id ), array( '%d' ) );
	}

	/**
	 * Who made a change.
	 *
	 * @param int $user_id User id, 0 for the site.
	 */
	private static function actor( int $user_id ): string {
		if ( 0 === $user_id ) {
			return __( 'The site', 'donation-widget' );
		}
		$user = get_userdata( $user_id );
		/* translators: %d: a WordPress user id. */
		return false !== $user ? (string) $user->display_name : sprintf( __( 'User #%d', 'donation-widget' ), $user_id );
	}

	/**
	 * An event in words.
	 *
	 * @param string               $event The event.
	 * @param array<string, mixed> $facts Its facts.
	 */
	private static function worded( string $event, array $facts ): string {
		$text  = static fn ( string $key ): string => is_scalar( $facts[ $key ] ?? null ) ? (string) $facts[ $key ] : '';
		$count = static fn ( string $key ): int => is_numeric( $facts[ $key ] ?? null ) ? (int) $facts[ $key ] : 0;
		switch ( $event ) {
			case self::MERGED:
				return sprintf(
					/* translators: 1: donor number, 2: their emails, 3: number of gifts. */
					_n( 'Donor #%1$d (%2$s) was merged into this donor: its emails and %3$d gift moved here.', 'Donor #%1$d (%2$s) was merged into this donor: its emails and %3$d gifts moved here.', $count( 'gifts' ), 'donation-widget' ),
					$count( 'donor_id' ),
					implode( ', ', array_map( 'strval', is_array( $facts['emails'] ?? null ) ? $facts['emails'] : array() ) ),
					$count( 'gifts' )
				);
			case self::MERGED_INTO:
				return sprintf(
					/* translators: 1: donor number, 2: their email. */
					__( 'This donor was merged into donor #%1$d (%2$s).', 'donation-widget' ),
					$count( 'donor_id' ),
					$text( 'email' )
				);
			case self::ERASED:
				/* translators: %s: the erased email, as anonymised. */
				return sprintf( __( 'The personal data of %s was erased at the donor\'s request.', 'donation-widget' ), $text( 'email' ) );
		}
		return $event;
	}
}
