<?php
/**
 * The Emails list.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Emails;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Emails\MailQueue;
use DonationWidget\Emails\QueuedEmail;
use DonationWidget\Receipts\DonationFormat;

/**
 * WordPress's list table over the mail queue: status views with counts, and pagination.
 * Load wp-admin/includes/class-wp-list-table.php before using it.
 */
final class EmailsListTable extends \WP_List_Table {

	public const PER_PAGE = 30;

	/**
	 * Rows in each status, read once per screen.
	 *
	 * @var array<string, int>
	 */
	private array $counts = array();

	/**
	 * Builds the table.
	 *
	 * @param MailQueue $queue  The emails.
	 * @param string    $status A MailQueue status, or ''.
	 * @param string    $screen The screen id.
	 */
	public function __construct(
		private readonly MailQueue $queue,
		private readonly string $status,
		string $screen
	) {
		parent::__construct(
			array(
				'singular' => 'email',
				'plural'   => 'emails',
				'ajax'     => false,
				'screen'   => $screen,
			)
		);
	}

	/**
	 * Column id => heading.
	 *
	 * @return array<string, string>
	 */
	public function get_columns() {
		return array(
			'kind'       => __( 'Email', 'donation-widget' ),
			'recipient'  => __( 'To', 'donation-widget' ),
			'subject'    => __( 'Subject', 'donation-widget' ),
			'status'     => __( 'Status', 'donation-widget' ),
			'attempts'   => __( 'Attempts', 'donation-widget' ),
			'last_error' => __( 'Last error', 'donation-widget' ),
			'created'    => __( 'Queued', 'donation-widget' ),
			'sent'       => __( 'Sent / next attempt', 'donation-widget' ),
		);
	}

	/**
	 * The column holding the row actions.
	 */
	protected function get_primary_column_name() {
		return 'kind';
	}

	/**
	 * Status links above the table, with counts.
	 *
	 * @return array<string, string>
	 */
	protected function get_views() {
		$counts = $this->counts();
		$views  = array();
		foreach ( array( '' => __( 'All', 'donation-widget' ) ) + EmailsPage::statuses() as $status => $label ) {
			$views[ '' === $status ? 'all' : $status ] = sprintf(
				'<a href="%s"%s>%s <span class="count">(%s)</span></a>',
				esc_url( EmailsPage::list_url( '' === $status ? array() : array( 'status' => $status ) ) ),
				$status === $this->status ? ' class="current" aria-current="page"' : '',
				esc_html( $label ),
				esc_html( number_format_i18n( '' === $status ? array_sum( $counts ) : $counts[ $status ] ?? 0 ) )
			);
		}
		return $views;
	}

	/**
	 * Reads the current page.
	 */
	public function prepare_items(): void {
		$this->_column_headers = array( $this->get_columns(), array(), array(), $this->get_primary_column_name() );
		$this->items           = $this->queue->page( $this->status, self::PER_PAGE, $this->get_pagenum() );
		$counts                = $this->counts();
		$this->set_pagination_args(
			array(
				'total_items' => '' === $this->status ? array_sum( $counts ) : $counts[ $this->status ] ?? 0,
				'per_page'    => self::PER_PAGE,
			)
		);
	}

	/**
	 * Shown when nothing matches.
	 */
	public function no_items(): void {
		esc_html_e( 'No emails found.', 'donation-widget' );
	}

	/**
	 * What kind of email, and what it is about.
	 *
	 * @param QueuedEmail $item The email.
	 */
	protected function column_kind( $item ): string {
		$label = EmailsPage::kinds()[ $item->kind ] ?? $item->kind;
		$about = array();
		if ( $item->donation_id > 0 ) {
			/* translators: %d: donation id. */
			$about[] = sprintf( __( 'Donation #%d', 'donation-widget' ), $item->donation_id );
		}
		if ( $item->resent_from > 0 ) {
			/* translators: %d: the id of the email this one copies. */
			$about[] = sprintf( __( 'copy of #%d', 'donation-widget' ), $item->resent_from );
		}
		return sprintf(
			'<strong>%s</strong> <span class="donation-widget-email-id">#%d</span>%s',
			esc_html( $label ),
			$item->id,
			array() !== $about ? '<br />' . esc_html( implode( ', ', $about ) ) : ''
		);
	}

	/**
	 * "Resend" under the kind.
	 *
	 * @param QueuedEmail $item        The email.
	 * @param string      $column_name Column.
	 * @param string      $primary     Primary column.
	 */
	protected function handle_row_actions( $item, $column_name, $primary ) {
		if ( $primary !== $column_name || ! $item->can_resend() ) {
			return '';
		}
		return $this->row_actions(
			array(
				'resend' => sprintf(
					'<a href="%s" aria-label="%s">%s</a>',
					esc_url( EmailsPage::resend_url( $item->id ) ),
					/* translators: 1: email id, 2: recipient. */
					esc_attr( sprintf( __( 'Resend email #%1$d to %2$s', 'donation-widget' ), $item->id, $item->recipient ) ),
					esc_html__( 'Resend', 'donation-widget' )
				),
			)
		);
	}

	/**
	 * The address.
	 *
	 * @param QueuedEmail $item The email.
	 */
	protected function column_recipient( $item ): string {
		return esc_html( $item->recipient );
	}

	/**
	 * The subject.
	 *
	 * @param QueuedEmail $item The email.
	 */
	protected function column_subject( $item ): string {
		return esc_html( wp_specialchars_decode( $item->subject, ENT_QUOTES ) );
	}

	/**
	 * Queued, sending, sent or failed; "Retrying" for a queued email whose last attempt failed.
	 *
	 * @param QueuedEmail $item The email.
	 */
	protected function column_status( $item ): string {
		$label = MailQueue::QUEUED === $item->status && $item->attempts > 0
			? __( 'Retrying', 'donation-widget' )
			: ( EmailsPage::statuses()[ $item->status ] ?? $item->status );
		return sprintf( '<span class="donation-widget-email-%s">%s</span>', esc_attr( $item->status ), esc_html( $label ) );
	}

	/**
	 * Attempts so far.
	 *
	 * @param QueuedEmail $item The email.
	 */
	protected function column_attempts( $item ): string {
		return esc_html( number_format_i18n( $item->attempts ) );
	}

	/**
	 * Why the last attempt failed.
	 *
	 * @param QueuedEmail $item The email.
	 */
	protected function column_last_error( $item ): string {
		return '' !== $item->last_error ? esc_html( $item->last_error ) : '&mdash;';
	}

	/**
	 * When it was queued, in the site's time zone.
	 *
	 * @param QueuedEmail $item The email.
	 */
	protected function column_created( $item ): string {
		return esc_html( DonationFormat::date_time( $item->created_at ) );
	}

	/**
	 * When it was sent, or when it is tried next.
	 *
	 * @param QueuedEmail $item The email.
	 */
	protected function column_sent( $item ): string {
		if ( MailQueue::SENT === $item->status ) {
			return esc_html( DonationFormat::date_time( $item->sent_at ) );
		}
		if ( MailQueue::QUEUED === $item->status ) {
			/* translators: %s: date and time of the next attempt. */
			return esc_html( sprintf( __( 'Next attempt %s', 'donation-widget' ), DonationFormat::date_time( $item->next_attempt_at ) ) );
		}
		return '&mdash;';
	}

	/**
	 * Any other column (none today).
	 *
	 * @param QueuedEmail $item        The email.
	 * @param string      $column_name Column.
	 */
	protected function column_default( $item, $column_name ): string {
		return '';
	}

	/**
	 * Rows in each status.
	 *
	 * @return array<string, int>
	 */
	private function counts(): array {
		if ( array() === $this->counts ) {
			$this->counts = $this->queue->counts();
		}
		return $this->counts;
	}
}
