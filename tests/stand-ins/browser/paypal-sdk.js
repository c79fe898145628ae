/**
 * PayPal JS SDK v5 stand-in: the subset @paypal/react-paypal-js 10.5.2 uses
 * (paypal.Buttons, paypal.version, paypal.FUNDING), talking to the stand-in server.
 *
 * The server base comes from this script's own URL (?api=http://127.0.0.1:8899/paypal),
 * else window.__standInApi.paypal, else https://api-m.sandbox.paypal.com (which
 * Playwright routes to the stand-in server in tests). The global is window.paypal,
 * or the name in the script's data-namespace attribute.
 *
 * Clicking the "PayPal" button creates the order (options.createOrder with
 * actions.order.create), then shows a "PayPal checkout" dialog with
 * "Approve payment" and "Cancel payment". Approving calls options.onApprove with
 * actions.order.capture(); cancelling calls options.onCancel; failures call options.onError.
 *
 * Test hook: window.__standInPayPalDecision = 'approve' | 'cancel' skips the dialog.
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

	const currentScript = document.currentScript;
	const scriptUrl =
		currentScript && currentScript.src
			? new URL( currentScript.src, window.location.href )
			: null;
	const namespace =
		( currentScript && currentScript.getAttribute( 'data-namespace' ) ) ||
		'paypal';
	if ( window[ namespace ] && window[ namespace ].__standIn ) {
		return;
	}
	const presetApi =
		( window.__standInApi && window.__standInApi.paypal ) || null;
	const API = (
		scriptParams( scriptUrl ).get( 'api' ) ||
		presetApi ||
		'https://api-m.sandbox.paypal.com'
	).replace( /\/$/, '' );
	const query = scriptParams( scriptUrl );
	const CLIENT_ID = query.get( 'client-id' ) || 'stand-in-client-id';
	const CURRENCY = ( query.get( 'currency' ) || 'USD' ).toUpperCase();
	const INTENT = ( query.get( 'intent' ) || 'capture' ).toUpperCase();

	const FUNDING = {
		PAYPAL: 'paypal',
		VENMO: 'venmo',
		APPLEPAY: 'applepay',
		ITAU: 'itau',
		CREDIT: 'credit',
		PAYLATER: 'paylater',
		CARD: 'card',
		IDEAL: 'ideal',
		SEPA: 'sepa',
		BANCONTACT: 'bancontact',
		GIROPAY: 'giropay',
		SOFORT: 'sofort',
		EPS: 'eps',
		MYBANK: 'mybank',
		P24: 'p24',
		PAYU: 'payu',
		BLIK: 'blik',
		TRUSTLY: 'trustly',
		OXXO: 'oxxo',
		BOLETO: 'boleto',
		BOLETOBANCARIO: 'boletobancario',
		WECHATPAY: 'wechatpay',
		MERCADOPAGO: 'mercadopago',
		MULTIBANCO: 'multibanco',
		SATISPAY: 'satispay',
		PAIDY: 'paidy',
		ZIMPLER: 'zimpler',
		MAXIMA: 'maxima',
	};
	const ELIGIBLE = [ 'paypal', 'card', 'credit', 'paylater' ];

	/**
	 * JSON request to the stand-in PayPal API, as the SDK does with the client id.
	 *
	 * @param {string} method HTTP method.
	 * @param {string} path   API path.
	 * @param {Object} body   JSON body.
	 * @return {Promise<Object>} Parsed JSON; throws on network or HTTP errors.
	 */
	async function call( method, path, body ) {
		let response;
		try {
			response = await window.fetch( API + path, {
				method,
				headers: {
					'Content-Type': 'application/json',
					'X-Stand-In-Sdk-Client-Id': CLIENT_ID,
				},
				body: body === undefined ? undefined : JSON.stringify( body ),
			} );
		} catch ( error ) {
			const wrapped = new Error(
				'PayPal stand-in: network error calling ' +
					path +
					': ' +
					error.message
			);
			wrapped.cause = error;
			throw wrapped;
		}
		let json = null;
		try {
			json = await response.json();
		} catch {
			json = null;
		}
		if ( ! response.ok ) {
			const issue =
				json && json.details && json.details[ 0 ]
					? json.details[ 0 ].issue
					: '';
			const error = new Error(
				'Api: ' +
					path +
					' returned status code: ' +
					response.status +
					( json && json.name
						? ' (' + json.name + ( issue ? ': ' + issue : '' ) + ')'
						: '' )
			);
			error.status = response.status;
			error.details = json;
			throw error;
		}
		return json;
	}

	function resolveContainer( container ) {
		const node =
			typeof container === 'string'
				? document.querySelector( container )
				: container;
		if ( ! node || ! node.appendChild ) {
			throw new Error(
				'Document is ready and element ' +
					String( container ) +
					' does not exist'
			);
		}
		return node;
	}

	/**
	 * The buyer's pop-up, as an accessible dialog.
	 *
	 * @param {string} orderId Order id.
	 * @return {Promise<string>} 'approve' or 'cancel'.
	 */
	function checkoutDialog( orderId ) {
		const decision = window.__standInPayPalDecision;
		if ( decision === 'approve' || decision === 'cancel' ) {
			return Promise.resolve( decision );
		}
		return new Promise( ( resolve ) => {
			const overlay = document.createElement( 'div' );
			const previousFocus = overlay.ownerDocument.activeElement;
			overlay.setAttribute( 'data-stand-in', 'paypal-checkout' );
			overlay.style.cssText =
				'position:fixed;inset:0;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;z-index:2147483647;';
			const dialog = document.createElement( 'div' );
			dialog.setAttribute( 'role', 'dialog' );
			dialog.setAttribute( 'aria-modal', 'true' );
			dialog.setAttribute( 'aria-label', 'PayPal checkout' );
			dialog.style.cssText =
				'background:#fff;color:#111;padding:24px;border-radius:8px;max-width:380px;font:16px/1.4 sans-serif;';
			const heading = document.createElement( 'h2' );
			heading.textContent = 'PayPal checkout';
			heading.style.cssText = 'margin:0 0 8px;font-size:20px;';
			const text = document.createElement( 'p' );
			text.textContent =
				'Test mode stand-in for the PayPal window. Order ' +
				orderId +
				'.';
			const approve = document.createElement( 'button' );
			approve.type = 'button';
			approve.textContent = 'Approve payment';
			const cancel = document.createElement( 'button' );
			cancel.type = 'button';
			cancel.textContent = 'Cancel payment';
			[ approve, cancel ].forEach( ( button ) => {
				button.style.cssText =
					'margin:8px 8px 0 0;padding:8px 12px;font:inherit;';
			} );
			const finish = ( outcome ) => {
				overlay.remove();
				document.removeEventListener( 'keydown', onKey, true );
				if ( previousFocus && previousFocus.focus ) {
					try {
						previousFocus.focus();
					} catch {}
				}
				resolve( outcome );
			};
			const onKey = ( event ) => {
				if ( event.key === 'Escape' ) {
					event.stopPropagation();
					finish( 'cancel' );
				} else if ( event.key === 'Tab' ) {
					event.preventDefault();
					( dialog.ownerDocument.activeElement === approve
						? cancel
						: approve
					).focus();
				}
			};
			approve.addEventListener( 'click', () => finish( 'approve' ) );
			cancel.addEventListener( 'click', () => finish( 'cancel' ) );
			document.addEventListener( 'keydown', onKey, true );
			dialog.append( heading, text, approve, cancel );
			overlay.appendChild( dialog );
			document.body.appendChild( overlay );
			approve.focus();
		} );
	}

	function Buttons( rawOptions ) {
		let options = Object.assign( {}, rawOptions || {} );
		let container = null;
		let wrapper = null;
		let disabled = false;
		let closed = false;
		let busy = false;
		const fundingSource = options.fundingSource || 'paypal';

		const callback = ( name, data, actions ) =>
			typeof options[ name ] === 'function'
				? options[ name ]( data, actions )
				: undefined;

		const reportError = ( error ) => {
			if ( typeof options.onError === 'function' ) {
				options.onError( error );
			} else {
				// eslint-disable-next-line no-console
				console.error( error );
			}
		};

		const orderActions = ( getOrderId ) => ( {
			create( body ) {
				const order = Object.assign( { intent: INTENT }, body || {} );
				order.purchase_units = ( order.purchase_units || [] ).map(
					( unit ) => {
						const copy = Object.assign( {}, unit );
						if ( copy.amount ) {
							copy.amount = Object.assign(
								{ currency_code: CURRENCY },
								copy.amount
							);
						}
						return copy;
					}
				);
				// Like PayPal's SDK, refuse an order the loaded script cannot pay: its
				// currency and intent come from the script's query string.
				const currencies = order.purchase_units
					.map( ( unit ) => unit.amount && unit.amount.currency_code )
					.filter( Boolean );
				const other = currencies.find(
					( currency ) => currency !== CURRENCY
				);
				if ( other ) {
					return Promise.reject(
						new Error(
							'Unexpected currency: ' +
								other +
								' passed to order.create. Please ensure you are passing /sdk/js?currency=' +
								other +
								' in the paypal script tag.'
						)
					);
				}
				if ( String( order.intent ).toUpperCase() !== INTENT ) {
					return Promise.reject(
						new Error(
							'Unexpected intent: ' +
								order.intent +
								' passed to order.create. Please ensure you are passing /sdk/js?intent=' +
								String( order.intent ).toLowerCase() +
								' in the paypal script tag.'
						)
					);
				}
				return call( 'POST', '/v2/checkout/orders', order ).then(
					( created ) => created.id
				);
			},
			capture() {
				return call(
					'POST',
					'/v2/checkout/orders/' + getOrderId() + '/capture',
					{}
				);
			},
			get() {
				return call( 'GET', '/v2/checkout/orders/' + getOrderId() );
			},
			patch() {
				return Promise.resolve();
			},
			authorize() {
				return Promise.reject(
					new Error(
						'The PayPal stand-in does not implement authorize().'
					)
				);
			},
		} );

		async function approvalStep( orderId ) {
			const decision = await checkoutDialog( orderId );
			if ( decision === 'cancel' ) {
				await callback( 'onCancel', { orderID: orderId } );
				return;
			}
			await call(
				'POST',
				'/v2/checkout/orders/' + orderId + '/stand-in-approve',
				{ payer_id: 'STANDINPAYER' }
			);
			const actions = {
				order: orderActions( () => orderId ),
				restart() {
					return approvalStep( orderId );
				},
				redirect( url ) {
					window.location.assign( url );
				},
			};
			const data = {
				orderID: orderId,
				payerID: 'STANDINPAYER',
				paymentID: null,
				billingToken: null,
				facilitatorAccessToken: 'A21AA-stand-in-facilitator-token',
				paymentSource: fundingSource,
			};
			if ( typeof options.onApprove === 'function' ) {
				await options.onApprove( data, actions );
			} else {
				await actions.order.capture();
			}
		}

		async function start() {
			if ( busy || closed ) {
				return;
			}
			let allowed = true;
			if ( typeof options.onClick === 'function' ) {
				let rejected = false;
				const result = await options.onClick(
					{ fundingSource },
					{
						resolve: () => Promise.resolve(),
						reject: () => {
							rejected = true;
							return Promise.resolve();
						},
					}
				);
				allowed = ! rejected && result !== false;
			}
			if ( ! allowed || disabled ) {
				return;
			}
			busy = true;
			try {
				let orderId;
				const createActions = { order: orderActions( () => orderId ) };
				if ( typeof options.createOrder === 'function' ) {
					orderId = await options.createOrder(
						{ paymentSource: fundingSource },
						createActions
					);
				} else {
					throw new Error(
						'Expected createOrder to be passed to paypal.Buttons()'
					);
				}
				if ( ! orderId || typeof orderId !== 'string' ) {
					throw new Error(
						'Expected an order id to be passed to createOrder'
					);
				}
				await approvalStep( orderId );
			} catch ( error ) {
				reportError( error );
			} finally {
				busy = false;
			}
		}

		const instance = {
			isEligible() {
				return ELIGIBLE.includes( fundingSource );
			},
			render( target ) {
				try {
					container = resolveContainer( target );
				} catch ( error ) {
					return Promise.reject( error );
				}
				if ( closed ) {
					return Promise.reject(
						new Error( 'Buttons component has been closed' )
					);
				}
				wrapper = document.createElement( 'div' );
				wrapper.className =
					'paypal-buttons paypal-buttons-context-iframe';
				wrapper.setAttribute( 'data-stand-in', 'paypal-buttons' );
				const button = document.createElement( 'button' );
				button.type = 'button';
				button.textContent =
					fundingSource === 'card'
						? 'Debit or Credit Card'
						: 'PayPal';
				const style = options.style || {};
				button.style.cssText =
					'width:100%;min-height:' +
					( style.height || 45 ) +
					'px;border:0;border-radius:' +
					( style.shape === 'pill' ? '23px' : '4px' ) +
					';background:' +
					( style.color === 'blue' ? '#0070ba' : '#ffc439' ) +
					';color:#111;font:bold 16px sans-serif;cursor:pointer;';
				button.addEventListener( 'click', () => {
					start();
				} );
				wrapper.appendChild( button );
				container.appendChild( wrapper );
				callback(
					'onInit',
					{ fundingSource },
					{
						enable() {
							disabled = false;
							button.removeAttribute( 'aria-disabled' );
							return Promise.resolve();
						},
						disable() {
							disabled = true;
							button.setAttribute( 'aria-disabled', 'true' );
							return Promise.resolve();
						},
					}
				);
				return Promise.resolve();
			},
			close() {
				closed = true;
				if ( wrapper && wrapper.parentNode ) {
					wrapper.parentNode.removeChild( wrapper );
				}
				wrapper = null;
				return Promise.resolve();
			},
			updateProps( props ) {
				options = Object.assign( {}, options, props || {} );
				return Promise.resolve();
			},
			hide() {
				if ( wrapper ) {
					wrapper.style.display = 'none';
				}
				return Promise.resolve();
			},
			show() {
				if ( wrapper ) {
					wrapper.style.display = '';
				}
				return Promise.resolve();
			},
			hasReturned() {
				return false;
			},
			resume() {},
		};
		return instance;
	}

	function simpleComponent( text ) {
		return function () {
			let wrapper = null;
			return {
				isEligible() {
					return true;
				},
				render( target ) {
					try {
						const container = resolveContainer( target );
						wrapper = document.createElement( 'div' );
						wrapper.textContent = text;
						container.appendChild( wrapper );
						return Promise.resolve();
					} catch ( error ) {
						return Promise.reject( error );
					}
				},
				close() {
					if ( wrapper && wrapper.parentNode ) {
						wrapper.parentNode.removeChild( wrapper );
					}
					return Promise.resolve();
				},
				updateProps() {
					return Promise.resolve();
				},
			};
		};
	}

	window[ namespace ] = {
		version: '5.0.474',
		FUNDING,
		Buttons,
		Marks: simpleComponent( 'PayPal' ),
		Messages: simpleComponent( 'Pay later with PayPal' ),
		getFundingSources() {
			return ELIGIBLE.slice();
		},
		isFundingEligible( source ) {
			return ELIGIBLE.includes( source );
		},
		__standIn: true,
		__standInApi: API,
	};
} )();
