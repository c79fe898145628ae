<?php
/**
 * Read-only queries of the donations list, its totals and its export.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Disputes\Dispute;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftFigures;
use DonationWidget\Receipts\ReceiptLog;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- staff must see the donations table as it is now (no cache); the only interpolated names are the plugin's own table from Schema::table() and whitelisted columns from DonationFilters::SORTABLE, every value is a placeholder of $wpdb->prepare().

/**
 * Finds donations for staff. It never writes: changes go through DonationRepository.
 */
final class DonationQuery {

	/**
	 * Rows per query of an export: enough to keep the query count low, few enough that memory
	 * stays flat however many donations there are.
	 */
	public const BATCH_SIZE = 500;

	/**
	 * The columns of d the totals read (rows_sum_sql()): a search's matches carry only these
	 * (and id), all of them in the search keys.
	 */
	private const SUMMED = array( 'status', 'currency', 'total_cents', 'refunded_cents', 'dispute_lost_cents' );

	/**
	 * One page of the list.
	 *
	 * A deferred join: the page's ids are read from an index that matches the filters and the
	 * order (id is in every InnoDB index, so no row is read for the rows skipped), then only
	 * those rows are fetched. A page past the middle is read from the other end of the order
	 * when the number of matches is known, so the last page costs what the first one does.
	 *
	 * @param DonationFilters $filters  Search, filters and order.
	 * @param int             $per_page Rows per page.
	 * @param int             $page     Page number, from 1.
	 * @param int|null        $total    How many donations match (totals()['count']), if known.
	 * @return list<Donation>
	 */
	public function page( DonationFilters $filters, int $per_page, int $page, ?int $total = null ): array {
		global $wpdb;
		$column                      = DonationFilters::SORTABLE[ $filters->orderby ] ?? 'created_at';
		list( $from, $where, $args ) = $this->where( $filters, null, array( $column ) );
		$per_page                    = max( 1, $per_page );
		$offset                      = max( 0, ( max( 1, $page ) - 1 ) * $per_page );
		$ascending                   = 'asc' === $filters->order;
		$limit                       = $per_page;
		$reversed                    = null !== $total && $offset > intdiv( $total, 2 ) && $offset < $total;
		if ( $reversed ) {
			// Rows offset … offset + limit - 1 of the order are rows total - offset - limit …
			// total - offset - 1 of the opposite order.
			$limit     = min( $per_page, $total - $offset );
			$offset    = max( 0, $total - $offset - $per_page );
			$ascending = ! $ascending;
		}
		$direction = $ascending ? 'ASC' : 'DESC';
		$args[]    = $limit;
		$args[]    = $offset;
		$sql       = "SELECT d.id FROM {$from} WHERE {$where} ORDER BY d.{$column} {$direction}, d.id {$direction} LIMIT %d OFFSET %d";
		$ids       = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( $sql, $args ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the FROM and WHERE come from where(), which holds table names and placeholders only; the column and direction from fixed lists.
		if ( $reversed ) {
			$ids = array_reverse( $ids );
		}
		return $this->by_ids( $ids );
	}

	/**
	 * How many donations match, how many of them were paid and kept (succeeded, or partly
	 * refunded), and what those kept in AUD: net of refunds and lost disputes.
	 *
	 * Without a search, from the totals kept on write (DonationTotals) for whole UTC days, plus
	 * the rows of the part-days at the ends of a date range (the range is in the site's time
	 * zone); a search counts its matches, which its indexes bound.
	 *
	 * @param DonationFilters $filters Search and filters.
	 * @return array{count: int, succeeded_count: int, succeeded_cents: int}
	 */
	public function totals( DonationFilters $filters ): array {
		global $wpdb;
		// Twice the statuses whose money was (at least partly) kept, and the currency.
		$kept = array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED, DonationForm::CURRENCY );
		$sums = array_merge( $kept, $kept );
		if ( '' !== $filters->search || '' !== $filters->dispute ) {
			// The kept day totals have no dispute column: disputed donations are few, summed from
			// their rows (on the dispute_created key).
			list( $from, $where, $args ) = $this->where( $filters, null, self::SUMMED );
			return $this->sums( $this->rows_sum_sql( $from, $where ), array_merge( $sums, $args ) );
		}

		list( $range_from, $range_to ) = $this->utc_range( $filters );
		// Whole UTC days: from the first midnight at or after the start, to the last before the end.
		$first_day = null === $range_from ? null : gmdate( 'Y-m-d', (int) strtotime( $range_from . ' UTC' ) + ( '00:00:00' === substr( $range_from, 11 ) ? 0 : DAY_IN_SECONDS ) );
		$end_day   = null === $range_to ? null : substr( $range_to, 0, 10 );
		if ( null !== $first_day && null !== $end_day && $first_day >= $end_day ) {
			// Less than a whole day: the rows alone.
			list( $from, $where, $args ) = $this->where( $filters, null, self::SUMMED );
			return $this->sums( $this->rows_sum_sql( $from, $where ), array_merge( $sums, $args ) );
		}

		$clauses = array( '1=1' );
		$args    = array();
		foreach ( array(
			'status'    => $filters->status,
			'method'    => $filters->method,
			'frequency' => $filters->frequency,
		) as $column => $value ) {
			if ( '' !== $value ) {
				$clauses[] = "{$column} = %s";
				$args[]    = $value;
			}
		}
		if ( null !== $first_day ) {
			$clauses[] = 'day >= %s';
			$args[]    = $first_day;
		}
		if ( null !== $end_day ) {
			$clauses[] = 'day < %s';
			$args[]    = $end_day;
		}
		$totals = Schema::table( 'donation_totals' );
		$days   = $this->sums(
			"SELECT COALESCE(SUM(donations), 0) AS total_count,
				COALESCE(SUM(CASE WHEN status IN (%s, %s) AND currency = %s THEN donations ELSE 0 END), 0) AS succeeded_count,
				COALESCE(SUM(CASE WHEN status IN (%s, %s) AND currency = %s THEN kept_cents ELSE 0 END), 0) AS succeeded_cents
			FROM {$totals} WHERE " . implode( ' AND ', $clauses ),
			array_merge( $sums, $args )
		);

		// The part-days at the ends, from the rows (under a day each, on the created_at index).
		$edges = array();
		if ( null !== $range_from && null !== $first_day && $range_from < $first_day . ' 00:00:00' ) {
			$edges[] = array( $range_from, $first_day . ' 00:00:00' );
		}
		if ( null !== $range_to && null !== $end_day && $end_day . ' 00:00:00' < $range_to ) {
			$edges[] = array( $end_day . ' 00:00:00', $range_to );
		}
		foreach ( $edges as $edge ) {
			list( $from, $where, $args ) = $this->where( $filters, $edge, self::SUMMED );
			$part                        = $this->sums( $this->rows_sum_sql( $from, $where ), array_merge( $sums, $args ) );
			foreach ( $days as $key => $value ) {
				$days[ $key ] = $value + $part[ $key ];
			}
		}
		return $days;
	}
	/**
	 * The next matching donations after a row id, oldest first: the export walks the whole
	 * set with these (keyset pagination stays fast at any depth, unlike a growing OFFSET).
	 *
	 * @param DonationFilters $filters  Search and filters (the order is always by id).
	 * @param int             $after_id Last id already read (0 to start).
	 * @param int             $limit    Most rows.
	 * @return list<Donation>
	 */
	public function batch_after( DonationFilters $filters, int $after_id, int $limit = self::BATCH_SIZE ): array {
		global $wpdb;
		list( $from, $where, $args ) = $this->where( $filters );
		$args[]                      = $after_id;
		$args[]                      = max( 1, $limit );
		$sent                        = ReceiptLog::sent_number_column( 'd' );
		$sql                         = "SELECT d.*, {$sent} FROM {$from} WHERE {$where} AND d.id > %d ORDER BY d.id ASC LIMIT %d";
		return $this->donations( $wpdb->get_results( $wpdb->prepare( $sql, $args ), ARRAY_A ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the FROM and WHERE come from where() (table names and placeholders only); the sent-number column is a fixed subquery.
	}

	/**
	 * The payment methods donations were made with, for the filter: read from the totals (a
	 * loose scan of their method index), never from the donations themselves.
	 *
	 * @return list<string>
	 */
	public function methods(): array {
		global $wpdb;
		$table   = Schema::table( 'donation_totals' );
		$methods = $wpdb->get_col( $wpdb->prepare( "SELECT method FROM {$table} WHERE method > %s GROUP BY method ORDER BY method ASC", '' ) );
		return array_values( array_map( 'strval', $methods ) );
	}

	/**
	 * The rows of some ids, in that order.
	 *
	 * @param int[] $ids Row ids.
	 * @return list<Donation>
	 */
	private function by_ids( array $ids ): array {
		global $wpdb;
		if ( array() === $ids ) {
			return array();
		}
		$table = Schema::table( 'donations' );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE id IN (" . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')', $ids ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %d placeholder per id.
		$found = array();
		foreach ( $this->donations( $rows ) as $donation ) {
			$found[ $donation->id() ] = $donation;
		}
		$ordered = array();
		foreach ( $ids as $id ) {
			if ( isset( $found[ $id ] ) ) {
				$ordered[] = $found[ $id ];
			}
		}
		return $ordered;
	}

	/**
	 * The count and AUD kept sums of rows: a SELECT with six placeholders before $from's.
	 *
	 * @param string $from  FROM clause (the donations are d).
	 * @param string $where WHERE clause.
	 */
	private function rows_sum_sql( string $from, string $where ): string {
		// What was kept (GiftFigures) is in every search key (DonationSearch::COVERED): no row is read back.
		return 'SELECT COUNT(*) AS total_count,
				COALESCE(SUM(CASE WHEN d.status IN (%s, %s) AND d.currency = %s THEN 1 ELSE 0 END), 0) AS succeeded_count,
				COALESCE(SUM(CASE WHEN d.status IN (%s, %s) AND d.currency = %s THEN ' . GiftFigures::kept_sql( 'd' ) . " ELSE 0 END), 0) AS succeeded_cents
			FROM {$from} WHERE {$where}";
	}

	/**
	 * Runs a totals SELECT.
	 *
	 * @param string           $sql  SQL with placeholders, answering total_count, succeeded_count and succeeded_cents.
	 * @param list<string|int> $args Placeholder values.
	 * @return array{count: int, succeeded_count: int, succeeded_cents: int}
	 */
	private function sums( string $sql, array $args ): array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( $sql, $args ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- callers pass SQL built from table names and placeholders only.
		return array(
			'count'           => (int) ( $row['total_count'] ?? 0 ),
			'succeeded_count' => (int) ( $row['succeeded_count'] ?? 0 ),
			'succeeded_cents' => (int) ( $row['succeeded_cents'] ?? 0 ),
		);
	}

	/**
	 * The filters' date range in UTC: [start, end), either end null when open. Dates are chosen
	 * in the site's time zone; rows are stored in UTC.
	 *
	 * @param DonationFilters $filters Filters.
	 * @return array{0: string|null, 1: string|null}
	 */
	private function utc_range( DonationFilters $filters ): array {
		return array(
			'' !== $filters->date_from ? get_gmt_from_date( $filters->date_from . ' 00:00:00' ) : null,
			'' !== $filters->date_to ? get_gmt_from_date( gmdate( 'Y-m-d', (int) strtotime( $filters->date_to . ' +1 day' ) ) . ' 00:00:00' ) : null,
		);
	}

	/**
	 * The FROM and WHERE clauses of the filters (the donations are d), with the placeholder
	 * values of both in order.
	 *
	 * @param DonationFilters                  $filters Search and filters.
	 * @param array{0: string, 1: string}|null $range   A UTC range [start, end) instead of the filters' dates.
	 * @param list<string>|null                $reads   The columns of d the caller reads besides id, when all
	 *                                                  are DonationSearch::COVERED; null: any column.
	 * @return array{0: string, 1: string, 2: list<string|int>}
	 */
	private function where( DonationFilters $filters, ?array $range = null, ?array $reads = null ): array {
		$table   = Schema::table( 'donations' );
		$from    = "{$table} d";
		$clauses = array( '1=1' );
		$args    = array();

		list( $start, $end ) = $range ?? $this->utc_range( $filters );
		if ( null !== $reads && '' !== $filters->search && '' === $filters->frequency && '' === $filters->method && '' === $filters->dispute ) {
			// Everything the list sorts, sums and filters by is in the matches' keys: the page and
			// the totals read the keys only (DonationSearch::rows()), not thousands of rows, and
			// each carries only the columns it needs (fewer bytes for the UNION to compare).
			$columns              = array_merge( $reads, '' !== $filters->status ? array( 'status' ) : array(), null !== $start || null !== $end ? array( 'created_at' ) : array() );
			list( $union, $args ) = DonationSearch::rows( $filters->search, $columns );
			$from                 = "({$union}) d";
		} elseif ( '' !== $filters->search ) {
			list( $union, $args ) = DonationSearch::ids( $filters->search );
			$from                 = "({$union}) m STRAIGHT_JOIN {$table} d ON d.id = m.id";
		}
		if ( '' !== $filters->status ) {
			$clauses[] = 'd.status = %s';
			$args[]    = $filters->status;
		}
		if ( '' !== $filters->frequency ) {
			$clauses[] = 'd.frequency = %s';
			$args[]    = $filters->frequency;
		}
		if ( '' !== $filters->method ) {
			$clauses[] = 'd.method = %s';
			$args[]    = $filters->method;
		}
		if ( 'open' === $filters->dispute ) {
			$clauses[] = 'd.dispute_status IN (' . implode( ', ', array_fill( 0, count( Dispute::OPEN ), '%s' ) ) . ')';
			$args      = array_merge( $args, Dispute::OPEN );
		} elseif ( 'lost' === $filters->dispute ) {
			$clauses[] = 'd.dispute_status = %s';
			$args[]    = Dispute::LOST;
		} elseif ( 'disputed' === $filters->dispute ) {
			$clauses[] = "d.dispute_status <> ''";
		}
		if ( null !== $start ) {
			$clauses[] = 'd.created_at >= %s';
			$args[]    = $start;
		}
		if ( null !== $end ) {
			$clauses[] = 'd.created_at < %s';
			$args[]    = $end;
		}
		return array( $from, implode( ' AND ', $clauses ), $args );
	}

	/**
	 * Donations from get_results() rows.
	 *
	 * @param mixed $rows Rows, or null.
	 * @return list<Donation>
	 */
	private function donations( mixed $rows ): array {
		$found = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			if ( is_array( $row ) ) {
				$found[] = Donation::from_row( $row );
			}
		}
		return $found;
	}
}
