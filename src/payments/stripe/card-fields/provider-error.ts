/**
 * The message element under one of the provider's fields (ProviderFieldFrame
 * names it "<field id>-error"), so a flow can move focus to a decline.
 */
import type { ProviderField } from './card-rules';

export function providerErrorMessage(
	container: ParentNode | null,
	field: ProviderField
): HTMLElement | null {
	return (
		container?.querySelector< HTMLElement >(
			`[id$="-${ field }-error"]`
		) ?? null
	);
}
