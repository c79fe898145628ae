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
	// The architecture, checked: payment methods, address lookup and the
	// update-card widget are used by the donation widget and must not depend
	// on it. What they share with it lives in src/shared (or src/payments).
	{
		files: [ 'src/**/*.{js,jsx,ts,tsx}' ],
		rules: {
			'import/no-restricted-paths': [
				'error',
				{
					basePath: __dirname,
					zones: [
						'src/payments',
						'src/address-lookup',
						'src/card-update',
					].map( ( target ) => ( {
						target: `./${ target }`,
						from: './src/donation',
						message: `${ target } must not import the donation widget; move what both need to src/shared.`,
					} ) ),
				},
			],
		},
	},
];
