<?php
/**
 * The layering rules, checked by PHPStan (phpat) on every run rather than only described.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Architecture;

use PHPat\Selector\Selector;
use PHPat\Test\Builder\Rule;
use PHPat\Test\PHPat;

/**
 * Gateways plug into the checkout through its interfaces and never reach past them; the
 * checkout and the donation records know no gateway; no domain reaches into the admin screens.
 */
final class LayeringTest {

	private const GATEWAYS = 'DonationWidget\Gateways';

	/**
	 * The platform: folders every domain may use, which offer registries (settings sections,
	 * recurring events, install and uninstall steps) instead of naming the domains.
	 */
	private const PLATFORM = array( 'Database', 'Scheduling', 'Http', 'Settings', 'Emails', 'Protection' );

	/**
	 * Stripe's code never uses PayPal's, and PayPal's never uses Stripe's.
	 */
	public function test_gateways_never_import_each_other(): Rule {
		return PHPat::rule()
			->classes( Selector::inNamespace( self::GATEWAYS . '\Stripe' ) )
			->shouldNotDependOn()
			->classes( Selector::inNamespace( self::GATEWAYS . '\PayPal' ) )
			->because( 'each gateway is a self-contained folder' );
	}

	/**
	 * PayPal's code never uses Stripe's.
	 */
	public function test_paypal_never_imports_stripe(): Rule {
		return PHPat::rule()
			->classes( Selector::inNamespace( self::GATEWAYS . '\PayPal' ) )
			->shouldNotDependOn()
			->classes( Selector::inNamespace( self::GATEWAYS . '\Stripe' ) )
			->because( 'each gateway is a self-contained folder' );
	}

	/**
	 * Gateways write donation records only through the checkout's DonationLedger, and never
	 * call another domain's request handlers.
	 */
	public function test_gateways_never_touch_repositories_or_controllers(): Rule {
		return PHPat::rule()
			->classes( Selector::inNamespace( self::GATEWAYS ) )
			->shouldNotDependOn()
			->classes(
				Selector::classname( '/Repository$/', true ),
				Selector::AllOf( Selector::classname( '/Controller$/', true ), Selector::Not( Selector::inNamespace( self::GATEWAYS ) ) ),
				Selector::classname( 'DonationWidget\Checkout\Checkout' )
			)
			->because( 'gateways report outcomes; the checkout records them' );
	}

	/**
	 * The checkout, webhook delivery, reconciliation and the donation records depend on the Gateway interfaces, never on a gateway.
	 */
	public function test_the_donation_side_knows_no_gateway(): Rule {
		return PHPat::rule()
			->classes( Selector::inNamespace( 'DonationWidget\Checkout' ), Selector::inNamespace( 'DonationWidget\Webhooks' ), Selector::inNamespace( 'DonationWidget\Reconciliation' ), Selector::inNamespace( 'DonationWidget\Donations' ), Selector::inNamespace( 'DonationWidget\Settings' ) )
			->shouldNotDependOn()
			->classes( Selector::inNamespace( self::GATEWAYS ) )
			->because( 'a new way to pay must not change the checkout' );
	}

	/**
	 * Only the admin (and the plugin's one list of providers) use the admin screens.
	 */
	public function test_domains_never_import_admin_screens(): Rule {
		return PHPat::rule()
			->classes( Selector::AllOf( Selector::inNamespace( 'DonationWidget' ), Selector::Not( Selector::inNamespace( 'DonationWidget\Admin' ) ), Selector::Not( Selector::classname( 'DonationWidget\Plugin' ) ), Selector::Not( Selector::inNamespace( 'DonationWidget\Tests' ) ) ) )
			->shouldNotDependOn()
			->classes( Selector::inNamespace( 'DonationWidget\Admin' ) )
			->because( 'admin screens sit on top of the domains, never under them' );
	}

	/**
	 * The platform depends on nothing of the plugin but itself, the container and the provider
	 * interface: the domains fill its registries, so no cycle runs through it.
	 */
	public function test_the_platform_knows_no_domain(): Rule {
		$platform = array_map( static fn ( string $folder ) => Selector::inNamespace( 'DonationWidget\\' . $folder ), self::PLATFORM );
		return PHPat::rule()
			->classes( ...$platform )
			->shouldNotDependOn()
			->classes(
				Selector::AllOf(
					Selector::inNamespace( 'DonationWidget' ),
					Selector::Not( Selector::AnyOf( ...$platform ) ),
					Selector::Not( Selector::classname( 'DonationWidget\Container' ) ),
					Selector::Not( Selector::classname( 'DonationWidget\ServiceProvider' ) )
				)
			)
			->because( 'domains plug into the platform; the platform never reaches up into them' );
	}

	/**
	 * Only Stripe's own folder, and the one list of gateways, use Stripe's classes: everything
	 * else reaches Stripe through an interface it implements (Checkout\Gateway,
	 * Subscriptions\RecurringPayments …).
	 */
	public function test_only_the_gateway_list_uses_stripe(): Rule {
		return $this->only_the_gateway_list_uses( 'Stripe' );
	}

	/**
	 * Only PayPal's own folder, and the one list of gateways, use PayPal's classes.
	 */
	public function test_only_the_gateway_list_uses_paypal(): Rule {
		return $this->only_the_gateway_list_uses( 'PayPal' );
	}

	/**
	 * The rule that only a gateway itself and Gateways\GatewaysServiceProvider use its classes.
	 *
	 * @param string $gateway The gateway's folder under Gateways.
	 */
	private function only_the_gateway_list_uses( string $gateway ): Rule {
		return PHPat::rule()
			->classes(
				Selector::AllOf(
					Selector::inNamespace( 'DonationWidget' ),
					Selector::Not( Selector::inNamespace( self::GATEWAYS . '\\' . $gateway ) ),
					Selector::Not( Selector::classname( self::GATEWAYS . '\GatewaysServiceProvider' ) ),
					Selector::Not( Selector::inNamespace( 'DonationWidget\Tests' ) )
				)
			)
			->shouldNotDependOn()
			->classes( Selector::inNamespace( self::GATEWAYS . '\\' . $gateway ) )
			->because( 'a gateway is everything about its provider, reached only through interfaces' );
	}
}
