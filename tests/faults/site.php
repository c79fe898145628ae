<?php
/**
 * The fault matrix's window into its site (tests/faults/matrix.mjs runs it). Prints one line of JSON.
 *
 *   php site.php prepare WEBHOOK_ID   Payment limits out of the way (the matrix pays hundreds of
 *                                     times from one address), BECS on, the PayPal webhook id,
 *                                     every rate-limit counter forgotten.
 *   php site.php forget-paypal-token  Drops the cached PayPal access token, so the next PayPal
 *                                     call asks PayPal's OAuth endpoint again.
 *   php site.php forget-product       Forgets the Stripe donation product, so the next 4-weekly
 *                                     start creates it again.
 *   php site.php reconcile            One reconciliation pass (grace period 1 s; the abandonment
 *                                     period stays a day), then the mail worker: the report's lines.
 *                                     DW_AGE_SECONDS first makes every row that much older (age.php).
 *   php site.php state EMAILS_JSON    For each email: its donation rows, with for each row its
 *                                     receipt log rows, its queued receipt emails and the
 *                                     refunds rows; and the mailbox's messages to it.
 *   php site.php link SUBSCRIPTION    A card-update link for the subscription: its requestID.
 *   php site.php mailbox-clear        Empties the local mailbox.
 *
 * Loads the site named by DONATION_WIDGET_SITE ("matrix"), with its object-cache drop-in when one
 * is installed, so it sees what the servers see. Never shipped.
 *
 * @package DonationWidget
 */

// phpcs:disable -- a command-line test helper outside the plugin's code.

use DonationWidget\CardUpdate\CardUpdateActor;
use DonationWidget\CardUpdate\CardUpdateLinks;
use DonationWidget\Database\Schema;
use DonationWidget\Emails\MailWorker;
use DonationWidget\Gateways\Stripe\DonationProduct;
use DonationWidget\Plugin;
use DonationWidget\Reconciliation\Reconciler;

$dw_cli_site = getenv( 'DONATION_WIDGET_SITE' ) ?: 'matrix';
$dw_cli_port = getenv( 'DONATION_WIDGET_SITE_PORT' ) ?: '8893';
require dirname( __DIR__ ) . '/site/cli-bootstrap.php';
require __DIR__ . '/age.php';

global $wpdb;
$dw_command = $argv[1] ?? '';
$dw_arg     = $argv[2] ?? '';
$dw_c       = Plugin::instance()->container();

switch ( $dw_command ) {
	case 'prepare':
		$dw_settings = get_option( 'donation_widget_settings', array() );
		$dw_settings = is_array( $dw_settings ) ? $dw_settings : array();
		$dw_settings = array_merge(
			$dw_settings,
			array(
				'rate_limit_payments'        => 1000000,
				'rate_limit_payments_email'  => 1000000,
				'stripe_becs_enabled'        => true,
				'paypal_webhook_id'          => $dw_arg,
				'receipt_send_automatically' => true,
			)
		);
		update_option( 'donation_widget_settings', $dw_settings );
		dw_cli_reset_limits();
		update_option( 'donation_widget_test_mailbox', array(), false );
		dw_cli_answer(
			array(
				'objectCache' => (bool) wp_using_ext_object_cache(),
				'cacheClass'  => is_object( $GLOBALS['wp_object_cache'] ?? null ) ? get_class( $GLOBALS['wp_object_cache'] ) : '',
				'timeout'     => defined( 'DONATION_WIDGET_PROVIDER_TIMEOUT' ) ? DONATION_WIDGET_PROVIDER_TIMEOUT : null,
				'deadline'    => defined( 'DONATION_WIDGET_PAYMENT_DEADLINE' ) ? DONATION_WIDGET_PAYMENT_DEADLINE : null,
			)
		);
		break;

	case 'forget-paypal-token':
		$wpdb->query(
			$wpdb->prepare(
				"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s",
				$wpdb->esc_like( '_transient_donation_widget_paypal_token_' ) . '%',
				$wpdb->esc_like( '_transient_timeout_donation_widget_paypal_token_' ) . '%'
			)
		);
		if ( wp_using_ext_object_cache() ) {
			// The transients only: a whole flush would also empty the rate counters of the
			// cells running beside this one, so a duplicate of their call would not find it.
			wp_cache_flush_group( 'transient' );
		}
		dw_cli_answer( array( 'forgotten' => true ) );
		break;

	case 'forget-product':
		$dw_c->get( DonationProduct::class )->forget();
		dw_cli_answer( array( 'forgotten' => true ) );
		break;

	case 'reconcile':
		dw_matrix_age( (int) getenv( 'DW_AGE_SECONDS' ) );
		add_filter( 'donation_widget_reconcile_grace_seconds', static fn (): int => 1 );
		add_filter( 'donation_widget_reconcile_rows', static fn (): int => 500 );
		add_filter( 'donation_widget_reconcile_seconds', static fn (): int => 300 );
		$dw_report = $dw_c->get( Reconciler::class )->run();
		$dw_mail   = $dw_c->get( MailWorker::class )->run( 500, 120 );
		dw_cli_answer(
			array(
				'ran'   => $dw_report->ran,
				'lines' => $dw_report->lines(),
				'mail'  => $dw_mail,
			)
		);
		break;

	case 'mail':
		dw_cli_answer( array( 'mail' => $dw_c->get( MailWorker::class )->run( 500, 120 ) ) );
		break;

	case 'state':
		$dw_emails = json_decode( $dw_arg, true );
		$dw_emails = is_array( $dw_emails ) ? array_values( array_filter( $dw_emails, 'is_string' ) ) : array();
		$dw_mailbox = get_option( 'donation_widget_test_mailbox', array() );
		$dw_mailbox = is_array( $dw_mailbox ) ? $dw_mailbox : array();
		$dw_state   = array();
		foreach ( $dw_emails as $dw_email ) {
			$dw_rows = $wpdb->get_results(
				$wpdb->prepare( 'SELECT id, attempt_id, status, frequency, method, provider, provider_reference, payment_intent_id, customer_id, subscription_id, failure_reason, review_reason, total_cents, refunded_cents, receipt_seq FROM ' . Schema::table( 'donations' ) . ' WHERE email = %s ORDER BY id', $dw_email ),
				ARRAY_A
			);
			$dw_rows = is_array( $dw_rows ) ? $dw_rows : array();
			foreach ( $dw_rows as &$dw_row ) {
				$dw_id                = (int) $dw_row['id'];
				$dw_row['receipts']   = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'receipts' ) . ' WHERE donation_id = %d AND automatic_donation_id IS NOT NULL', $dw_id ) );
				$dw_row['mails']      = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'mail_queue' ) . ' WHERE donation_id = %d AND kind = %s', $dw_id, 'receipt' ) );
				$dw_row['mailsSent']  = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'mail_queue' ) . ' WHERE donation_id = %d AND kind = %s AND status = %s', $dw_id, 'receipt', 'sent' ) );
				$dw_refunds           = $wpdb->get_results( $wpdb->prepare( 'SELECT id, status, amount_cents, provider_refund_id, failure FROM ' . Schema::table( 'refunds' ) . ' WHERE donation_id = %d ORDER BY id', $dw_id ), ARRAY_A );
				$dw_row['refunds']    = is_array( $dw_refunds ) ? $dw_refunds : array();
				$dw_claims            = $wpdb->get_col( $wpdb->prepare( 'SELECT reference FROM ' . Schema::table( 'payment_references' ) . ' WHERE donation_id = %d', $dw_id ) );
				$dw_row['references'] = is_array( $dw_claims ) ? $dw_claims : array();
			}
			unset( $dw_row );
			$dw_inbox = array_values(
				array_filter(
					$dw_mailbox,
					static fn ( $message ): bool => is_array( $message ) && in_array( $dw_email, (array) ( $message['to'] ?? array() ), true )
				)
			);
			$dw_state[ $dw_email ] = array(
				'rows'    => $dw_rows,
				'mailbox' => array_map( static fn ( array $message ): string => (string) ( $message['subject'] ?? '' ), $dw_inbox ),
			);
		}
		dw_cli_answer( $dw_state );
		break;

	case 'link':
		$dw_subscription = $wpdb->get_row( $wpdb->prepare( 'SELECT subscription_id FROM ' . Schema::table( 'subscriptions' ) . ' WHERE subscription_id = %s', $dw_arg ), ARRAY_A );
		if ( ! is_array( $dw_subscription ) ) {
			dw_cli_fail( "No subscription {$dw_arg} on this site." );
		}
		$dw_issued = $dw_c->get( CardUpdateLinks::class )->issue( $dw_arg, CardUpdateActor::WP_CLI );
		parse_str( (string) wp_parse_url( $dw_issued->url, PHP_URL_QUERY ), $dw_query );
		dw_cli_answer( array( 'requestId' => (string) ( $dw_query['requestID'] ?? '' ) ) );
		break;

	case 'mailbox-clear':
		update_option( 'donation_widget_test_mailbox', array(), false );
		dw_cli_answer( array( 'cleared' => true ) );
		break;

	default:
		dw_cli_fail( 'Usage: php tests/faults/site.php prepare WEBHOOK_ID | forget-paypal-token | forget-product | reconcile | mail | state EMAILS_JSON | link SUBSCRIPTION | mailbox-clear', 2 );
}
