<?php
/**
 * The plugin: the one list of domains and the order they start in.
 *
 * @package DonationWidget
 */

namespace DonationWidget;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Boots every domain's service provider: register() all, then boot() all.
 */
final class Plugin {

	/**
	 * The running plugin.
	 *
	 * @var Plugin|null
	 */
	private static ?Plugin $instance = null;

	/**
	 * Shared objects.
	 *
	 * @var Container
	 */
	private Container $container;

	/**
	 * Whether start() ran.
	 *
	 * @var bool
	 */
	private bool $started = false;

	/**
	 * The providers, once each has registered.
	 *
	 * @var list<ServiceProvider>|null
	 */
	private ?array $registered = null;

	/**
	 * Every domain of the plugin. Later domains plug in here, and only here.
	 *
	 * @return list<ServiceProvider>
	 */
	private function providers(): array {
		return array(
			new Http\HttpServiceProvider(),
			new Database\DatabaseServiceProvider(),
			new Scheduling\SchedulingServiceProvider(),
			new Settings\SettingsServiceProvider(),
			// Right after Settings: the gateways add their settings sections, so they are in
			// place before any later domain reads a setting while it boots.
			new Gateways\GatewaysServiceProvider(),
			new Checkout\CheckoutServiceProvider(),
			new Webhooks\WebhooksServiceProvider(),
			new Reconciliation\ReconciliationServiceProvider(),
			new Protection\ProtectionServiceProvider(),
			new AddressLookup\AddressLookupServiceProvider(),
			new Emails\EmailsServiceProvider(),
			new Donations\DonationsServiceProvider(),
			new Exports\ExportsServiceProvider(),
			new Reports\ReportsServiceProvider(),
			new Books\Refunds\RefundsServiceProvider(),
			new CardUpdate\CardUpdateServiceProvider(),
			new Cli\CliServiceProvider(),
			new Blocks\BlocksServiceProvider(),
			new Receipts\ReceiptsServiceProvider(),
			new Privacy\PrivacyServiceProvider(),
			new Admin\Donations\DonationsAdminServiceProvider(),
			new Admin\Books\BooksAdminServiceProvider(),
			new Admin\Subscriptions\SubscriptionsAdminServiceProvider(),
			new Admin\Emails\EmailsAdminServiceProvider(),
			new Admin\Dashboard\DashboardServiceProvider(),
			new Admin\AdminServiceProvider(),
			new Admin\SiteHealth\SiteHealthServiceProvider(),
			new Demo\DemoServiceProvider(),
			new SelfService\SelfServiceServiceProvider(),
			new Statements\StatementsServiceProvider(),
			// After Privacy and Statements: WordPress runs the erasers in the order added, and a
			// donor is erased once the donations' details are.
			new Donors\DonorsServiceProvider(),
			new Books\BooksServiceProvider(),
			new Admin\Statements\StatementsAdminServiceProvider(),
			new Books\Payouts\PayoutsServiceProvider(),
			new Admin\Payouts\PayoutsAdminServiceProvider(),
			new Books\Export\BooksExportServiceProvider(),
			new Admin\BooksExport\BooksExportAdminServiceProvider(),
			new Admin\Reports\ReportsRestServiceProvider(),
			new Admin\Reports\ReportsAdminServiceProvider(),
			new OfflineGifts\OfflineGiftsServiceProvider(),
			new Admin\OfflineGifts\OfflineGiftsAdminServiceProvider(),
			new Admin\Donors\DonorsAdminServiceProvider(),
			new HistoryImport\HistoryImportServiceProvider(),
			new Admin\HistoryImport\HistoryImportAdminServiceProvider(),
		);
	}

	/**
	 * The plugin as it runs on this request.
	 */
	public static function instance(): Plugin {
		if ( null === self::$instance ) {
			self::$instance = new Plugin();
		}
		return self::$instance;
	}

	/**
	 * Builds the container.
	 */
	private function __construct() {
		$this->container = new Container();
	}

	/**
	 * Registers, then boots, every provider once.
	 */
	public function start(): void {
		if ( $this->started ) {
			return;
		}
		$this->started = true;
		foreach ( $this->register() as $provider ) {
			$provider->boot( $this->container );
		}
	}

	/**
	 * Lets every provider register once: its objects, and what it adds to the platform's
	 * registries (recurring events, install steps, tables emptied on uninstall).
	 *
	 * @return list<ServiceProvider>
	 */
	private function register(): array {
		if ( null === $this->registered ) {
			$this->registered = $this->providers();
			foreach ( $this->registered as $provider ) {
				$provider->register( $this->container );
			}
		}
		return $this->registered;
	}

	/**
	 * The activation hook. WordPress activates a plugin after plugins_loaded, so the domains
	 * register here first: the install runs their steps.
	 */
	public static function activate(): void {
		self::instance()->register();
		Database\Installer::activate();
	}

	/**
	 * The deactivation hook: every WP-Cron event of the domains goes.
	 */
	public static function deactivate(): void {
		self::instance()->register();
		Scheduling\RecurringEvents::clear();
	}

	/**
	 * Deleting the plugin (uninstall.php, which WordPress runs without loading the plugin): the
	 * domains register, so their events and tables are known, then everything is removed.
	 */
	public static function uninstall(): void {
		self::instance()->register();
		Database\Uninstaller::uninstall();
	}

	/**
	 * Shared objects, for tests and for the few places outside a provider (uninstall, CLI).
	 */
	public function container(): Container {
		return $this->container;
	}
}
