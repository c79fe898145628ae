<?php
/**
 * The Payouts screen: every bank deposit, each explained to the cent.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\AdminServiceProvider;
use DonationWidget\Admin\Books\DonationBooksSections;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Books\Payouts\BalanceTransactionRepository;
use DonationWidget\Books\Payouts\HeldBalance;
use DonationWidget\Books\Payouts\PayoutParts;
use DonationWidget\Books\Payouts\PayoutRepository;
use DonationWidget\Checkout\Gateway;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\GiftFigures;
use DonationWidget\Receipts\DonationFormat;

/**
 * The list of the provider's payouts (date, amount, status, whether it adds up), one payout's
 * page (its parts, its transactions and donations, the accounting export), and, for each
 * gateway that KeepsBalance, what its donations left in its balance. Provider names are the
 * gateways' labels.
 */
final class PayoutsPage {

	public const SLUG = 'donation-widget-payouts';

	/**
	 * The action fired under the list's introduction, for what is added above the list (the
	 * demo's "Simulate a payout", DemoPayout).
	 */
	public const LIST_ACTION = 'donation_widget_payouts_list';

	/**
	 * The action that prints the accounting export's links and form (Admin\BooksExport), which
	 * knows whether the account codes are set.
	 */
	public const EXPORT_HOOK = 'donation_widget_payout_export';

	/**
	 * Builds the screen.
	 *
	 * @param PayoutRepository             $payouts      Payout rows.
	 * @param BalanceTransactionRepository $transactions Transaction rows.
	 * @param DonationRepository           $donations    Donation records.
	 * @param HeldBalance                  $balance      The nets kept in a provider balance.
	 * @param ProviderLabels               $labels       The providers' names.
	 */
	public function __construct(
		private readonly PayoutRepository $payouts,
		private readonly BalanceTransactionRepository $transactions,
		private readonly DonationRepository $donations,
		private readonly HeldBalance $balance,
		private readonly ProviderLabels $labels
	) {
	}

	/**
	 * Adds the submenu item.
	 */
	public function add_menu(): void {
		add_submenu_page(
			AdminServiceProvider::MENU_SLUG,
			__( 'Payouts', 'donation-widget' ),
			__( 'Payouts', 'donation-widget' ),
			DonationsCapability::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
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
	 * One payout's URL.
	 *
	 * @param string $payout_id po_… id.
	 */
	public static function detail_url( string $payout_id ): string {
		return self::list_url( array( 'payout' => $payout_id ) );
	}

	/**
	 * The donation screen's DonationDetail::PAYOUT_URL_FILTER: one payout's URL.
	 *
	 * @param mixed $url       The answer so far.
	 * @param mixed $payout_id po_… id.
	 */
	public static function answer_detail_url( mixed $url, mixed $payout_id ): mixed {
		return is_string( $payout_id ) && '' !== $payout_id ? self::detail_url( $payout_id ) : $url;
	}

	/**
	 * Prints the list, or one payout.
	 */
	public function render(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see payouts.', 'donation-widget' ), 403 );
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only picks what to show.
		$payout_id = isset( $_GET['payout'] ) ? sanitize_text_field( wp_unslash( $_GET['payout'] ) ) : '';
		echo '<div class="wrap donation-widget-payouts">';
		if ( '' !== $payout_id ) {
			$this->render_payout( $payout_id );
		} else {
			$this->render_list();
		}
		echo '</div>';
	}

	/**
	 * Every payout, newest first, then the balances kept at providers.
	 */
	private function render_list(): void {
		$provider = $this->labels->paying_out();
		printf( '<h1>%s</h1>', esc_html__( 'Payouts', 'donation-widget' ) );
		/* translators: %s: the provider's name. */
		printf( '<p>%s</p>', esc_html( sprintf( __( 'Each bank deposit %s made, and whether the gifts, fees, refunds, disputes and other money it is made of add up to it exactly. Open a payout to see it explained to the cent.', 'donation-widget' ), $provider ) ) );
		/**
		 * Prints what is added above the list (in demo mode, Admin\Payouts\DemoPayout's "Simulate a payout").
		 */
		do_action( 'donation_widget_payouts_list' );
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only picks the page.
		$page  = isset( $_GET['paged'] ) ? max( 1, absint( $_GET['paged'] ) ) : 1;
		$rows  = $this->payouts->page( $page );
		$total = $this->payouts->count();
		printf(
			'<table class="widefat striped donation-widget-payout-list"><caption class="screen-reader-text">%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( '%s payouts, newest first', 'donation-widget' ), $provider ) ),
			esc_html__( 'Arrival date', 'donation-widget' ),
			esc_html__( 'Amount', 'donation-widget' ),
			esc_html__( 'Status', 'donation-widget' ),
			esc_html__( 'Check', 'donation-widget' ),
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( '%s payout ID', 'donation-widget' ), $provider ) )
		);
		if ( array() === $rows ) {
			/* translators: %s: the provider's name. */
			printf( '<tr><td colspan="5">%s</td></tr>', esc_html( sprintf( __( 'No payouts yet. They appear here when %1$s sends its payout events, or within the hour when the site next checks %1$s.', 'donation-widget' ), $provider ) ) );
		}
		foreach ( $rows as $row ) {
			printf(
				'<tr><td><a href="%s">%s</a></td><td>%s</td><td>%s</td><td>%s</td><td><code>%s</code></td></tr>',
				esc_url( self::detail_url( $row['payout_id'] ) ),
				esc_html( self::arrival( $row ) ),
				esc_html( DonationFormat::money( (int) $row['amount_cents'] ) ),
				esc_html( self::status( $row['status'] ) ),
				wp_kses_post( self::check( $row ) ),
				esc_html( $row['payout_id'] )
			);
		}
		echo '</tbody></table>';
		$pages = (int) ceil( $total / PayoutRepository::PER_PAGE );
		if ( $pages > 1 ) {
			echo '<p class="donation-widget-pages">';
			if ( $page > 1 ) {
				printf( '<a class="button" href="%s">%s</a> ', esc_url( self::list_url( array( 'paged' => (string) ( $page - 1 ) ) ) ), esc_html__( 'Newer payouts', 'donation-widget' ) );
			}
			if ( $page < $pages ) {
				printf( '<a class="button" href="%s">%s</a>', esc_url( self::list_url( array( 'paged' => (string) ( $page + 1 ) ) ) ), esc_html__( 'Older payouts', 'donation-widget' ) );
			}
			echo '</p>';
		}
		/**
		 * Prints the accounting export (Admin\BooksExport): one payout's files, or on the list
		 * '' and the date-range form only.
		 *
		 * @param string $payout_id The payout shown, '' on the list.
		 */
		do_action( 'donation_widget_payout_export', '' );
		foreach ( $this->labels->keeping_balance() as $gateway ) {
			$this->render_balance( $gateway );
		}
	}

	/**
	 * One payout: its facts, the check, its parts, its transactions and donations, the export.
	 *
	 * @param string $payout_id po_… id.
	 */
	private function render_payout( string $payout_id ): void {
		printf( '<p><a href="%s">&larr; %s</a></p>', esc_url( self::list_url() ), esc_html__( 'All payouts', 'donation-widget' ) );
		$payout = $this->payouts->find( $payout_id );
		if ( null === $payout ) {
			printf( '<h1>%s</h1><p>%s</p>', esc_html__( 'Payout not found', 'donation-widget' ), esc_html__( 'This site has not recorded a payout with this ID.', 'donation-widget' ) );
			return;
		}
		$amount   = (int) $payout['amount_cents'];
		$provider = $this->labels->of( $payout['provider'] );
		printf(
			'<h1>%s</h1>',
			/* translators: 1: amount, such as $1,234.56, 2: the date it reaches the bank. */
			esc_html( sprintf( __( 'Payout of %1$s on %2$s', 'donation-widget' ), DonationFormat::money( $amount ), self::arrival( $payout ) ) )
		);
		$this->render_check( $payout, $provider );
		$this->table(
			array(
				__( 'Deposit', 'donation-widget' )      => esc_html( DonationFormat::money( $amount ) . ' ' . $payout['currency'] ),
				__( 'Arrival date', 'donation-widget' ) => esc_html( self::arrival( $payout ) ),
				__( 'Status', 'donation-widget' )       => esc_html( self::status( $payout['status'] ) ),
				/* translators: %s: the provider's name. */
				sprintf( __( '%s payout ID', 'donation-widget' ), $provider ) => '<code>' . esc_html( $payout['payout_id'] ) . '</code>',
			)
		);
		$this->render_parts( $payout );
		$transactions = $this->transactions->of_payout( $payout_id );
		$this->render_transactions( $transactions, $provider );
		$this->render_donations( $transactions );

		/** This action is documented in includes/Admin/Payouts/PayoutsPage.php */
		do_action( 'donation_widget_payout_export', $payout_id );
	}

	/**
	 * The check, loud when the parts do not come to the deposit.
	 *
	 * @param array<string, string> $payout   Payout row.
	 * @param string                $provider The provider's name.
	 */
	private function render_check( array $payout, string $provider ): void {
		$amount = (int) $payout['amount_cents'];
		$parts  = $amount - (int) $payout['difference_cents'];
		if ( PayoutParts::BALANCED === $payout['check_status'] ) {
			printf( '<div class="notice notice-success inline"><p><strong>%s</strong> %s</p></div>', esc_html__( 'Adds up.', 'donation-widget' ), esc_html__( 'The gifts, fees, refunds, disputes and other money below come to the deposit exactly.', 'donation-widget' ) );
			return;
		}
		if ( PayoutParts::MISMATCH === $payout['check_status'] ) {
			printf(
				'<div class="notice notice-error inline" role="alert"><p><strong>%s</strong> %s</p></div>',
				esc_html__( 'Does not add up.', 'donation-widget' ),
				esc_html(
					sprintf(
						/* translators: 1: what the parts come to, 2: the deposit, 3: the difference, 4: the provider's name. */
						__( 'The transactions %4$s listed for this payout come to %1$s, but %2$s was deposited: %3$s is not explained. Check the payout in the %4$s dashboard before reconciling it.', 'donation-widget' ),
						DonationFormat::money( $parts ),
						DonationFormat::money( $amount ),
						DonationFormat::money( (int) $payout['difference_cents'] ),
						$provider
					)
				)
			);
			return;
		}
		/* translators: %s: the provider's name. */
		printf( '<div class="notice notice-warning inline"><p>%s</p></div>', esc_html( sprintf( __( 'Not explained yet: the site has not read this payout\'s transactions from %s. It tries again within the hour.', 'donation-widget' ), $provider ) ) );
	}

	/**
	 * The parts, to the cent, and their sum against the deposit.
	 *
	 * @param array<string, string> $payout Payout row.
	 */
	private function render_parts( array $payout ): void {
		printf( '<h2>%s</h2>', esc_html__( 'What the deposit is made of', 'donation-widget' ) );
		$amount = (int) $payout['amount_cents'];
		$parts  = array(
			__( 'Gifts (gross)', 'donation-widget' ) => (int) $payout['gross_cents'],
			__( 'Fees', 'donation-widget' )          => (int) $payout['fee_cents'],
			__( 'Refunds', 'donation-widget' )       => (int) $payout['refund_cents'],
			__( 'Disputes', 'donation-widget' )      => (int) $payout['dispute_cents'],
			__( 'Other (not from this site)', 'donation-widget' ) => (int) $payout['other_cents'],
		);
		printf(
			'<table class="widefat striped donation-widget-payout-parts"><caption class="screen-reader-text">%s</caption><thead><tr><th scope="col">%s</th><th scope="col" class="num">%s</th></tr></thead><tbody>',
			esc_html__( 'The parts of the deposit', 'donation-widget' ),
			esc_html__( 'Part', 'donation-widget' ),
			esc_html__( 'Amount', 'donation-widget' )
		);
		foreach ( $parts as $label => $cents ) {
			printf( '<tr><th scope="row">%s</th><td class="num">%s</td></tr>', esc_html( (string) $label ), esc_html( DonationFormat::money( $cents ) ) );
		}
		printf( '</tbody><tfoot><tr><th scope="row">%s</th><td class="num"><strong>%s</strong></td></tr>', esc_html__( 'Total of the parts', 'donation-widget' ), esc_html( DonationFormat::money( array_sum( $parts ) ) ) );
		printf( '<tr><th scope="row">%s</th><td class="num"><strong>%s</strong></td></tr>', esc_html__( 'Deposit', 'donation-widget' ), esc_html( DonationFormat::money( $amount ) ) );
		if ( 0 !== (int) $payout['difference_cents'] ) {
			printf( '<tr><th scope="row">%s</th><td class="num"><strong>%s</strong></td></tr>', esc_html__( 'Not explained', 'donation-widget' ), esc_html( DonationFormat::money( (int) $payout['difference_cents'] ) ) );
		}
		// This site's gifts in the deposit, counted as every screen counts them (GiftFigures).
		$figures = PayoutParts::figures_of( $payout );
		printf( '<tr class="donation-widget-payout-kept"><th scope="row">%s</th><td class="num">%s</td></tr>', esc_html__( 'Kept of the gifts (less refunds and lost disputes)', 'donation-widget' ), esc_html( DonationFormat::money( $figures->kept_cents() ) ) );
		printf( '<tr class="donation-widget-payout-net"><th scope="row">%s</th><td class="num">%s</td></tr>', esc_html__( 'Net of the gifts (kept less fees)', 'donation-widget' ), esc_html( DonationFormat::money( $figures->net_cents() ) ) );
		echo '</tfoot></table>';
	}

	/**
	 * Every balance transaction of the payout.
	 *
	 * @param list<array<string, string>> $transactions Rows.
	 * @param string                      $provider     The provider's name.
	 */
	private function render_transactions( array $transactions, string $provider ): void {
		printf( '<h2>%s</h2>', esc_html__( 'Transactions', 'donation-widget' ) );
		printf(
			'<table class="widefat striped donation-widget-payout-transactions"><caption class="screen-reader-text">%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col" class="num">%s</th><th scope="col" class="num">%s</th><th scope="col" class="num">%s</th></tr></thead><tbody>',
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( 'Every movement of the %s balance in this payout', 'donation-widget' ), $provider ) ),
			esc_html__( 'Date', 'donation-widget' ),
			esc_html__( 'Type', 'donation-widget' ),
			esc_html__( 'Donation', 'donation-widget' ),
			esc_html__( 'Amount', 'donation-widget' ),
			esc_html__( 'Fee', 'donation-widget' ),
			esc_html__( 'Net', 'donation-widget' )
		);
		if ( array() === $transactions ) {
			printf( '<tr><td colspan="6">%s</td></tr>', esc_html__( 'No transactions recorded for this payout.', 'donation-widget' ) );
		}
		foreach ( $transactions as $row ) {
			$donation_id = (int) $row['donation_id'];
			$donation    = PayoutParts::DEPOSIT_TYPE === $row['type'] ? '&mdash;' : esc_html__( 'Not from this site', 'donation-widget' );
			if ( $donation_id > 0 ) {
				/* translators: %d: donation id. */
				$donation = sprintf( '<a href="%s">%s</a>', esc_url( DonationsPage::detail_url( $donation_id ) ), esc_html( sprintf( __( '#%d', 'donation-widget' ), $donation_id ) ) );
			}
			printf(
				'<tr><td>%s</td><td>%s</td><td>%s</td><td class="num">%s</td><td class="num">%s</td><td class="num">%s</td></tr>',
				esc_html( DonationFormat::date( $row['provider_created_at'] ) ),
				esc_html( self::type( $row, $provider ) ),
				wp_kses_post( $donation ),
				esc_html( DonationFormat::money( (int) $row['amount_cents'] ) ),
				esc_html( DonationFormat::money( -1 * (int) $row['fee_cents'] ) ),
				esc_html( DonationFormat::money( (int) $row['net_cents'] ) )
			);
		}
		echo '</tbody></table>';
	}

	/**
	 * The donations whose gifts arrived in this payout.
	 *
	 * @param list<array<string, string>> $transactions Rows.
	 */
	private function render_donations( array $transactions ): void {
		printf( '<h2>%s</h2>', esc_html__( 'Donations in this payout', 'donation-widget' ) );
		$ids = array();
		foreach ( $transactions as $row ) {
			$id = (int) $row['donation_id'];
			if ( $id > 0 && 'gross' === PayoutParts::part_of( $row['type'], $row['reporting_category'], true ) ) {
				$ids[ $id ] = $id;
			}
		}
		// Read together (a payout holds up to thousands of gifts), listed in the payout's order.
		$found     = $this->donations->find_many( $ids );
		$donations = array();
		foreach ( $ids as $id ) {
			if ( isset( $found[ $id ] ) ) {
				$donations[ $id ] = $found[ $id ];
			}
		}
		if ( array() === $donations ) {
			printf( '<p>%s</p>', esc_html__( 'No gifts from this site arrived in this payout.', 'donation-widget' ) );
			return;
		}
		printf(
			'<table class="widefat striped donation-widget-payout-donations"><caption class="screen-reader-text">%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col" class="num">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			esc_html__( 'The gifts in this payout', 'donation-widget' ),
			esc_html__( 'Donation', 'donation-widget' ),
			esc_html__( 'Donor', 'donation-widget' ),
			esc_html__( 'Date', 'donation-widget' ),
			esc_html__( 'Total', 'donation-widget' ),
			esc_html__( 'Status', 'donation-widget' )
		);
		foreach ( $donations as $donation ) {
			printf(
				'<tr><td><a href="%s">%s</a></td><td>%s</td><td>%s</td><td class="num">%s</td><td>%s</td></tr>',
				esc_url( DonationsPage::detail_url( $donation->id() ) ),
				/* translators: %d: donation id. */
				esc_html( sprintf( __( '#%d', 'donation-widget' ), $donation->id() ) ),
				esc_html( self::donor( $donation ) ),
				esc_html( DonationFormat::date( $donation->value( 'created_at' ) ) ),
				esc_html( DonationFormat::money( $donation->total_cents() ) ),
				// A lost dispute's gift says so, never "Succeeded".
				esc_html( DonationBooksSections::standing( $donation ) )
			);
		}
		echo '</tbody></table>';
	}

	/**
	 * A gateway that KeepsBalance: the net of each capture of a period, and per month what waits
	 * in its balance. Its ids and field names carry the gateway's id.
	 *
	 * @param Gateway $gateway The gateway.
	 */
	private function render_balance( Gateway $gateway ): void {
		$id   = $gateway->id();
		$name = $gateway->label();
		/* translators: %s: the provider's name. */
		printf( '<h2 id="%s">%s</h2>', esc_attr( "donation-widget-{$id}-balance" ), esc_html( sprintf( __( '%s balance', 'donation-widget' ), $name ) ) );
		/* translators: %s: the provider's name. */
		printf( '<p>%s</p>', esc_html( sprintf( __( '%1$s keeps donations in your %1$s balance until you move them to the bank yourself. What each capture left there (its total less %1$s\'s fee), less refunds, is waiting in %1$s.', 'donation-widget' ), $name ) ) );
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only period filter.
		$from = isset( $_GET[ "{$id}_from" ] ) ? sanitize_text_field( wp_unslash( $_GET[ "{$id}_from" ] ) ) : '';
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only period filter.
		$to   = isset( $_GET[ "{$id}_to" ] ) ? sanitize_text_field( wp_unslash( $_GET[ "{$id}_to" ] ) ) : '';
		$from = self::valid_date( $from ) ? $from : (string) wp_date( 'Y-m-01', (int) strtotime( '-2 months' ) );
		$to   = self::valid_date( $to ) ? $to : (string) wp_date( 'Y-m-d' );
		printf( '<form method="get" action="%s"><input type="hidden" name="page" value="%s" />', esc_url( admin_url( 'admin.php' ) ), esc_attr( self::SLUG ) );
		printf(
			'<p><label for="donation-widget-%1$s-from">%2$s</label> <input type="date" id="donation-widget-%1$s-from" name="%1$s_from" value="%3$s" /> <label for="donation-widget-%1$s-to">%4$s</label> <input type="date" id="donation-widget-%1$s-to" name="%1$s_to" value="%5$s" /> <button type="submit" class="button">%6$s</button></p></form>',
			esc_attr( $id ),
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( '%s from', 'donation-widget' ), $name ) ),
			esc_attr( $from ),
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( '%s to', 'donation-widget' ), $name ) ),
			esc_attr( $to ),
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( 'Show %s period', 'donation-widget' ), $name ) )
		);
		$from_utc = get_gmt_from_date( $from . ' 00:00:00' );
		$to_utc   = get_gmt_from_date( gmdate( 'Y-m-d', (int) strtotime( $to . ' +1 day' ) ) . ' 00:00:00' );
		$months   = $this->balance->months( $id, $from_utc, $to_utc );
		printf(
			'<table class="widefat striped donation-widget-%s-months"><caption class="screen-reader-text">%s</caption><thead><tr><th scope="col">%s</th><th scope="col" class="num">%s</th><th scope="col" class="num">%s</th><th scope="col" class="num">%s</th><th scope="col" class="num">%s</th><th scope="col" class="num">%s</th></tr></thead><tbody>',
			esc_attr( $id ),
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( 'What %1$s donations left in the %1$s balance, by month', 'donation-widget' ), $name ) ),
			esc_html__( 'Month', 'donation-widget' ),
			esc_html__( 'Captures', 'donation-widget' ),
			esc_html__( 'Gross', 'donation-widget' ),
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( '%s fees', 'donation-widget' ), $name ) ),
			esc_html__( 'Refunded', 'donation-widget' ),
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( 'Waiting in %s', 'donation-widget' ), $name ) )
		);
		if ( array() === $months ) {
			/* translators: %s: the provider's name. */
			printf( '<tr><td colspan="6">%s</td></tr>', esc_html( sprintf( __( 'No %s donations in this period.', 'donation-widget' ), $name ) ) );
		}
		foreach ( $months as $month ) {
			$waiting = DonationFormat::money( $month['waiting_cents'] );
			if ( $month['fee_unknown'] > 0 ) {
				/* translators: 1: amount, 2: how many captures the provider has not given a fee for yet. */
				$waiting = sprintf( _n( '%1$s (%2$d capture\'s fee not known yet)', '%1$s (%2$d captures\' fees not known yet)', $month['fee_unknown'], 'donation-widget' ), $waiting, $month['fee_unknown'] );
			}
			printf(
				'<tr><th scope="row">%s</th><td class="num">%d</td><td class="num">%s</td><td class="num">%s</td><td class="num">%s</td><td class="num">%s</td></tr>',
				esc_html( (string) wp_date( 'F Y', (int) strtotime( $month['month'] . '-15 12:00:00' ) ) ),
				(int) $month['captures'],
				esc_html( DonationFormat::money( $month['gross_cents'] ) ),
				esc_html( DonationFormat::money( -1 * $month['fee_cents'] ) ),
				esc_html( DonationFormat::money( -1 * $month['refunded_cents'] ) ),
				esc_html( $waiting )
			);
		}
		echo '</tbody></table>';
		$captures = $this->balance->captures( $id, $from_utc, $to_utc );
		if ( array() === $captures ) {
			return;
		}
		/* translators: %s: the provider's name. */
		printf( '<h3>%s</h3>', esc_html( sprintf( __( 'Net per %s capture', 'donation-widget' ), $name ) ) );
		printf(
			'<table class="widefat striped donation-widget-%s-captures"><caption class="screen-reader-text">%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col" class="num">%s</th><th scope="col" class="num">%s</th><th scope="col" class="num">%s</th></tr></thead><tbody>',
			esc_attr( $id ),
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( 'Each %s capture of the period with its net', 'donation-widget' ), $name ) ),
			esc_html__( 'Date', 'donation-widget' ),
			esc_html__( 'Donation', 'donation-widget' ),
			esc_html__( 'Capture ID', 'donation-widget' ),
			esc_html__( 'Total', 'donation-widget' ),
			/* translators: %s: the provider's name. */
			esc_html( sprintf( __( '%s fee', 'donation-widget' ), $name ) ),
			esc_html__( 'Net', 'donation-widget' )
		);
		foreach ( $captures as $donation ) {
			$unknown = __( 'Not known yet', 'donation-widget' );
			$fee     = null === $donation->fee_cents() ? $unknown : DonationFormat::money( -1 * $donation->fee_cents() );
			// Net as every screen counts it: refunds taken out too.
			$net = null === $donation->fee_cents() ? $unknown : DonationFormat::money( GiftFigures::of( $donation )->net_cents() );
			printf(
				'<tr><td>%s</td><td><a href="%s">%s</a></td><td><code>%s</code></td><td class="num">%s</td><td class="num">%s</td><td class="num">%s</td></tr>',
				esc_html( DonationFormat::date( $donation->value( 'created_at' ) ) ),
				esc_url( DonationsPage::detail_url( $donation->id() ) ),
				/* translators: %d: donation id. */
				esc_html( sprintf( __( '#%d', 'donation-widget' ), $donation->id() ) ),
				esc_html( $donation->provider_reference() ),
				esc_html( DonationFormat::money( $donation->total_cents() ) ),
				esc_html( $fee ),
				esc_html( $net )
			);
		}
		echo '</tbody></table>';
		if ( count( $captures ) >= HeldBalance::MAX_CAPTURES ) {
			/* translators: %d: how many captures are listed. */
			printf( '<p>%s</p>', esc_html( sprintf( __( 'The newest %d captures of the period are listed; choose a shorter period to see the others.', 'donation-widget' ), HeldBalance::MAX_CAPTURES ) ) );
		}
	}

	/**
	 * The check in words, for the list.
	 *
	 * @param array<string, string> $row Payout row.
	 * @return string Escaped HTML.
	 */
	private static function check( array $row ): string {
		if ( PayoutParts::BALANCED === $row['check_status'] ) {
			return esc_html__( 'Adds up', 'donation-widget' );
		}
		if ( PayoutParts::MISMATCH === $row['check_status'] ) {
			/* translators: %s: the amount not explained. */
			return '<strong class="donation-widget-payout-mismatch">' . esc_html( sprintf( __( 'Does not add up (%s not explained)', 'donation-widget' ), DonationFormat::money( (int) $row['difference_cents'] ) ) ) . '</strong>';
		}
		return esc_html__( 'Not explained yet', 'donation-widget' );
	}

	/**
	 * The date the deposit reaches the bank, in the site's format.
	 *
	 * @param array<string, string> $row Payout row.
	 */
	private static function arrival( array $row ): string {
		return '' === $row['arrival_date'] ? '' : DonationFormat::date( $row['arrival_date'] . ' 12:00:00' );
	}

	/**
	 * The provider's payout status in words.
	 *
	 * @param string $status The provider's status.
	 */
	public static function status( string $status ): string {
		return array(
			'paid'       => __( 'Paid', 'donation-widget' ),
			'pending'    => __( 'Pending', 'donation-widget' ),
			'in_transit' => __( 'In transit', 'donation-widget' ),
			'failed'     => __( 'Failed', 'donation-widget' ),
			'canceled'   => __( 'Cancelled', 'donation-widget' ),
		)[ $status ] ?? $status;
	}

	/**
	 * A balance transaction's type in words.
	 *
	 * @param array<string, string> $row      Transaction row.
	 * @param string                $provider The provider's name.
	 */
	private static function type( array $row, string $provider ): string {
		if ( PayoutParts::DEPOSIT_TYPE === $row['type'] ) {
			return __( 'Payout (the deposit)', 'donation-widget' );
		}
		$part = PayoutParts::part_of( $row['type'], $row['reporting_category'], (int) $row['donation_id'] > 0 );
		if ( 'dispute' === $part ) {
			// The withdrawal and a won dispute's reinstatement are different movements.
			return 'dispute_reversal' === $row['reporting_category'] || (int) $row['amount_cents'] > 0
				? __( 'Dispute won: money returned', 'donation-widget' )
				: __( 'Dispute: money taken back', 'donation-widget' );
		}
		return array(
			'gross'   => __( 'Gift', 'donation-widget' ),
			'refund'  => __( 'Refund', 'donation-widget' ),
			'dispute' => __( 'Dispute', 'donation-widget' ),
			/* translators: %s: the provider's name. */
			'fee'     => sprintf( __( '%s fee', 'donation-widget' ), $provider ),
		)[ $part ] ?? ucfirst( str_replace( '_', ' ', $row['type'] ) );
	}

	/**
	 * The donor's name, or the organisation's.
	 *
	 * @param Donation $donation The donation.
	 */
	private static function donor( Donation $donation ): string {
		$name = trim( $donation->value( 'first_name' ) . ' ' . $donation->value( 'last_name' ) );
		return '' !== $donation->value( 'organisation_name' ) ? $donation->value( 'organisation_name' ) : $name;
	}

	/**
	 * Whether a value is a Y-m-d date.
	 *
	 * @param string $value Input.
	 */
	private static function valid_date( string $value ): bool {
		$date = \DateTimeImmutable::createFromFormat( '!Y-m-d', $value );
		return false !== $date && $date->format( 'Y-m-d' ) === $value;
	}

	/**
	 * A two-column table of label => already escaped HTML.
	 *
	 * @param array<string, string> $rows Label => escaped HTML.
	 */
	private function table( array $rows ): void {
		echo '<table class="widefat striped donation-widget-details"><tbody>';
		foreach ( $rows as $label => $html ) {
			printf( '<tr><th scope="row" style="width: 14em;">%s</th><td>%s</td></tr>', esc_html( (string) $label ), wp_kses_post( $html ) );
		}
		echo '</tbody></table>';
	}
}
