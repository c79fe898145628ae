/**
 * The wallet provider's keys in the flat public settings (docs/widget-contract.md#32-settings-from-the-server): this
 * folder parses them; src/shared/config.ts knows none of them.
 */
import { toText, type Settings } from '../../shared/config';

/**
 * The client id; empty when the server sent none.
 * @param settings The public settings.
 */
export function payPalClientId( settings: Settings ): string {
	return toText( settings.paypal_client_id );
}
