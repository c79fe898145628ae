<?php
/**
 * What staff asked the Donors list for.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donors\DonorQuery;

/**
 * The list's search, filter, order and page, read from the query string: anything not offered
 * falls back to the default, so a hand-edited URL shows the plain list, never an error.
 */
final class DonorListRequest {

	public const PER_PAGE = 20;

	/**
	 * Builds the request.
	 *
	 * @param string $search  Name or email text, or ''.
	 * @param string $filter  '' or a key of filters().
	 * @param string $orderby A key of DonorQuery::ORDERS.
	 * @param string $order   asc or desc.
	 * @param int    $page    From 1.
	 */
	public function __construct(
		public readonly string $search = '',
		public readonly string $filter = '',
		public readonly string $orderby = 'last_gift',
		public readonly string $order = 'desc',
		public readonly int $page = 1
	) {
	}

	/**
	 * Filter value => label.
	 *
	 * @return array<string, string>
	 */
	public static function filters(): array {
		return array(
			'active_recurring' => __( 'Giving 4-weekly now', 'donation-widget' ),
			'lapsed'           => __( 'Lapsed: gave last financial year, not this one', 'donation-widget' ),
			'first_time'       => __( 'First gift this financial year', 'donation-widget' ),
		);
	}

	/**
	 * Reads the query string (already unslashed).
	 *
	 * @param array<mixed> $get The query arguments.
	 */
	public static function from_request( array $get ): self {
		$text    = static fn ( string $key ): string => isset( $get[ $key ] ) && is_string( $get[ $key ] ) ? sanitize_text_field( $get[ $key ] ) : '';
		$filter  = $text( 'filter' );
		$orderby = $text( 'orderby' );
		$order   = strtolower( $text( 'order' ) );
		$page    = isset( $get['paged'] ) && is_scalar( $get['paged'] ) ? absint( $get['paged'] ) : 1;
		return new self(
			mb_substr( trim( $text( 's' ) ), 0, 100 ),
			array_key_exists( $filter, self::filters() ) ? $filter : '',
			isset( DonorQuery::ORDERS[ $orderby ] ) ? $orderby : 'last_gift',
			in_array( $order, array( 'asc', 'desc' ), true ) ? $order : ( '' === $orderby ? 'desc' : 'asc' ),
			max( 1, $page )
		);
	}

	/**
	 * The domain's query of this request.
	 */
	public function query(): DonorQuery {
		return new DonorQuery( $this->search, $this->filter, $this->orderby, $this->order, $this->page, self::PER_PAGE );
	}

	/**
	 * Whether a search or filter narrows the list.
	 */
	public function is_narrowed(): bool {
		return '' !== $this->search || '' !== $this->filter;
	}
}
