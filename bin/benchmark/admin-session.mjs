/**
 * The admin session the admin screen benchmarks (admin.mjs, reports.mjs) time their pages in.
 */

/**
 * Logs in and answers the cookies of the session.
 *
 * @param {string} site Site URL.
 * @return {Promise<string>} Cookie header.
 */
export async function logIn( site ) {
	const jar = new Map( [
		[ 'wordpress_test_cookie', 'WP%20Cookie%20check' ],
	] );
	const cookie = () =>
		[ ...jar ]
			.map( ( [ name, value ] ) => `${ name }=${ value }` )
			.join( '; ' );
	const response = await fetch( `${ site }/wp-login.php`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			cookie: cookie(),
		},
		body: new URLSearchParams( {
			log: 'admin',
			pwd: 'password',
			'wp-submit': 'Log In',
			redirect_to: `${ site }/wp-admin/`,
			testcookie: '1',
		} ),
	} );
	for ( const line of response.headers.getSetCookie() ) {
		const [ pair ] = line.split( ';' );
		const at = pair.indexOf( '=' );
		jar.set( pair.slice( 0, at ), pair.slice( at + 1 ) );
	}
	if (
		! [ ...jar.keys() ].some( ( name ) =>
			name.startsWith( 'wordpress_logged_in' )
		)
	) {
		throw new Error(
			`Could not log in to ${ site } as admin (HTTP ${ response.status }).`
		);
	}
	return cookie();
}
