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

// No mail server here: every email is kept in the mailbox option, where tests read it.
add_filter(
	'pre_wp_mail',
	static function ( $short_circuit, array $atts ) {
		$mailbox   = get_option( 'donation_widget_test_mailbox', array() );
		$mailbox   = is_array( $mailbox ) ? $mailbox : array();
		$mailbox[] = array(
			'to'      => $atts['to'],
			'subject' => $atts['subject'],
			'message' => $atts['message'],
			'headers' => $atts['headers'],
			'time'    => time(),
		);
		update_option( 'donation_widget_test_mailbox', array_slice( $mailbox, -50 ), false );
		return true;
	},
	10,
	2
);

// Gravatar is out of reach offline; avatars would be requests that leave the machine.
add_filter( 'pre_option_show_avatars', '__return_zero' );
