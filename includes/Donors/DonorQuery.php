<?php
/**
 * What the Donors list asks for.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A search (a name or email prefix), a filter, an order and a page, from sanitised request
 * values: anything unknown falls back to the default, so the query never sees free text.
 */
final class DonorQuery {

	public const FILTERS = array( '', 'active_recurring', 'lapsed', 'first_time' );

	/**
	 * Each order and the donors column it sorts.
	 */
	public const ORDERS = array(
		'name'           => 'name',
		'email'          => 'email',
		'given'          => 'given_cents',
		'kept'           => 'kept_cents',
		'gifts'          => 'gifts',
		'first_gift'     => 'first_gift_at',
		'last_gift'      => 'last_gift_at',
		'last_statement' => 'last_statement_at',
	);

	/**
	 * Most rows a page holds.
	 */
	public const MAX_PER_PAGE = 200;

	/**
	 * A name or email prefix, trimmed ('' for all).
	 *
	 * @var string
	 */
	public readonly string $search;

	/**
	 * One of FILTERS.
	 *
	 * @var string
	 */
	public readonly string $filter;

	/**
	 * A key of ORDERS.
	 *
	 * @var string
	 */
	public readonly string $orderby;

	/**
	 * 'asc' or 'desc'.
	 *
	 * @var string
	 */
	public readonly string $order;

	/**
	 * Page number, from 1.
	 *
	 * @var int
	 */
	public readonly int $page;

	/**
	 * Rows per page.
	 *
	 * @var int
	 */
	public readonly int $per_page;

	/**
	 * Builds the query.
	 *
	 * @param string $search   A name or email prefix ('' for all).
	 * @param string $filter   '', 'active_recurring', 'lapsed' or 'first_time'.
	 * @param string $orderby  A key of ORDERS.
	 * @param string $order    'asc' or 'desc'.
	 * @param int    $page     From 1.
	 * @param int    $per_page Rows per page.
	 */
	public function __construct( string $search = '', string $filter = '', string $orderby = 'last_gift', string $order = 'desc', int $page = 1, int $per_page = 20 ) {
		$this->search   = mb_substr( trim( $search ), 0, 100 );
		$this->filter   = in_array( $filter, self::FILTERS, true ) ? $filter : '';
		$this->orderby  = isset( self::ORDERS[ $orderby ] ) ? $orderby : 'last_gift';
		$this->order    = 'asc' === strtolower( $order ) ? 'asc' : 'desc';
		$this->page     = max( 1, $page );
		$this->per_page = min( self::MAX_PER_PAGE, max( 1, $per_page ) );
	}

	/**
	 * The donors column of the order.
	 */
	public function column(): string {
		return self::ORDERS[ $this->orderby ];
	}
}
