<?php
/**
 * Who or what issued or used a card-update link, as written in the audit.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The actor strings of the audit, so every caller writes them the same way.
 */
final class CardUpdateActor {

	/**
	 * A link emailed after the provider reported a failed renewal.
	 */
	public const RENEWAL_WEBHOOK = 'webhook: invoice.payment_failed';

	/**
	 * The reconciliation pass (WP-Cron).
	 */
	public const RECONCILIATION = 'reconciliation';

	/**
	 * The WP-CLI command.
	 */
	public const WP_CLI = 'wp-cli';

	/**
	 * The donor, through the link.
	 */
	public const SUPPORTER = 'supporter';

	/**
	 * The donor, on the "Manage my donation" page (self-service).
	 */
	public const SELF_SERVICE = 'supporter: self-service';

	/**
	 * A signed-in user, such as "admin: jane (#3)".
	 *
	 * @param \WP_User $user The user.
	 */
	public static function user( \WP_User $user ): string {
		return sprintf( 'admin: %s (#%d)', $user->user_login, $user->ID );
	}

	/**
	 * The signed-in user, or "unknown" when nobody is.
	 */
	public static function current_user(): string {
		$user = wp_get_current_user();
		return $user->exists() ? self::user( $user ) : 'unknown';
	}
}
