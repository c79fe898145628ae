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
	 * The donation_widget_payment_method_name filter: a method's name unless one is set already.
	 *
	 * @param string $name   Name so far.
	 * @param string $method Method id.
	 */
	public function payment_method_name( string $name, string $method ): string {
		return '' !== $name ? $name : $this->registry->method_name( $method );
	}

	/**
	 * The donation_widget_public_settings filter: what each gateway tells the widgets, then the
	 * ways to pay on offer.
	 *
	 * @param mixed $settings The public settings so far.
	 * @return array<string, mixed>
	 */
	public function public_settings( mixed $settings ): array {
		$settings = is_array( $settings ) ? $settings : array();
		foreach ( $this->registry->gateways() as $gateway ) {
			$settings += $gateway->public_settings();
		}
		return $settings + array( 'payment_methods' => $this->registry->available_method_ids() );
	}

	/**
	 * The donation_widget_provider_api_hosts filter: adds each gateway's API hosts.
	 *
	 * @param mixed $hosts Key => default base URL, so far.
	 * @return array<string, string>
	 */
	public function add_api_hosts( mixed $hosts ): array {
		$hosts = is_array( $hosts ) ? $hosts : array();
		foreach ( $this->registry->gateways() as $gateway ) {
			$hosts += $gateway->api_hosts();
		}
		return $hosts;
	}

	/**
	 * The donation_widget_provider_scripts filter: adds each gateway's browser scripts.
	 *
	 * @param mixed $scripts Key => default URL, so far.
	 * @return array<string, string>
	 */
	public function add_script_urls( mixed $scripts ): array {
		$scripts = is_array( $scripts ) ? $scripts : array();
		foreach ( $this->registry->gateways() as $gateway ) {
			$scripts += $gateway->script_urls();
		}
		return $scripts;
	}
}
