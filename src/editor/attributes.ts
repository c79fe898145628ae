import { __ } from '@wordpress/i18n';

/**
 * The block's attributes (blocks/donation-widget/block.json) and their mapping to the
 * widget configuration of docs/widget-contract.md#31-widget-configuration-from-the-host-element, the same mapping WidgetConfig.php makes on the server.
 */
export interface BlockAttributes {
	widgetType: 'donation' | 'update-card';
	modal: boolean;
	position: 'left' | 'center' | 'right';
	hideAddress: boolean;
	hideMobile: boolean;
	hideInMemory: boolean;
	amountValues: string;
	defaultAmount: string;
	iterationId: string;
	donationType: '' | '4weekly' | 'Oneoff';
	/** A modal's button that opens it again once closed. */
	trigger: boolean;
	triggerText: string;
	[ key: string ]: unknown;
}

export type WidgetConfigJson = Record< string, string >;

const flag = ( value: boolean ): string => ( value ? 'true' : 'false' );

export function toWidgetConfig(
	attributes: BlockAttributes
): WidgetConfigJson {
	return {
		type: attributes.widgetType,
		modal: flag( attributes.modal ),
		position: attributes.position,
		hide_address: flag( attributes.hideAddress ),
		hide_mobile: flag( attributes.hideMobile ),
		hide_inmemory: flag( attributes.hideInMemory ),
		amount_values: attributes.amountValues,
		default_amount: attributes.defaultAmount,
		iteration_id: attributes.iterationId,
		donation_type: attributes.donationType,
		trigger_text:
			attributes.modal && attributes.trigger
				? triggerText( attributes.triggerText )
				: '',
	};
}

/**
 * The trigger button's text as the page shows it: what the editor typed, or "Donate" when
 * the field was emptied (as WidgetConfig.php does).
 *
 * @param text The saved attribute.
 */
export function triggerText( text: string ): string {
	return text.trim() || __( 'Donate', 'donation-widget' );
}

/**
 * The frequency the "Default frequency" control shows. "" (no override) and "4weekly" behave
 * alike, since the widget starts on "Every 4 weeks" anyway (docs/widget-contract.md#33-donation-form-state): one option covers both.
 *
 * @param donationType The saved attribute.
 */
export function frequencyChoice(
	donationType: BlockAttributes[ 'donationType' ]
): '' | 'Oneoff' {
	return donationType === 'Oneoff' ? 'Oneoff' : '';
}
