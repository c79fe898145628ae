import { __ } from '@wordpress/i18n';
import type { WidgetConfigJson } from './attributes';

/**
 * What the editor shows in place of the block.
 *
 * @param props        Props.
 * @param props.config The widget configuration the page will carry.
 */
export function BlockPreview( { config }: { config: WidgetConfigJson } ) {
	return (
		<div className="donation-widget-editor-preview">
			<strong>
				{ config.type === 'donation'
					? __( 'Donation Widget: donation form', 'donation-widget' )
					: __( 'Donation Widget: update-card form', 'donation-widget' ) }
			</strong>
		</div>
	);
}
