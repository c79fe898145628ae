// wp-scripts' own configuration, with our entries: the front-end widget, the block editor and the admin screens.
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

/**
 * Writes build/chunk-groups.json: for each chunk the widget fetches later (a step, a payment
 * method, the update-card widget), the files it needs, so bin/benchmark.mjs can weigh each
 * step apart from the code loaded before tab 1.
 */
class ChunkGroupsManifest {
	apply( compiler ) {
		const { Compilation, sources } = compiler.webpack;
		compiler.hooks.thisCompilation.tap(
			'ChunkGroupsManifest',
			( compilation ) => {
				compilation.hooks.processAssets.tap(
					{
						name: 'ChunkGroupsManifest',
						stage: Compilation.PROCESS_ASSETS_STAGE_REPORT,
					},
					() => {
						const groups = compilation.chunkGroups
							.filter( ( group ) => ! group.isInitial() )
							.map( ( group ) => ( {
								name:
									group.name ||
									group.origins
										.map( ( origin ) => origin.request )
										.find( Boolean ) ||
									String( group.id ),
								files: group.chunks
									.flatMap( ( chunk ) =>
										[ ...chunk.files ].map( ( file ) => ( {
											file: file.replace( /\?.*$/, '' ),
											packages: packagesIn(
												compilation,
												chunk
											),
										} ) )
									)
									.filter(
										( { file } ) =>
											/\.(js|css)$/.test( file ) &&
											! file.endsWith( '-rtl.css' )
									)
									.sort( ( a, b ) =>
										a.file.localeCompare( b.file )
									),
							} ) );
						compilation.emitAsset(
							'chunk-groups.json',
							new sources.RawSource(
								JSON.stringify( groups, null, '\t' ) + '\n'
							)
						);
					}
				);
			}
		);
	}
}

// The npm packages a chunk holds, so a shared chunk's number says what it is.
function packagesIn( compilation, chunk ) {
	const names = new Set();
	for ( const module of compilation.chunkGraph.getChunkModulesIterable(
		chunk
	) ) {
		for ( const inner of module.modules ?? [ module ] ) {
			const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(
				inner.resource ?? ''
			);
			if ( match ) {
				names.add( match[ 1 ].replace( '\\', '/' ) );
			}
		}
	}
	return [ ...names ].sort();
}

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
		statements: path.resolve(
			__dirname,
			'src/admin/statement-progress.ts'
		),
		// Only the "Manage my donation" page loads it (ManagePage enqueues it).
		manage: path.resolve( __dirname, 'src/manage/index.tsx' ),
		// The "Manage my donation" block in the editor only.
		'manage-editor': path.resolve( __dirname, 'src/manage/editor.tsx' ),
		// Only the Reports screen loads it (ReportsPage enqueues it), with the charting library.
		reports: path.resolve( __dirname, 'src/reports/index.tsx' ),
		// Only the Import donations screen loads it (Admin\HistoryImport\ImportPage enqueues it).
		'history-import': path.resolve(
			__dirname,
			'src/donors/import/index.tsx'
		),
	},
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'build' ),
	},
	plugins: [ ...defaultConfig.plugins, new ChunkGroupsManifest() ],
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
