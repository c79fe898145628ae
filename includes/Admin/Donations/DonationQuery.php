<?php
/**
 * Read-only queries of the donations list, its totals and its export.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

use DonationWidget\Database\Schema;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationStatus;
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
	 * One page of the list.
	 *
	 * @param DonationFilters $filters  Search, filters and order.
	 * @param int             $per_page Rows per page.
	 * @param int             $page     Page number, from 1.
	 * @return list<Donation>
	 */
	public function page( DonationFilters $filters, int $per_page, int $page ): array {
		global $wpdb;
		list( $where, $args ) = $this->where( $filters );
		$table                = Schema::table( 'donations' );
		$column               = DonationFilters::SORTABLE[ $filters->orderby ] ?? 'created_at';
		$direction            = 'asc' === $filters->order ? 'ASC' : 'DESC';
		$args[]               = max( 1, $per_page );
		$args[]               = max( 0, ( max( 1, $page ) - 1 ) * $per_page );
		$sql                  = "SELECT * FROM {$table} WHERE {$where} ORDER BY {$column} {$direction}, id {$direction} LIMIT %d OFFSET %d";
		return $this->donations( $wpdb->get_results( $wpdb->prepare( $sql, $args ), ARRAY_A ) );
	}

	/**
	 * How many donations match, and how much the succeeded ones among them raised in AUD.
	 *
	 * @param DonationFilters $filters Search and filters.
	 * @return array{count: int, succeeded_count: int, succeeded_cents: int}
	 */
	public function totals( DonationFilters $filters ): array {
		global $wpdb;
		list( $where, $args ) = $this->where( $filters );
		$table                = Schema::table( 'donations' );
		$sql                  = "SELECT COUNT(*) AS total_count,
				SUM(CASE WHEN status = %s AND currency = %s THEN 1 ELSE 0 END) AS succeeded_count,
				SUM(CASE WHEN status = %s AND currency = %s THEN total_cents ELSE 0 END) AS succeeded_cents
			FROM {$table} WHERE {$where}";
		$args                 = array_merge( array( DonationStatus::SUCCEEDED, DonationForm::CURRENCY, DonationStatus::SUCCEEDED, DonationForm::CURRENCY ), $args );
		$row                  = $wpdb->get_row( $wpdb->prepare( $sql, $args ), ARRAY_A );
		return array(
			'count'           => (int) ( $row['total_count'] ?? 0 ),
			'succeeded_count' => (int) ( $row['succeeded_count'] ?? 0 ),
			'succeeded_cents' => (int) ( $row['succeeded_cents'] ?? 0 ),
		);
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
		list( $where, $args ) = $this->where( $filters );
		$table                = Schema::table( 'donations' );
		$args[]               = $after_id;
		$args[]               = max( 1, $limit );
		$sent                 = ReceiptLog::sent_number_column( 'd' );
		$sql                  = "SELECT d.*, {$sent} FROM {$table} d WHERE {$where} AND d.id > %d ORDER BY d.id ASC LIMIT %d";
		return $this->donations( $wpdb->get_results( $wpdb->prepare( $sql, $args ), ARRAY_A ) );
	}

	/**
	 * The payment methods donations were made with, for the filter.
	 *
	 * @return list<string>
	 */
	public function methods(): array {
		global $wpdb;
		$table   = Schema::table( 'donations' );
		$methods = $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT method FROM {$table} WHERE method <> %s ORDER BY method ASC", '' ) );
		return array_values( array_map( 'strval', $methods ) );
	}

	/**
	 * The WHERE clause of the filters, with its placeholder values.
	 *
	 * @param DonationFilters $filters Search and filters.
	 * @return array{0: string, 1: list<string|int>}
	 */
	private function where( DonationFilters $filters ): array {
		global $wpdb;
		$clauses = array( '1=1' );
		$args    = array();

		if ( '' !== $filters->search ) {
			$like      = '%' . $wpdb->esc_like( $filters->search ) . '%';
			$clauses[] = "(first_name LIKE %s OR last_name LIKE %s OR CONCAT(first_name, ' ', last_name) LIKE %s OR email LIKE %s OR organisation_name LIKE %s"
				. ' OR provider_reference = %s OR payment_intent_id = %s OR customer_id = %s OR subscription_id = %s OR id = %d OR receipt_seq = %d)';
			array_push( $args, $like, $like, $like, $like, $like, $filters->search, $filters->search, $filters->search, $filters->search, self::id_in( $filters->search ), self::receipt_in( $filters->search ) );
		}
		if ( '' !== $filters->status ) {
			$clauses[] = 'status = %s';
			$args[]    = $filters->status;
		}
		if ( '' !== $filters->frequency ) {
			$clauses[] = 'frequency = %s';
			$args[]    = $filters->frequency;
		}
		if ( '' !== $filters->method ) {
			$clauses[] = 'method = %s';
			$args[]    = $filters->method;
		}
		if ( '' !== $filters->date_from ) {
			// Dates are chosen in the site's time zone; rows are stored in UTC.
			$clauses[] = 'created_at >= %s';
			$args[]    = get_gmt_from_date( $filters->date_from . ' 00:00:00' );
		}
		if ( '' !== $filters->date_to ) {
			$clauses[] = 'created_at < %s';
			$args[]    = get_gmt_from_date( gmdate( 'Y-m-d', (int) strtotime( $filters->date_to . ' +1 day' ) ) . ' 00:00:00' );
		}
		return array( implode( ' AND ', $clauses ), $args );
	}

	/**
	 * The donation id a search names, as "42" or "#42"; 0 (no row has it) otherwise.
	 *
	 * @param string $search Search text.
	 */
	private static function id_in( string $search ): int {
		return preg_match( '/^#?0*([1-9][0-9]{0,17})$/', $search, $match ) ? (int) $match[1] : 0;
	}

	/**
	 * The receipt sequence number a search names, as "42" or a receipt number with any prefix
	 * such as "REC-00000042" or "KC/00000042"; 0 (no row has it) otherwise.
	 *
	 * @param string $search Search text.
	 */
	private static function receipt_in( string $search ): int {
		return preg_match( '/^(?!#)[^\s0-9]{0,20}0*([1-9][0-9]{0,17})$/', $search, $match ) ? (int) $match[1] : 0;
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
