<?php
/**
 * The one Stripe Product every 4-weekly donation is priced against.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\Settings;

/**
 * Subscriptions need a Product. The plugin makes one per Stripe mode, with a fixed id of its
 * own choosing: two servers creating it at the same moment both end up with that same product
 * (the second gets resource_already_exists, which means "it is there"). Its id is remembered in
 * an option so later donations skip the call.
 */
final class DonationProduct {

	/**
	 * The product id the plugin gives Stripe.
	 */
	public const PRODUCT_ID = 'donation_widget_4weekly_donation';

	private const OPTION_PREFIX = 'donation_widget_stripe_product_';

	/**
	 * Builds the product finder.
	 *
	 * @param StripeClient $stripe   Stripe.
	 * @param Settings     $settings The Stripe mode.
	 */
	public function __construct( private readonly StripeClient $stripe, private readonly Settings $settings ) {
	}

	/**
	 * The product id, creating the product at Stripe the first time.
	 *
	 * Also lets ProviderUnavailable through when Stripe cannot be reached or fails.
	 *
	 * @return string The prod id.
	 * @throws StripeRequestError When Stripe refuses to create it.
	 */
	public function id(): string {
		$stored = get_option( $this->option(), '' );
		if ( is_string( $stored ) && '' !== $stored ) {
			return $stored;
		}
		try {
			$product = $this->stripe->create_product(
				array(
					'id'          => self::PRODUCT_ID,
					'name'        => __( '4-weekly donation', 'donation-widget' ),
					'description' => __( 'A donation collected every 4 weeks through the Donation Widget.', 'donation-widget' ),
					'metadata'    => array( 'created_by' => 'donation-widget' ),
				),
				// Servers racing within the hour share the key; across hours the fixed id settles it.
				'donation-widget-product-' . self::PRODUCT_ID . '-' . gmdate( 'YmdH' )
			);
			$id = is_string( $product['id'] ?? null ) ? $product['id'] : self::PRODUCT_ID;
		} catch ( StripeRequestError $error ) {
			if ( 'resource_already_exists' !== $error->error_code ) {
				throw $error;
			}
			$id = self::PRODUCT_ID;
		}
		update_option( $this->option(), $id, false );
		return $id;
	}

	/**
	 * Forgets the remembered id (after Stripe said it no longer exists).
	 */
	public function forget(): void {
		delete_option( $this->option() );
	}

	/**
	 * The option of the current mode.
	 */
	private function option(): string {
		return self::OPTION_PREFIX . ( ( new StripeSettings( $this->settings ) )->is_live() ? 'live' : 'test' );
	}
}
