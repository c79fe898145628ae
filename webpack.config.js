// wp-scripts' own configuration, with our two entries: the front-end widget and the block editor.
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const path = require( 'path' );

module.exports = {
	...defaultConfig,
	entry: {
		view: path.resolve( __dirname, 'src/view.tsx' ),
		editor: path.resolve( __dirname, 'src/editor/index.tsx' ),
	},
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'build' ),
	},
};
