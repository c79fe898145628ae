<?php
/**
 * Wires the Payouts screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Payouts\BalanceTransactionRepository;
use DonationWidget\Books\Payouts\PayoutRepository;
use DonationWidget\Books\Payouts\PayPalBalance;
use DonationWidget\Container;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\ServiceProvider;

/**
 * The screen under Donation Widget and the notice of a payout that does not add up.
 */
final class PayoutsAdminServiceProvider implements ServiceProvider {

	/**
	 * Shares the screen and the notice.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
		$container->set(
			PayoutsPage::class,
			static fn ( Container $c ): PayoutsPage => new PayoutsPage(
				$c->get( PayoutRepository::class ),
				$c->get( BalanceTransactionRepository::class ),
				$c->get( DonationRepository::class ),
				$c->get( PayPalBalance::class )
			)
		);
		$container->set( PayoutMismatchNotice::class, static fn ( Container $c ): PayoutMismatchNotice => new PayoutMismatchNotice( $c->get( PayoutRepository::class ) ) );
	}

	/**
	 * Adds the menu item (after Tax statements) and the notice.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_action( 'admin_menu', static fn () => $container->get( PayoutsPage::class )->add_menu(), 15 );
		add_action( 'admin_notices', static fn () => $container->get( PayoutMismatchNotice::class )->print_notice() );
	}
}
