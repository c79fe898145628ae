<?php
/**
 * The dashboard's donations summary.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Dashboard;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationQuery;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Admin\Subscriptions\SubscriptionQuery;
use DonationWidget\Admin\Subscriptions\SubscriptionsPage;
use DonationWidget\Admin\WebhookHealthReport;
use DonationWidget\Books\Disputes\DisputeRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\DonorLastGifts;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Reports\ReportQuery;

/**
 * This month's total, how many donors gave this month, and the recurring income of the running
 * 4-weekly donations, for staff who may see donations.
 */
final class DonationsSummaryWidget {

	public const ID = 'donation_widget_summary';

	/**
	 * Builds the widget.
	 *
	 * @param SubscriptionQuery   $subscriptions  The recurring income.
	 * @param WebhookHealthReport $webhook_health Whether the providers' webhooks arrive.
	 * @param DonationQuery       $donations      This month's totals.
	 * @param GatewayRegistry     $gateways       The payment gateways, one webhook line each.
	 * @param DonorLastGifts      $last_gifts     This month's donors.
	 * @param DisputeRepository   $disputes       Open and lost chargebacks.
	 * @param ReportQuery         $reports        This month's fees and net, as the reports count them.
	 */
	public function __construct( private readonly SubscriptionQuery $subscriptions, private readonly WebhookHealthReport $webhook_health, private readonly DonationQuery $donations, private readonly GatewayRegistry $gateways, private readonly DonorLastGifts $last_gifts = new DonorLastGifts(), private readonly DisputeRepository $disputes = new DisputeRepository(), private readonly ReportQuery $reports = new ReportQuery() ) {
	}

	/**
	 * Adds the widget (wp_dashboard_setup) for staff who may see donations.
	 */
	public function add(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			return;
		}
		wp_add_dashboard_widget( self::ID, __( 'Donations', 'donation-widget' ), array( $this, 'render' ) );
	}

	/**
	 * The numbers: this calendar month in the site's time zone, donations paid and kept in AUD
	 * (net of refunds and lost disputes).
	 *
	 * Donors are people: distinct email addresses, whatever their case (exact: DonorLastGifts).
	 *
	 * Fees and net are the month's site days of the reports (GiftFigures: dispute fees included).
	 *
	 * @return array{month_cents: int, month_count: int, month_donors: int, month_fee_cents: int, month_net_cents: int, recurring_cents: int, recurring_count: int, recurring_donors: int}
	 */
	public function numbers(): array {
		$month = (string) wp_date( 'Y-m-01' );
		// The sums come from the totals kept on write; the donors from each donor's latest
		// succeeded gift, kept on the same writes (a donor gave this month exactly when their
		// latest gift is this month's): one key range, not the month's emails de-duplicated.
		// Net: paid gifts less what was refunded or lost to a dispute (partly refunded ones count
		// at what they kept).
		$sums      = $this->donations->totals( new DonationFilters( '', '', '', '', $month ) );
		$donors    = $this->last_gifts->donors_since( get_gmt_from_date( $month . ' 00:00:00' ) );
		$recurring = $this->subscriptions->recurring_income();
		$figures   = $this->reports->period_figures( $month, (string) wp_date( 'Y-m-d' ) );
		return array(
			'month_cents'      => $sums['succeeded_cents'],
			'month_count'      => $sums['succeeded_count'],
			'month_donors'     => (int) $donors,
			'month_fee_cents'  => $figures->fee_cents,
			'month_net_cents'  => $figures->net_cents(),
			'recurring_cents'  => $recurring['cents'],
			'recurring_count'  => $recurring['count'],
			'recurring_donors' => $recurring['donors'],
		);
	}

	/**
	 * The last webhook event of each provider, the last refused delivery, and the last event
	 * whose object was gone (when there is one).
	 */
	private function render_webhook_health(): void {
		$lines = array();
		foreach ( $this->gateways->gateways() as $gateway ) {
			/* translators: 1: the provider's name, 2: "Last event received: …". */
			$lines[] = sprintf( __( '%1$s webhooks: %2$s', 'donation-widget' ), $gateway->label(), $this->webhook_health->last_event_text( $gateway->id() ) );
		}
		$lines[] = $this->webhook_health->last_failure_text();
		$lines[] = $this->webhook_health->last_gone_text();
		$lines   = array_filter( $lines );
		echo '<ul class="donation-widget-dashboard-webhooks">';
		foreach ( $lines as $line ) {
			printf( '<li>%s</li>', esc_html( $line ) );
		}
		echo '</ul>';
	}

	/**
	 * Prints the widget.
	 */
	public function render(): void {
		$numbers                                      = $this->numbers();
		$items                                        = array(
			/* translators: %s: month name and year, such as November 2026. */
			sprintf( __( 'Raised in %s', 'donation-widget' ), wp_date( 'F Y' ) ) => sprintf(
				/* translators: 1: amount, 2: number of donations. */
				_n( '%1$s from %2$d donation', '%1$s from %2$d donations', $numbers['month_count'], 'donation-widget' ),
				DonationFormat::money( $numbers['month_cents'] ),
				$numbers['month_count']
			),
			__( 'Donors this month', 'donation-widget' ) => number_format_i18n( $numbers['month_donors'] ),
			__( 'Fees and net this month', 'donation-widget' ) => sprintf(
				/* translators: 1: the providers' fees (dispute fees included), 2: what reaches the bank. */
				__( '%1$s in fees, %2$s net to the bank', 'donation-widget' ),
				DonationFormat::money( $numbers['month_fee_cents'] ),
				DonationFormat::money( $numbers['month_net_cents'] )
			),
			__( 'Recurring income', 'donation-widget' )  => sprintf(
				/* translators: 1: amount, 2: number of people giving 4-weekly (distinct donors, not donations). */
				_n( '%1$s every 4 weeks from %2$d donor', '%1$s every 4 weeks from %2$d donors', $numbers['recurring_donors'], 'donation-widget' ),
				DonationFormat::money( $numbers['recurring_cents'] ),
				$numbers['recurring_donors']
			),
		);
		$disputes                                     = $this->disputes->summary( get_gmt_from_date( wp_date( 'Y-m-01' ) . ' 00:00:00' ) );
		$items[ __( 'Disputes', 'donation-widget' ) ] = sprintf(
			/* translators: 1: number of open disputes, 2: their amount, 3: number lost this month, 4: the amount lost. */
			__( '%1$d open (%2$s), %3$d lost this month (%4$s)', 'donation-widget' ),
			$disputes['open'],
			DonationFormat::money( $disputes['open_cents'] ),
			$disputes['lost'],
			DonationFormat::money( $disputes['lost_cents'] )
		);
		echo '<table class="widefat striped donation-widget-dashboard"><tbody>';
		foreach ( $items as $label => $value ) {
			printf( '<tr><th scope="row">%s</th><td>%s</td></tr>', esc_html( $label ), esc_html( $value ) );
		}
		echo '</tbody></table>';
		$this->render_webhook_health();
		printf(
			'<p><a href="%s">%s</a> | <a href="%s">%s</a> | <a href="%s">%s</a></p>',
			esc_url( DonationsPage::list_url() ),
			esc_html__( 'All donations', 'donation-widget' ),
			esc_url( DonationsPage::list_url( array( 'dispute' => 'disputed' ) ) ),
			esc_html__( 'Disputed donations', 'donation-widget' ),
			esc_url( SubscriptionsPage::list_url() ),
			esc_html__( '4-weekly donations', 'donation-widget' )
		);
	}
}
