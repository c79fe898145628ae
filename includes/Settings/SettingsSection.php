<?php
/**
 * One section of the settings screen that a payment gateway describes.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Its heading, its fields, and where the provider should send its webhooks.
 */
final class SettingsSection {

	/**
	 * Builds the section.
	 *
	 * @param string $id            Section id, such as stripe.
	 * @param string $title         Heading.
	 * @param array  $fields        Its fields (each field's section is $id).
	 * @phpstan-param list<SettingField> $fields
	 * @param string $webhook_route The site's REST route for the provider's events, or ''.
	 * @param string $webhook_help  What to set up at the provider for it.
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $title,
		public readonly array $fields,
		public readonly string $webhook_route = '',
		public readonly string $webhook_help = ''
	) {
	}
}
