/**
 * The card provider's keys in the flat public settings (docs/widget-contract.md#32-settings-from-the-server): this
 * folder parses them; src/shared/config.ts knows none of them.
 */
import { toText, type Settings } from '../../shared/config';

/**
 * The publishable key; empty when the server sent none.
 * @param settings The public settings.
 */
export function stripePublicKey( settings: Settings ): string {
	return toText( settings.stripe_public_key );
}
