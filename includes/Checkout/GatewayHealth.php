<?php
/**
 * How a gateway stands, for Site Health and the admin notices.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Written by the gateway in its own words, so the admin screens loop over gateways and name none.
 * Keys are only said to be set or missing, never shown.
 */
final class GatewayHealth {

	/**
	 * Describes the gateway's state.
	 *
	 * @param string $mode          Its stored mode, such as test, sandbox or live.
	 * @param bool   $has_public    Whether its public key (or client id) of the current mode is set.
	 * @param bool   $has_secret    Whether its secret of the current mode is set.
	 * @param bool   $has_webhook   Whether its webhook secret (or id) is set.
	 * @param array  $missing       Keys it cannot take money without, such as "the … live secret key".
	 * @phpstan-param list<string> $missing
	 * @param array  $notes         Keys it should have, each a sentence.
	 * @phpstan-param list<string> $notes
	 * @param string $summary       One sentence when all is well, such as "… is in test mode", or ''.
	 * @param string $webhook_check What to check at the provider when its live webhooks go quiet (%s: the webhook URL).
	 */
	public function __construct(
		public readonly string $mode,
		public readonly bool $has_public,
		public readonly bool $has_secret,
		public readonly bool $has_webhook,
		public readonly array $missing = array(),
		public readonly array $notes = array(),
		public readonly string $summary = '',
		public readonly string $webhook_check = ''
	) {
	}
}
