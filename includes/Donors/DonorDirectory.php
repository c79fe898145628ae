<?php
/**
 * Reads donors: the list, one donor, their gifts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Statements\FinancialYear;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders -- staff see the donors as they are now (no cache); the only interpolated names are the plugin's own tables from Schema::table() and columns from DonorQuery::ORDERS and placeholders built for a list, every value is a placeholder of $wpdb->prepare().

/**
 * Never writes. The list reads a page of ids from the key that matches its order (every list key
 * starts with merged_into, so the live donors are one range of it), then those rows by primary
 * key; a page past the middle is read from the other end, so the last page costs what the first
 * does. A merged donor is found as the donor it was merged into.
 */
final class DonorDirectory {

	/**
	 * Merges followed at most (a chain longer than this is a loop).
	 */
	private const MAX_MERGE_HOPS = 10;

	/**
	 * Most matches of a search whose rows are read to sort them; beyond, the order's key is
	 * walked (so many match that a page of them comes soon).
	 */
	private const SEARCH_ROWS_READ = 1000;

	/**
	 * One page of the list and how many donors match.
	 *
	 * @param DonorQuery $query Search, filter, order and page.
	 * @return array{donors: list<Donor>, total: int}
	 */
	public function page( DonorQuery $query ): array {
		global $wpdb;
		$table                = Schema::table( 'donors' );
		list( $where, $args ) = $this->where( $query );
		$matches              = $this->search_matches( $query );
		if ( null !== $matches ) {
			// A search counts the union of its keys' ranges, each read from its key alone.
			$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM ({$matches[0]}) m", $matches[1] ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- search_matches() holds fixed columns and placeholders only.
		} else {
			$count = "SELECT COUNT(*) FROM {$table} WHERE {$where}";
			// The whole list has no value to prepare (prepare() insists on a placeholder), and its
			// count is kept until a donor is created, merged or erased (DonorCount).
			$total = '' === $query->filter
				? DonorCount::of_everyone( static fn (): int => (int) $wpdb->get_var( $count ) ) // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- where() holds fixed columns only here.
				: (int) $wpdb->get_var( array() === $args ? $count : $wpdb->prepare( $count, $args ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- where() holds fixed columns and placeholders only.
		}
		if ( null !== $matches && $total <= self::SEARCH_ROWS_READ ) {
			// Few matches: their rows are read and sorted (walking the order's key would pass
			// over most of the table to find them).
			$column    = $query->column();
			$direction = 'asc' === $query->order ? 'ASC' : 'DESC';
			$ids       = $wpdb->get_col( $wpdb->prepare( "SELECT d.id FROM {$table} d INNER JOIN ({$matches[0]}) m ON m.id = d.id WHERE {$where} ORDER BY d.{$column} {$direction}, d.id {$direction} LIMIT %d OFFSET %d", array_merge( $matches[1], $args, array( $query->per_page, ( $query->page - 1 ) * $query->per_page ) ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- search_matches() and where() hold fixed columns and placeholders; the column and direction come from fixed lists.
			return array(
				'donors' => $this->by_ids( array_map( 'intval', $ids ) ),
				'total'  => $total,
			);
		}
		$offset    = ( $query->page - 1 ) * $query->per_page;
		$limit     = $query->per_page;
		$ascending = 'asc' === $query->order;
		$reversed  = $offset > intdiv( $total, 2 ) && $offset < $total;
		if ( $offset >= $total ) {
			return array(
				'donors' => array(),
				'total'  => $total,
			);
		}
		if ( $reversed ) {
			// Rows offset … offset + limit - 1 of the order are rows total - offset - limit …
			// total - offset - 1 of the opposite order.
			$limit     = min( $query->per_page, $total - $offset );
			$offset    = max( 0, $total - $offset - $query->per_page );
			$ascending = ! $ascending;
		}
		$column    = $query->column();
		$direction = $ascending ? 'ASC' : 'DESC';
		$ids       = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$table} WHERE {$where} ORDER BY {$column} {$direction}, id {$direction} LIMIT %d OFFSET %d", array_merge( $args, array( $limit, $offset ) ) ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- where() holds fixed columns and placeholders; the column and direction come from fixed lists.
		if ( $reversed ) {
			$ids = array_reverse( $ids );
		}
		return array(
			'donors' => $this->by_ids( $ids ),
			'total'  => $total,
		);
	}

	/**
	 * The donor a donation belongs to (the live one after a merge), or null (a gift not received,
	 * or one with no donor details).
	 *
	 * @param int $donation_id Donation row id.
	 */
	public function find_by_donation( int $donation_id ): ?Donor {
		global $wpdb;
		$donor_id = $wpdb->get_var( $wpdb->prepare( 'SELECT donor_id FROM ' . Schema::table( 'donor_gifts' ) . ' WHERE donation_id = %d', $donation_id ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's own table name.
		return null === $donor_id ? null : $this->find( (int) $donor_id );
	}

	/**
	 * A donor by id; a merged donor is found as the donor it was merged into.
	 *
	 * @param int $id Donor id.
	 */
	public function find( int $id ): ?Donor {
		$row = $this->live_row( $id );
		return null === $row ? null : $this->by_ids( array( (int) $row['id'] ) )[0] ?? null;
	}

	/**
	 * The donor holding an email: its own (individual) identity first, else an organisation's
	 * that uses it (the earliest).
	 *
	 * @param string $email An email in any case.
	 */
	public function find_by_email( string $email ): ?Donor {
		global $wpdb;
		$email = strtolower( trim( $email ) );
		if ( '' === $email ) {
			return null;
		}
		$identities = Schema::table( 'donor_identities' );
		$donor_id   = $wpdb->get_var( $wpdb->prepare( "SELECT donor_id FROM {$identities} WHERE identity_hash = %s", DonorIdentity::individual_hash( $email ) ) );
		if ( null === $donor_id ) {
			$donor_id = $wpdb->get_var( $wpdb->prepare( "SELECT donor_id FROM {$identities} WHERE email = %s ORDER BY id ASC LIMIT 1", $email ) );
		}
		return null === $donor_id ? null : $this->find( (int) $donor_id );
	}

	/**
	 * A donor's gifts (donation ids), newest first. A merged donor's are the kept donor's.
	 *
	 * @param int $donor_id Donor id.
	 * @param int $limit    Most ids.
	 * @param int $offset   Ids skipped.
	 * @return list<int>
	 */
	public function gift_ids( int $donor_id, int $limit, int $offset ): array {
		global $wpdb;
		$row = $this->live_row( $donor_id );
		if ( null === $row ) {
			return array();
		}
		$gifts     = Schema::table( 'donor_gifts' );
		$donations = Schema::table( 'donations' );
		$ids       = $wpdb->get_col( $wpdb->prepare( "SELECT g.donation_id FROM {$gifts} g INNER JOIN {$donations} d ON d.id = g.donation_id WHERE g.donor_id = %d ORDER BY d.created_at DESC, d.id DESC LIMIT %d OFFSET %d", (int) $row['id'], max( 1, $limit ), max( 0, $offset ) ) );
		return array_values( array_map( 'intval', $ids ) );
	}

	/**
	 * How many gifts gift_ids() pages through (every gift recorded for the donor, whatever its
	 * status now: a refunded or voided gift stays on their page).
	 *
	 * @param int $donor_id Donor id.
	 */
	public function gift_count( int $donor_id ): int {
		global $wpdb;
		$row = $this->live_row( $donor_id );
		if ( null === $row ) {
			return 0;
		}
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'donor_gifts' ) . ' WHERE donor_id = %d', (int) $row['id'] ) );
	}

	/**
	 * The donor a merged one was merged into (itself when not merged), as a row.
	 *
	 * @param int $id Donor id.
	 * @return array<string, mixed>|null
	 */
	public function live_row( int $id ): ?array {
		global $wpdb;
		$table = Schema::table( 'donors' );
		for ( $hop = 0; $hop <= self::MAX_MERGE_HOPS && $id > 0; $hop++ ) {
			$row = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE id = %d", $id ), ARRAY_A );
			if ( ! is_array( $row ) ) {
				return null;
			}
			if ( 0 === (int) $row['merged_into'] ) {
				return $row;
			}
			$id = (int) $row['merged_into'];
		}
		return null;
	}

	/**
	 * Every email a donor holds, its primary first.
	 *
	 * @param int $donor_id Donor id.
	 * @return list<string>
	 */
	public function emails_of( int $donor_id ): array {
		$donor = $this->by_ids( array( $donor_id ) )[0] ?? null;
		return null === $donor ? array() : $donor->emails();
	}

	/**
	 * A search's matching ids as a UNION of one range per key it searches (each covered by its
	 * key: merged_into, the column, and the id InnoDB adds), with its values; null without a
	 * search.
	 *
	 * @param DonorQuery $query The query.
	 * @return array{0: string, 1: list<string>}|null
	 */
	private function search_matches( DonorQuery $query ): ?array {
		global $wpdb;
		if ( '' === $query->search ) {
			return null;
		}
		$table   = Schema::table( 'donors' );
		$prefix  = $wpdb->esc_like( $query->search ) . '%';
		$columns = str_contains( $query->search, '@' ) ? array( 'email' ) : array( 'name', 'last_name', 'email' );
		$ranges  = array();
		foreach ( $columns as $column ) {
			$ranges[] = "SELECT id FROM {$table} WHERE merged_into = 0 AND {$column} LIKE %s";
		}
		return array( implode( ' UNION ', $ranges ), array_fill( 0, count( $columns ), $prefix ) );
	}

	/**
	 * The WHERE clause of a query, with its values.
	 *
	 * @param DonorQuery $query The query.
	 * @return array{0: string, 1: list<string|int>}
	 */
	private function where( DonorQuery $query ): array {
		global $wpdb;
		$clauses = array( 'merged_into = 0' );
		$args    = array();
		$year    = FinancialYear::current();
		switch ( $query->filter ) {
			case 'active_recurring':
				$clauses[] = 'active_recurring > 0';
				break;
			case 'lapsed':
				// Gave in the last financial year, and not in this one.
				$clauses[] = 'last_gift_at >= %s AND last_gift_at < %s';
				$args[]    = ( new FinancialYear( $year->ending - 1 ) )->starts_utc();
				$args[]    = $year->starts_utc();
				break;
			case 'first_time':
				$clauses[] = 'first_gift_at >= %s';
				$args[]    = $year->starts_utc();
				break;
		}
		if ( '' !== $query->search ) {
			$prefix = $wpdb->esc_like( $query->search ) . '%';
			if ( str_contains( $query->search, '@' ) ) {
				$clauses[] = 'email LIKE %s';
				$args[]    = $prefix;
			} else {
				// Each a range of its own key (MariaDB unions them): the display name (first
				// name, or the organisation), the last name, the email.
				$clauses[] = '(name LIKE %s OR last_name LIKE %s OR email LIKE %s)';
				array_push( $args, $prefix, $prefix, $prefix );
			}
		}
		return array( implode( ' AND ', $clauses ), $args );
	}

	/**
	 * Donors by id, in that order, with their emails.
	 *
	 * @param int[] $ids Donor ids.
	 * @return list<Donor>
	 */
	private function by_ids( array $ids ): array {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		if ( array() === $ids ) {
			return array();
		}
		$in         = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$rows       = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'donors' ) . " WHERE id IN ({$in})", $ids ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %d placeholder per id.
		$identities = $wpdb->get_results( $wpdb->prepare( 'SELECT id, donor_id, email FROM ' . Schema::table( 'donor_identities' ) . " WHERE donor_id IN ({$in})", $ids ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %d placeholder per id.
		$identities = is_array( $identities ) ? $identities : array();
		// Oldest first, sorted here (an ORDER BY id would walk the primary key, not donor_id's).
		usort( $identities, static fn ( array $a, array $b ): int => (int) $a['id'] <=> (int) $b['id'] );
		$emails = array();
		foreach ( $identities as $identity ) {
			$emails[ (int) $identity['donor_id'] ][] = (string) $identity['email'];
		}
		$by_id = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$id           = (int) $row['id'];
			$all          = array_merge( array( (string) $row['email'] ), $emails[ $id ] ?? array() );
			$by_id[ $id ] = new Donor( $row, array_values( array_unique( array_filter( $all ) ) ) );
		}
		$donors = array();
		foreach ( $ids as $id ) {
			if ( isset( $by_id[ $id ] ) ) {
				$donors[] = $by_id[ $id ];
			}
		}
		return $donors;
	}
}
