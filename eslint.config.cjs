// wp-scripts' ESLint configuration, minus what is not ours to lint: the local WordPress,
// Composer's and npm's folders, and build output.
const wordpressConfig = require( '@wordpress/scripts/config/eslint.config.cjs' );

/**
 * Zones that keep src/donation out of the domains it uses.
 * @param {string[]} except Files of src/donation that may still be imported.
 */
const donationZones = ( except ) =>
	[ 'src/payments', 'src/address-lookup', 'src/card-update' ].map(
		( target ) => ( {
			target: `./${ target }`,
			from: './src/donation',
			except,
			message: `${ target } must not import the donation widget; move what both need to src/shared.`,
		} )
	);

const GATEWAYS = [ 'src/payments/stripe', 'src/payments/paypal' ];

/**
 * Zones that keep each browser gateway in its own folder: the donation widget,
 * the shared code and the entry reach gateways only through the registry
 * (src/payments/methods.ts, registry.ts, redirect-returns.ts), and no gateway
 * imports another. (The update-card widget may use the card provider's fields.)
 */
const gatewayZones = () => [
	...[ 'src/donation', 'src/shared', 'src/view.tsx' ].flatMap( ( target ) =>
		GATEWAYS.map( ( from ) => ( {
			target: `./${ target }`,
			from: `./${ from }`,
			message: `${ target } reaches payment gateways only through src/payments' registry (methods.ts).`,
		} ) )
	),
	...GATEWAYS.flatMap( ( target ) =>
		GATEWAYS.filter( ( from ) => from !== target ).map( ( from ) => ( {
			target: `./${ target }`,
			from: `./${ from }`,
			message: 'A payment gateway never imports another one.',
		} ) )
	),
];

module.exports = [
	{
		ignores: [
			'.wp-local/**',
			// bin/plugin-check.sh's tools (Plugin Check, PHPCS, WPCS 3), assembled locally.
			'.plugin-check/**',
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
					zones: [ ...donationZones( [] ), ...gatewayZones() ],
				},
			],
		},
	},
	// A method's tests may render the whole donation widget, through its
	// entry only, to check the method end to end; never its internals.
	{
		files: [ 'src/**/__tests__/**/*.{js,jsx,ts,tsx}' ],
		rules: {
			'import/no-restricted-paths': [
				'error',
				{
					basePath: __dirname,
					zones: donationZones( [ './DonationWidget.tsx' ] ),
				},
			],
		},
	},
];
