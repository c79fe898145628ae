/**
 * Google reCAPTCHA stand-in (api.js): v2 explicit rendering, invisible and
 * checkbox widgets, plus execute( siteKey, { action } ) for v3-style calls.
 *
 * Honours ?onload=fnName&render=explicit in its own URL. Every execute (and
 * every tick of a checkbox) issues a new token, as Google's does:
 * "stand-in-captcha-ok.<issued at, ms>.<nonce>", which the siteverify stand-in
 * accepts once, within two minutes (lib/recaptcha.mjs). A test may set
 * window.__standInCaptchaToken to hand out that string instead (such as
 * "stand-in-captcha-fail" to make siteverify fail).
 *
 * Test hooks: window.__standInCaptchaError = true makes execute() call the
 * error-callback; grecaptcha.__expire( id ) calls the expired-callback.
 */
( function () {
	'use strict';

	/**
	 * Query parameters of this script's URL. A second "?" counts as "&": loaders
	 * such as @paypal/paypal-js append "?client-id=..." to a base URL that may
	 * already carry "?api=...".
	 *
	 * @param {URL|null} url Script URL.
	 * @return {URLSearchParams} Parameters.
	 */
	function scriptParams( url ) {
		if ( ! url ) {
			return new URLSearchParams();
		}
		const text = url.href.split( '#' )[ 0 ];
		const start = text.indexOf( '?' );
		return new URLSearchParams(
			start === -1 ? '' : text.slice( start + 1 ).replace( /\?/g, '&' )
		);
	}

	if ( window.grecaptcha && window.grecaptcha.__standIn ) {
		return;
	}

	const currentScript = document.currentScript;
	const scriptUrl =
		currentScript && currentScript.src
			? new URL( currentScript.src, window.location.href )
			: null;
	const query = scriptParams( scriptUrl );
	const onloadName = query.get( 'onload' );
	const renderMode = query.get( 'render' ) || 'onload';

	const widgets = [];

	const nonce = () =>
		Array.from( window.crypto.getRandomValues( new Uint8Array( 16 ) ) )
			.map( ( byte ) => byte.toString( 16 ).padStart( 2, '0' ) )
			.join( '' );

	const token = () =>
		window.__standInCaptchaToken ||
		'stand-in-captcha-ok.' + Date.now() + '.' + nonce();

	const callbackOf = ( value ) => {
		if ( typeof value === 'function' ) {
			return value;
		}
		if (
			typeof value === 'string' &&
			typeof window[ value ] === 'function'
		) {
			return window[ value ];
		}
		return null;
	};

	const later = ( fn ) => window.setTimeout( fn, 0 );

	function widgetOf( id ) {
		const widget =
			widgets[ id === undefined || id === null ? 0 : Number( id ) ];
		if ( ! widget ) {
			throw new Error( 'Invalid reCAPTCHA client id: ' + id );
		}
		return widget;
	}

	function render( container, parameters ) {
		const node =
			typeof container === 'string'
				? document.getElementById( container )
				: container;
		if ( ! node || ! node.appendChild ) {
			throw new Error(
				'reCAPTCHA placeholder element must be an element or id'
			);
		}
		const params = Object.assign( {}, parameters || {} );
		[
			'sitekey',
			'size',
			'callback',
			'expired-callback',
			'error-callback',
			'badge',
			'theme',
			'tabindex',
		].forEach( ( name ) => {
			const attribute = node.getAttribute( 'data-' + name );
			if ( params[ name ] === undefined && attribute !== null ) {
				params[ name ] = attribute;
			}
		} );
		if ( ! params.sitekey ) {
			throw new Error( 'Missing required parameters: sitekey' );
		}
		if ( node.getAttribute( 'data-stand-in-widget' ) !== null ) {
			throw new Error(
				'reCAPTCHA has already been rendered in this element'
			);
		}
		const id = widgets.length;
		const widget = { id, node, params, response: '' };
		widgets.push( widget );
		node.setAttribute( 'data-stand-in-widget', String( id ) );

		const holder = document.createElement( 'div' );
		holder.setAttribute( 'data-stand-in', 'recaptcha' );
		const textarea = document.createElement( 'textarea' );
		textarea.id =
			id === 0 ? 'g-recaptcha-response' : 'g-recaptcha-response-' + id;
		textarea.name = 'g-recaptcha-response';
		textarea.className = 'g-recaptcha-response';
		textarea.setAttribute( 'aria-hidden', 'true' );
		textarea.tabIndex = -1;
		textarea.style.display = 'none';
		widget.textarea = textarea;

		if ( params.size === 'invisible' ) {
			const badge = document.createElement( 'div' );
			badge.className = 'grecaptcha-badge';
			badge.setAttribute( 'data-style', params.badge || 'bottomright' );
			badge.textContent = 'protected by reCAPTCHA';
			badge.style.cssText =
				params.badge === 'inline'
					? 'display:inline-block;font:11px sans-serif;padding:4px 8px;border:1px solid #ccc;border-radius:2px;background:#f9f9f9;color:#555;'
					: 'position:fixed;bottom:14px;' +
						( params.badge === 'bottomleft' ? 'left' : 'right' ) +
						':14px;font:11px sans-serif;padding:4px 8px;border:1px solid #ccc;border-radius:2px;background:#f9f9f9;color:#555;z-index:1000;';
			holder.appendChild( badge );
		} else {
			const label = document.createElement( 'label' );
			label.style.cssText =
				'display:inline-flex;gap:8px;align-items:center;padding:12px;border:1px solid #d3d3d3;border-radius:3px;background:#f9f9f9;font:14px sans-serif;';
			const checkbox = document.createElement( 'input' );
			checkbox.type = 'checkbox';
			checkbox.addEventListener( 'change', () => {
				if ( checkbox.checked ) {
					complete( widget );
				} else {
					widget.response = '';
					textarea.value = '';
				}
			} );
			widget.checkbox = checkbox;
			label.append( checkbox, "I'm not a robot" );
			const small = document.createElement( 'span' );
			small.textContent = 'protected by reCAPTCHA';
			small.style.cssText = 'font-size:10px;color:#555;';
			label.appendChild( small );
			holder.appendChild( label );
		}
		holder.appendChild( textarea );
		node.appendChild( holder );
		return id;
	}

	function complete( widget ) {
		const value = token();
		widget.response = value;
		widget.textarea.value = value;
		const callback = callbackOf( widget.params.callback );
		if ( callback ) {
			later( () => callback( value ) );
		}
		return value;
	}

	function execute( idOrSiteKey, options ) {
		if (
			typeof idOrSiteKey === 'string' &&
			! /^\d+$/.test( idOrSiteKey )
		) {
			// v3 / enterprise style: execute( siteKey, { action } ) → Promise<token>.
			void options;
			return Promise.resolve( token() );
		}
		const widget = widgetOf( idOrSiteKey );
		if ( window.__standInCaptchaError ) {
			const onError = callbackOf( widget.params[ 'error-callback' ] );
			if ( onError ) {
				later( () => onError() );
			}
			return Promise.resolve( '' );
		}
		if ( widget.checkbox ) {
			widget.checkbox.checked = true;
		}
		return Promise.resolve( complete( widget ) );
	}

	const grecaptcha = {
		ready( callback ) {
			later( callback );
		},
		render,
		execute,
		getResponse( id ) {
			return widgetOf( id ).response;
		},
		reset( id ) {
			const widget = widgetOf( id );
			widget.response = '';
			widget.textarea.value = '';
			if ( widget.checkbox ) {
				widget.checkbox.checked = false;
			}
		},
		__expire( id ) {
			const widget = widgetOf( id );
			widget.response = '';
			widget.textarea.value = '';
			const onExpired = callbackOf( widget.params[ 'expired-callback' ] );
			if ( onExpired ) {
				later( () => onExpired() );
			}
		},
		__widgets: widgets,
		__standIn: true,
	};
	grecaptcha.enterprise = grecaptcha;
	window.grecaptcha = grecaptcha;

	function autoRender() {
		if ( renderMode !== 'onload' ) {
			return;
		}
		document.querySelectorAll( '.g-recaptcha' ).forEach( ( node ) => {
			if ( node.getAttribute( 'data-stand-in-widget' ) === null ) {
				try {
					render( node, {} );
				} catch ( error ) {
					// eslint-disable-next-line no-console
					console.error( error );
				}
			}
		} );
	}

	later( () => {
		autoRender();
		if ( onloadName && typeof window[ onloadName ] === 'function' ) {
			window[ onloadName ]();
		}
	} );
} )();
