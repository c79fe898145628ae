/**
 * The "Manage my donation" block in the editor: a preview the server renders, as on the page.
 * The block has no settings, and saves nothing (the server renders it).
 */
import { registerBlockType, type BlockConfiguration } from '@wordpress/blocks';
import { useBlockProps } from '@wordpress/block-editor';
import ServerSideRender from '@wordpress/server-side-render';
import metadata from '../../blocks/manage-donation/block.json';

export function ManageBlockEdit() {
	return (
		<div { ...useBlockProps() }>
			<ServerSideRender block={ metadata.name } />
		</div>
	);
}

registerBlockType( metadata.name, {
	...( metadata as unknown as BlockConfiguration ),
	edit: ManageBlockEdit,
	save: () => null,
} );
