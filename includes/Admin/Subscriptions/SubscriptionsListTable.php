<?php
/**
 * The 4-weekly donations list.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Receipts\DonationFormat;

/**
 * WordPress's list table over SubscriptionQuery: status views, search and pagination.
 * Load wp-admin/includes/class-wp-list-table.php before using it.
 */
final class SubscriptionsListTable extends \WP_List_Table {

	public const PER_PAGE = 20;

	/**
	 * Builds the table.
	 *
	 * @param SubscriptionQuery $query  Reads subscriptions.
	 * @param string            $status A SubscriptionSummary status, or ''.
	 * @param string            $search Search text, or ''.
	 * @param string            $screen The screen id.
	 */
	public function __construct(
		private readonly SubscriptionQuery $query,
		private readonly string $status,
		private readonly string $search,
		string $screen
	) {
		parent::__construct(
			array(
				'singular' => 'subscription',
				'plural'   => 'subscriptions',
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
			'donor'        => __( 'Donor', 'donation-widget' ),
			'amount'       => __( 'Every 4 weeks', 'donation-widget' ),
			'status'       => __( 'Status', 'donation-widget' ),
			'started'      => __( 'Started', 'donation-widget' ),
			'last_payment' => __( 'Last payment', 'donation-widget' ),
			'next_payment' => __( 'Next payment', 'donation-widget' ),
			'payments'     => __( 'Payments', 'donation-widget' ),
		);
	}

	/**
	 * The column holding the row actions.
	 */
	protected function get_primary_column_name() {
		return 'donor';
	}

	/**
	 * Status links above the table: All, Active, Past due, Cancelled, Incomplete.
	 *
	 * @return array<string, string>
	 */
	protected function get_views() {
		$views = array();
		foreach ( array( '' => __( 'All', 'donation-widget' ) ) + SubscriptionSummary::statuses() as $status => $label ) {
			$views[ '' === $status ? 'all' : $status ] = sprintf(
				'<a href="%s"%s>%s <span class="count">(%d)</span></a>',
				esc_url( SubscriptionsPage::list_url( '' === $status ? array() : array( 'status' => $status ) ) ),
				$status === $this->status ? ' class="current" aria-current="page"' : '',
				esc_html( $label ),
				$this->counts()[ $status ] ?? 0
			);
		}
		return $views;
	}

	/**
	 * Each status view's count, read once per page.
	 *
	 * @var array<string, int>|null
	 */
	private ?array $counts = null;

	/**
	 * Each status view's count ('' for all).
	 *
	 * @return array<string, int>
	 */
	private function counts(): array {
		$this->counts ??= $this->query->counts();
		return $this->counts;
	}

	/**
	 * Reads the current page.
	 */
	public function prepare_items(): void {
		$this->_column_headers = array( $this->get_columns(), array(), array(), $this->get_primary_column_name() );
		$this->items           = $this->query->page( $this->status, $this->search, self::PER_PAGE, $this->get_pagenum() );
		$this->set_pagination_args(
			array(
				'total_items' => '' === $this->search ? ( $this->counts()[ $this->status ] ?? 0 ) : $this->query->count( $this->status, $this->search ),
				'per_page'    => self::PER_PAGE,
			)
		);
	}

	/**
	 * Shown when nothing matches.
	 */
	public function no_items(): void {
		esc_html_e( 'No 4-weekly donations found.', 'donation-widget' );
	}

	/**
	 * The donor, linked to the subscription.
	 *
	 * @param SubscriptionSummary $item The subscription.
	 */
	protected function column_donor( $item ): string {
		$name = $item->donor_name();
		return sprintf(
			'<strong><a class="row-title" href="%s">%s</a></strong><br />%s',
			esc_url( SubscriptionsPage::detail_url( $item->id() ) ),
			esc_html( '' !== $name ? $name : __( '(no name)', 'donation-widget' ) ),
			esc_html( $item->value( 'email' ) )
		);
	}

	/**
	 * The row actions under the donor.
	 *
	 * @param SubscriptionSummary $item        The subscription.
	 * @param string              $column_name Column.
	 * @param string              $primary     Primary column.
	 */
	protected function handle_row_actions( $item, $column_name, $primary ) {
		if ( $primary !== $column_name ) {
			return '';
		}
		$actions = array(
			'view' => sprintf( '<a href="%s">%s</a>', esc_url( SubscriptionsPage::detail_url( $item->id() ) ), esc_html__( 'View', 'donation-widget' ) ),
		);
		if ( $item->is_running() ) {
			$actions['cancel'] = sprintf( '<a href="%s">%s</a>', esc_url( SubscriptionsPage::cancel_url( $item->id() ) ), esc_html__( 'Cancel', 'donation-widget' ) );
		}
		return $this->row_actions( $actions );
	}

	/**
	 * The 4-weekly amount.
	 *
	 * @param SubscriptionSummary $item The subscription.
	 */
	protected function column_amount( $item ): string {
		return esc_html( DonationFormat::money( $item->amount_cents() ) );
	}

	/**
	 * Active, past due, cancelled or incomplete.
	 *
	 * @param SubscriptionSummary $item The subscription.
	 */
	protected function column_status( $item ): string {
		return sprintf( '<span class="donation-widget-subscription-%s">%s</span>', esc_attr( $item->status() ), esc_html( $item->status_label() ) );
	}

	/**
	 * When it started.
	 *
	 * @param SubscriptionSummary $item The subscription.
	 */
	protected function column_started( $item ): string {
		return esc_html( DonationFormat::date( $item->value( 'created_at' ) ) );
	}

	/**
	 * When it was last paid.
	 *
	 * @param SubscriptionSummary $item The subscription.
	 */
	protected function column_last_payment( $item ): string {
		$last = $item->value( 'last_paid_at' );
		return '' !== $last ? esc_html( DonationFormat::date( $last ) ) : '&mdash;';
	}

	/**
	 * When the next payment is due.
	 *
	 * @param SubscriptionSummary $item The subscription.
	 */
	protected function column_next_payment( $item ): string {
		$next = $item->next_payment_at();
		if ( '' === $next ) {
			return '&mdash;';
		}
		$date = esc_html( DonationFormat::date( $next ) );
		return SubscriptionSummary::PAST_DUE === $item->status()
			/* translators: %s: the date the missed payment was due. */
			? esc_html( sprintf( __( 'Overdue (was due %s)', 'donation-widget' ), DonationFormat::date( $next ) ) )
			: $date;
	}

	/**
	 * How many payments are recorded.
	 *
	 * @param SubscriptionSummary $item The subscription.
	 */
	protected function column_payments( $item ): string {
		return esc_html( number_format_i18n( $item->payment_count() ) );
	}

	/**
	 * Any other column (none today).
	 *
	 * @param SubscriptionSummary $item        The subscription.
	 * @param string              $column_name Column.
	 */
	protected function column_default( $item, $column_name ): string {
		return esc_html( $item->value( $column_name ) );
	}
}
