<?php
/**
 * Wires the offline gifts domain.
 *
 * @package DonationWidget
 */

namespace DonationWidget\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\Database\Schema;
use DonationWidget\ServiceProvider;

/**
 * Gifts received offline (cash, cheques, bank transfers) that staff record: their own tables,
 * the names of their methods wherever a method is shown, and their personal-data eraser.
 */
final class OfflineGiftsServiceProvider implements ServiceProvider {

	/**
	 * Adds the domain's tables.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		Schema::add_domain_tables( OfflineGiftTables::DOMAIN, OfflineGiftTables::VERSION, OfflineGiftTables::TABLES, array( OfflineGiftTables::class, 'statements' ) );
	}

	/**
	 * Names cash, cheque and bank transfer; adds the eraser.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_filter( 'donation_widget_payment_method_name', array( OfflineGiftKind::class, 'payment_method_name' ), 10, 2 );
		// Before the donations' eraser, which anonymises the email the gifts are found by.
		add_filter( 'wp_privacy_personal_data_erasers', $container->lazy( OfflineGiftEraser::class, 'register' ), 5 );
	}
}
