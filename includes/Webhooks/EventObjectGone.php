<?php
/**
 * A verified webhook event whose object the provider no longer has.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Thrown while processing an event when the provider answers, on reading the object back, that
 * it does not exist (deleted, or never this account's). No retry can change that, so the
 * delivery is acknowledged rather than failed (a failed one is retried for days), logged, and
 * shown in webhook health (WebhookDelivery::process_once()). A read-back that fails any other
 * way is not this: the delivery fails and the provider retries.
 */
final class EventObjectGone extends \RuntimeException {

	/**
	 * Describes what is gone. Like every exception of the plugin, its words arrive escaped for
	 * HTML where it is thrown; WebhookDelivery reads them back as plain text.
	 *
	 * @param string $provider The gateway's id.
	 * @param string $detail   The provider's words, naming the object (HTML-escaped).
	 */
	public function __construct( public readonly string $provider, public readonly string $detail ) {
		parent::__construct( $detail ); // phpcs:ignore DonationWidgetDirectory.Security.ExceptionEscaped.NotEscaped -- escaped where thrown.
	}
}
