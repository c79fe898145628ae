<?php
/**
 * Donation Widget → Emails.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Emails;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\AdminServiceProvider;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Emails\MailWorker;
use DonationWidget\Emails\QueuedEmail;

/**
 * What the plugin has told donors, and what it has not managed to yet: every queued, sent and
 * failing email, and "Resend" (a sent email goes again as a new copy; a failing or failed one is
 * retried now with a fresh set of attempts).
 */
final class EmailsPage {

	public const SLUG = 'donation-widget-emails';

	public const RESEND_ACTION = 'donation_widget_resend_email';

	/**
	 * The screen's hook suffix, once the menu exists.
	 *
	 * @var string
	 */
	private string $hook_suffix = '';

	/**
	 * Builds the screen.
	 *
	 * @param MailQueue  $queue  The emails.
	 * @param MailWorker $worker Sends a resent email straight away.
	 */
	public function __construct(
		private readonly MailQueue $queue,
		private readonly MailWorker $worker
	) {
	}

	/**
	 * Adds "Emails" under the Donation Widget menu.
	 */
	public function add_menu(): void {
		$this->hook_suffix = (string) add_submenu_page(
			AdminServiceProvider::MENU_SLUG,
			__( 'Emails', 'donation-widget' ),
			__( 'Emails', 'donation-widget' ),
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
	 * The nonce action of resending one email.
	 *
	 * @param int $id Row id.
	 */
	public static function resend_nonce_action( int $id ): string {
		return self::RESEND_ACTION . '_' . $id;
	}

	/**
	 * The nonce-protected URL of "Resend".
	 *
	 * @param int $id Row id.
	 */
	public static function resend_url( int $id ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'action' => self::RESEND_ACTION,
					'email'  => $id,
				),
				admin_url( 'admin-post.php' )
			),
			self::resend_nonce_action( $id )
		);
	}

	/**
	 * Kind => label.
	 *
	 * @return array<string, string>
	 */
	public static function kinds(): array {
		return array(
			MailQueue::RECEIPT        => __( 'Receipt', 'donation-widget' ),
			MailQueue::FAILED_RENEWAL => __( 'Card update after a failed renewal', 'donation-widget' ),
			MailQueue::CANCELLATION   => __( 'Cancellation', 'donation-widget' ),
			// Statements\StatementSender::KIND and TEST_KIND.
			'statement'               => __( 'Tax statement', 'donation-widget' ),
			'statement_test'          => __( 'Tax statement (test)', 'donation-widget' ),
		);
	}

	/**
	 * Status => label.
	 *
	 * @return array<string, string>
	 */
	public static function statuses(): array {
		return array(
			MailQueue::QUEUED  => __( 'Queued', 'donation-widget' ),
			MailQueue::SENDING => __( 'Sending', 'donation-widget' ),
			MailQueue::SENT    => __( 'Sent', 'donation-widget' ),
			MailQueue::FAILED  => __( 'Failed', 'donation-widget' ),
		);
	}

	/**
	 * Prints the list.
	 */
	public function render(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see donor emails.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- viewing changes nothing; the value is checked against the statuses.
		$status = isset( $_GET['status'] ) ? sanitize_key( wp_unslash( $_GET['status'] ) ) : '';
		$status = array_key_exists( $status, self::statuses() ) ? $status : '';

		require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
		$table = new EmailsListTable( $this->queue, $status, '' !== $this->hook_suffix ? $this->hook_suffix : self::SLUG );
		$table->prepare_items();
		echo '<div class="wrap donation-widget-emails">';
		printf( '<h1 class="wp-heading-inline">%s</h1>', esc_html__( 'Emails', 'donation-widget' ) );
		echo '<hr class="wp-header-end" />';
		$this->notice();
		printf(
			'<p>%s</p>',
			esc_html__( 'Receipts, card-update emails after a failed renewal and cancellation confirmations are queued when they happen and sent in the background within a few minutes. An email that cannot be sent is tried again after 5 minutes, 30 minutes, 2 hours and 12 hours, then marked Failed.', 'donation-widget' )
		);
		$table->views();
		echo '<form method="get">';
		printf( '<input type="hidden" name="page" value="%s" />', esc_attr( self::SLUG ) );
		$table->display();
		echo '</form></div>';
	}

	/**
	 * The result of a resend, after its redirect.
	 */
	private function notice(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only picks which message to show.
		$result   = isset( $_GET['resent'] ) ? sanitize_key( wp_unslash( $_GET['resent'] ) ) : '';
		$messages = array(
			'sent'            => array( 'success', __( 'The email was sent again.', 'donation-widget' ) ),
			'queued'          => array( 'warning', __( 'The email could not be sent just now. It stays in the queue and will be tried again automatically.', 'donation-widget' ) ),
			'not_resendable'  => array( 'error', __( 'This email cannot be resent. An email that carried a one-time card-update link is not kept after sending: issue a new link from the 4-weekly donation instead.', 'donation-widget' ) ),
			'not_found'       => array( 'error', __( 'That email was not found.', 'donation-widget' ) ),
			'already_sending' => array( 'info', __( 'That email is being sent right now.', 'donation-widget' ) ),
		);
		if ( isset( $messages[ $result ] ) ) {
			printf( '<div class="notice notice-%s is-dismissible"><p>%s</p></div>', esc_attr( $messages[ $result ][0] ), esc_html( $messages[ $result ][1] ) );
		}
	}

	/**
	 * The admin-post.php handler of "Resend": checks the nonce and capability, queues the email
	 * again (a sent one as a new copy, a failing one now), tries it at once, and returns to the
	 * list with the result.
	 */
	public function handle_resend(): void {
		$id = absint( wp_unslash( $_REQUEST['email'] ?? 0 ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the nonce names the email, so it is checked just below.
		check_admin_referer( self::resend_nonce_action( $id ) );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to resend donor emails.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		wp_safe_redirect( self::list_url( array( 'resent' => $this->resend( $id, get_current_user_id() ) ) ) );
		exit;
	}

	/**
	 * Queues an email again and tries it now.
	 *
	 * @param int $id      Row id.
	 * @param int $user_id Who asked.
	 * @return string sent, queued, not_resendable, not_found or already_sending.
	 */
	private function resend( int $id, int $user_id ): string {
		$email = $this->queue->find( $id );
		if ( ! $email instanceof QueuedEmail ) {
			return 'not_found';
		}
		if ( ! $email->can_resend() ) {
			return MailQueue::SENDING === $email->status ? 'already_sending' : 'not_resendable';
		}
		$queued = MailQueue::SENT === $email->status ? $this->queue->copy( $email, $user_id ) : ( $this->queue->retry_now( $email->id, $user_id ) ? $email->id : 0 );
		if ( 0 === $queued ) {
			return 'already_sending';
		}
		// Staff are waiting for an answer: try it in this request (the same atomic claim as the
		// worker's, so a cron pass that reached it first sends it instead).
		return 'sent' === $this->worker->send_now( $queued ) ? 'sent' : 'queued';
	}
}
