<?php
/**
 * Plugin Name: Donation Widget local site
 * Description: Keeps the offline demo and test sites quiet: no update checks or remote calls.
 *
 * @package DonationWidget
 */

/**
 * Removes WordPress's update checks from every hook they sit on (cron, admin screens, after an
 * upload): offline they would only fail and log warnings.
 */
function donation_widget_local_site_no_update_checks(): void {
	global $wp_filter;
	$checks = array( 'wp_version_check', 'wp_update_plugins', 'wp_update_themes', 'wp_maybe_auto_update', '_maybe_update_core', '_maybe_update_plugins', '_maybe_update_themes' );
	foreach ( $wp_filter as $hook => $callbacks ) {
		foreach ( $checks as $check ) {
			$priority = has_action( $hook, $check );
			if ( false !== $priority ) {
				remove_action( $hook, $check, $priority );
			}
		}
	}
}
add_action( 'init', 'donation_widget_local_site_no_update_checks', 0 );
add_action( 'admin_init', 'donation_widget_local_site_no_update_checks', 0 );
add_filter( 'pre_site_transient_update_core', '__return_null' );
add_filter( 'pre_site_transient_update_plugins', '__return_null' );
add_filter( 'pre_site_transient_update_themes', '__return_null' );
// The dashboard's news and "browse happy" calls would fail offline.
add_action(
	'wp_dashboard_setup',
	static function (): void {
		remove_meta_box( 'dashboard_primary', 'dashboard', 'side' );
		remove_meta_box( 'dashboard_site_health', 'dashboard', 'normal' );
	}
);
add_filter(
	'pre_http_request',
	static function ( $pre, $args, $url ) {
		$host = wp_parse_url( $url, PHP_URL_HOST );
		if ( in_array( $host, array( 'api.wordpress.org', 'downloads.wordpress.org', 'wordpress.org', 's.w.org' ), true ) ) {
			return new WP_Error( 'offline', 'The local site is offline.' );
		}
		return $pre;
	},
	10,
	3
);

// No mail server here. wp_mail() runs in full, but its PHPMailer keeps each message in the
// donation_widget_test_mailbox option (where tests read it) instead of sending it.
require_once ABSPATH . WPINC . '/PHPMailer/PHPMailer.php';
require_once ABSPATH . WPINC . '/PHPMailer/SMTP.php';
require_once ABSPATH . WPINC . '/PHPMailer/Exception.php';

/**
 * A PHPMailer that records instead of sending.
 */
class Donation_Widget_Local_Mailbox extends PHPMailer\PHPMailer\PHPMailer {

	/**
	 * Builds the message as for sending, then files it in the mailbox.
	 */
	public function send() {
		if ( ! $this->preSend() ) {
			return false;
		}
		$mailbox   = get_option( 'donation_widget_test_mailbox', array() );
		$mailbox   = is_array( $mailbox ) ? $mailbox : array();
		$mailbox[] = array(
			'to'           => array_map( static fn ( $address ) => $address[0], $this->getToAddresses() ),
			'from'         => $this->From,
			'from_name'    => $this->FromName,
			'reply_to'     => array_keys( $this->getReplyToAddresses() ),
			'subject'      => $this->Subject,
			'content_type' => $this->ContentType,
			'html'         => $this->Body,
			'text'         => $this->AltBody,
			'mime'         => $this->getSentMIMEMessage(),
			'time'         => time(),
		);
		update_option( 'donation_widget_test_mailbox', array_slice( $mailbox, -50 ), false );
		return true;
	}
}
$GLOBALS['phpmailer'] = new Donation_Widget_Local_Mailbox( true );
// WordPress's default sender, wordpress@127.0.0.1, is not an address PHPMailer accepts.
add_filter( 'wp_mail_from', static fn ( $from ) => str_ends_with( (string) $from, '@127.0.0.1' ) ? 'wordpress@example.org.au' : $from );

// Gravatar is out of reach offline; avatars would be requests that leave the machine.
add_filter( 'pre_option_show_avatars', '__return_zero' );

// Measurement only (node bin/benchmark.mjs --donor-wait): "?donation-widget-scripts=plain" asks for
// the widget's files exactly as WordPress prints enqueued files, the baseline the plugin's own
// loading is measured against in the same run. The plugin prints them so today (the two sides are
// the same page, and their gap is the run's noise); any loading optimisation added to it must
// stand down when this filter says false. Real sites never load this file.
add_filter(
	'donation_widget_optimise_script_loading',
	static function ( $optimise ) {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only measurement switch on the local sites.
		return isset( $_GET['donation-widget-scripts'] ) && 'plain' === $_GET['donation-widget-scripts'] ? false : $optimise;
	}
);
