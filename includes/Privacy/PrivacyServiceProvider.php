<?php
/**
 * Wires the privacy tools.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Privacy;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Container;
use DonationWidget\ServiceProvider;

/**
 * Donors' personal data in WordPress's own privacy tools (Tools → Export and Erase Personal
 * Data), and a suggested paragraph for the site's privacy policy.
 */
final class PrivacyServiceProvider implements ServiceProvider {

	/**
	 * Nothing to share by hand: every class here is built from its constructor.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void {
	}

	/**
	 * Registers them with WordPress.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void {
		add_filter( 'wp_privacy_personal_data_exporters', $container->lazy( DonorDataExporter::class, 'register' ) );
		add_filter( 'wp_privacy_personal_data_erasers', $container->lazy( DonorDataEraser::class, 'register' ) );
		add_action( 'admin_init', $container->lazy( PrivacyPolicyText::class, 'suggest' ), 10, 0 );
	}
}
