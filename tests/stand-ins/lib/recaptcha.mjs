/**
 * Google reCAPTCHA siteverify stand-in (https://www.google.com replaced by
 * {server}/recaptcha).
 *
 * Google ("Verifying the user's response", Token Restrictions): a response token is valid for two
 * minutes and can be verified only once; a token too old or used before answers
 * `timeout-or-duplicate`, one reCAPTCHA never issued `invalid-input-response`.
 *
 * Tokens the stand-ins issue (the browser stand-in's execute / checkbox, issueToken() here, the
 * PHP tests' helper) read "stand-in-captcha-ok.<issued at, ms since the epoch>.<nonce>": unique,
 * and carrying their age. Each passes once, within two minutes of its issue time; a second verify
 * of the same string, from any caller, answers timeout-or-duplicate.
 * Special tokens: "stand-in-captcha-fail" → invalid-input-response, "stand-in-captcha-expired" →
 * timeout-or-duplicate, every time. Anything else → invalid-input-response (not a token
 * reCAPTCHA issued). Secret "invalid-secret" (or anything starting with "invalid") →
 * invalid-input-secret; the token is then not looked at, so it is not spent.
 */
import { randomBytes } from 'node:crypto';
import { isoSeconds, HttpAnswer } from './util.mjs';

export const FAILING_TOKEN = 'stand-in-captcha-fail';
export const EXPIRED_TOKEN = 'stand-in-captcha-expired';
/** The prefix of every token the stand-ins issue. */
export const ISSUED_PREFIX = 'stand-in-captcha-ok';
/** Google: "Each reCAPTCHA user response token is valid for two minutes". */
export const TOKEN_LIFETIME_MS = 2 * 60 * 1000;
/** Clocks of the browser, PHP and Node on one machine may differ a little, never by this much. */
const FUTURE_GRACE_MS = 5000;

const ISSUED_PATTERN = new RegExp(
	`^${ ISSUED_PREFIX.replace( /-/g, '\\-' ) }\\.(\\d{13})\\.([0-9a-f]{16,64})$`
);

/**
 * A fresh token, as the browser stand-in issues one (its format is documented above).
 *
 * @param {number} issuedAtMs When it was issued, ms since the epoch (default now).
 * @return {string} Token.
 */
export function issueToken( issuedAtMs = Date.now() ) {
	return `${ ISSUED_PREFIX }.${ Math.floor( issuedAtMs ) }.${ randomBytes(
		16
	).toString( 'hex' ) }`;
}

/**
 * When a token the stand-ins issued was issued, or null for any other string.
 *
 * @param {string} token Token.
 * @return {number|null} Ms since the epoch.
 */
export function issuedAt( token ) {
	const match = ISSUED_PATTERN.exec( String( token ) );
	return match ? Number( match[ 1 ] ) : null;
}

export class RecaptchaStandIn {
	/**
	 * Tokens verified once (token → issue time). Not emptied by reset: Google does not forget a
	 * token it verified because a test starts over. Pruned once they are too old to pass anyway.
	 */
	spent = new Map();

	reset() {}

	scenarioAnswer( scenario ) {
		return this.statusAnswer( scenario === 'rate_limited' ? 429 : 500 );
	}

	/**
	 * An error answer with a server-side status (the generic scenarios and the status fault).
	 *
	 * @param {number} status 429, 500, 502, 503 or 504.
	 * @return {HttpAnswer} Answer.
	 */
	statusAnswer( status ) {
		return new HttpAnswer( status, {
			success: false,
			'error-codes': [
				status === 429 ? 'rate-limited' : 'internal-error',
			],
		} );
	}

	/**
	 * Google's judgement of a token, spending it when it passes.
	 *
	 * @param {string} token The response parameter.
	 * @param {number} now   Ms since the epoch.
	 * @return {{ code: string|null, issued: number|null }} code null when it passes.
	 */
	judge( token, now = Date.now() ) {
		if ( token === EXPIRED_TOKEN ) {
			return { code: 'timeout-or-duplicate', issued: null };
		}
		const issued = issuedAt( token );
		if ( issued === null || issued > now + FUTURE_GRACE_MS ) {
			return { code: 'invalid-input-response', issued: null };
		}
		this.prune( now );
		if ( this.spent.has( token ) || now - issued > TOKEN_LIFETIME_MS ) {
			return { code: 'timeout-or-duplicate', issued };
		}
		this.spent.set( token, issued );
		return { code: null, issued };
	}

	/**
	 * Forgets spent tokens that are too old to pass anyway.
	 *
	 * @param {number} now Ms since the epoch.
	 */
	prune( now ) {
		for ( const [ token, issued ] of this.spent ) {
			if ( now - issued > TOKEN_LIFETIME_MS + FUTURE_GRACE_MS ) {
				this.spent.delete( token );
			}
		}
	}

	handle( ctx ) {
		if ( ctx.path !== '/recaptcha/api/siteverify' ) {
			return {
				status: 404,
				headers: { 'Content-Type': 'text/html; charset=UTF-8' },
				body: '<!DOCTYPE html><title>Error 404 (Not Found)</title><p>The requested URL was not found on this server.</p>',
			};
		}
		if ( ctx.method !== 'POST' && ctx.method !== 'GET' ) {
			return {
				status: 405,
				headers: { 'Content-Type': 'text/html; charset=UTF-8' },
				body: '<!DOCTYPE html><title>Error 405 (Method Not Allowed)</title>',
			};
		}
		// Google reads the parameters from the form body or the query string.
		const params = {
			...( ctx.query || {} ),
			...( ctx.body && typeof ctx.body === 'object' ? ctx.body : {} ),
		};
		const answer = ( body ) => ( { status: 200, headers: {}, body } );
		const codes = [];
		if ( ! params.secret ) {
			codes.push( 'missing-input-secret' );
		} else if ( /^invalid/i.test( String( params.secret ) ) ) {
			codes.push( 'invalid-input-secret' );
		}
		if ( ! params.response ) {
			codes.push( 'missing-input-response' );
		}
		if ( codes.length ) {
			return answer( { success: false, 'error-codes': codes } );
		}
		const forced = ctx.take( [ 'captcha_failed' ] );
		if ( forced || params.response === FAILING_TOKEN ) {
			return answer( {
				success: false,
				'error-codes': [ 'invalid-input-response' ],
			} );
		}
		const { code, issued } = this.judge( String( params.response ) );
		if ( code ) {
			return answer( { success: false, 'error-codes': [ code ] } );
		}
		return answer( {
			success: true,
			// "timestamp of the challenge load": when the token was issued.
			challenge_ts: isoSeconds( new Date( issued ) ),
			hostname: 'localhost',
		} );
	}
}
