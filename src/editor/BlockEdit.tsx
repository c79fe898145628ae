/**
 * The block in the editor: its settings panels and a live preview.
 */
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import { toWidgetConfig, type BlockAttributes } from './attributes';
import { BlockPreview } from './BlockPreview';
import { DonationFormPanel } from './DonationFormPanel';
import { WidgetPanel } from './WidgetPanel';

export function BlockEdit( {
	attributes,
	setAttributes,
}: BlockEditProps< BlockAttributes > ) {
	const blockProps = useBlockProps();
	const isDonation = attributes.widgetType === 'donation';

	return (
		<div { ...blockProps }>
			<InspectorControls>
				<WidgetPanel
					attributes={ attributes }
					setAttributes={ setAttributes }
				/>
				{ isDonation && (
					<DonationFormPanel
						attributes={ attributes }
						setAttributes={ setAttributes }
					/>
				) }
			</InspectorControls>
			<BlockPreview config={ toWidgetConfig( attributes ) } />
		</div>
	);
}
