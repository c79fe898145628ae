<?php
/**
 * The concurrency check's window into its site (tests/concurrency/check.mjs runs it). Prints JSON.
 *
 *   php site.php prepare LIMIT EMAIL_LIMIT
 *                                  Sets the payment rate limits (per address, per email), trusts
 *                                  127.0.0.1 as a proxy sending X-Forwarded-For (the check's calls
 *                                  name their client there), forgets every rate-limit counter
 *                                  (table rows and cached counters) and says where counters go.
 *   php site.php donations PREFIX  The donation rows whose email starts with PREFIX.
 *   php site.php donors PREFIX     The donors whose email starts with PREFIX (email, gifts, given),
 *                                  and the received donations of each lower-cased email.
 *   php site.php link              A 4-weekly donor made through the plugin's own checkout against
 *                                  the Stripe stand-in, and a card-update link for it.
 *   php site.php validated SUB     How many "validated" audit rows the subscription has.
 *   php site.php store             Where the counters are: object cache or table (and its rows).
 *   php site.php schema-11         Puts the tables back to schema 11 (as DonorKeysMigrationTest
 *                                  does), so the next request upgrades them; the ALTER count.
 *   php site.php schema            The ALTER TABLE statements the database has run, the stored
 *                                  schema version, whether schema 12's table exists, upgrade claims.
 *
 * Loads the site named by DONATION_WIDGET_SITE (run.sh sets "concurrency"), with its object-cache
 * drop-in when one is installed, so it sees what the servers see. Never shipped.
 *
 * @package DonationWidget
 */

// phpcs:disable -- a command-line test helper outside the plugin's code.

use DonationWidget\CardUpdate\AuditEntry;
use DonationWidget\CardUpdate\CardUpdateActor;
use DonationWidget\CardUpdate\CardUpdateController;
use DonationWidget\CardUpdate\CardUpdateLinks;
use DonationWidget\Checkout\Checkout;
use DonationWidget\Database\Schema;
use DonationWidget\Gateways\Stripe\Card\CardPayment;
use DonationWidget\Plugin;

$dw_cli_site = getenv( 'DONATION_WIDGET_SITE' ) ?: 'concurrency';
$dw_cli_port = getenv( 'DONATION_WIDGET_SITE_PORT' ) ?: '8893';
require dirname( __DIR__ ) . '/site/cli-bootstrap.php';

/**
 * Where the counters go, and how many rows the table holds.
 *
 * @return array<string, mixed>
 */
function dw_concurrency_store(): array {
	global $wpdb, $wp_object_cache;
	return array(
		'objectCache' => (bool) wp_using_ext_object_cache(),
		'cacheClass'  => is_object( $wp_object_cache ) ? get_class( $wp_object_cache ) : '',
		'tableRows'   => (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'rate_counters' ) ),
	);
}

/**
 * How many ALTER TABLE statements the database server has run (the check's private MariaDB
 * runs no others).
 */
function dw_concurrency_alters(): int {
	global $wpdb;
	return (int) $wpdb->get_row( "SHOW GLOBAL STATUS LIKE 'Com_alter_table'", ARRAY_N )[1];
}

global $wpdb;
$dw_command = $argv[1] ?? '';
$dw_arg     = $argv[2] ?? '';
$dw_c       = Plugin::instance()->container();

switch ( $dw_command ) {
	case 'prepare':
		$dw_settings                        = get_option( 'donation_widget_settings', array() );
		$dw_settings                        = is_array( $dw_settings ) ? $dw_settings : array();
		$dw_settings['rate_limit_payments']       = max( 1, (int) $dw_arg );
		$dw_settings['rate_limit_payments_email'] = max( 1, (int) ( $argv[3] ?? 10 ) );
		$dw_settings['trusted_proxies']           = array( '127.0.0.1' );
		$dw_settings['client_ip_header']          = 'x_forwarded_for';
		update_option( 'donation_widget_settings', $dw_settings );
		dw_cli_reset_limits();
		dw_cli_answer(
			array(
				'paymentLimit'   => (int) $dw_settings['rate_limit_payments'],
				'emailLimit'     => (int) $dw_settings['rate_limit_payments_email'],
				'linkCheckLimit' => CardUpdateController::CHECKS_PER_WINDOW,
			) + dw_concurrency_store()
		);
		break;

	case 'donations':
		$dw_rows = $wpdb->get_results(
			$wpdb->prepare( 'SELECT id, attempt_id, status, provider_reference, payment_intent_id FROM ' . Schema::table( 'donations' ) . ' WHERE email LIKE %s ORDER BY id', $wpdb->esc_like( $dw_arg ) . '%' ),
			ARRAY_A
		);
		dw_cli_answer( array( 'rows' => is_array( $dw_rows ) ? $dw_rows : array() ) );
		break;

	case 'donors':
		$dw_like     = $wpdb->esc_like( strtolower( $dw_arg ) ) . '%';
		$dw_donors   = $wpdb->get_results( $wpdb->prepare( 'SELECT email, gifts, given_cents FROM ' . Schema::table( 'donors' ) . ' WHERE email LIKE %s ORDER BY id', $dw_like ), ARRAY_A );
		$dw_received = $wpdb->get_results( $wpdb->prepare( 'SELECT LOWER(email) AS email, COUNT(*) AS gifts, SUM(total_cents) AS given_cents FROM ' . Schema::table( 'donations' ) . " WHERE email LIKE %s AND status IN ('succeeded', 'partially_refunded', 'refunded') GROUP BY LOWER(email)", $dw_like ), ARRAY_A );
		dw_cli_answer(
			array(
				'donors'   => is_array( $dw_donors ) ? $dw_donors : array(),
				'received' => is_array( $dw_received ) ? $dw_received : array(),
			)
		);
		break;

	case 'link':
		$dw_attempt = wp_generate_uuid4();
		$dw_result  = $dw_c->get( Checkout::class )->pay(
			$dw_c->get( CardPayment::class ),
			array(
				'token'        => 'pm_card_visa',
				'cardId'       => 'pm_card_visa',
				'attemptId'    => $dw_attempt,
				// A token as the stand-ins issue them, good once (tests/stand-ins/README.md).
				'captchaToken' => sprintf( 'stand-in-captcha-ok.%d.%s', (int) floor( microtime( true ) * 1000 ), bin2hex( random_bytes( 16 ) ) ),
				'currentUrl'   => home_url( '/donate/' ),
				'formData'     => (string) wp_json_encode(
					array(
						'email'            => 'concurrency-card-update@example.org.au',
						'firstName'        => 'Jane',
						'lastName'         => 'Citizen',
						'mobile'           => '',
						'address'          => array( 'country' => 'Australia' ),
						'totalAmount'      => '30',
						'currency'         => 'AUD',
						'frequency'        => '4weekly',
						'utm_campaign'     => '',
						'utm_source'       => '',
						'utm_medium'       => '',
						'utm_content'      => '',
						'utm_term'         => '',
						'inMemoryOf'       => '',
						'organisationName' => '',
						'iteration_id'     => '',
					)
				),
			)
		);
		if ( ! $dw_result->is_success() ) {
			dw_cli_fail( 'The 4-weekly donation failed: ' . wp_json_encode( $dw_result->body ) );
		}
		$dw_sub    = (string) $wpdb->get_var( $wpdb->prepare( 'SELECT subscription_id FROM ' . Schema::table( 'donations' ) . ' WHERE attempt_id = %s', $dw_attempt ) );
		$dw_issued = $dw_c->get( CardUpdateLinks::class )->issue( $dw_sub, CardUpdateActor::WP_CLI );
		parse_str( (string) wp_parse_url( $dw_issued->url, PHP_URL_QUERY ), $dw_query );
		dw_cli_answer(
			array(
				'subscriptionId' => $dw_sub,
				'requestId'      => (string) ( $dw_query['requestID'] ?? '' ),
			)
		);
		break;

	case 'validated':
		$dw_count = $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'card_update_audit' ) . ' WHERE subscription_id = %s AND event = %s', $dw_arg, AuditEntry::VALIDATED ) );
		dw_cli_answer( array( 'validated' => (int) $dw_count ) );
		break;

	case 'store':
		dw_cli_answer( dw_concurrency_store() );
		break;

	case 'schema-11':
		$dw_subscriptions = Schema::table( 'subscriptions' );
		$dw_donations     = Schema::table( 'donations' );
		$wpdb->query( "ALTER TABLE {$dw_subscriptions} DROP KEY status_donor, DROP KEY status_latest, DROP COLUMN donor_email, DROP COLUMN latest_status" );
		$wpdb->query(
			"ALTER TABLE {$dw_donations} DROP KEY search_email, DROP KEY search_domain, DROP KEY search_first_last, DROP KEY search_last, DROP KEY search_organisation,
			ADD KEY email (email), ADD KEY email_domain (email_domain), ADD KEY first_last (first_name,last_name), ADD KEY last_name (last_name), ADD KEY organisation_name (organisation_name)"
		);
		$wpdb->query( 'DROP TABLE ' . Schema::table( 'donor_last_gifts' ) );
		update_option( Schema::VERSION_OPTION, '11' );
		if ( '' !== $wpdb->last_error ) {
			dw_cli_fail( 'Going back to schema 11 failed: ' . $wpdb->last_error );
		}
		dw_cli_answer( array( 'alters' => dw_concurrency_alters() ) );
		break;

	case 'schema':
		$dw_last_gifts = Schema::table( 'donor_last_gifts' );
		dw_cli_answer(
			array(
				'alters'    => dw_concurrency_alters(),
				'version'   => (string) get_option( Schema::VERSION_OPTION ),
				'current'   => Schema::version(),
				'lastGifts' => $dw_last_gifts === $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $dw_last_gifts ) ),
				'claims'    => (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name = %s", 'donation_widget_db_upgrading' ) ),
			)
		);
		break;

	default:
		dw_cli_fail( 'Usage: php tests/concurrency/site.php prepare LIMIT EMAIL_LIMIT | donations PREFIX | donors PREFIX | link | validated SUB | store | schema-11 | schema' );
}
