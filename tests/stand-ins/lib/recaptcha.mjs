/**
 * Google reCAPTCHA siteverify stand-in (https://www.google.com replaced by
 * {server}/recaptcha).
 *
 * Tokens: "stand-in-captcha-fail" → invalid-input-response,
 * "stand-in-captcha-expired" → timeout-or-duplicate, anything else succeeds.
 * Secret "invalid-secret" (or anything starting with "invalid") → invalid-input-secret.
 */
import { isoSeconds, HttpAnswer } from './util.mjs';

export const FAILING_TOKEN = 'stand-in-captcha-fail';
export const EXPIRED_TOKEN = 'stand-in-captcha-expired';

export class RecaptchaStandIn {
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
		if ( params.response === EXPIRED_TOKEN ) {
			return answer( {
				success: false,
				'error-codes': [ 'timeout-or-duplicate' ],
			} );
		}
		return answer( {
			success: true,
			challenge_ts: isoSeconds(),
			hostname: 'localhost',
		} );
	}
}
