// wp-scripts' own configuration, with our entries: the front-end widget, the block editor and the settings screen.
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const path = require( 'path' );

module.exports = {
	...defaultConfig,
	entry: {
		view: path.resolve( __dirname, 'src/view.tsx' ),
		editor: path.resolve( __dirname, 'src/editor/index.tsx' ),
		'admin-settings': path.resolve(
			__dirname,
			'src/admin/settings-page.ts'
		),
		'card-update-links': path.resolve(
			__dirname,
			'src/admin/card-update-links.ts'
		),
		'donation-export': path.resolve(
			__dirname,
			'src/admin/donation-export.ts'
		),
	},
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'build' ),
	},
};
