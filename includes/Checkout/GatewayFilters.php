<?php
/**
 * What the rest of the plugin learns from the gateways, through filters.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The gateways' settings sections, the ways to pay the widget may offer, and the names of
 * payment methods.
 */
final class GatewayFilters {

	/**
	 * Takes the registry.
	 *
	 * @param GatewayRegistry $registry The gateways.
	 */
	public function __construct( private readonly GatewayRegistry $registry ) {
	}

	/**
	 * The donation_widget_settings_sections filter: each gateway's section after the others.
	 *
	 * @param array<int|string, mixed> $sections Sections so far.
	 * @return array<int|string, mixed>
	 */
	public function settings_sections( array $sections ): array {
		return array_merge(
			$sections,
			array_map( static fn ( Gateway $gateway ) => $gateway->settings_section(), $this->registry->gateways() )
		);
	}

	/**
	 * The donation_widget_public_settings filter: the ways to pay on offer.
	 *
	 * @param array<string, mixed> $settings Public settings so far.
	 * @return array<string, mixed>
	 */
	public function public_settings( array $settings ): array {
		return $settings + array( 'payment_methods' => $this->registry->available_method_ids() );
	}

	/**
	 * The donation_widget_payment_method_name filter: a method's name unless one is set already.
	 *
	 * @param string $name   Name so far.
	 * @param string $method Method id.
	 */
	public function payment_method_name( string $name, string $method ): string {
		return '' !== $name ? $name : $this->registry->method_name( $method );
	}
}
