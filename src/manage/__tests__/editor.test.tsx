/**
 * The "Manage my donation" block in the editor: registered under its block.json name, saving
 * nothing, and previewed by the server's own render of the block.
 */
import { registerBlockType } from '@wordpress/blocks';
import { byText, render, type Rendered } from '../../shared/__tests__/dom';

jest.mock( '@wordpress/blocks', () => ( { registerBlockType: jest.fn() } ) );
jest.mock( '@wordpress/block-editor', () => ( {
	useBlockProps: () => ( {
		className: 'wp-block-donation-widget-manage-donation',
	} ),
} ) );
jest.mock(
	'@wordpress/server-side-render',
	() => ( {
		__esModule: true,
		default: ( props: { block: string } ) =>
			`Server preview of ${ props.block }`,
	} ),
	{ virtual: true }
);

let view: Rendered | undefined;
afterEach( () => {
	view?.unmount();
	view = undefined;
} );

describe( 'the manage block in the editor', () => {
	it( 'registers under its block.json name, and saves nothing for the server to render', async () => {
		await import( '../editor' );
		const calls = ( registerBlockType as jest.Mock ).mock.calls;
		expect( calls ).toHaveLength( 1 );
		const [ name, settings ] = calls[ 0 ] as [
			string,
			{ save: () => unknown; title: string },
		];
		expect( name ).toBe( 'donation-widget/manage-donation' );
		expect( settings.title ).toBe( 'Manage my donation' );
		expect( settings.save() ).toBeNull();
	} );

	it( 'previews what the server renders for the block', async () => {
		const { ManageBlockEdit } = await import( '../editor' );
		view = await render( <ManageBlockEdit /> );
		expect(
			byText(
				view.container,
				'div',
				'Server preview of donation-widget/manage-donation'
			)
		).toBeDefined();
	} );
} );
