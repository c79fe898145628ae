/**
 * The block's attributes (blocks/donation-widget/block.json) and their mapping to the
 * widget configuration of SPEC §3.1, the same mapping WidgetConfig.php makes on the server.
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
	};
}

/**
 * Why a preset list would be ignored (the server keeps it only with exactly three valid amounts).
 *
 * @param value Comma-separated amounts typed by the editor.
 */
export function presetAmountsProblem( value: string ): string | null {
	if ( value.trim() === '' ) {
		return null;
	}
	const parts = value.split( ',' ).map( ( part ) => part.trim() );
	const valid = parts.filter(
		( part ) => /^\d{1,6}(\.\d{1,2})?$/.test( part ) && Number( part ) >= 5
	);
	return parts.length === 3 && valid.length === 3 ? null : 'invalid';
}
