<?php
/**
 * Donation Widget → 4-weekly donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\AdminServiceProvider;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\FailureReason;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Subscriptions\Cancellation;
use DonationWidget\Subscriptions\ProviderRefused;
use DonationWidget\Subscriptions\RecurringPayments;

/**
 * The 4-weekly donors: who gives, how much, whether it still runs and when the next payment is
 * due; one subscription with every renewal, its card-update actions and "Cancel", which asks
 * for confirmation on a page of its own before anything happens.
 */
final class SubscriptionsPage {

	public const SLUG = 'donation-widget-subscriptions';

	public const CANCEL_ACTION = 'donation_widget_cancel_subscription';

	/**
	 * A cancellation's outcomes besides Cancellation's own: the provider said no, or did not answer.
	 */
	public const CANCEL_REFUSED     = 'refused';
	public const CANCEL_UNAVAILABLE = 'unavailable';

	private const SUBSCRIPTION_ID = '/^sub_[A-Za-z0-9_]{1,180}$/';

	/**
	 * The screen's hook suffix, once the menu exists.
	 *
	 * @var string
	 */
	private string $hook_suffix = '';

	/**
	 * Builds the screen.
	 *
	 * @param SubscriptionQuery  $query        Reads subscriptions.
	 * @param DonationRepository $donations    Each renewal.
	 * @param Cancellation       $cancellation Cancels.
	 * @param CardUpdatePanel    $card_update  The card-update actions.
	 * @param RecurringPayments  $provider     The provider's name.
	 */
	public function __construct(
		private readonly SubscriptionQuery $query,
		private readonly DonationRepository $donations,
		private readonly Cancellation $cancellation,
		private readonly CardUpdatePanel $card_update,
		private readonly RecurringPayments $provider
	) {
	}

	/**
	 * Adds "4-weekly donations" under the Donation Widget menu.
	 */
	public function add_menu(): void {
		$this->hook_suffix = (string) add_submenu_page(
			AdminServiceProvider::MENU_SLUG,
			__( '4-weekly donations', 'donation-widget' ),
			__( '4-weekly donations', 'donation-widget' ),
			DonationsCapability::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
	}

	/**
	 * The red of "Cancel this 4-weekly donation" and "Yes, cancel it": white on a dark red
	 * (6.2:1, and 8.5:1 on hover), where WordPress's own button-link-delete red on a button is
	 * 4.3:1, under the 4.5:1 that text needs.
	 */
	private const DESTRUCTIVE_CSS = '.wp-core-ui .button.donation-widget-destructive{background:#b32d2e;border-color:#b32d2e;color:#fff}'
		. '.wp-core-ui .button.donation-widget-destructive:hover,.wp-core-ui .button.donation-widget-destructive:focus{background:#8a2424;border-color:#8a2424;color:#fff}'
		. '.wp-core-ui .button.donation-widget-destructive:focus{box-shadow:0 0 0 1px #fff,0 0 0 3px #8a2424}';

	/**
	 * Adds the destructive button's style to this screen only.
	 *
	 * @param string $hook_suffix The screen being loaded.
	 */
	public function enqueue_style( string $hook_suffix ): void {
		if ( '' !== $this->hook_suffix && $hook_suffix === $this->hook_suffix ) {
			wp_add_inline_style( 'buttons', self::DESTRUCTIVE_CSS );
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
	 * One subscription's URL.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public static function detail_url( string $subscription_id ): string {
		return self::list_url( array( 'subscription' => $subscription_id ) );
	}

	/**
	 * The donation screen's DonationDetail::SUBSCRIPTION_URL_FILTER: one subscription's URL.
	 *
	 * @param mixed $url             The answer so far.
	 * @param mixed $subscription_id sub_… id.
	 */
	public static function answer_detail_url( mixed $url, mixed $subscription_id ): mixed {
		return is_string( $subscription_id ) && '' !== $subscription_id ? self::detail_url( $subscription_id ) : $url;
	}

	/**
	 * The URL of the page that confirms a cancellation.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public static function cancel_url( string $subscription_id ): string {
		return self::list_url(
			array(
				'subscription' => $subscription_id,
				'confirm'      => 'cancel',
			)
		);
	}

	/**
	 * The nonce action of cancelling one subscription.
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public static function cancel_nonce_action( string $subscription_id ): string {
		return self::CANCEL_ACTION . '_' . $subscription_id;
	}

	/**
	 * A sub_… id from a request value, or ''.
	 *
	 * @param mixed $value Submitted value, unslashed.
	 */
	public static function subscription_id( mixed $value ): string {
		$value = is_string( $value ) ? trim( $value ) : '';
		return preg_match( self::SUBSCRIPTION_ID, $value ) ? $value : '';
	}

	/**
	 * Prints the list, one subscription, or the cancellation's confirmation.
	 */
	public function render(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see donations.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- viewing changes nothing; every value is checked below.
		$id      = self::subscription_id( wp_unslash( $_GET['subscription'] ?? '' ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- subscription_id() accepts only sub_ and word characters.
		$confirm = isset( $_GET['confirm'] ) ? sanitize_key( wp_unslash( $_GET['confirm'] ) ) : '';
		$status  = isset( $_GET['status'] ) ? sanitize_key( wp_unslash( $_GET['status'] ) ) : '';
		$search  = isset( $_GET['s'] ) ? mb_substr( trim( sanitize_text_field( wp_unslash( $_GET['s'] ) ) ), 0, 100 ) : '';
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		if ( '' === $id ) {
			$this->render_list( array_key_exists( $status, SubscriptionSummary::statuses() ) ? $status : '', $search );
			return;
		}
		$subscription = $this->query->find( $id );
		if ( null === $subscription ) {
			printf(
				'<div class="wrap"><p><a href="%s">&larr; %s</a></p><h1>%s</h1></div>',
				esc_url( self::list_url() ),
				esc_html__( 'All 4-weekly donations', 'donation-widget' ),
				esc_html__( '4-weekly donation not found', 'donation-widget' )
			);
			return;
		}
		if ( 'cancel' === $confirm && $subscription->is_running() ) {
			$this->render_confirm_cancel( $subscription );
			return;
		}
		$this->render_detail( $subscription );
	}

	/**
	 * The list.
	 *
	 * @param string $status A SubscriptionSummary status, or ''.
	 * @param string $search Search text, or ''.
	 */
	private function render_list( string $status, string $search ): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
		$table = new SubscriptionsListTable( $this->query, $status, $search, '' !== $this->hook_suffix ? $this->hook_suffix : self::SLUG );
		$table->prepare_items();
		$income = $this->query->recurring_income();
		echo '<div class="wrap donation-widget-subscriptions">';
		printf( '<h1 class="wp-heading-inline">%s</h1>', esc_html__( '4-weekly donations', 'donation-widget' ) );
		echo '<hr class="wp-header-end" />';
		printf(
			'<p class="donation-widget-totals">%s</p>',
			esc_html(
				sprintf(
					/* translators: 1: number of running 4-weekly donations, 2: amount such as $1,250.00. */
					_n( '%1$d running 4-weekly donation brings in %2$s every 4 weeks.', '%1$d running 4-weekly donations bring in %2$s every 4 weeks.', $income['count'], 'donation-widget' ),
					$income['count'],
					DonationFormat::money( $income['cents'] )
				)
			)
		);
		$table->views();
		echo '<form method="get">';
		printf( '<input type="hidden" name="page" value="%s" />', esc_attr( self::SLUG ) );
		if ( '' !== $status ) {
			printf( '<input type="hidden" name="status" value="%s" />', esc_attr( $status ) );
		}
		$table->search_box( __( 'Search donors', 'donation-widget' ), 'donation-widget-subscription-search' );
		$table->display();
		echo '</form></div>';
	}

	/**
	 * One subscription: its details, every payment, card update and cancel.
	 *
	 * @param SubscriptionSummary $subscription The subscription.
	 */
	private function render_detail( SubscriptionSummary $subscription ): void {
		echo '<div class="wrap donation-widget-subscription">';
		printf( '<p><a href="%s">&larr; %s</a></p>', esc_url( self::list_url() ), esc_html__( 'All 4-weekly donations', 'donation-widget' ) );
		printf(
			'<h1 class="wp-heading-inline">%s</h1>',
			/* translators: 1: amount, 2: donor name. */
			esc_html( sprintf( __( '4-weekly donation of %1$s by %2$s', 'donation-widget' ), DonationFormat::money( $subscription->amount_cents() ), $subscription->donor_name() ) )
		);
		echo '<hr class="wp-header-end" />';
		$this->notice();

		$next     = $subscription->next_payment_at();
		$provider = $this->provider->label();
		$rows     = array(
			__( 'Status', 'donation-widget' )       => esc_html( $subscription->status_label() ),
			__( 'Donor', 'donation-widget' )        => sprintf( '<a href="%s">%s</a>', esc_url( DonationsPage::detail_url( $subscription->first_donation_id() ) ), esc_html( $subscription->donor_name() ) ),
			__( 'Email', 'donation-widget' )        => esc_html( $subscription->value( 'email' ) ),
			__( 'Amount every 4 weeks', 'donation-widget' ) => esc_html( DonationFormat::money( $subscription->amount_cents() ) ),
			__( 'Started', 'donation-widget' )      => esc_html( DonationFormat::date_time( $subscription->value( 'created_at' ) ) ),
			__( 'Last payment', 'donation-widget' ) => esc_html( DonationFormat::date_time( $subscription->value( 'last_paid_at' ) ) ),
			__( 'Next payment', 'donation-widget' ) => esc_html( '' !== $next ? DonationFormat::date( $next ) : '' ),
			__( 'Cancelled', 'donation-widget' )    => esc_html( DonationFormat::date_time( $subscription->value( 'cancelled_at' ) ) ),
			/* translators: %s: the provider, such as a card provider's name. */
			sprintf( __( '%s subscription', 'donation-widget' ), $provider ) => '<code>' . esc_html( $subscription->id() ) . '</code>',
			/* translators: %s: the provider, such as a card provider's name. */
			sprintf( __( '%s customer', 'donation-widget' ), $provider ) => '<code>' . esc_html( $subscription->value( 'customer_id' ) ) . '</code>',
		);
		echo '<table class="widefat striped donation-widget-details"><tbody>';
		foreach ( $rows as $label => $html ) {
			printf( '<tr><th scope="row" style="width: 14em;">%s</th><td>%s</td></tr>', esc_html( $label ), '' !== $html ? wp_kses_post( $html ) : '&mdash;' );
		}
		echo '</tbody></table>';

		$this->render_payments( $subscription );
		$this->card_update->render( $subscription );

		if ( $subscription->is_running() ) {
			printf( '<h2>%s</h2>', esc_html__( 'Cancel', 'donation-widget' ) );
			printf(
				'<p><a class="button donation-widget-destructive" href="%s">%s</a></p>',
				esc_url( self::cancel_url( $subscription->id() ) ),
				esc_html__( 'Cancel this 4-weekly donation', 'donation-widget' )
			);
		}
		echo '</div>';
	}

	/**
	 * Every payment of the subscription, newest first.
	 *
	 * @param SubscriptionSummary $subscription The subscription.
	 */
	private function render_payments( SubscriptionSummary $subscription ): void {
		printf( '<h2 id="donation-widget-payments-heading">%s</h2>', esc_html__( 'Payments', 'donation-widget' ) );
		$payments = array_reverse( $this->donations->find_all_of_subscription( $subscription->id() ) );
		printf(
			'<table class="widefat striped donation-widget-payments" aria-labelledby="donation-widget-payments-heading"><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			esc_html__( 'Donation', 'donation-widget' ),
			esc_html__( 'Date', 'donation-widget' ),
			esc_html__( 'Amount', 'donation-widget' ),
			esc_html__( 'Status', 'donation-widget' )
		);
		foreach ( $payments as $payment ) {
			$kind = str_starts_with( $payment->attempt_id(), 'invoice:' ) ? __( 'Renewal', 'donation-widget' ) : __( 'First donation', 'donation-widget' );
			$note = DonationStatus::FAILED === $payment->status() && '' !== $payment->failure_reason() ? ': ' . FailureReason::text( $payment ) : '';
			printf(
				'<tr><td><a href="%s">%s</a></td><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_url( DonationsPage::detail_url( $payment->id() ) ),
				/* translators: 1: donation id, 2: "Renewal" or "First donation". */
				esc_html( sprintf( __( '#%1$d (%2$s)', 'donation-widget' ), $payment->id(), $kind ) ),
				esc_html( DonationFormat::date_time( $payment->value( 'created_at' ) ) ),
				esc_html( DonationFormat::money( $payment->total_cents() ) ),
				esc_html( DonationFormat::status( $payment->status() ) . $note )
			);
		}
		if ( array() === $payments ) {
			printf( '<tr><td colspan="4">%s</td></tr>', esc_html__( 'No payments recorded.', 'donation-widget' ) );
		}
		echo '</tbody></table>';
	}

	/**
	 * Asks before cancelling.
	 *
	 * @param SubscriptionSummary $subscription A running subscription.
	 */
	private function render_confirm_cancel( SubscriptionSummary $subscription ): void {
		echo '<div class="wrap donation-widget-subscription-cancel">';
		printf( '<h1>%s</h1>', esc_html__( 'Cancel this 4-weekly donation?', 'donation-widget' ) );
		printf(
			'<p>%s</p>',
			esc_html(
				sprintf(
					/* translators: 1: donor name, 2: email, 3: amount, 4: the provider that collects it. */
					__( '%1$s (%2$s) gives %3$s every 4 weeks. Cancelling stops it at %4$s straight away: no further payment will be taken, and it cannot be restarted. The donor is emailed a confirmation.', 'donation-widget' ),
					$subscription->donor_name(),
					$subscription->value( 'email' ),
					DonationFormat::money( $subscription->amount_cents() ),
					$this->provider->label()
				)
			)
		);
		printf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s" />', esc_attr( self::CANCEL_ACTION ) );
		printf( '<input type="hidden" name="subscription_id" value="%s" />', esc_attr( $subscription->id() ) );
		wp_nonce_field( self::cancel_nonce_action( $subscription->id() ) );
		printf(
			'<p><button type="submit" class="button donation-widget-destructive">%s</button> <a class="button" href="%s">%s</a></p>',
			esc_html__( 'Yes, cancel it', 'donation-widget' ),
			esc_url( self::detail_url( $subscription->id() ) ),
			esc_html__( 'No, keep it', 'donation-widget' )
		);
		echo '</form></div>';
	}

	/**
	 * The result of a cancellation, after its redirect.
	 */
	private function notice(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only picks which message to show.
		$result   = isset( $_GET['cancelled'] ) ? sanitize_key( wp_unslash( $_GET['cancelled'] ) ) : '';
		$provider = $this->provider->label();
		$messages = array(
			Cancellation::CANCELLED         => array( 'success', __( 'The 4-weekly donation is cancelled. No further payments will be taken.', 'donation-widget' ) ),
			Cancellation::ALREADY_CANCELLED => array( 'info', __( 'This 4-weekly donation was already cancelled.', 'donation-widget' ) ),
			/* translators: %s: the provider that collects it (twice). */
			self::CANCEL_REFUSED            => array( 'error', sprintf( __( '%1$s refused to cancel it; nothing was changed. Check the subscription in your %1$s dashboard.', 'donation-widget' ), $provider ) ),
			/* translators: %s: the provider that collects it. */
			self::CANCEL_UNAVAILABLE        => array( 'error', sprintf( __( '%s could not be reached; nothing was changed. Please try again in a few minutes.', 'donation-widget' ), $provider ) ),
		);
		if ( isset( $messages[ $result ] ) ) {
			printf( '<div class="notice notice-%s"><p>%s</p></div>', esc_attr( $messages[ $result ][0] ), esc_html( $messages[ $result ][1] ) );
		}
	}

	/**
	 * The admin-post.php handler of "Yes, cancel it": checks the nonce and capability, cancels,
	 * and returns to the subscription with the result.
	 */
	public function handle_cancel(): void {
		$id = self::subscription_id( wp_unslash( $_POST['subscription_id'] ?? '' ) ); // phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- the nonce names the subscription, so it is checked just below; subscription_id() accepts only sub_ and word characters.
		check_admin_referer( self::cancel_nonce_action( $id ) );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to cancel 4-weekly donations.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$result = '' === $id ? Cancellation::NOT_FOUND : $this->cancel( $id );
		wp_safe_redirect( add_query_arg( 'cancelled', $result, self::detail_url( $id ) ) );
		exit;
	}

	/**
	 * Cancels, the provider's refusals and silences as outcomes.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @return string A Cancellation outcome, CANCEL_REFUSED or CANCEL_UNAVAILABLE.
	 */
	private function cancel( string $subscription_id ): string {
		try {
			return $this->cancellation->cancel( $subscription_id );
		} catch ( ProviderRefused $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need the provider's reason.
			error_log( "Donation Widget: the provider refused to cancel subscription {$subscription_id}: " . $error->getMessage() );
			return self::CANCEL_REFUSED;
		} catch ( ProviderUnavailable $error ) {
			return self::CANCEL_UNAVAILABLE;
		}
	}
}
