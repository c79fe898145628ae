<?php
/**
 * The shape every domain's provider takes.
 *
 * @package DonationWidget
 */

namespace DonationWidget;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A domain plugs into the plugin through one provider: register() builds its objects,
 * boot() adds its WordPress hooks. Nothing else in the domain adds hooks.
 */
interface ServiceProvider {

	/**
	 * Builds the domain's objects and puts the shared ones into the container.
	 *
	 * @param Container $container Shared objects.
	 */
	public function register( Container $container ): void;

	/**
	 * Adds the domain's hooks.
	 *
	 * @param Container $container Shared objects.
	 */
	public function boot( Container $container ): void;
}
