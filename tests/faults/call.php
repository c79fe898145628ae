<?php
/**
 * One call handled by a PHP process of its own (tests/faults/matrix.mjs runs it for the "PHP
 * process ended" cells): boots the site as a web server would for the call and dispatches it,
 * so the matrix can SIGKILL this very process right after the provider acted, before the site
 * writes its row. When it lives that long it prints {"__status": HTTP status, "__body": answer}.
 *
 *   DW_CALL='{"kind":"ajax","fields":{"action":"process_payment_method",…},"headers":{…}}' php call.php
 *
 * Kinds:
 *   ajax        an admin-ajax.php call of a visitor who is not signed in (fields: the POST fields);
 *   rest        a REST request (route, body: the raw body, headers), such as a webhook delivery;
 *   admin-post  an admin-post.php form of the signed-in admin (fields, nonce: the nonce action
 *               the form carries), such as the refund;
 *   reconcile   one reconciliation pass, as WP-Cron runs it (grace period 1 s), age: seconds
 *               every row is made older first (age.php).
 * headers become $_SERVER['HTTP_…'] as PHP's server would set them. Never shipped.
 *
 * @package DonationWidget
 */

// phpcs:disable -- a command-line test helper outside the plugin's code.

$dw_call = json_decode( (string) getenv( 'DW_CALL' ), true );
if ( ! is_array( $dw_call ) ) {
	fwrite( STDERR, "DW_CALL must be a JSON object.\n" );
	exit( 2 );
}
$dw_kind   = (string) ( $dw_call['kind'] ?? 'ajax' );
$dw_fields = is_array( $dw_call['fields'] ?? null ) ? $dw_call['fields'] : array();

if ( 'ajax' === $dw_kind ) {
	define( 'DOING_AJAX', true );
}
if ( 'ajax' === $dw_kind || 'admin-post' === $dw_kind ) {
	// As admin-ajax.php and admin-post.php do.
	define( 'WP_ADMIN', true );
}
$_POST                      = $dw_fields;
$_REQUEST                   = $dw_fields;
$_GET                       = array();
$_SERVER['REQUEST_METHOD']  = 'POST';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
$_SERVER['HTTP_USER_AGENT'] = 'Mozilla/5.0 (fault matrix; PHP process of its own)';
foreach ( is_array( $dw_call['headers'] ?? null ) ? $dw_call['headers'] : array() as $dw_name => $dw_value ) {
	$_SERVER[ 'HTTP_' . strtoupper( str_replace( '-', '_', (string) $dw_name ) ) ] = (string) $dw_value;
}

$dw_status   = 200;
$dw_location = '';
ob_start();
register_shutdown_function(
	static function () use ( &$dw_status, &$dw_location ): void {
		$dw_output = (string) ob_get_clean();
		$dw_body   = json_decode( $dw_output, true );
		echo json_encode(
			array(
				'__status'   => $dw_status,
				'__body'     => null !== $dw_body ? $dw_body : null,
				'__location' => $dw_location,
				'__text'     => null === $dw_body ? substr( $dw_output, 0, 2000 ) : '',
			),
			JSON_UNESCAPED_SLASHES
		), "\n";
	}
);

$dw_cli_site = getenv( 'DONATION_WIDGET_SITE' ) ?: 'matrix';
$dw_cli_port = getenv( 'DONATION_WIDGET_SITE_PORT' ) ?: '8893';
require dirname( __DIR__ ) . '/site/cli-bootstrap.php';

add_filter(
	'status_header',
	static function ( $header, $code ) use ( &$dw_status ) {
		$dw_status = (int) $code;
		return $header;
	},
	10,
	2
);
add_filter(
	'wp_redirect',
	static function ( $location, $code ) use ( &$dw_status, &$dw_location ) {
		$dw_status   = (int) $code;
		$dw_location = (string) $location;
		return $location;
	},
	10,
	2
);

switch ( $dw_kind ) {
	case 'ajax':
		$_SERVER['REQUEST_URI'] = '/wp-admin/admin-ajax.php';
		// What admin-ajax.php does for a visitor who is not signed in.
		do_action( 'admin_init' );
		do_action( 'wp_ajax_nopriv_' . (string) ( $dw_fields['action'] ?? '' ) );
		break;

	case 'rest':
		$_SERVER['REQUEST_URI'] = '/wp-json' . (string) $dw_call['route'];
		$dw_request             = new WP_REST_Request( 'POST', (string) $dw_call['route'] );
		$dw_request->set_body( (string) ( $dw_call['body'] ?? '' ) );
		foreach ( is_array( $dw_call['headers'] ?? null ) ? $dw_call['headers'] : array() as $dw_name => $dw_value ) {
			$dw_request->set_header( (string) $dw_name, (string) $dw_value );
		}
		$dw_request->set_header( 'content-type', 'application/json' );
		$dw_response = rest_do_request( $dw_request );
		$dw_status   = $dw_response->get_status();
		echo wp_json_encode( $dw_response->get_data() );
		break;

	case 'reconcile':
		require __DIR__ . '/age.php';
		dw_matrix_age( (int) ( $dw_call['age'] ?? 0 ) );
		add_filter( 'donation_widget_reconcile_grace_seconds', static fn (): int => 1 );
		add_filter( 'donation_widget_reconcile_rows', static fn (): int => 500 );
		add_filter( 'donation_widget_reconcile_seconds', static fn (): int => 300 );
		$dw_report = \DonationWidget\Plugin::instance()->container()->get( \DonationWidget\Reconciliation\Reconciler::class )->run();
		echo wp_json_encode( array( 'ran' => $dw_report->ran, 'lines' => $dw_report->lines() ) );
		break;

	case 'admin-post':
		$_SERVER['REQUEST_URI'] = '/wp-admin/admin-post.php';
		$dw_admin               = get_user_by( 'login', 'admin' );
		wp_set_current_user( $dw_admin ? $dw_admin->ID : 0 );
		$_REQUEST['_wpnonce']   = wp_create_nonce( (string) ( $dw_call['nonce'] ?? '' ) );
		$_POST['_wpnonce']      = $_REQUEST['_wpnonce'];
		do_action( 'admin_init' );
		do_action( 'admin_post_' . (string) ( $dw_fields['action'] ?? '' ) );
		break;
}
exit( 0 );
