<?php
/**
 * Installs one local site (bin/lib/env.sh runs it): WordPress itself, then the plugin, its
 * settings for the stand-ins, the pages holding the widgets, and an admin and an editor.
 * Safe to run again: it only adds what is missing.
 *
 * Usage: DONATION_WIDGET_SITE=demo php tests/site/install-site.php
 *
 * @package DonationWidget
 */

// phpcs:disable WordPress.Security.EscapeOutput.OutputNotEscaped -- command-line output.

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

$dw_state = getenv( 'DONATION_WIDGET_STATE_DIR' ) ? getenv( 'DONATION_WIDGET_STATE_DIR' ) : dirname( __DIR__, 2 ) . '/.wp-local';
$dw_phase = $argv[1] ?? '';

if ( '' === $dw_phase ) {
	// WordPress must be installed in one process and configured in another: while installing,
	// it loads no plugins.
	foreach ( array( 'install', 'configure' ) as $dw_step ) {
		passthru( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( __FILE__ ) . ' ' . $dw_step, $dw_status );
		if ( 0 !== $dw_status ) {
			exit( $dw_status );
		}
	}
	exit( 0 );
}

$_SERVER['HTTP_HOST']   = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';

if ( 'install' === $dw_phase ) {
	define( 'WP_INSTALLING', true );
	require $dw_state . '/core/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	if ( is_blog_installed() ) {
		echo 'WordPress: already installed (database ' . DB_NAME . ")\n";
		exit( 0 );
	}
	wp_install( 'Helping Hands Australia', 'admin', 'admin@example.org.au', true, '', 'password' );
	update_option( 'permalink_structure', '/%postname%/' );
	echo 'WordPress ' . get_bloginfo( 'version' ) . ' installed (database ' . DB_NAME . ")\n";
	exit( 0 );
}

require $dw_state . '/core/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

if ( 'zip' === getenv( 'DONATION_WIDGET_SITE' ) ) {
	// A fresh site: the test installs and activates the plugin from its zip itself.
	switch_theme( 'twentytwentyfive' );
	echo "Fresh site ready, without the plugin\n";
	exit( 0 );
}

// An Australian site, as the charities using the plugin run: Australian English, Sydney time and
// dates written "26 November 2026". Set on every run, so older sites follow.
update_option( 'WPLANG', 'en_AU' );
update_option( 'timezone_string', 'Australia/Sydney' );
update_option( 'date_format', 'j F Y' );

$dw_result = activate_plugin( 'donation-widget/donation-widget.php' );
if ( is_wp_error( $dw_result ) ) {
	fwrite( STDERR, 'Activating the plugin failed: ' . $dw_result->get_error_message() . "\n" );
	exit( 1 );
}
switch_theme( 'twentytwentyfive' );

if ( ! get_user_by( 'login', 'editor' ) ) {
	wp_insert_user(
		array(
			'user_login' => 'editor',
			'user_pass'  => 'password',
			'user_email' => 'editor@example.org.au',
			'role'       => 'editor',
		)
	);
}

/**
 * Finds or creates a published page.
 *
 * @param string $slug    Page slug.
 * @param string $title   Page title.
 * @param string $content Block markup.
 */
function dw_page( string $slug, string $title, string $content ): int {
	$page = get_page_by_path( $slug );
	if ( $page instanceof WP_Post ) {
		return $page->ID;
	}
	return (int) wp_insert_post(
		array(
			'post_type'    => 'page',
			'post_status'  => 'publish',
			'post_name'    => $slug,
			'post_title'   => $title,
			'post_content' => $content,
		)
	);
}

$dw_donate  = dw_page( 'donate', 'Donate', "<!-- wp:paragraph -->\n<p>Your gift helps families in need across Australia.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:donation-widget/donation-widget /-->" );
$dw_update  = dw_page( 'update-card', 'Update your card', '<!-- wp:donation-widget/donation-widget {"widgetType":"update-card"} /-->' );
$dw_privacy = dw_page( 'privacy', 'Privacy collection statement', "<!-- wp:paragraph -->\n<p>How we look after your personal information.</p>\n<!-- /wp:paragraph -->" );
dw_page( 'contact', 'Contact us', "<!-- wp:paragraph -->\n<p>Call us on 1800 123 456.</p>\n<!-- /wp:paragraph -->" );
dw_page( 'get-involved', 'Other ways to get involved', "<!-- wp:paragraph -->\n<p>Volunteer, fundraise or leave a gift in your will.</p>\n<!-- /wp:paragraph -->" );
// The modal layout on its own page, so the benchmark's Lighthouse run can measure it; its
// "Donate" button opens the modal again once a visitor closed it.
$dw_modal_content = "<!-- wp:paragraph -->\n<p>Your gift helps families in need across Australia.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:donation-widget/donation-widget {\"modal\":true,\"trigger\":true} /-->\n\n<!-- wp:paragraph -->\n<p>Thank you for standing with families in need.</p>\n<!-- /wp:paragraph -->";
$dw_modal         = dw_page( 'donate-modal', 'Donate (modal)', $dw_modal_content );
if ( ! str_contains( (string) get_post_field( 'post_content', $dw_modal ), '"trigger":true' ) ) {
	// Sites installed before the page had its button.
	wp_update_post(
		array(
			'ID'           => $dw_modal,
			'post_content' => $dw_modal_content,
		)
	);
}

// Self-service: where supporters ask for a link to manage their 4-weekly donations.
$dw_manage = dw_page( 'manage-donation', 'Manage my donation', "<!-- wp:paragraph -->\n<p>See and change your 4-weekly donation, and find your receipts.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:donation-widget/manage-donation /-->" );

// Keys shaped like the real ones; the stand-ins accept them. Kept when an admin changed them.
$dw_settings = get_option( 'donation_widget_settings', array() );
$dw_settings = array_merge(
	array(
		'stripe_mode'                 => 'test',
		'stripe_test_publishable_key' => 'pk_test_localStandIn',
		'stripe_test_secret_key'      => 'sk_test_localStandIn',
		'stripe_test_webhook_secret'  => 'whsec_localStandIn',
		'paypal_mode'                 => 'sandbox',
		'paypal_sandbox_client_id'    => 'local-stand-in-client',
		'paypal_sandbox_secret'       => 'local-stand-in-secret',
		'experian_token'              => 'local-stand-in-token',
		'experian_min_search_char'    => 4,
		'recaptcha_site_key'          => 'local-stand-in-site-key',
		'recaptcha_secret_key'        => 'local-stand-in-secret-key',
		'amount_values'               => array( '25', '50', '100' ),
		'default_amount'              => '50',
		'default_iteration_id'        => 'APPEAL-2026',
		'organisation_name'           => 'Helping Hands Australia',
		'abn'                         => '51 824 753 556',
		'privacy_url'                 => home_url( '/privacy/' ),
		'contact_url'                 => home_url( '/contact/' ),
		'get_involved_url'            => home_url( '/get-involved/' ),
		'supporter_phone'             => '1800 123 456',
		'supporter_email'             => 'supporters@example.org.au',
		'card_update_page_id'         => $dw_update,
		'self_service_page_id'        => $dw_manage,
		'receipt_from_name'           => 'Helping Hands Australia',
		'receipt_from_email'          => 'receipts@example.org.au',
	),
	is_array( $dw_settings ) ? $dw_settings : array()
);
update_option( 'donation_widget_settings', $dw_settings );
update_option( 'wp_page_for_privacy_policy', $dw_privacy );

echo 'Plugin active; pages: ' . get_permalink( $dw_donate ) . ' and ' . get_permalink( $dw_update ) . "\n";
