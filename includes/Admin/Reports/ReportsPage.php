<?php
/**
 * Donation Widget → Reports.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Reports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\AdminServiceProvider;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Blocks\Assets;

/**
 * The screen prints a host for the Reports app (src/reports), which reads the figures from the
 * reports REST route. Its script, with the charting library, is enqueued on this screen only.
 */
final class ReportsPage {

	public const SLUG = 'donation-widget-reports';

	public const SCRIPT_HANDLE = Assets::ADMIN_REPORTS_HANDLE;

	/**
	 * The screen's hook suffix, once the menu is added.
	 *
	 * @var string
	 */
	private string $hook_suffix = '';

	/**
	 * Adds "Reports" under the Donation Widget menu.
	 */
	public function add_menu(): void {
		$this->hook_suffix = (string) add_submenu_page(
			AdminServiceProvider::MENU_SLUG,
			__( 'Reports', 'donation-widget' ),
			__( 'Reports', 'donation-widget' ),
			DonationsCapability::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
	}

	/**
	 * The screen's hook suffix ('' until the menu is added).
	 */
	public function hook_suffix(): string {
		return $this->hook_suffix;
	}

	/**
	 * The screen's URL.
	 */
	public static function url(): string {
		return add_query_arg( array( 'page' => self::SLUG ), admin_url( 'admin.php' ) );
	}

	/**
	 * Enqueues the app's script and style on this screen, and nowhere else.
	 *
	 * @param string $hook_suffix The screen being loaded.
	 */
	public function enqueue( string $hook_suffix ): void {
		if ( '' === $this->hook_suffix || $hook_suffix !== $this->hook_suffix ) {
			return;
		}
		wp_enqueue_script( self::SCRIPT_HANDLE );
		if ( wp_style_is( self::SCRIPT_HANDLE, 'registered' ) ) {
			wp_enqueue_style( self::SCRIPT_HANDLE );
		}
	}

	/**
	 * Prints the screen.
	 */
	public function render(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see reports.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		echo '<div class="wrap"><h1>' . esc_html__( 'Reports', 'donation-widget' ) . '</h1>';
		echo '<p>' . esc_html__( 'Money received in the dates you pick: gross gifts, refunds, the payment providers\' fees, disputes lost and what is left (net), by day, week or month, or by campaign, UTM source or campaign, payment method or frequency. Dates are in the site\'s time zone; a financial year runs from 1 July to 30 June.', 'donation-widget' ) . '</p>';
		// The site's today, so "this month" and the financial years follow the site's time zone.
		$state = wp_json_encode( array( 'today' => wp_date( 'Y-m-d' ) ) );
		printf( '<div data-reports="%s">', esc_attr( false === $state ? '' : $state ) );
		if ( Assets::is_built() && wp_script_is( self::SCRIPT_HANDLE, 'registered' ) ) {
			echo '<p>' . esc_html__( 'The reports need JavaScript in your browser. If this message stays, reload the page.', 'donation-widget' ) . '</p>';
		} else {
			echo '<div class="notice notice-error inline"><p>' . esc_html__( 'The reports screen\'s script has not been built: run npm run build in the plugin\'s folder.', 'donation-widget' ) . '</p></div>';
		}
		echo '</div></div>';
	}
}
