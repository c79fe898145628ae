// wp-scripts' ESLint configuration, minus what is not ours to lint: the local WordPress,
// Composer's and npm's folders, and build output.
const wordpressConfig = require( '@wordpress/scripts/config/eslint.config.cjs' );

module.exports = [
	{
		ignores: [
			'.wp-local/**',
			'build/**',
			'dist/**',
			'vendor/**',
			'node_modules/**',
			'tests/e2e/.results/**',
		],
	},
	...wordpressConfig,
];
