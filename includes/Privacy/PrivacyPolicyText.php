<?php
/**
 * What the privacy policy should say about donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Privacy;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayRegistry;

/**
 * Suggested under Settings → Privacy; the providers it names are the gateways' labels.
 */
final class PrivacyPolicyText {

	/**
	 * Builds the text.
	 *
	 * @param GatewayRegistry $gateways The gateways payment details are sent to.
	 */
	public function __construct( private readonly GatewayRegistry $gateways ) {
	}

	/**
	 * Suggests the text (admin_init).
	 */
	public function suggest(): void {
		if ( ! function_exists( 'wp_add_privacy_policy_content' ) ) {
			return;
		}
		$labels = array_map( static fn ( Gateway $gateway ): string => $gateway->label(), $this->gateways->gateways() );
		/* translators: between the payment providers' names: "the card provider or the wallet provider". */
		$providers_or = implode( ' ' . __( 'or', 'donation-widget' ) . ' ', $labels );
		/* translators: between the payment providers' names: "the card provider and the wallet provider". */
		$providers_and = implode( ' ' . __( 'and', 'donation-widget' ) . ' ', $labels );
		/* translators: %s: the payment providers' names, joined by "or". */
		$text = '<p class="privacy-policy-tutorial">' . esc_html( sprintf( __( 'Donation Widget stores what donors enter in the donation form, and sends payment details to %s.', 'donation-widget' ), $providers_or ) ) . '</p>'
			. '<p><strong class="privacy-policy-tutorial">' . esc_html__( 'Suggested text:', 'donation-widget' ) . '</strong> '
			. esc_html(
				sprintf(
					/* translators: %s: the payment providers' names, joined by "and". */
					__( 'When you donate, we collect your name, email address and, if you give them, your mobile number, postal address, organisation and the person your gift honours. We use them to process your donation, send your receipt and, for 4-weekly donations, to collect each payment and contact you about your card. Payments are handled by %s; we never see or store your card number. We keep donation amounts, dates and payment references as financial records for as long as the law requires, even if you ask us to erase your personal details.', 'donation-widget' ),
					$providers_and
				)
			)
			. '</p>';
		wp_add_privacy_policy_content( __( 'Donation Widget', 'donation-widget' ), wp_kses_post( $text ) );
	}
}
