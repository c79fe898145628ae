/**
 * The block in the editor: its settings panels and a live preview.
 */
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import { useState } from '@wordpress/element';
import { inspectorProblems } from './amount-errors';
import { toWidgetConfig, type BlockAttributes } from './attributes';
import { BlockPreview } from './BlockPreview';
import { DonationFormPanel, type Drafts } from './DonationFormPanel';
import { usePublishLock } from './publish-lock';
import { WidgetPanel } from './WidgetPanel';

export function BlockEdit( {
	attributes,
	setAttributes,
	clientId,
}: BlockEditProps< BlockAttributes > ) {
	const blockProps = useBlockProps();
	const isDonation = attributes.widgetType === 'donation';
	// What the amount fields hold, kept here rather than in the inspector, which closes when
	// the block is deselected: an unusable value stays typed, and keeps blocking publishing.
	const [ drafts, setDrafts ] = useState< Drafts >( {} );
	// Saved values count too: markup pasted or written by hand can hold what the widget ignores.
	usePublishLock(
		clientId,
		isDonation
			? inspectorProblems( {
					amountValues:
						drafts.amountValues ?? attributes.amountValues,
					defaultAmount:
						drafts.defaultAmount ?? attributes.defaultAmount,
				} )
			: []
	);

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
						drafts={ drafts }
						onDraft={ ( field, text ) =>
							setDrafts( ( current ) => ( {
								...current,
								[ field ]: text,
							} ) )
						}
					/>
				) }
			</InspectorControls>
			<BlockPreview config={ toWidgetConfig( attributes ) } />
		</div>
	);
}
