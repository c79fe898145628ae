/**
 * What the fault matrix talks to: the two PHP servers (as the widget and the admin's browser
 * do), the provider stand-ins (their control API, and their browser-side endpoints with the
 * publishable key, as Stripe.js and the PayPal SDK do), and the site's command-line helpers
 * (tests/faults/site.php, tests/faults/call.php).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { issueToken } from '../../stand-ins/lib/recaptcha.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
export const FAULTS_DIR = path.resolve( HERE, '..' );
export const ROOT = path.resolve( FAULTS_DIR, '../..' );

export const SERVERS = ( process.env.DW_SERVERS ?? '' )
	.split( ',' )
	.filter( Boolean );
export const STAND_INS = process.env.DONATION_WIDGET_STAND_IN_URL ?? '';
export const STATE =
	process.env.DONATION_WIDGET_STATE_DIR ?? path.join( ROOT, '.wp-local' );
export const SITE = process.env.DONATION_WIDGET_SITE ?? 'matrix';
export const SECRET_KEY = 'sk_test_localStandIn';
export const PUBLISHABLE_KEY = 'pk_test_localStandIn';
export const WEBHOOK_SECRET = 'whsec_localStandIn';
export const PAYPAL_WEBHOOK_ID = 'WHMATRIX0000000001';
export const BROWSER_AGENT =
	'Mozilla/5.0 (X11; Linux x86_64) fault-matrix donor';

export const sleep = ( ms ) =>
	new Promise( ( resolve ) => setTimeout( resolve, ms ) );

export const uuid = () => randomUUID();

/**
 * A fresh reCAPTCHA token, as the widget fetches one for each call (the browser stand-in's
 * execute()): reCAPTCHA passes each once, within two minutes.
 */
export const captchaToken = () => issueToken();

/**
 * One HTTP request; never throws. The answer's status is 0 when none came.
 *
 * @param {string} url     URL.
 * @param {Object} options fetch options, and timeoutMs (how long the harness waits at most).
 * @return {Promise<{status: number, body: *, text: string, ms: number, headers: Headers|null, error?: string}>} The answer.
 */
export async function request( url, options = {} ) {
	const controller = new AbortController();
	// Generous: the harness never decides an answer is late; invariant 7 measures the plugin.
	const timer = setTimeout(
		() => controller.abort(),
		options.timeoutMs ?? 180000
	);
	const started = Date.now();
	let answer;
	try {
		const response = await fetch( url, {
			redirect: 'manual',
			...options,
			signal: controller.signal,
		} );
		const text = await response.text();
		let body = null;
		try {
			body = JSON.parse( text );
		} catch {
			body = null;
		}
		answer = {
			status: response.status,
			body,
			text,
			ms: Date.now() - started,
			headers: response.headers,
		};
	} catch ( error ) {
		answer = {
			status: 0,
			body: null,
			text: '',
			ms: Date.now() - started,
			headers: null,
			error: String( error?.cause?.code ?? error ),
		};
	}
	clearTimeout( timer );
	return answer;
}

/**
 * An admin-ajax call as the widget makes it: form-encoded POST, no nonce.
 *
 * @param {string} server  Base URL of one PHP server.
 * @param {Object} fields  POST fields (action included).
 * @param {Object} headers More headers (the write-refusal steer).
 */
export function ajax( server, fields, headers = {} ) {
	return request( `${ server }/wp-admin/admin-ajax.php`, {
		method: 'POST',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
			Accept: 'application/json',
			'User-Agent': BROWSER_AGENT,
			...headers,
		},
		body: new URLSearchParams( fields ).toString(),
	} );
}

/**
 * The stand-ins' control API (JSON).
 *
 * @param {string} method HTTP method.
 * @param {string} url    Path under /__control.
 * @param {*}      body   JSON body.
 */
export async function control( method, url, body ) {
	const answer = await request( `${ STAND_INS }/__control${ url }`, {
		method,
		headers:
			body === undefined ? {} : { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify( body ),
	} );
	if ( answer.status < 200 || answer.status > 299 ) {
		throw new Error(
			`${ method } /__control${ url } answered ${ answer.status }: ${ answer.text.slice( 0, 300 ) }`
		);
	}
	return answer.body;
}

/**
 * Stripe as the charity's own dashboard (secret key) or Stripe.js (publishable key) sees it.
 *
 * @param {string} method HTTP method.
 * @param {string} url    Path and query, such as /v1/payment_intents/search?query=….
 * @param {Object} params Form parameters (POST).
 * @param {string} key    The key.
 */
export async function stripe(
	method,
	url,
	params = undefined,
	key = SECRET_KEY
) {
	const answer = await request( `${ STAND_INS }/stripe${ url }`, {
		method,
		headers: {
			Authorization: `Bearer ${ key }`,
			...( params
				? { 'Content-Type': 'application/x-www-form-urlencoded' }
				: {} ),
		},
		body: params ? formEncode( params ) : undefined,
	} );
	if ( answer.status !== 200 ) {
		throw new Error(
			`Stripe stand-in ${ method } ${ url } answered ${ answer.status }: ${ answer.text.slice( 0, 300 ) }`
		);
	}
	return answer.body;
}

/**
 * Stripe's form encoding (bracket notation).
 *
 * @param {Object} params Parameters.
 * @param {string} prefix Key prefix.
 * @return {string} Encoded.
 */
export function formEncode( params, prefix = '' ) {
	const parts = [];
	for ( const [ key, value ] of Object.entries( params ) ) {
		if ( value === undefined ) {
			continue;
		}
		const name = prefix ? `${ prefix }[${ key }]` : key;
		if ( value !== null && typeof value === 'object' ) {
			parts.push( formEncode( value, name ) );
		} else {
			parts.push(
				`${ encodeURIComponent( name ) }=${ encodeURIComponent(
					String( value )
				) }`
			);
		}
	}
	return parts.filter( Boolean ).join( '&' );
}

/**
 * The PayPal SDK's own calls (it authorises with the client id, from the browser).
 *
 * @param {string} method HTTP method.
 * @param {string} url    Path.
 * @param {*}      body   JSON body.
 */
export async function paypalBrowser( method, url, body ) {
	const answer = await request( `${ STAND_INS }/paypal${ url }`, {
		method,
		headers: {
			'Content-Type': 'application/json',
			'X-Stand-In-Sdk-Client-Id': 'local-stand-in-client',
			Origin: SERVERS[ 0 ],
		},
		body: body === undefined ? undefined : JSON.stringify( body ),
	} );
	if ( answer.status < 200 || answer.status > 299 ) {
		throw new Error(
			`PayPal stand-in ${ method } ${ url } answered ${ answer.status }: ${ answer.text.slice( 0, 300 ) }`
		);
	}
	return answer.body;
}

/**
 * Runs a PHP script of this folder on the matrix site; resolves with its JSON answer.
 *
 * @param {string}   script File name (site.php).
 * @param {string[]} args   Arguments.
 * @param {Object}   env    More environment.
 */
export function php( script, args = [], env = {} ) {
	return new Promise( ( resolve, reject ) => {
		const child = spawn(
			'php',
			[ path.join( FAULTS_DIR, script ), ...args ],
			{
				cwd: ROOT,
				env: {
					...process.env,
					DONATION_WIDGET_SITE: SITE,
					DONATION_WIDGET_STATE_DIR: STATE,
					...env,
				},
			}
		);
		let out = '';
		let err = '';
		child.stdout.on( 'data', ( chunk ) => ( out += chunk ) );
		child.stderr.on( 'data', ( chunk ) => ( err += chunk ) );
		child.on( 'close', ( code ) => {
			if ( code !== 0 ) {
				reject(
					new Error(
						`php ${ script } ${ args.join( ' ' ) } failed (${ code }): ${ err }${ out }`
					)
				);
				return;
			}
			try {
				resolve( JSON.parse( out.trim().split( '\n' ).pop() ) );
			} catch {
				reject(
					new Error( `php ${ script }: not JSON: ${ out }${ err }` )
				);
			}
		} );
	} );
}

/**
 * A call handled by a PHP process of its own (call.php), which the caller may kill.
 *
 * @param {Object} call What to dispatch: { kind: 'ajax'|'rest'|'admin-post', fields, headers, route, body, user }.
 * @return {{child: import('node:child_process').ChildProcess, answer: Promise<Object>}} The process and its answer.
 */
export function phpCall( call ) {
	const started = Date.now();
	const child = spawn( 'php', [ path.join( FAULTS_DIR, 'call.php' ) ], {
		cwd: ROOT,
		env: {
			...process.env,
			DONATION_WIDGET_SITE: SITE,
			DONATION_WIDGET_STATE_DIR: STATE,
			DW_CALL: JSON.stringify( call ),
		},
	} );
	let out = '';
	let err = '';
	child.stdout.on( 'data', ( chunk ) => ( out += chunk ) );
	child.stderr.on( 'data', ( chunk ) => ( err += chunk ) );
	const answer = new Promise( ( resolve ) => {
		child.on( 'close', ( code, signal ) => {
			let printed = null;
			try {
				printed = JSON.parse( out.trim().split( '\n' ).pop() );
			} catch {
				printed = null;
			}
			resolve( {
				status: signal || ! printed ? 0 : Number( printed.__status ),
				body: printed?.__body ?? null,
				location: printed?.__location ?? '',
				text: printed?.__text ?? out,
				stderr: err,
				signal,
				ms: Date.now() - started,
				error: signal ? `killed (${ signal })` : undefined,
			} );
		} );
	} );
	return { child, answer };
}

/**
 * The widget's formData (docs/widget-contract.md#34-formdata-sent-to-the-server).
 *
 * @param {string} email     The donor's email.
 * @param {string} frequency Oneoff or 4weekly.
 * @param {string} total     Dollars.
 */
export function formData( email, frequency = 'Oneoff', total = '25' ) {
	return JSON.stringify( {
		email,
		firstName: 'Jane',
		lastName: 'Citizen',
		mobile: '0412345678',
		address: {
			addressLine1: '1 Example St',
			addressLine2: '',
			city: 'Sydney',
			state: 'NSW',
			postalCode: '2000',
			country: 'Australia',
		},
		totalAmount: total,
		currency: 'AUD',
		frequency,
		utm_campaign: '',
		utm_source: '',
		utm_medium: '',
		utm_content: '',
		utm_term: '',
		inMemoryOf: '',
		organisationName: '',
		iteration_id: '',
	} );
}

/**
 * The admin, signed in through wp-login.php, reading the site's screens.
 */
export class Admin {
	constructor( server ) {
		this.server = server;
		this.cookies = new Map();
	}

	cookieHeader() {
		return [ ...this.cookies ]
			.map( ( [ k, v ] ) => `${ k }=${ v }` )
			.join( '; ' );
	}

	keep( headers ) {
		for ( const line of headers?.getSetCookie?.() ?? [] ) {
			const [ pair ] = line.split( ';' );
			const at = pair.indexOf( '=' );
			const name = pair.slice( 0, at ).trim();
			const value = pair.slice( at + 1 ).trim();
			if ( value === 'deleted' || value === '' ) {
				this.cookies.delete( name );
			} else {
				this.cookies.set( name, value );
			}
		}
	}

	async signIn() {
		this.cookies.set( 'wordpress_test_cookie', 'WP%20Cookie%20check' );
		const answer = await request( `${ this.server }/wp-login.php`, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Cookie: this.cookieHeader(),
			},
			body: new URLSearchParams( {
				log: 'admin',
				pwd: 'password',
				'wp-submit': 'Log In',
				testcookie: '1',
				redirect_to: `${ this.server }/wp-admin/`,
			} ).toString(),
		} );
		this.keep( answer.headers );
		if ( answer.status !== 302 ) {
			throw new Error(
				`The admin could not sign in: HTTP ${ answer.status }`
			);
		}
	}

	/**
	 * A wp-admin page (GET) or form post; redirects are not followed, so the caller sees them.
	 *
	 * @param {string} url     Path under the site.
	 * @param {Object} options fetch options.
	 */
	async fetch( url, options = {} ) {
		const answer = await request( `${ this.server }${ url }`, {
			...options,
			headers: {
				...( options.headers ?? {} ),
				Cookie: this.cookieHeader(),
			},
		} );
		this.keep( answer.headers );
		return answer;
	}

	/**
	 * The text of a donation's admin screen, tags and entities undone.
	 *
	 * @param {number} id Donation row id.
	 */
	async donationScreen( id ) {
		const answer = await this.fetch(
			`/wp-admin/admin.php?page=donation-widget-donations&donation=${ id }`
		);
		if ( answer.status !== 200 ) {
			throw new Error(
				`The donation screen of #${ id } answered ${ answer.status }`
			);
		}
		return visibleText( answer.text );
	}
}

/**
 * What a page shows: its text without tags, scripts or entities.
 *
 * @param {string} html The page.
 */
export function visibleText( html ) {
	return html
		.replace( /<script[\s\S]*?<\/script>/gi, ' ' )
		.replace( /<style[\s\S]*?<\/style>/gi, ' ' )
		.replace( /<[^>]+>/g, ' ' )
		.replace( /&#0?39;|&#x27;|&apos;/g, "'" )
		.replace( /&quot;|&#0?34;/g, '"' )
		.replace( /&#8217;/g, '’' )
		.replace( /&lt;/g, '<' )
		.replace( /&gt;/g, '>' )
		.replace( /&nbsp;/g, ' ' )
		.replace( /&amp;/g, '&' )
		.replace( /\s+/g, ' ' );
}
