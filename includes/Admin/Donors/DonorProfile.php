<?php
/**
 * One donor's page.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Books\DonationBooksSections;
use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Admin\Emails\EmailsPage;
use DonationWidget\Admin\Statements\StatementsPage;
use DonationWidget\Admin\Subscriptions\CardUpdatePanel;
use DonationWidget\Admin\Subscriptions\SubscriptionsPage;
use DonationWidget\Admin\Subscriptions\SubscriptionSummary;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\Donations\ImportedGift;
use DonationWidget\Donors\Donor;
use DonationWidget\Donors\DonorAudit;
use DonationWidget\Donors\DonorDirectory;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Receipts\ReceiptSender;
use DonationWidget\Statements\IssuedStatement;

/**
 * Everything the charity knows about one supporter: their totals, every gift (online, offline
 * or imported) with its refunds, disputes and receipt, their 4-weekly donations, the statements
 * and emails sent to them, the actions staff have elsewhere (card-update link, sign-in link,
 * privacy requests, recording a gift received offline), merging another record into this one,
 * and the audit trail. Gifts are read a page at a time.
 */
final class DonorProfile {

	public const GIFTS_PER_PAGE = 25;

	/**
	 * Builds the page.
	 *
	 * @param DonorDirectory     $directory Donors.
	 * @param DonorAudit         $audit     Their audit trail.
	 * @param DonationRepository $donations Gifts.
	 * @param DonorRecords       $records   Subscriptions, receipts, statements and emails.
	 * @param ReceiptSender      $receipts  Receipt numbers.
	 * @param GatewayRegistry    $gateways  Who took an online gift.
	 * @param CardUpdatePanel    $card      Card-update links of a running 4-weekly donation.
	 * @param DonorMergePanel    $merge     Merging another record.
	 * @param DonorActions       $actions   Sign-in link and privacy requests.
	 */
	public function __construct(
		private readonly DonorDirectory $directory,
		private readonly DonorAudit $audit,
		private readonly DonationRepository $donations,
		private readonly DonorRecords $records,
		private readonly ReceiptSender $receipts,
		private readonly GatewayRegistry $gateways,
		private readonly CardUpdatePanel $card,
		private readonly DonorMergePanel $merge,
		private readonly DonorActions $actions
	) {
	}

	/**
	 * Prints a donor's page.
	 *
	 * @param int          $id      Donor id asked for.
	 * @param array<mixed> $request The query arguments (unslashed): gift page, notices, merge search.
	 */
	public function render( int $id, array $request ): void {
		$donor = $this->directory->find( $id );
		echo '<div class="wrap donation-widget-donor">';
		printf( '<p><a href="%s">&larr; %s</a></p>', esc_url( DonorsPage::list_url() ), esc_html__( 'All donors', 'donation-widget' ) );
		if ( null === $donor ) {
			printf( '<h1>%s</h1><p>%s</p></div>', esc_html__( 'Donor not found', 'donation-widget' ), esc_html__( 'There is no donor with this number.', 'donation-widget' ) );
			return;
		}
		printf( '<h1 class="wp-heading-inline">%s</h1>', esc_html( self::display_name( $donor ) ) );
		echo '<hr class="wp-header-end" />';
		if ( $donor->id() !== $id ) {
			/* translators: 1: the record asked for, such as 12; 2: the donor it was merged into. */
			printf( '<div class="notice notice-info inline"><p>%s</p></div>', esc_html( sprintf( __( 'Donor #%1$d was merged into this donor, %2$s: this page shows them both.', 'donation-widget' ), $id, self::display_name( $donor ) ) ) );
		}
		$this->merge->notice( $request );
		$this->actions->notice( $request );

		$this->summary( $donor );
		$this->actions->render( $donor );
		$this->gifts( $donor, isset( $request['gifts_page'] ) && is_scalar( $request['gifts_page'] ) ? max( 1, absint( $request['gifts_page'] ) ) : 1 );
		$this->subscriptions( $donor );
		$this->statements( $donor );
		$this->emails( $donor );
		$this->merge->render( $donor, $request );
		$this->audit_trail( $donor );
		echo '</div>';
	}

	/**
	 * The donor's name as staff read it: the name, else the email.
	 *
	 * @param Donor $donor The donor.
	 */
	public static function display_name( Donor $donor ): string {
		return '' !== $donor->name() ? $donor->name() : $donor->email();
	}

	/**
	 * Who they are and what they have given.
	 *
	 * @param Donor $donor The donor.
	 */
	private function summary( Donor $donor ): void {
		printf( '<h2 id="donation-widget-donor-summary">%s</h2>', esc_html__( 'Summary', 'donation-widget' ) );
		$running = $donor->active_recurring();
		$rows    = array(
			__( 'Name', 'donation-widget' )                => esc_html( $donor->name() ),
			__( 'Gives as', 'donation-widget' )            => esc_html( 'organisation' === $donor->kind() ? __( 'Organisation', 'donation-widget' ) : __( 'Individual', 'donation-widget' ) ),
			__( 'Organisation', 'donation-widget' )        => esc_html( $donor->organisation_name() ),
			__( 'Email addresses', 'donation-widget' )     => implode( '<br />', array_map( static fn ( string $email ): string => sprintf( '<a href="%s">%s</a>', esc_url( 'mailto:' . $email ), esc_html( $email ) ), $donor->emails() ) ),
			__( 'Total given', 'donation-widget' )         => esc_html( DonationFormat::money( $donor->given_cents() ) ),
			__( 'Kept', 'donation-widget' )                => esc_html( DonationFormat::money( $donor->kept_cents() ) ) . ' <span class="description">' . esc_html__( '(less refunds and disputes lost)', 'donation-widget' ) . '</span>',
			__( 'Gifts', 'donation-widget' )               => esc_html( number_format_i18n( $donor->gifts() ) ),
			__( 'First gift', 'donation-widget' )          => esc_html( DonationFormat::date_time( $donor->first_gift_at() ) ),
			__( 'Last gift', 'donation-widget' )           => esc_html( DonationFormat::date_time( $donor->last_gift_at() ) ),
			/* translators: %d: how many 4-weekly donations run. */
			__( '4-weekly', 'donation-widget' )            => esc_html( 0 === $running ? __( 'None active', 'donation-widget' ) : sprintf( _n( '%d active', '%d active', $running, 'donation-widget' ), $running ) ),
			__( 'Last statement sent', 'donation-widget' ) => esc_html( '' !== $donor->last_statement_at() ? DonationFormat::date_time( $donor->last_statement_at() ) : __( 'None', 'donation-widget' ) ),
		);
		self::details( 'donation-widget-donor-summary', $rows );
	}

	/**
	 * One page of gifts, newest first, with where each came from, refunds, disputes and receipt.
	 *
	 * @param Donor $donor The donor.
	 * @param int   $page  From 1.
	 */
	private function gifts( Donor $donor, int $page ): void {
		$total = $this->directory->gift_count( $donor->id() );
		printf( '<h2 id="donation-widget-donor-gifts">%s</h2>', esc_html__( 'Gifts', 'donation-widget' ) );
		printf( '<p><a class="button" href="%s">%s</a></p>', esc_url( DonorsPage::record_gift_url( $donor->id() ) ), esc_html__( 'Record an offline gift', 'donation-widget' ) );
		$pages = max( 1, (int) ceil( $total / self::GIFTS_PER_PAGE ) );
		$page  = min( $page, $pages );
		$ids   = $this->directory->gift_ids( $donor->id(), self::GIFTS_PER_PAGE, ( $page - 1 ) * self::GIFTS_PER_PAGE );
		$found = $this->donations->find_many( $ids );
		$gifts = array();
		foreach ( $ids as $gift_id ) {
			if ( isset( $found[ $gift_id ] ) ) {
				$gifts[] = $found[ $gift_id ];
			}
		}
		$receipts = $this->records->receipts( $ids );
		self::scroll_open( __( 'Gifts', 'donation-widget' ) );
		printf( '<table class="widefat striped donation-widget-donor-gifts"><caption class="screen-reader-text">%s</caption><thead><tr>', esc_html( self::gifts_caption( $page, $pages ) ) );
		foreach ( array( __( 'Donation', 'donation-widget' ), __( 'Date', 'donation-widget' ), __( 'Amount', 'donation-widget' ), __( 'Received', 'donation-widget' ), __( 'Status', 'donation-widget' ), __( 'Refunds and disputes', 'donation-widget' ), __( 'Receipt', 'donation-widget' ) ) as $heading ) {
			printf( '<th scope="col">%s</th>', esc_html( $heading ) );
		}
		echo '</tr></thead><tbody>';
		if ( array() === $gifts ) {
			printf( '<tr><td colspan="7">%s</td></tr>', esc_html__( 'No gifts recorded.', 'donation-widget' ) );
		}
		foreach ( $gifts as $gift ) {
			$amount = DonationFormat::money( $gift->total_cents() ) . ( 'AUD' !== $gift->currency() ? ' ' . $gift->currency() : '' );
			printf(
				'<tr><td><a href="%1$s">%2$s</a></td><td>%3$s</td><td>%4$s</td><td>%5$s</td><td>%6$s</td><td>%7$s</td><td>%8$s</td></tr>',
				esc_url( DonationsPage::detail_url( $gift->id() ) ),
				/* translators: %d: donation id. */
				esc_html( sprintf( __( 'Donation #%d', 'donation-widget' ), $gift->id() ) ),
				esc_html( DonationFormat::date_time( $gift->value( 'created_at' ) ) ),
				esc_html( $amount ),
				esc_html( $this->origin( $gift ) ),
				esc_html( DonationBooksSections::standing( $gift ) ),
				self::refunds_and_disputes( $gift ), // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by refunds_and_disputes().
				$this->receipt_cell( $gift, $receipts[ $gift->id() ] ?? null ) // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by receipt_cell().
			);
		}
		echo '</tbody></table></div>';
		$this->gift_pages( $donor, $page, $pages, $total );
	}

	/**
	 * The gifts table's caption.
	 *
	 * @param int $page  Page shown.
	 * @param int $pages Pages in all.
	 */
	private static function gifts_caption( int $page, int $pages ): string {
		if ( $pages <= 1 ) {
			return __( 'Gifts, newest first', 'donation-widget' );
		}
		/* translators: 1: page number, 2: number of pages. */
		return sprintf( __( 'Gifts, newest first: page %1$d of %2$d', 'donation-widget' ), $page, $pages );
	}

	/**
	 * Links to the other pages of gifts.
	 *
	 * @param Donor $donor The donor.
	 * @param int   $page  Page shown.
	 * @param int   $pages Pages in all.
	 * @param int   $total Gifts in all.
	 */
	private function gift_pages( Donor $donor, int $page, int $pages, int $total ): void {
		/* translators: %s: number of gifts. */
		$count = sprintf( _n( '%s gift', '%s gifts', $total, 'donation-widget' ), number_format_i18n( $total ) );
		if ( $pages <= 1 ) {
			printf( '<p>%s</p>', esc_html( $count ) );
			return;
		}
		printf( '<nav aria-label="%s"><p>%s ', esc_attr__( 'Pages of gifts', 'donation-widget' ), esc_html( $count ) );
		if ( $page > 1 ) {
			printf( '<a class="button" href="%s">%s</a> ', esc_url( DonorsPage::donor_url( $donor->id(), array( 'gifts_page' => (string) ( $page - 1 ) ) ) . '#donation-widget-donor-gifts' ), esc_html__( 'Newer gifts', 'donation-widget' ) );
		}
		/* translators: 1: page number, 2: number of pages. */
		printf( '<span>%s</span>', esc_html( sprintf( __( 'Page %1$d of %2$d', 'donation-widget' ), $page, $pages ) ) );
		if ( $page < $pages ) {
			printf( ' <a class="button" href="%s">%s</a>', esc_url( DonorsPage::donor_url( $donor->id(), array( 'gifts_page' => (string) ( $page + 1 ) ) ) . '#donation-widget-donor-gifts' ), esc_html__( 'Older gifts', 'donation-widget' ) );
		}
		echo '</p></nav>';
	}

	/**
	 * Where a gift came from: online through a provider, offline (how), or imported.
	 *
	 * @param Donation $gift The gift.
	 */
	private function origin( Donation $gift ): string {
		if ( GiftOrigin::OFFLINE === $gift->provider() ) {
			/* translators: %s: how it was paid, such as Cheque. */
			return sprintf( __( 'Offline (%s)', 'donation-widget' ), DonationFormat::method( $gift->method() ) );
		}
		if ( ImportedGift::is_imported( $gift ) ) {
			return ImportedGift::label( $gift->provider_reference() );
		}
		$frequency = $gift->is_four_weekly() ? ', ' . DonationFormat::frequency( $gift->frequency() ) : '';
		/* translators: 1: the payment provider's name; 2: how it was paid, such as Card. */
		return sprintf( __( 'Online: %1$s, %2$s', 'donation-widget' ), $this->gateways->label( $gift->provider() ), DonationFormat::method( $gift->method() ) ) . $frequency;
	}

	/**
	 * What was refunded and any dispute, or a dash.
	 *
	 * @param Donation $gift The gift.
	 * @return string Escaped HTML.
	 */
	private static function refunds_and_disputes( Donation $gift ): string {
		$lines = array();
		if ( $gift->refunded_cents() > 0 ) {
			/* translators: %s: amount, such as $20.00. */
			$lines[] = sprintf( __( 'Refunded %s', 'donation-widget' ), DonationFormat::money( $gift->refunded_cents() ) );
		}
		if ( '' !== $gift->dispute_status() ) {
			/* translators: %s: the dispute's status, such as "Needs a response". */
			$lines[] = sprintf( __( 'Disputed: %s', 'donation-widget' ), DonationBooksSections::status( $gift->dispute_status() ) );
		}
		if ( $gift->dispute_lost_cents() > 0 ) {
			/* translators: %s: amount, such as $20.00. */
			$lines[] = sprintf( __( 'Lost to the dispute: %s', 'donation-widget' ), DonationFormat::money( $gift->dispute_lost_cents() ) );
		}
		return array() === $lines ? '&mdash;' : implode( '<br />', array_map( 'esc_html', $lines ) );
	}

	/**
	 * The gift's receipt number, when it was last emailed, and "Resend receipt" (the Donations
	 * screen's own action, which shows its result on the donation's page).
	 *
	 * @param Donation                                                   $gift    The gift.
	 * @param array{status: string, created_at: string, count: int}|null $emailed The latest receipt emailed.
	 * @return string Escaped HTML.
	 */
	private function receipt_cell( Donation $gift, ?array $emailed ): string {
		if ( GiftOrigin::IMPORTED === $gift->provider() ) {
			return esc_html__( 'None: imported gifts were receipted by the previous system.', 'donation-widget' );
		}
		$number = $this->receipts->number( $gift );
		if ( '' === $number ) {
			return '&mdash;';
		}
		$out = esc_html( $number );
		if ( null !== $emailed ) {
			/* translators: 1: Sent, Failed…; 2: date and time. */
			$out .= '<br />' . esc_html( sprintf( __( '%1$s %2$s', 'donation-widget' ), DonorRecords::receipt_status( $emailed['status'] ), DonationFormat::date_time( $emailed['created_at'] ) ) );
		} else {
			$out .= '<br />' . esc_html__( 'Not emailed', 'donation-widget' );
		}
		if ( in_array( $gift->status(), array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED ), true ) && ReceiptSender::can_email( $gift->email() ) ) {
			$out .= sprintf( '<form method="post" action="%s" class="donation-widget-inline">', esc_url( admin_url( 'admin-post.php' ) ) )
				. sprintf( '<input type="hidden" name="action" value="%s" />', esc_attr( DonationsPage::RESEND_ACTION ) )
				. sprintf( '<input type="hidden" name="donation_id" value="%d" />', $gift->id() )
				. wp_nonce_field( DonationsPage::resend_nonce_action( $gift->id() ), '_wpnonce', true, false )
				. sprintf(
					'<br /><button type="submit" class="button button-small">%s<span class="screen-reader-text"> %s</span></button></form>',
					esc_html__( 'Resend receipt', 'donation-widget' ),
					esc_html( $number )
				);
		}
		return $out;
	}

	/**
	 * The donor's 4-weekly donations with their status, and card-update links for running ones.
	 *
	 * @param Donor $donor The donor.
	 */
	private function subscriptions( Donor $donor ): void {
		printf( '<h2 id="donation-widget-donor-recurring">%s</h2>', esc_html__( '4-weekly donations', 'donation-widget' ) );
		$subscriptions = $this->records->subscriptions( $donor->emails() );
		if ( array() === $subscriptions ) {
			printf( '<p>%s</p>', esc_html__( 'No 4-weekly donations.', 'donation-widget' ) );
			return;
		}
		self::scroll_open( __( '4-weekly donations', 'donation-widget' ) );
		echo '<table class="widefat striped" aria-labelledby="donation-widget-donor-recurring"><thead><tr>';
		foreach ( array( __( '4-weekly donation', 'donation-widget' ), __( 'Status', 'donation-widget' ), __( 'Amount every 4 weeks', 'donation-widget' ), __( 'Started', 'donation-widget' ), __( 'Last payment', 'donation-widget' ), __( 'Next payment', 'donation-widget' ) ) as $heading ) {
			printf( '<th scope="col">%s</th>', esc_html( $heading ) );
		}
		echo '</tr></thead><tbody>';
		foreach ( $subscriptions as $subscription ) {
			$next      = $subscription->next_payment_at();
			$next      = '' !== $next ? DonationFormat::date( $next ) : '—';
			$last_paid = $subscription->value( 'last_paid_at' );
			$last_paid = '' !== $last_paid ? DonationFormat::date( $last_paid ) : '—';
			printf(
				'<tr><td><a href="%s">%s</a></td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_url( SubscriptionsPage::detail_url( $subscription->id() ) ),
				esc_html( $subscription->id() ),
				esc_html( $subscription->status_label() ),
				esc_html( DonationFormat::money( $subscription->amount_cents() ) ),
				esc_html( DonationFormat::date( $subscription->value( 'created_at' ) ) ),
				esc_html( $last_paid ),
				esc_html( $next )
			);
		}
		echo '</tbody></table></div>';
		foreach ( $subscriptions as $subscription ) {
			if ( $subscription->is_running() ) {
				$this->card_update( $subscription );
			}
		}
	}

	/**
	 * The card-update panel of one running 4-weekly donation, in a labelled region.
	 *
	 * @param SubscriptionSummary $subscription A running subscription.
	 */
	private function card_update( SubscriptionSummary $subscription ): void {
		/* translators: 1: amount, 2: the subscription's id. */
		printf( '<section class="donation-widget-donor-card-update" aria-label="%s">', esc_attr( sprintf( __( 'Card update of the 4-weekly donation of %1$s (%2$s)', 'donation-widget' ), DonationFormat::money( $subscription->amount_cents() ), $subscription->id() ) ) );
		$this->card->render( $subscription );
		echo '</section>';
	}

	/**
	 * Every tax statement issued to the donor, with "Resend statement" (the Tax statements
	 * screen's own action, which shows its result there).
	 *
	 * @param Donor $donor The donor.
	 */
	private function statements( Donor $donor ): void {
		printf( '<h2 id="donation-widget-donor-statements">%s</h2>', esc_html__( 'Tax statements', 'donation-widget' ) );
		$statements = $this->records->statements( $donor->emails() );
		if ( array() === $statements ) {
			printf( '<p>%s</p>', esc_html__( 'No tax statement has been issued to this donor.', 'donation-widget' ) );
			return;
		}
		self::scroll_open( __( 'Tax statements', 'donation-widget' ) );
		echo '<table class="widefat striped" aria-labelledby="donation-widget-donor-statements"><thead><tr>';
		foreach ( array( __( 'Statement number', 'donation-widget' ), __( 'Financial year', 'donation-widget' ), __( 'Issued to', 'donation-widget' ), __( 'Issued on', 'donation-widget' ), __( 'How', 'donation-widget' ), __( 'Total', 'donation-widget' ), __( 'Action', 'donation-widget' ) ) as $heading ) {
			printf( '<th scope="col">%s</th>', esc_html( $heading ) );
		}
		echo '</tr></thead><tbody>';
		$latest = array();
		foreach ( $statements as $statement ) {
			$key = $statement->statement->year->ending . '|' . strtolower( $statement->statement->email ) . '|' . strtolower( $statement->statement->organisation );
			// Resend once per statement: on its latest issue (the list is newest first).
			$resend         = ! isset( $latest[ $key ] );
			$latest[ $key ] = true;
			printf(
				'<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_html( $statement->number() . ( $statement->is_amended() ? ' ' . __( '(amended)', 'donation-widget' ) : '' ) ),
				esc_html( $statement->statement->year->label() ),
				esc_html( trim( $statement->statement->email . ( '' !== $statement->statement->organisation ? ' (' . $statement->statement->organisation . ')' : '' ) ) ),
				esc_html( DonationFormat::date_time( $statement->issued_at ) ),
				esc_html( IssuedStatement::BY_DOWNLOAD === $statement->channel ? __( 'Opened from the donor\'s link', 'donation-widget' ) : __( 'Emailed', 'donation-widget' ) ),
				esc_html( DonationFormat::money( $statement->total_cents ) ),
				$resend ? self::resend_statement_form( $statement ) : '' // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by resend_statement_form().
			);
		}
		echo '</tbody></table></div>';
	}

	/**
	 * "Resend statement", posted to the Tax statements screen's action.
	 *
	 * @param IssuedStatement $statement The statement.
	 * @return string Escaped HTML.
	 */
	private static function resend_statement_form( IssuedStatement $statement ): string {
		$out = sprintf( '<form method="post" action="%s" class="donation-widget-inline">', esc_url( admin_url( 'admin-post.php' ) ) );
		foreach (
			array(
				'action'       => StatementsPage::ACTION,
				'do'           => 'resend',
				'year'         => (string) $statement->statement->year->ending,
				'email'        => $statement->statement->email,
				'organisation' => $statement->statement->organisation,
			) as $name => $value
		) {
			$out .= sprintf( '<input type="hidden" name="%s" value="%s" />', esc_attr( $name ), esc_attr( $value ) );
		}
		$out .= wp_nonce_field( StatementsPage::ACTION, '_wpnonce', false, false );
		/* translators: %s: a financial year, such as 2024–25. */
		$out .= sprintf( '<button type="submit" class="button button-small">%s<span class="screen-reader-text"> %s</span></button></form>', esc_html__( 'Resend statement', 'donation-widget' ), esc_html( sprintf( __( 'for %s', 'donation-widget' ), $statement->statement->year->label() ) ) );
		return $out;
	}

	/**
	 * The latest emails queued to any of the donor's addresses.
	 *
	 * @param Donor $donor The donor.
	 */
	private function emails( Donor $donor ): void {
		printf( '<h2 id="donation-widget-donor-emails">%s</h2>', esc_html__( 'Emails sent', 'donation-widget' ) );
		$emails = $this->records->emails( $donor->emails() );
		if ( array() === $emails ) {
			printf( '<p>%s</p>', esc_html__( 'No email to this donor is in the mail queue (sent emails are removed from it after a while).', 'donation-widget' ) );
			return;
		}
		/* translators: %d: how many emails at most. */
		printf( '<p>%s <a href="%s">%s</a></p>', esc_html( sprintf( __( 'The latest %d emails to any of the donor\'s addresses.', 'donation-widget' ), DonorRecords::EMAILS_SHOWN ) ), esc_url( EmailsPage::list_url() ), esc_html__( 'All donor emails', 'donation-widget' ) );
		self::scroll_open( __( 'Emails sent', 'donation-widget' ) );
		echo '<table class="widefat striped" aria-labelledby="donation-widget-donor-emails"><thead><tr>';
		foreach ( array( __( 'Queued', 'donation-widget' ), __( 'Email', 'donation-widget' ), __( 'To', 'donation-widget' ), __( 'Subject', 'donation-widget' ), __( 'Status', 'donation-widget' ) ) as $heading ) {
			printf( '<th scope="col">%s</th>', esc_html( $heading ) );
		}
		echo '</tr></thead><tbody>';
		$kinds = EmailsPage::kinds();
		foreach ( $emails as $email ) {
			$status = DonorRecords::email_status( $email ) . ( '' !== $email->sent_at ? ' ' . DonationFormat::date_time( $email->sent_at ) : '' );
			printf(
				'<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_html( DonationFormat::date_time( $email->created_at ) ),
				esc_html( $kinds[ $email->kind ] ?? $email->kind ),
				esc_html( $email->recipient ),
				esc_html( $email->subject ),
				esc_html( $status )
			);
		}
		echo '</tbody></table></div>';
	}

	/**
	 * The donor's audit trail: merges and other changes to the record.
	 *
	 * @param Donor $donor The donor.
	 */
	private function audit_trail( Donor $donor ): void {
		printf( '<h2 id="donation-widget-donor-audit">%s</h2>', esc_html__( 'Audit trail', 'donation-widget' ) );
		$entries = $this->audit->entries( $donor->id() );
		if ( array() === $entries ) {
			printf( '<p>%s</p>', esc_html__( 'No change has been made to this donor\'s record.', 'donation-widget' ) );
			return;
		}
		self::scroll_open( __( 'Audit trail', 'donation-widget' ) );
		echo '<table class="widefat striped donation-widget-donor-audit" aria-labelledby="donation-widget-donor-audit"><thead><tr>';
		foreach ( array( __( 'When', 'donation-widget' ), __( 'By', 'donation-widget' ), __( 'What', 'donation-widget' ), __( 'Detail', 'donation-widget' ) ) as $heading ) {
			printf( '<th scope="col">%s</th>', esc_html( $heading ) );
		}
		echo '</tr></thead><tbody>';
		foreach ( $entries as $entry ) {
			printf(
				'<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_html( DonationFormat::date_time( $entry['at'] ) ),
				esc_html( $entry['actor'] ),
				esc_html( self::event_label( $entry['event'] ) ),
				esc_html( $entry['detail'] )
			);
		}
		echo '</tbody></table></div>';
	}

	/**
	 * An audit event in a word or two.
	 *
	 * @param string $event A DonorAudit event.
	 */
	private static function event_label( string $event ): string {
		return array(
			DonorAudit::MERGED      => __( 'Merged', 'donation-widget' ),
			DonorAudit::MERGED_INTO => __( 'Merged into another donor', 'donation-widget' ),
			DonorAudit::ERASED      => __( 'Personal data erased', 'donation-widget' ),
		)[ $event ] ?? $event;
	}

	/**
	 * Opens a keyboard-reachable box a wide table scrolls in (closed by the caller's `</div>`).
	 *
	 * @param string $label What the table is.
	 */
	public static function scroll_open( string $label ): void {
		printf( '<div class="donation-widget-scroll" role="region" aria-label="%s" tabindex="0">', esc_attr( $label ) );
	}

	/**
	 * A two-column table of label => already escaped HTML, labelled by a heading.
	 *
	 * @param string                $heading_id The heading's id.
	 * @param array<string, string> $rows       Label => escaped HTML ('' shows a dash).
	 */
	private static function details( string $heading_id, array $rows ): void {
		printf( '<table class="widefat striped donation-widget-details" aria-labelledby="%s"><tbody>', esc_attr( $heading_id ) );
		foreach ( $rows as $label => $html ) {
			printf( '<tr><th scope="row">%s</th><td>%s</td></tr>', esc_html( (string) $label ), '' !== $html ? wp_kses_post( $html ) : '&mdash;' );
		}
		echo '</tbody></table>';
	}
}
