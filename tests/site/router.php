<?php
/**
 * Router for PHP's built-in server: static files as they are, everything else through WordPress.
 *
 * @package DonationWidget
 */

$dw_root = $_SERVER['DOCUMENT_ROOT']; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- local development server.
$dw_path = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput, WordPress.WP.AlternativeFunctions.parse_url_parse_url -- WordPress is not loaded yet.
$dw_file = $dw_root . $dw_path;

if ( '/' !== $dw_path && is_file( $dw_file ) ) {
	if ( str_ends_with( $dw_path, '.php' ) ) {
		$_SERVER['SCRIPT_NAME']     = $dw_path;
		$_SERVER['SCRIPT_FILENAME'] = $dw_file;
		$_SERVER['PHP_SELF']        = $dw_path;
		chdir( dirname( $dw_file ) );
		require $dw_file;
		return true;
	}
	return false;
}
if ( is_dir( $dw_file ) && is_file( rtrim( $dw_file, '/' ) . '/index.php' ) ) {
	$_SERVER['SCRIPT_NAME'] = rtrim( $dw_path, '/' ) . '/index.php';
	chdir( $dw_file );
	require rtrim( $dw_file, '/' ) . '/index.php';
	return true;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
chdir( $dw_root );
require $dw_root . '/index.php';
