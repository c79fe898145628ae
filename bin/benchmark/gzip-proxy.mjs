/**
 * A local front for the demo/test site that compresses text with gzip, as real hosts do: PHP's
 * built-in server (bin/lib/env.sh) sends every page, script and stylesheet uncompressed, which
 * makes a page's own files cost a phone on slow 4G three to four times what they would online.
 *
 * The site's addresses are absolute (WP_HOME is http://127.0.0.1:<port>), so text answers are
 * rewritten to point at the proxy; otherwise the browser would fetch the files from the site
 * directly, uncompressed. Fonts and images pass through as they are (hosts do not gzip them).
 * Measurement only: nothing here runs on a real site.
 */
import http from 'node:http';
import zlib from 'node:zlib';

const COMPRESSIBLE =
	/^(text\/|application\/(javascript|json|xml|rss\+xml|rsd\+xml|json\+oembed|xml\+oembed)|image\/svg\+xml)/;

/**
 * Starts the proxy on a free local port.
 *
 * @param {string} site Site address, e.g. http://127.0.0.1:8900.
 * @return {Promise<{url: string, close: () => Promise<void>}>} The proxy's address, and a way to stop it.
 */
export async function startGzipProxy( site ) {
	const target = new URL( site );
	const agent = new http.Agent( { keepAlive: true, maxSockets: 8 } );
	const server = http.createServer();
	await new Promise( ( resolve ) =>
		server.listen( 0, '127.0.0.1', resolve )
	);
	const proxyHost = `127.0.0.1:${ server.address().port }`;
	// Plain, JSON-escaped (the slash is what differs) and URL-encoded forms all contain one of these.
	const rewrite = ( text ) =>
		text
			.replaceAll( target.host, proxyHost )
			.replaceAll(
				encodeURIComponent( target.host ),
				encodeURIComponent( proxyHost )
			);

	server.on( 'request', ( request, response ) => {
		const headers = { ...request.headers, host: target.host };
		delete headers[ 'accept-encoding' ];
		if ( headers.referer ) {
			headers.referer = headers.referer.replace( proxyHost, target.host );
		}
		if ( headers.origin ) {
			headers.origin = headers.origin.replace( proxyHost, target.host );
		}
		const upstream = http.request(
			{
				host: target.hostname,
				port: target.port,
				method: request.method,
				path: request.url,
				headers,
				agent,
			},
			( answer ) => {
				const out = { ...answer.headers };
				delete out[ 'content-length' ];
				delete out[ 'transfer-encoding' ];
				delete out.connection;
				delete out[ 'keep-alive' ];
				if ( out.location ) {
					out.location = rewrite( out.location );
				}
				const type = String( answer.headers[ 'content-type' ] ?? '' );
				if ( ! COMPRESSIBLE.test( type ) ) {
					response.writeHead( answer.statusCode, out );
					answer.pipe( response );
					return;
				}
				const chunks = [];
				answer.on( 'data', ( chunk ) => chunks.push( chunk ) );
				answer.on( 'end', () => {
					let body = Buffer.from(
						rewrite( Buffer.concat( chunks ).toString( 'utf8' ) )
					);
					if (
						/\bgzip\b/.test(
							String( request.headers[ 'accept-encoding' ] ?? '' )
						) &&
						body.length > 0
					) {
						// Level 6: what nginx's and Apache's gzip setups commonly use.
						body = zlib.gzipSync( body, { level: 6 } );
						out[ 'content-encoding' ] = 'gzip';
						out.vary = 'Accept-Encoding';
					}
					out[ 'content-length' ] = body.length;
					response.writeHead( answer.statusCode, out );
					response.end( body );
				} );
			}
		);
		upstream.on( 'error', ( error ) => {
			response.writeHead( 502, { 'content-type': 'text/plain' } );
			response.end( `gzip proxy: ${ error.message }` );
		} );
		request.pipe( upstream );
	} );

	return {
		url: `http://${ proxyHost }`,
		close: () =>
			new Promise( ( resolve ) => {
				agent.destroy();
				server.closeAllConnections();
				server.close( () => resolve() );
			} ),
	};
}
