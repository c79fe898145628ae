<?php
/**
 * The donors list.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donors\Donor;
use DonationWidget\Donors\DonorDirectory;
use DonationWidget\Receipts\DonationFormat;

/**
 * WordPress's list table over DonorDirectory::page(): one page of donors read at a time (the
 * directory keeps each donor's totals on its own row, so no page sums donations), sortable by
 * every money and date column. Load wp-admin/includes/class-wp-list-table.php before using it.
 */
final class DonorsListTable extends \WP_List_Table {

	/**
	 * Builds the table.
	 *
	 * @param DonorDirectory   $directory Reads donors.
	 * @param DonorListRequest $request   What staff asked for.
	 * @param string           $screen    The screen id.
	 */
	public function __construct( private readonly DonorDirectory $directory, private readonly DonorListRequest $request, string $screen ) {
		parent::__construct(
			array(
				'singular' => 'donor',
				'plural'   => 'donors',
				'ajax'     => false,
				'screen'   => $screen,
			)
		);
	}

	/**
	 * Column id => heading.
	 *
	 * @return array<string, string>
	 */
	public function get_columns() {
		return array(
			'name'           => __( 'Donor', 'donation-widget' ),
			'email'          => __( 'Email', 'donation-widget' ),
			'given'          => __( 'Total given', 'donation-widget' ),
			'kept'           => __( 'Kept', 'donation-widget' ),
			'gifts'          => __( 'Gifts', 'donation-widget' ),
			'first_gift'     => __( 'First gift', 'donation-widget' ),
			'last_gift'      => __( 'Last gift', 'donation-widget' ),
			'recurring'      => __( '4-weekly', 'donation-widget' ),
			'last_statement' => __( 'Last statement', 'donation-widget' ),
		);
	}

	/**
	 * Every money, count and date column sorts, largest or newest first on the first click.
	 *
	 * @return array<string, array<int, mixed>>
	 */
	protected function get_sortable_columns() {
		return array(
			'name'           => array( 'name', false ),
			'email'          => array( 'email', false ),
			'given'          => array( 'given', true ),
			'kept'           => array( 'kept', true ),
			'gifts'          => array( 'gifts', true ),
			'first_gift'     => array( 'first_gift', true ),
			'last_gift'      => array( 'last_gift', true, '', '', 'desc' ),
			'last_statement' => array( 'last_statement', true ),
		);
	}

	/**
	 * The column holding the row actions.
	 */
	protected function get_primary_column_name() {
		return 'name';
	}

	/**
	 * The table's caption, always (WordPress prints one only for a column given an order text):
	 * what the table is and how it is sorted.
	 */
	public function print_table_description() {
		$column = $this->get_columns()[ $this->request->orderby ] ?? __( 'Last gift', 'donation-widget' );
		printf(
			'<caption class="screen-reader-text">%s</caption>',
			esc_html(
				sprintf(
					/* translators: 1: a column, such as Total given; 2: Ascending or Descending. */
					__( 'Donors, sorted by %1$s, %2$s.', 'donation-widget' ),
					$column,
					'asc' === $this->request->order ? __( 'ascending', 'donation-widget' ) : __( 'descending', 'donation-widget' )
				)
			)
		);
	}

	/**
	 * Reads the current page of donors and how many match.
	 */
	public function prepare_items(): void {
		$this->_column_headers = array( $this->get_columns(), array(), $this->get_sortable_columns(), $this->get_primary_column_name() );
		$found                 = $this->directory->page( $this->request->query() );
		$this->items           = $found['donors'];
		$this->set_pagination_args(
			array(
				'total_items' => $found['total'],
				'per_page'    => DonorListRequest::PER_PAGE,
			)
		);
	}

	/**
	 * Shown when nothing matches.
	 */
	public function no_items(): void {
		echo esc_html(
			$this->request->is_narrowed()
				? __( 'No donors match this search or filter.', 'donation-widget' )
				: __( 'No donors yet: a donor appears here with their first gift.', 'donation-widget' )
		);
	}

	/**
	 * The filter above the table, with a visible label.
	 *
	 * @param string $which top or bottom.
	 */
	protected function extra_tablenav( $which ): void {
		if ( 'top' !== $which ) {
			return;
		}
		echo '<div class="alignleft actions donation-widget-donor-filters">';
		printf( '<label for="donation-widget-donor-filter">%s</label> ', esc_html__( 'Show', 'donation-widget' ) );
		printf( '<select id="donation-widget-donor-filter" name="filter"><option value="">%s</option>', esc_html__( 'All donors', 'donation-widget' ) );
		foreach ( DonorListRequest::filters() as $value => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $value ), selected( $this->request->filter, $value, false ), esc_html( $label ) );
		}
		echo '</select> ';
		submit_button( __( 'Filter', 'donation-widget' ), '', 'filter_action', false );
		echo '</div>';
	}

	/**
	 * The donor's name, linked to their page.
	 *
	 * @param Donor $item The donor.
	 */
	protected function column_name( $item ): string {
		$name = $item->name();
		$out  = sprintf(
			'<strong><a class="row-title" href="%s">%s</a></strong>',
			esc_url( DonorsPage::donor_url( $item->id() ) ),
			esc_html( '' !== $name ? $name : __( '(no name)', 'donation-widget' ) )
		);
		if ( 'organisation' === $item->kind() ) {
			$out .= '<br /><span class="description">' . esc_html__( 'Organisation', 'donation-widget' ) . '</span>';
		}
		return $out;
	}

	/**
	 * The primary email, and how many more the donor holds after a merge.
	 *
	 * @param Donor $item The donor.
	 */
	protected function column_email( $item ): string {
		$out   = esc_html( $item->email() );
		$other = count( $item->emails() ) - 1;
		if ( $other > 0 ) {
			/* translators: %d: how many more email addresses. */
			$out .= '<br /><span class="description">' . esc_html( sprintf( _n( 'and %d more', 'and %d more', $other, 'donation-widget' ), $other ) ) . '</span>';
		}
		return $out;
	}

	/**
	 * Received, before refunds.
	 *
	 * @param Donor $item The donor.
	 */
	protected function column_given( $item ): string {
		return esc_html( DonationFormat::money( $item->given_cents() ) );
	}

	/**
	 * Kept: net of refunds and lost disputes.
	 *
	 * @param Donor $item The donor.
	 */
	protected function column_kept( $item ): string {
		return esc_html( DonationFormat::money( $item->kept_cents() ) );
	}

	/**
	 * How many gifts.
	 *
	 * @param Donor $item The donor.
	 */
	protected function column_gifts( $item ): string {
		return esc_html( number_format_i18n( $item->gifts() ) );
	}

	/**
	 * The first gift's day.
	 *
	 * @param Donor $item The donor.
	 */
	protected function column_first_gift( $item ): string {
		return self::day( $item->first_gift_at() );
	}

	/**
	 * The latest gift's day.
	 *
	 * @param Donor $item The donor.
	 */
	protected function column_last_gift( $item ): string {
		return self::day( $item->last_gift_at() );
	}

	/**
	 * Whether a 4-weekly donation runs now.
	 *
	 * @param Donor $item The donor.
	 */
	protected function column_recurring( $item ): string {
		$running = $item->active_recurring();
		if ( 0 === $running ) {
			return esc_html__( 'No', 'donation-widget' );
		}
		/* translators: %d: how many 4-weekly donations run. */
		return esc_html( 1 === $running ? __( 'Active', 'donation-widget' ) : sprintf( __( 'Active (%d)', 'donation-widget' ), $running ) );
	}

	/**
	 * When the latest tax statement was sent.
	 *
	 * @param Donor $item The donor.
	 */
	protected function column_last_statement( $item ): string {
		return '' !== $item->last_statement_at() ? self::day( $item->last_statement_at() ) : esc_html__( 'None', 'donation-widget' );
	}

	/**
	 * Any other column (none today).
	 *
	 * @param Donor  $item        The donor.
	 * @param string $column_name Column.
	 */
	protected function column_default( $item, $column_name ): string {
		return '';
	}

	/**
	 * A UTC time as the site's day, or a dash.
	 *
	 * @param string $utc 'Y-m-d H:i:s' or ''.
	 */
	private static function day( string $utc ): string {
		return '' !== $utc ? esc_html( DonationFormat::date( $utc ) ) : '&mdash;';
	}
}
