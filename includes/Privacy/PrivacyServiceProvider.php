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
		add_action( 'admin_init', array( self::class, 'suggest_policy_text' ) );
	}

	/**
	 * Suggests what the privacy policy should say about donations (Settings → Privacy).
	 */
	public static function suggest_policy_text(): void {
		if ( ! function_exists( 'wp_add_privacy_policy_content' ) ) {
			return;
		}
		$text = '<p class="privacy-policy-tutorial">' . esc_html__( 'Donation Widget stores what donors enter in the donation form, and sends payment details to Stripe or PayPal.', 'donation-widget' ) . '</p>'
			. '<p><strong class="privacy-policy-tutorial">' . esc_html__( 'Suggested text:', 'donation-widget' ) . '</strong> '
			. esc_html__( 'When you donate, we collect your name, email address and, if you give them, your mobile number, postal address, organisation and the person your gift honours. We use them to process your donation, send your receipt and, for 4-weekly donations, to collect each payment and contact you about your card. Card and PayPal payments are handled by Stripe and PayPal; we never see or store your card number. We keep donation amounts, dates and payment references as financial records for as long as the law requires, even if you ask us to erase your personal details.', 'donation-widget' )
			. '</p>';
		wp_add_privacy_policy_content( __( 'Donation Widget', 'donation-widget' ), wp_kses_post( $text ) );
	}
}
