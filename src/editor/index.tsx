/**
 * The Donation Widget block in the editor: inspector controls for every field of docs/widget-contract.md#31-widget-configuration-from-the-host-element
 * and a live preview. The saved content is empty: the server renders the block (Blocks\WidgetBlock).
 */
import { registerBlockType, type BlockConfiguration } from '@wordpress/blocks';
import metadata from '../../blocks/donation-widget/block.json';
import { BlockEdit } from './BlockEdit';
import type { BlockAttributes } from './attributes';

registerBlockType< BlockAttributes >( metadata.name, {
	...( metadata as unknown as BlockConfiguration< BlockAttributes > ),
	edit: BlockEdit,
	save: () => null,
} );
