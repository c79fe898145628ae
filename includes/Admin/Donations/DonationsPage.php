<?php
/**
 * Donation Widget → Donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\AdminServiceProvider;
use DonationWidget\Admin\Donations\Export\ExportPanel;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Receipts\ReceiptSender;

/**
 * The screen staff use every day: the list of donations with its totals and export, and the
 * detail view of one donation, where a receipt can be resent.
 */
final class DonationsPage {

	public const SLUG = 'donation-widget-donations';

	public const RESEND_ACTION = 'donation_widget_resend_receipt';

	/**
	 * The screen's hook suffix, once the menu exists.
	 *
	 * @var string
	 */
	private string $hook_suffix = '';

	/**
	 * Builds the screen.
	 *
	 * @param DonationQuery  $query    Reads donations.
	 * @param DonationDetail $detail   The detail view.
	 * @param ReceiptSender  $receipts Resends receipts.
	 * @param ExportPanel    $export   The CSV export's control and progress.
	 */
	public function __construct(
		private readonly DonationQuery $query,
		private readonly DonationDetail $detail,
		private readonly ReceiptSender $receipts,
		private readonly ExportPanel $export
	) {
	}

	/**
	 * Adds "Donations" under the Donation Widget menu.
	 */
	public function add_menu(): void {
		$this->hook_suffix = (string) add_submenu_page(
			AdminServiceProvider::MENU_SLUG,
			__( 'Donations', 'donation-widget' ),
			__( 'Donations', 'donation-widget' ),
			DonationsCapability::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
	}

	/**
	 * The screen's hook suffix.
	 */
	public function hook_suffix(): string {
		return $this->hook_suffix;
	}

	/**
	 * The list's URL.
	 *
	 * @param array<string, string> $args More query arguments.
	 */
	public static function list_url( array $args = array() ): string {
		return add_query_arg( array( 'page' => self::SLUG ) + array_map( 'rawurlencode', $args ), admin_url( 'admin.php' ) );
	}

	/**
	 * One donation's URL.
	 *
	 * @param int $id Donation row id.
	 */
	public static function detail_url( int $id ): string {
		return self::list_url( array( 'donation' => (string) $id ) );
	}

	/**
	 * The nonce action of resending one donation's receipt.
	 *
	 * @param int $id Donation row id.
	 */
	public static function resend_nonce_action( int $id ): string {
		return self::RESEND_ACTION . '_' . $id;
	}

	/**
	 * Prints the list, or one donation.
	 */
	public function render(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see donations.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- viewing and filtering change nothing; every value is checked by absint() or DonationFilters.
		$id = isset( $_GET['donation'] ) ? absint( wp_unslash( $_GET['donation'] ) ) : 0;
		if ( $id > 0 ) {
			$this->detail->render( $id );
			return;
		}
		$this->render_list( DonationFilters::from_request( wp_unslash( $_GET ) ), DonationFilters::refused_dates( wp_unslash( $_GET ) ) );
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
	}

	/**
	 * The list with its totals.
	 *
	 * @param DonationFilters       $filters What staff asked for.
	 * @param array<string, string> $refused Date filters given that are not days (DonationFilters::refused_dates()).
	 */
	private function render_list( DonationFilters $filters, array $refused = array() ): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
		$table = new DonationsListTable( $this->query, $filters, '' !== $this->hook_suffix ? $this->hook_suffix : self::SLUG );
		$table->prepare_items();
		$totals = $table->totals();

		echo '<div class="wrap donation-widget-donations">';
		printf( '<h1 class="wp-heading-inline">%s</h1>', esc_html__( 'Donations', 'donation-widget' ) );
		if ( '' !== $filters->search ) {
			/* translators: %s: the search text. */
			printf( '<span class="subtitle">%s</span>', esc_html( sprintf( __( 'Search results for: %s', 'donation-widget' ), $filters->search ) ) );
		}
		echo '<hr class="wp-header-end" />';
		foreach ( $refused as $field => $given ) {
			printf(
				'<div class="notice notice-warning inline"><p>%s</p></div>',
				esc_html(
					sprintf(
						/* translators: 1: the filter, From or To; 2: the text given, such as 2026-02-30. */
						__( 'The %1$s date "%2$s" is not a day of the calendar (enter a date such as 2026-02-28), so the list is not filtered by it.', 'donation-widget' ),
						'date_from' === $field ? __( 'From', 'donation-widget' ) : __( 'To', 'donation-widget' ),
						$given
					)
				)
			);
		}
		printf(
			'<p class="donation-widget-totals">%s</p>',
			esc_html(
				sprintf(
					/* translators: 1: number of donations, 2: number of succeeded donations, 3: amount such as $1,250.00. */
					_n(
						'%1$d donation: %2$d succeeded, raising %3$s AUD.',
						'%1$d donations: %2$d succeeded, raising %3$s AUD.',
						$totals['count'],
						'donation-widget'
					),
					$totals['count'],
					$totals['succeeded_count'],
					DonationFormat::money( $totals['succeeded_cents'] )
				)
			)
		);
		$this->export->render( $filters );
		echo '<form method="get">';
		printf( '<input type="hidden" name="page" value="%s" />', esc_attr( self::SLUG ) );
		$table->search_box( __( 'Search donors', 'donation-widget' ), 'donation-widget-search' );
		$table->display();
		echo '</form></div>';
	}

	/**
	 * The admin-post.php handler of "Resend receipt": checks the nonce and capability, sends,
	 * and returns to the donation with the result.
	 */
	public function handle_resend(): void {
		$id = isset( $_POST['donation_id'] ) ? absint( wp_unslash( $_POST['donation_id'] ) ) : 0; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- the nonce names the donation, so it is checked just below.
		check_admin_referer( self::resend_nonce_action( $id ) );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to resend receipts.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$result = $this->receipts->resend( $id, get_current_user_id() );
		wp_safe_redirect( add_query_arg( 'receipt', $result, self::detail_url( $id ) ) );
		exit;
	}
}
