// wp-scripts' own configuration, with our entries: the front-end widget, the block editor and the settings screen.
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const path = require( 'path' );

// formik's four lodash functions, without lodash's generic machinery (src/shared/lodash-lite).
const formikLodash = Object.fromEntries(
	[
		[ 'clone', 'clone' ],
		[ 'cloneDeep', 'clone-deep' ],
		[ 'isPlainObject', 'is-plain-object' ],
		[ 'toPath', 'to-path' ],
	].flatMap( ( [ method, file ] ) => {
		const target = path.resolve(
			__dirname,
			`src/shared/lodash-lite/${ file }.ts`
		);
		return [
			[ `lodash-es/${ method }$`, target ],
			[ `lodash/${ method }$`, target ],
		];
	} )
);

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
	},
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'build' ),
	},
	module: {
		...defaultConfig.module,
		rules: [
			...defaultConfig.module.rules,
			{
				test: /[\\/]node_modules[\\/]formik[\\/]/,
				resolve: { alias: formikLodash },
			},
			{
				// Only formik's connect() and withFormik() use it, and the widget uses neither: a
				// pure module, so webpack may leave it out when nothing used needs it.
				test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/,
				sideEffects: false,
			},
		],
	},
};
