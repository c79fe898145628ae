<?php
/**
 * Donation Widget → Donors.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\AdminServiceProvider;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Donors\DonorDirectory;
use DonationWidget\Donors\DonorsMigrations;

/**
 * The charity's supporters: the list (search, filters, sort, pages) and one donor's page.
 */
final class DonorsPage {

	public const SLUG = 'donation-widget-donors';

	/**
	 * The page where staff record a gift received offline (built by the offline gifts screen).
	 */
	public const RECORD_GIFT_SLUG = 'donation-widget-record-gift';

	/**
	 * Wide tables scroll inside their own box (positioned, so the screen-reader text in it stays
	 * inside too), so a 320 px screen never scrolls sideways; the
	 * merge refusal is red beside its field, as WordPress shows a field's error.
	 */
	private const CSS = '.donation-widget-scroll{position:relative;max-width:100%;overflow-x:auto}'
		. '.donation-widget-scroll:focus{outline:2px solid #2271b1;outline-offset:1px}'
		. '.donation-widget-scroll>table{min-width:36em}'
		. '.donation-widget-donor .donation-widget-field-error{color:#b32d2e;font-weight:600}'
		. '.donation-widget-donor form.donation-widget-inline{display:inline}'
		. '.donation-widget-donor input[type=email]{max-width:100%}'
		. '.donation-widget-donor .donation-widget-actions p{margin:.5em 0}'
		. '.wp-core-ui .button.donation-widget-destructive{background:#b32d2e;border-color:#b32d2e;color:#fff}'
		. '.wp-core-ui .button.donation-widget-destructive:hover,.wp-core-ui .button.donation-widget-destructive:focus{background:#8a2424;border-color:#8a2424;color:#fff}';

	/**
	 * The screen's hook suffix, once the menu exists.
	 *
	 * @var string
	 */
	private string $hook_suffix = '';

	/**
	 * Builds the screen.
	 *
	 * @param DonorDirectory $directory Reads donors.
	 * @param DonorProfile   $profile   One donor's page.
	 */
	public function __construct( private readonly DonorDirectory $directory, private readonly DonorProfile $profile ) {
	}

	/**
	 * Adds "Donors" under the Donation Widget menu.
	 */
	public function add_menu(): void {
		$this->hook_suffix = (string) add_submenu_page(
			AdminServiceProvider::MENU_SLUG,
			__( 'Donors', 'donation-widget' ),
			__( 'Donors', 'donation-widget' ),
			DonationsCapability::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
	}

	/**
	 * Adds the screen's small style to this screen only.
	 *
	 * @param string $hook_suffix The screen being loaded.
	 */
	public function enqueue_style( string $hook_suffix ): void {
		if ( '' !== $this->hook_suffix && $hook_suffix === $this->hook_suffix ) {
			wp_add_inline_style( 'common', self::CSS );
		}
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
	 * One donor's URL.
	 *
	 * @param int                   $id   Donor id.
	 * @param array<string, string> $args More query arguments.
	 */
	public static function donor_url( int $id, array $args = array() ): string {
		return self::list_url( array( 'donor' => (string) $id ) + $args );
	}

	/**
	 * The answer to DonationDetail::DONOR_URL_FILTER: the page of the donor a donation belongs to.
	 *
	 * @param mixed $url         What the filter holds so far.
	 * @param mixed $donation_id The donation's id.
	 */
	public function answer_donor_url( mixed $url, mixed $donation_id ): mixed {
		$donor = is_numeric( $donation_id ) ? $this->directory->find_by_donation( (int) $donation_id ) : null;
		return null !== $donor ? self::donor_url( $donor->id() ) : $url;
	}

	/**
	 * "Record an offline gift" for a donor.
	 *
	 * @param int $id Donor id.
	 */
	public static function record_gift_url( int $id ): string {
		return add_query_arg(
			array(
				'page'  => self::RECORD_GIFT_SLUG,
				'donor' => $id,
			),
			admin_url( 'admin.php' )
		);
	}

	/**
	 * Prints the list, or one donor.
	 */
	public function render(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see donors.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- viewing, searching and sorting change nothing; every value is checked by absint() or DonorListRequest.
		$request = wp_unslash( $_GET );
		$id      = isset( $request['donor'] ) && is_scalar( $request['donor'] ) ? absint( $request['donor'] ) : 0;
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		if ( $id > 0 ) {
			$this->profile->render( $id, $request );
			return;
		}
		$this->render_list( DonorListRequest::from_request( $request ) );
	}

	/**
	 * The list.
	 *
	 * @param DonorListRequest $request What staff asked for.
	 */
	private function render_list( DonorListRequest $request ): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
		$table = new DonorsListTable( $this->directory, $request, '' !== $this->hook_suffix ? $this->hook_suffix : self::SLUG );
		$table->prepare_items();

		echo '<div class="wrap donation-widget-donors">';
		printf( '<h1 class="wp-heading-inline">%s</h1>', esc_html__( 'Donors', 'donation-widget' ) );
		if ( '' !== $request->search ) {
			/* translators: %s: the search text. */
			printf( '<span class="subtitle">%s</span>', esc_html( sprintf( __( 'Search results for: %s', 'donation-widget' ), $request->search ) ) );
		}
		echo '<hr class="wp-header-end" />';
		if ( DonorsMigrations::is_filling() ) {
			printf( '<div class="notice notice-info inline"><p>%s</p></div>', esc_html__( 'The donors are still being gathered from the donations made before this version, in the background: some supporters and totals are missing until this notice goes.', 'donation-widget' ) );
		}
		printf( '<p>%s</p>', esc_html__( 'One row per supporter: a person by their email, an organisation by its name and email. Kept is what was given, less refunds and disputes lost.', 'donation-widget' ) );
		printf( '<form method="get" action="%s">', esc_url( admin_url( 'admin.php' ) ) );
		printf( '<input type="hidden" name="page" value="%s" />', esc_attr( self::SLUG ) );
		$table->search_box( __( 'Search donors', 'donation-widget' ), 'donation-widget-donor-search' );
		printf( '<div class="donation-widget-scroll" role="region" aria-label="%s" tabindex="0">', esc_attr__( 'Donors', 'donation-widget' ) );
		$table->display();
		echo '</div></form></div>';
	}
}
