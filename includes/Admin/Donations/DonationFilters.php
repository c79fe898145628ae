<?php
/**
 * What staff asked the donations list for.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Receipts\DonationFormat;

/**
 * The search, filters and sort order of the donations list and its export, checked once: a
 * value that is not one of the allowed ones is dropped, never passed on to a query.
 */
final class DonationFilters {

	/**
	 * Sortable column (request value) => database column.
	 */
	public const SORTABLE = array(
		'date'   => 'created_at',
		'amount' => 'total_cents',
		'status' => 'status',
	);

	/**
	 * Dispute filter (request value) => what it keeps: any dispute, one still open, one lost.
	 */
	public const DISPUTES = array( 'disputed', 'open', 'lost' );

	private const DATE_PATTERN = '/^(\d{4})-(\d{2})-(\d{2})$/D';

	/**
	 * Builds the filters from checked values.
	 *
	 * @param string $search    Donor name, email, organisation, receipt number or provider id.
	 * @param string $status    A DonationStatus constant, or ''.
	 * @param string $frequency A DonationForm frequency, or ''.
	 * @param string $method    A payment method such as card, or ''.
	 * @param string $date_from First day (Y-m-d, site time zone), or ''.
	 * @param string $date_to   Last day (Y-m-d, site time zone), or ''.
	 * @param string $orderby   A key of SORTABLE.
	 * @param string $order     asc or desc.
	 * @param string $dispute   One of DISPUTES, or ''.
	 */
	public function __construct(
		public readonly string $search = '',
		public readonly string $status = '',
		public readonly string $frequency = '',
		public readonly string $method = '',
		public readonly string $date_from = '',
		public readonly string $date_to = '',
		public readonly string $orderby = 'date',
		public readonly string $order = 'desc',
		public readonly string $dispute = ''
	) {
	}

	/**
	 * Reads the filters from a request's query (already unslashed).
	 *
	 * @param array<mixed> $query Such as wp_unslash( $_GET ).
	 */
	public static function from_request( array $query ): self {
		$text = static function ( string $key ) use ( $query ): string {
			$value = $query[ $key ] ?? '';
			return is_string( $value ) ? trim( sanitize_text_field( $value ) ) : '';
		};

		$status    = $text( 'status' );
		$frequency = $text( 'frequency' );
		$method    = $text( 'method' );
		$orderby   = $text( 'orderby' );
		$order     = strtolower( $text( 'order' ) );
		$dispute   = $text( 'dispute' );
		$date_from = self::date( $text( 'date_from' ) );
		$date_to   = self::date( $text( 'date_to' ) );
		if ( '' !== $date_from && '' !== $date_to && $date_from > $date_to ) {
			// A range typed backwards still means the days between the two dates.
			list( $date_from, $date_to ) = array( $date_to, $date_from );
		}

		return new self(
			mb_substr( $text( 's' ), 0, 100 ),
			array_key_exists( $status, DonationFormat::statuses() ) ? $status : '',
			array_key_exists( $frequency, DonationFormat::frequencies() ) ? $frequency : '',
			preg_match( '/^[a-z0-9_]{1,30}$/D', $method ) ? $method : '',
			$date_from,
			$date_to,
			array_key_exists( $orderby, self::SORTABLE ) ? $orderby : 'date',
			'asc' === $order ? 'asc' : 'desc',
			in_array( $dispute, self::DISPUTES, true ) ? $dispute : ''
		);
	}

	/**
	 * The non-default values, as query arguments for links (pagination, export).
	 *
	 * @return array<string, string>
	 */
	public function query_args(): array {
		$args = array(
			's'         => $this->search,
			'status'    => $this->status,
			'frequency' => $this->frequency,
			'method'    => $this->method,
			'date_from' => $this->date_from,
			'date_to'   => $this->date_to,
			'dispute'   => $this->dispute,
			'orderby'   => 'date' !== $this->orderby ? $this->orderby : '',
			'order'     => 'desc' !== $this->order ? $this->order : '',
		);
		return array_filter( $args, static fn ( string $value ): bool => '' !== $value );
	}

	/**
	 * Whether any filter or search narrows the list.
	 */
	public function is_filtered(): bool {
		return '' !== $this->search . $this->status . $this->frequency . $this->method . $this->date_from . $this->date_to . $this->dispute;
	}

	/**
	 * The date filters that were given but are not a day of the calendar written Y-m-d (such
	 * as 2026-02-30), as given: the list says it is not filtered by them rather than dropping
	 * them unseen.
	 *
	 * @param array<mixed> $query Such as wp_unslash( $_GET ).
	 * @return array<string, string> date_from and/or date_to => the text given.
	 */
	public static function refused_dates( array $query ): array {
		$refused = array();
		foreach ( array( 'date_from', 'date_to' ) as $key ) {
			$value = $query[ $key ] ?? '';
			$text  = is_string( $value ) ? trim( sanitize_text_field( $value ) ) : '';
			if ( ! is_string( $value ) || ( '' !== $text && '' === self::date( $text ) ) ) {
				$refused[ $key ] = $text;
			}
		}
		return $refused;
	}

	/**
	 * A real calendar date in Y-m-d, or ''.
	 *
	 * @param string $value Submitted date.
	 */
	private static function date( string $value ): string {
		if ( ! preg_match( self::DATE_PATTERN, $value, $parts ) || ! checkdate( (int) $parts[2], (int) $parts[3], (int) $parts[1] ) ) {
			return '';
		}
		return $value;
	}
}
