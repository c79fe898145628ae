<?php
/**
 * The donations list.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\Export\ExportPanel;
use DonationWidget\Admin\Books\DonationBooksSections;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\FailureReason;
use DonationWidget\Donations\ImportedGift;
use DonationWidget\Receipts\DonationFormat;

/**
 * WordPress's list table over DonationQuery: search, filters, sortable date, amount and status,
 * and pagination. Load wp-admin/includes/class-wp-list-table.php before using it.
 */
final class DonationsListTable extends \WP_List_Table {

	public const PER_PAGE = 20;

	/**
	 * Builds the table.
	 *
	 * @param DonationQuery   $query   Reads donations.
	 * @param DonationFilters $filters What staff asked for.
	 * @param string          $screen  The screen id.
	 */
	public function __construct( private readonly DonationQuery $query, private readonly DonationFilters $filters, string $screen ) {
		parent::__construct(
			array(
				'singular' => 'donation',
				'plural'   => 'donations',
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
			'donor'     => __( 'Donor', 'donation-widget' ),
			'date'      => __( 'Date', 'donation-widget' ),
			'amount'    => __( 'Amount', 'donation-widget' ),
			'frequency' => __( 'Frequency', 'donation-widget' ),
			'method'    => __( 'Payment method', 'donation-widget' ),
			'status'    => __( 'Status', 'donation-widget' ),
		);
	}

	/**
	 * Sortable columns: date (newest first by default), amount and status.
	 *
	 * @return array<string, array<int, mixed>>
	 */
	protected function get_sortable_columns() {
		return array(
			'date'   => array( 'date', true, '', '', 'desc' ),
			'amount' => array( 'amount', false ),
			'status' => array( 'status', false ),
		);
	}

	/**
	 * The column holding the row actions.
	 */
	protected function get_primary_column_name() {
		return 'donor';
	}

	/**
	 * The totals of the filters, read once per page by prepare_items().
	 *
	 * @var array{count: int, succeeded_count: int, succeeded_cents: int}
	 */
	private array $totals = array(
		'count'           => 0,
		'succeeded_count' => 0,
		'succeeded_cents' => 0,
	);

	/**
	 * Reads the totals and the current page of donations.
	 */
	public function prepare_items(): void {
		$this->_column_headers = array( $this->get_columns(), array(), $this->get_sortable_columns(), $this->get_primary_column_name() );
		$this->totals          = $this->query->totals( $this->filters );
		$this->items           = $this->query->page( $this->filters, self::PER_PAGE, $this->get_pagenum(), $this->totals['count'] );
		$this->set_pagination_args(
			array(
				'total_items' => $this->totals['count'],
				'per_page'    => self::PER_PAGE,
			)
		);
	}

	/**
	 * How many donations match and what the succeeded ones raised (after prepare_items()).
	 *
	 * @return array{count: int, succeeded_count: int, succeeded_cents: int}
	 */
	public function totals(): array {
		return $this->totals;
	}

	/**
	 * Shown when nothing matches.
	 */
	public function no_items(): void {
		echo esc_html(
			$this->filters->is_filtered()
				? __( 'No donations match these filters.', 'donation-widget' )
				: __( 'No donations yet.', 'donation-widget' )
		);
	}

	/**
	 * The filters and the export button above the table.
	 *
	 * @param string $which top or bottom.
	 */
	protected function extra_tablenav( $which ): void {
		if ( 'top' !== $which ) {
			return;
		}
		echo '<div class="alignleft actions donation-widget-filters">';
		$this->select( 'status', __( 'Status', 'donation-widget' ), __( 'All statuses', 'donation-widget' ), DonationFormat::statuses(), $this->filters->status );
		$this->select( 'frequency', __( 'Frequency', 'donation-widget' ), __( 'All frequencies', 'donation-widget' ), DonationFormat::frequencies(), $this->filters->frequency );
		$methods = array();
		foreach ( $this->query->methods() as $method ) {
			$methods[ $method ] = DonationFormat::method( $method );
		}
		$this->select( 'method', __( 'Payment method', 'donation-widget' ), __( 'All payment methods', 'donation-widget' ), $methods, $this->filters->method );
		$this->select(
			'dispute',
			__( 'Disputes', 'donation-widget' ),
			__( 'Disputed or not', 'donation-widget' ),
			array(
				'disputed' => __( 'Disputed', 'donation-widget' ),
				'open'     => __( 'Dispute open', 'donation-widget' ),
				'lost'     => __( 'Dispute lost', 'donation-widget' ),
			),
			$this->filters->dispute
		);
		foreach ( array(
			'date_from' => __( 'From', 'donation-widget' ),
			'date_to'   => __( 'To', 'donation-widget' ),
		) as $name => $label ) {
			$id    = 'donation-widget-filter-' . str_replace( '_', '-', $name );
			$value = 'date_from' === $name ? $this->filters->date_from : $this->filters->date_to;
			printf(
				'<label for="%1$s">%2$s</label> <input type="date" id="%1$s" name="%3$s" value="%4$s" /> ',
				esc_attr( $id ),
				esc_html( $label ),
				esc_attr( $name ),
				esc_attr( $value )
			);
		}
		submit_button( __( 'Filter', 'donation-widget' ), '', 'filter_action', false );
		echo ' ' . ExportPanel::button(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by ExportPanel::button().
		echo '</div>';
	}

	/**
	 * A labelled filter drop-down.
	 *
	 * @param string                $name     Query argument.
	 * @param string                $label    Label (for screen readers).
	 * @param string                $all      The "no filter" option.
	 * @param array<string, string> $options  Value => label.
	 * @param string                $selected Current value.
	 */
	private function select( string $name, string $label, string $all, array $options, string $selected ): void {
		$id = 'donation-widget-filter-' . $name;
		printf( '<label class="screen-reader-text" for="%s">%s</label>', esc_attr( $id ), esc_html( $label ) );
		printf( '<select id="%s" name="%s"><option value="">%s</option>', esc_attr( $id ), esc_attr( $name ), esc_html( $all ) );
		foreach ( $options as $value => $text ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $value ), selected( $selected, $value, false ), esc_html( $text ) );
		}
		echo '</select> ';
	}

	/**
	 * The donor: name (linked to the detail view), organisation and email.
	 *
	 * @param Donation $item The donation.
	 */
	protected function column_donor( $item ): string {
		$name = trim( $item->value( 'first_name' ) . ' ' . $item->value( 'last_name' ) );
		$out  = sprintf(
			'<strong><a class="row-title" href="%s">%s</a></strong>',
			esc_url( DonationsPage::detail_url( $item->id() ) ),
			esc_html( '' !== $name ? $name : __( '(no name)', 'donation-widget' ) )
		);
		if ( '' !== $item->value( 'organisation_name' ) ) {
			$out .= '<br />' . esc_html( $item->value( 'organisation_name' ) );
		}
		$out .= '<br />' . esc_html( $item->email() );
		return $out;
	}

	/**
	 * The row actions under the donor.
	 *
	 * @param Donation $item        The donation.
	 * @param string   $column_name Column.
	 * @param string   $primary     Primary column.
	 */
	protected function handle_row_actions( $item, $column_name, $primary ) {
		if ( $primary !== $column_name ) {
			return '';
		}
		return $this->row_actions(
			array(
				'view' => sprintf(
					'<a href="%s" aria-label="%s">%s</a>',
					esc_url( DonationsPage::detail_url( $item->id() ) ),
					/* translators: %d: donation id. */
					esc_attr( sprintf( __( 'View donation #%d', 'donation-widget' ), $item->id() ) ),
					esc_html__( 'View', 'donation-widget' )
				),
			)
		);
	}

	/**
	 * When it was made, in the site's time zone.
	 *
	 * @param Donation $item The donation.
	 */
	protected function column_date( $item ): string {
		return esc_html( DonationFormat::date_time( $item->value( 'created_at' ) ) );
	}

	/**
	 * The total given, with the currency when it is not AUD.
	 *
	 * @param Donation $item The donation.
	 */
	protected function column_amount( $item ): string {
		$currency = 'AUD' !== $item->currency() ? ' ' . $item->currency() : '';
		return esc_html( DonationFormat::money( $item->total_cents() ) . $currency );
	}

	/**
	 * One-off or every 4 weeks.
	 *
	 * @param Donation $item The donation.
	 */
	protected function column_frequency( $item ): string {
		$label = DonationFormat::frequency( $item->frequency() );
		if ( str_starts_with( $item->attempt_id(), 'invoice:' ) ) {
			$label .= ' ' . __( '(renewal)', 'donation-widget' );
		}
		return esc_html( $label );
	}

	/**
	 * How it was paid.
	 *
	 * @param Donation $item The donation.
	 */
	protected function column_method( $item ): string {
		/** This filter is documented in DonationDetail::method_label(). */
		$label  = apply_filters( 'donation_widget_donation_method_label', DonationFormat::method( $item->method() ), $item );
		$method = esc_html( is_string( $label ) ? $label : DonationFormat::method( $item->method() ) );
		return ImportedGift::is_imported( $item ) ? $method . '<br /><small class="donation-widget-imported">' . esc_html( ImportedGift::label( $item->provider_reference() ) ) . '</small>' : $method;
	}

	/**
	 * The status, with the reason of a failure or of a payment held for review.
	 *
	 * @param Donation $item The donation.
	 */
	protected function column_status( $item ): string {
		$out = sprintf( '<span class="donation-widget-status donation-widget-status-%s">%s</span>', esc_attr( $item->status() ), esc_html( DonationBooksSections::standing( $item ) ) );
		if ( in_array( $item->status(), array( DonationStatus::FAILED, DonationStatus::REVIEW ), true ) && '' !== $item->failure_reason() ) {
			$out .= '<br /><small>' . FailureReason::html( $item ) . '</small>';
		}
		if ( '' !== $item->review_reason() ) {
			$out .= '<br /><strong class="donation-widget-needs-review">' . esc_html( ReviewReason::label( $item->review_reason() ) ) . '</strong>';
		}
		if ( '' !== $item->dispute_status() ) {
			/* translators: %s: the dispute's status, such as "Needs a response". */
			$out .= '<br /><strong class="donation-widget-disputed">' . esc_html( sprintf( __( 'Disputed: %s', 'donation-widget' ), DonationBooksSections::status( $item->dispute_status() ) ) ) . '</strong>';
		}
		return $out;
	}

	/**
	 * Any other column (none today).
	 *
	 * @param Donation $item        The donation.
	 * @param string   $column_name Column.
	 */
	protected function column_default( $item, $column_name ): string {
		return esc_html( $item->value( $column_name ) );
	}
}
