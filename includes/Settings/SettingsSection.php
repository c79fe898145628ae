<?php
/**
 * One section of the settings screen that another domain (a payment gateway) describes.
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
	 * @param string        $id            Section id, such as the gateway's id.
	 * @param string        $title         Heading.
	 * @param array         $fields        Its fields (each field's section is $id).
	 * @phpstan-param list<SettingField> $fields
	 * @param string        $webhook_route The site's REST route for the provider's events, or ''.
	 * @param string        $webhook_help  What to set up at the provider for it.
	 * @param \Closure|null $check  Rules across its fields, run on the values about to be stored
	 *                              with the settings: returns the problems, each a sentence.
	 * @phpstan-param (\Closure(array<string, mixed>, Settings): list<string>)|null $check
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $title,
		public readonly array $fields,
		public readonly string $webhook_route = '',
		public readonly string $webhook_help = '',
		public readonly ?\Closure $check = null
	) {
	}

	/**
	 * The problems its cross-field rules find in the values about to be stored.
	 *
	 * @param array<string, mixed> $values   Field key => value about to be stored.
	 * @param Settings             $settings Field definitions and where values come from.
	 * @return list<string>
	 */
	public function problems( array $values, Settings $settings ): array {
		return null === $this->check ? array() : ( $this->check )( $values, $settings );
	}
}
