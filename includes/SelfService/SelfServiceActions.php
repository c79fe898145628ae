<?php
/**
 * Which self-service actions the charity allows.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Settings\Settings;

/**
 * One checkbox per action under Settings > Self-service, all on by default. An action switched
 * off is neither shown on the manage page nor accepted by the server.
 */
final class SelfServiceActions {

	public const CHANGE_AMOUNT = 'change_amount';
	public const SKIP          = 'skip';
	public const PAUSE         = 'pause';
	public const CANCEL        = 'cancel';
	public const REPLACE_CARD  = 'replace_card';

	/**
	 * Ends a pause now. It has no checkbox of its own: the charity that lets donors pause lets
	 * them undo it.
	 */
	public const RESUME = 'resume';

	/**
	 * Builds the reader.
	 *
	 * @param Settings $settings The settings.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * Every action, in the order the page shows them.
	 *
	 * @return list<string>
	 */
	public static function all(): array {
		return array( self::CHANGE_AMOUNT, self::SKIP, self::PAUSE, self::CANCEL, self::REPLACE_CARD );
	}

	/**
	 * Whether an action is switched on.
	 *
	 * @param string $action One of the constants.
	 */
	public function is_on( string $action ): bool {
		$action = self::RESUME === $action ? self::PAUSE : $action;
		return in_array( $action, self::all(), true ) && (bool) $this->settings->get( 'self_service_' . $action );
	}
}
