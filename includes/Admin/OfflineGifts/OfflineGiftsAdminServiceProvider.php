<?php
/**
 * Wires the offline gifts' screens.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * Record offline gift (its menu item and form), the printable receipt, and the offline gift's
 * part of a donation's screen and of the Donations list.
 */
final class OfflineGiftsAdminServiceProvider implements ServiceProvider {

	/**
	 * Nothing to register: the container builds every class from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Adds the screen, the print page and the Donations screens' parts.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', $container->lazy( RecordGiftPage::class, 'add_menu' ), 12 );
		add_action( 'admin_post_' . PrintableReceipt::ACTION, $container->lazy( PrintableReceipt::class, 'handle' ) );
		add_action( 'donation_widget_donation_detail', $container->lazy( OfflineGiftPanel::class, 'render' ) );
		add_filter( 'donation_widget_donation_method_label', $container->lazy( OfflineGiftPanel::class, 'method_label' ), 10, 2 );
	}
}
