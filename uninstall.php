<?php
/**
 * Runs when an admin deletes the plugin: removes its settings, and its records only on request.
 *
 * @package DonationWidget
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

require_once __DIR__ . '/vendor/autoload.php';

\DonationWidget\Plugin::uninstall();
