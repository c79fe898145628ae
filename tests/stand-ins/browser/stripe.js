/**
 * Stripe.js stand-in: the subset of Stripe.js that the npm packages
 * "@stripe/stripe-js" and "@stripe/react-stripe-js" use, talking to the
 * stand-in server.
 *
 * The server base comes from this script's own URL (?api=http://127.0.0.1:8899/stripe),
 * else window.__standInApi.stripe, else https://api.stripe.com (which Playwright
 * routes to the stand-in server in tests).
 *
 * Test hooks (all optional, set on window before the action):
 * - __standInStripe3ds = 'succeed' | 'fail': answer 3-D Secure without the dialog.
 * - __standInWalletCard = '4000000000000002': card behind the Google Pay button (in the
 *   PaymentMethod confirmPayment makes, or the ConfirmationToken createConfirmationToken makes).
 * - __standInWalletBillingDetails = { name, email, ... }: billing details the wallet returns.
 * - __standInExpressMethods = { googlePay: true, applePay: false }: wallets offered.
 * - __standInStripeSubmitError = { message }: elements.submit() fails with it.
 * - __standInWalletDecision = 'cancel': the wallet sheet is dismissed (a "cancel" event, no confirm).
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

	if ( window.Stripe && window.Stripe.__standIn ) {
		return;
	}

	const currentScript = document.currentScript;
	const scriptUrl =
		currentScript && currentScript.src
			? new URL( currentScript.src, window.location.href )
			: null;
	const presetApi =
		( window.__standInApi && window.__standInApi.stripe ) || null;
	const API = (
		scriptParams( scriptUrl ).get( 'api' ) ||
		presetApi ||
		'https://api.stripe.com'
	).replace( /\/$/, '' );
	const RELEASE =
		scriptUrl && /\/v3\/?$/.test( scriptUrl.pathname ) ? 3 : 'endive';

	// ------------------------------------------------------------------
	// Helpers
	// ------------------------------------------------------------------

	function encodeForm( params ) {
		const parts = [];
		const add = ( key, value ) => {
			if ( value === undefined || value === null ) {
				return;
			}
			if ( Array.isArray( value ) ) {
				value.forEach( ( item, index ) => {
					if ( item && typeof item === 'object' ) {
						add( key + '[' + index + ']', item );
					} else {
						add( key + '[]', item );
					}
				} );
				return;
			}
			if ( typeof value === 'object' ) {
				Object.keys( value ).forEach( ( child ) =>
					add( key + '[' + child + ']', value[ child ] )
				);
				return;
			}
			parts.push(
				encodeURIComponent( key ) +
					'=' +
					encodeURIComponent( String( value ) )
			);
		};
		Object.keys( params || {} ).forEach( ( key ) =>
			add( key, params[ key ] )
		);
		return parts.join( '&' );
	}

	function digitsOf( text ) {
		return String( text || '' ).replace( /\D/g, '' );
	}

	function brandOf( number ) {
		const digits = digitsOf( number );
		if ( /^4/.test( digits ) ) {
			return 'visa';
		}
		if ( /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/.test( digits ) ) {
			return 'mastercard';
		}
		if ( /^3[47]/.test( digits ) ) {
			return 'amex';
		}
		if ( /^(6011|65|64[4-9])/.test( digits ) ) {
			return 'discover';
		}
		if ( /^35/.test( digits ) ) {
			return 'jcb';
		}
		if ( /^(36|30[0-5]|3095|38|39)/.test( digits ) ) {
			return 'diners';
		}
		if ( /^62/.test( digits ) ) {
			return 'unionpay';
		}
		return 'unknown';
	}

	function numberLengths( brand ) {
		switch ( brand ) {
			case 'amex':
				return [ 15 ];
			case 'diners':
				return [ 14, 16 ];
			case 'visa':
				return [ 13, 16, 19 ];
			case 'unionpay':
				return [ 16, 17, 18, 19 ];
			default:
				return [ 16 ];
		}
	}

	function luhn( number ) {
		const digits = digitsOf( number );
		let sum = 0;
		let double = false;
		for ( let i = digits.length - 1; i >= 0; i-- ) {
			let d = Number( digits[ i ] );
			if ( double ) {
				d *= 2;
				if ( d > 9 ) {
					d -= 9;
				}
			}
			sum += d;
			double = ! double;
		}
		return digits.length > 0 && sum % 10 === 0;
	}

	function formatNumber( digits, brand ) {
		if ( brand === 'amex' ) {
			return [
				digits.slice( 0, 4 ),
				digits.slice( 4, 10 ),
				digits.slice( 10, 15 ),
			]
				.filter( Boolean )
				.join( ' ' );
		}
		return ( digits.match( /.{1,4}/g ) || [] ).join( ' ' );
	}

	function validationError( code, message ) {
		return { type: 'validation_error', code, message };
	}

	function resolveTarget( target ) {
		const node =
			typeof target === 'string'
				? document.querySelector( target )
				: target;
		if ( ! node || ! node.appendChild ) {
			throw new Error(
				'IntegrationError: The selector you specified (' +
					String( target ) +
					') applies to no DOM elements that are currently on the page.\nMake sure the element exists on the page before calling mount().'
			);
		}
		return node;
	}

	function makeEmitter() {
		const handlers = {};
		return {
			on( event, handler ) {
				( handlers[ event ] = handlers[ event ] || [] ).push( {
					handler,
					once: false,
				} );
			},
			once( event, handler ) {
				( handlers[ event ] = handlers[ event ] || [] ).push( {
					handler,
					once: true,
				} );
			},
			off( event, handler ) {
				if ( ! handlers[ event ] ) {
					return;
				}
				handlers[ event ] = handler
					? handlers[ event ].filter( ( h ) => h.handler !== handler )
					: [];
			},
			has( event ) {
				return !! ( handlers[ event ] && handlers[ event ].length );
			},
			emit( event, payload ) {
				const list = ( handlers[ event ] || [] ).slice();
				handlers[ event ] = ( handlers[ event ] || [] ).filter(
					( h ) => ! h.once
				);
				list.forEach( ( h ) => {
					try {
						h.handler( payload );
					} catch ( error ) {
						window.setTimeout( () => {
							throw error;
						} );
					}
				} );
			},
		};
	}

	// ------------------------------------------------------------------
	// Card fields (one input each)
	// ------------------------------------------------------------------

	const FIELD_SPECS = {
		cardNumber: {
			label: 'Card number',
			placeholder: '1234 1234 1234 1234',
			autocomplete: 'cc-number',
			name: 'cardnumber',
			maxLength: 23,
		},
		cardExpiry: {
			label: 'Expiration date',
			placeholder: 'MM / YY',
			autocomplete: 'cc-exp',
			name: 'exp-date',
			maxLength: 7,
		},
		cardCvc: {
			label: 'Security code',
			placeholder: 'CVC',
			autocomplete: 'cc-csc',
			name: 'cvc',
			maxLength: 4,
		},
		// The auBankAccount Element (BECS Direct Debit): two inputs.
		auBsb: {
			label: 'BSB',
			placeholder: '000-000',
			autocomplete: 'off',
			name: 'bsb',
			maxLength: 7,
		},
		auAccountNumber: {
			label: 'Account number',
			placeholder: '000123456',
			autocomplete: 'off',
			name: 'account-number',
			maxLength: 9,
		},
	};

	// Stripe's BECS test accounts (BSB 000000); see lib/becs.mjs.
	const BECS_TEST_ACCOUNTS = [
		'000123456',
		'900123456',
		'111111113',
		'111111116',
		'222222227',
		'922222227',
		'333333335',
		'666666660',
		'343434343',
		'121212121',
	];
	const BSB_BANKS = {
		'01': 'Australia and New Zealand Banking Group',
		'03': 'Westpac Banking Corporation',
		'06': 'Commonwealth Bank of Australia',
		'08': 'National Australia Bank',
		73: 'Westpac Banking Corporation',
	};

	function bsbNames( bsb ) {
		if ( bsb === '000000' ) {
			return {
				bankName: 'Stripe Test Bank',
				branchName: 'Stripe Test Branch',
			};
		}
		return {
			bankName: BSB_BANKS[ bsb.slice( 0, 2 ) ] || undefined,
			branchName: undefined,
		};
	}

	/**
	 * Validation of the two BECS inputs, with Stripe.js's codes and messages.
	 *
	 * @param {string}  kind   auBsb | auAccountNumber.
	 * @param {string}  digits Digits typed.
	 * @param {boolean} final  Whether incompleteness counts.
	 * @param {Object}  group  Elements group (test mode, the BSB).
	 * @return {Object} State.
	 */
	function validateBecs( kind, digits, final, group ) {
		const state = {
			empty: digits.length === 0,
			complete: false,
			error: undefined,
			brand: 'unknown',
		};
		if ( kind === 'auBsb' ) {
			if ( digits.length === 6 ) {
				state.complete = true;
				Object.assign( state, bsbNames( digits ) );
			} else if ( final && ! state.empty ) {
				state.error = validationError(
					'incomplete_au_bank_account_bsb',
					'Your BSB is incomplete.'
				);
			}
			return state;
		}
		const bsbField = group && group.findField( 'auBsb' );
		const bsb = bsbField ? digitsOf( bsbField.input.value ) : '';
		if ( digits.length >= 5 ) {
			if (
				group &&
				group.testMode &&
				bsb === '000000' &&
				( digits.length === 9 || final ) &&
				! BECS_TEST_ACCOUNTS.includes( digits )
			) {
				state.error = validationError(
					'invalid_au_bank_account_number_testmode',
					'Your account number is invalid in test mode. Use 000123456 or another BECS test account number.'
				);
			} else {
				state.complete = true;
			}
		} else if ( final && ! state.empty ) {
			state.error = validationError(
				'incomplete_au_bank_account_number',
				'Your account number is incomplete.'
			);
		}
		return state;
	}

	/**
	 * One card input with Stripe.js's formatting and validation.
	 *
	 * @param {string}   kind     cardNumber | cardExpiry | cardCvc.
	 * @param {Object}   options  Element options (placeholder, disabled).
	 * @param {Function} getGroup Returns the Elements group (for the CVC length).
	 * @param {Function} onState  Called after every change of state.
	 * @return {Object} Field.
	 */
	function createField( kind, options, getGroup, onState ) {
		const spec = FIELD_SPECS[ kind ];
		const input = document.createElement( 'input' );
		input.type = 'text';
		input.setAttribute( 'inputmode', 'numeric' );
		input.setAttribute( 'aria-label', spec.label );
		input.setAttribute( 'autocomplete', spec.autocomplete );
		input.setAttribute( 'autocorrect', 'off' );
		input.setAttribute( 'spellcheck', 'false' );
		input.setAttribute( 'data-elements-stable-field-name', kind );
		input.name = spec.name;
		input.maxLength = spec.maxLength;
		input.className = 'InputElement is-empty Input Input--empty';
		input.style.cssText =
			'width:100%;border:0;outline:none;background:transparent;font:inherit;color:inherit;padding:0;margin:0;';

		const field = {
			kind,
			input,
			state: {
				empty: true,
				complete: false,
				error: undefined,
				brand: 'unknown',
			},
			touched: false,
			setPlaceholder( text ) {
				input.placeholder =
					text === undefined || text === null
						? spec.placeholder
						: String( text );
			},
			values() {
				if ( kind === 'cardNumber' ) {
					return { number: digitsOf( input.value ) };
				}
				if ( kind === 'cardExpiry' ) {
					const digits = digitsOf( input.value );
					return {
						exp_month: digits.slice( 0, 2 ),
						exp_year:
							digits.length >= 4
								? '20' + digits.slice( 2, 4 )
								: '',
					};
				}
				if ( kind === 'auBsb' ) {
					return { bsb_number: digitsOf( input.value ) };
				}
				if ( kind === 'auAccountNumber' ) {
					return { account_number: digitsOf( input.value ) };
				}
				return { cvc: digitsOf( input.value ) };
			},
			/**
			 * @param {boolean} final Whether incompleteness counts (blur / submit).
			 */
			validate( final ) {
				const value = input.value;
				const digits = digitsOf( value );
				if ( kind === 'auBsb' || kind === 'auAccountNumber' ) {
					return validateBecs( kind, digits, final, getGroup() );
				}
				const state = {
					empty: digits.length === 0,
					complete: false,
					error: undefined,
					brand: field.state.brand,
				};
				if ( kind === 'cardNumber' ) {
					const brand = brandOf( digits );
					state.brand = brand;
					const lengths = numberLengths( brand );
					const max = Math.max.apply( null, lengths );
					if (
						digits.length >= Math.min.apply( null, lengths ) &&
						lengths.includes( digits.length )
					) {
						if ( luhn( digits ) ) {
							state.complete = true;
						} else if (
							digits.length >= Math.min( max, 16 ) ||
							final
						) {
							state.error = validationError(
								'invalid_number',
								'Your card number is invalid.'
							);
						}
					} else if ( digits.length > max ) {
						state.error = validationError(
							'invalid_number',
							'Your card number is invalid.'
						);
					} else if ( final && ! state.empty ) {
						state.error = validationError(
							'incomplete_number',
							'Your card number is incomplete.'
						);
					}
				} else if ( kind === 'cardExpiry' ) {
					const month = Number( digits.slice( 0, 2 ) );
					const year = 2000 + Number( digits.slice( 2, 4 ) );
					const now = new Date();
					if ( digits.length >= 2 && ( month < 1 || month > 12 ) ) {
						state.error = validationError(
							'invalid_expiry_month',
							"Your card's expiration month is invalid."
						);
					} else if ( digits.length === 4 ) {
						if ( year < now.getFullYear() ) {
							state.error = validationError(
								'invalid_expiry_year_past',
								"Your card's expiration year is in the past."
							);
						} else if (
							year === now.getFullYear() &&
							month < now.getMonth() + 1
						) {
							state.error = validationError(
								'invalid_expiry_month_past',
								"Your card's expiration date is in the past."
							);
						} else if ( year > now.getFullYear() + 50 ) {
							state.error = validationError(
								'invalid_expiry_year',
								"Your card's expiration year is invalid."
							);
						} else {
							state.complete = true;
						}
					} else if ( final && ! state.empty ) {
						state.error = validationError(
							'incomplete_expiry',
							"Your card's expiration date is incomplete."
						);
					}
				} else {
					const group = getGroup();
					const numberField =
						group && group.findField( 'cardNumber' );
					const isAmex =
						numberField && numberField.state.brand === 'amex';
					const needed = isAmex ? 4 : 3;
					if ( digits.length >= needed ) {
						state.complete = true;
					} else if ( final && ! state.empty ) {
						state.error = validationError(
							'incomplete_cvc',
							"Your card's security code is incomplete."
						);
					}
				}
				return state;
			},
			/**
			 * @param {boolean} final  Whether incompleteness counts.
			 * @param {boolean} edited Whether the value changed (always emits change).
			 */
			update( final, edited ) {
				const next = field.validate( final || field.touched );
				const previous = field.state;
				field.state = next;
				input.setAttribute(
					'aria-invalid',
					next.error ? 'true' : 'false'
				);
				input.className =
					'InputElement Input' +
					( next.empty ? ' is-empty Input--empty' : '' ) +
					( next.complete ? ' is-complete' : '' ) +
					( next.error ? ' is-invalid Input--invalid' : '' );
				const changed =
					previous.empty !== next.empty ||
					previous.complete !== next.complete ||
					previous.brand !== next.brand ||
					( previous.error && previous.error.code ) !==
						( next.error && next.error.code );
				onState( field, changed || !! edited );
			},
		};
		field.setPlaceholder( options.placeholder );
		if ( options.disabled ) {
			input.disabled = true;
		}

		input.addEventListener( 'input', ( event ) => {
			let digits = digitsOf( input.value );
			const deleting = /^delete/.test(
				( event && event.inputType ) || ''
			);
			if ( kind === 'cardNumber' ) {
				const brand = brandOf( digits );
				digits = digits.slice(
					0,
					Math.max.apply( null, numberLengths( brand ) )
				);
				input.value = formatNumber( digits, brand );
			} else if ( kind === 'cardExpiry' ) {
				if ( digits.length === 1 && Number( digits ) > 1 ) {
					digits = '0' + digits;
				}
				digits = digits.slice( 0, 4 );
				input.value =
					digits.length > 2 || ( digits.length === 2 && ! deleting )
						? digits.slice( 0, 2 ) + ' / ' + digits.slice( 2 )
						: digits;
			} else if ( kind === 'auBsb' ) {
				digits = digits.slice( 0, 6 );
				input.value =
					digits.length > 3
						? digits.slice( 0, 3 ) + '-' + digits.slice( 3 )
						: digits;
			} else if ( kind === 'auAccountNumber' ) {
				input.value = digits.slice( 0, 9 );
			} else {
				input.value = digits.slice( 0, 4 );
			}
			field.update( false, true );
			if ( kind === 'auBsb' ) {
				// The account number's test-mode check depends on the BSB.
				const group = getGroup();
				const account = group && group.findField( 'auAccountNumber' );
				if ( account && ! account.state.empty ) {
					account.update( false );
				}
			}
		} );
		return field;
	}

	// ------------------------------------------------------------------
	// Elements
	// ------------------------------------------------------------------

	const CARD_TYPES = [ 'cardNumber', 'cardExpiry', 'cardCvc' ];
	const BECS_KINDS = [ 'auBsb', 'auAccountNumber' ];

	function createCardElement( type, options, group ) {
		const emitter = makeEmitter();
		let kinds = [ type ];
		if ( type === 'card' || type === 'payment' ) {
			kinds = CARD_TYPES;
		} else if ( type === 'auBankAccount' ) {
			kinds = BECS_KINDS;
		}
		let opts = Object.assign( {}, options || {} );
		let container = null;
		let wrapper = null;
		let destroyed = false;
		let focused = false;

		const classes = () =>
			Object.assign(
				{
					base: 'StripeElement',
					complete: 'StripeElement--complete',
					empty: 'StripeElement--empty',
					focus: 'StripeElement--focus',
					invalid: 'StripeElement--invalid',
				},
				opts.classes || {}
			);

		const aggregate = () => {
			const states = fields.map( ( f ) => f.state );
			const error = states.map( ( s ) => s.error ).find( Boolean );
			return {
				empty: states.every( ( s ) => s.empty ),
				complete: states.every( ( s ) => s.complete ),
				error,
				brand:
					fields[ 0 ].kind === 'cardNumber'
						? fields[ 0 ].state.brand
						: undefined,
			};
		};

		const paintContainer = () => {
			if ( ! container ) {
				return;
			}
			const names = classes();
			const state = aggregate();
			const toggle = ( name, on ) => {
				String( name || '' )
					.split( /\s+/ )
					.filter( Boolean )
					.forEach( ( cls ) =>
						container.classList.toggle( cls, on )
					);
			};
			toggle( names.base, true );
			toggle( names.empty, state.empty );
			toggle( names.complete, state.complete );
			toggle( names.invalid, !! state.error );
			toggle( names.focus, focused );
		};

		const changeEvent = () => {
			const state = aggregate();
			const event = {
				elementType: type,
				empty: state.empty,
				complete: state.complete,
				error: state.error,
			};
			if (
				type === 'cardNumber' ||
				type === 'card' ||
				type === 'payment'
			) {
				event.brand = state.brand;
			}
			if ( type === 'cardNumber' ) {
				event.value = digitsOf( fields[ 0 ].input.value );
			} else if ( type === 'cardExpiry' || type === 'cardCvc' ) {
				event.value = fields[ 0 ].input.value;
			} else if ( type === 'auBankAccount' ) {
				event.bankName = fields[ 0 ].state.bankName;
				event.branchName = fields[ 0 ].state.branchName;
			} else {
				event.value = { postalCode: '' };
			}
			return event;
		};

		const fields = kinds.map( ( kind ) =>
			createField(
				kind,
				kinds.length === 1 ? opts : {},
				() => group,
				( field, changed ) => {
					paintContainer();
					if ( changed ) {
						emitter.emit( 'change', changeEvent() );
					}
				}
			)
		);

		fields.forEach( ( field ) => {
			field.input.addEventListener( 'focus', () => {
				focused = true;
				paintContainer();
				emitter.emit( 'focus', { elementType: type } );
			} );
			field.input.addEventListener( 'blur', () => {
				focused = false;
				field.touched = true;
				field.update( true );
				paintContainer();
				emitter.emit( 'blur', { elementType: type } );
			} );
			field.input.addEventListener( 'keydown', ( event ) => {
				if ( event.key === 'Escape' ) {
					emitter.emit( 'escape', { elementType: type } );
				}
			} );
		} );

		const assertAlive = () => {
			if ( destroyed ) {
				throw new Error(
					'IntegrationError: This Element has already been destroyed. Please create a new one.'
				);
			}
		};

		const element = {
			mount( target ) {
				assertAlive();
				if ( wrapper && wrapper.parentNode ) {
					throw new Error(
						'IntegrationError: This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.'
					);
				}
				container = resolveTarget( target );
				wrapper = document.createElement( 'div' );
				wrapper.className = '__PrivateStripeElement';
				wrapper.setAttribute( 'data-stand-in', 'stripe-' + type );
				wrapper.style.cssText =
					'margin:0;padding:0;border:none;display:flex;gap:8px;';
				fields.forEach( ( field ) => {
					const cell = document.createElement( 'div' );
					cell.style.flex = field.kind === 'cardNumber' ? '2' : '1';
					cell.appendChild( field.input );
					wrapper.appendChild( cell );
				} );
				container.appendChild( wrapper );
				paintContainer();
				window.setTimeout( () => {
					if ( ! destroyed && wrapper && wrapper.parentNode ) {
						emitter.emit( 'ready', { elementType: type } );
					}
				}, 0 );
			},
			unmount() {
				assertAlive();
				if ( wrapper && wrapper.parentNode ) {
					wrapper.parentNode.removeChild( wrapper );
				}
				if ( container ) {
					const names = classes();
					Object.keys( names ).forEach( ( key ) =>
						String( names[ key ] || '' )
							.split( /\s+/ )
							.filter( Boolean )
							.forEach( ( cls ) =>
								container.classList.remove( cls )
							)
					);
				}
				container = null;
			},
			destroy() {
				assertAlive();
				element.unmount();
				destroyed = true;
				group.remove( type, element );
			},
			on( event, handler ) {
				emitter.on( event, handler );
				return element;
			},
			once( event, handler ) {
				emitter.once( event, handler );
				return element;
			},
			off( event, handler ) {
				emitter.off( event, handler );
				return element;
			},
			update( updates ) {
				assertAlive();
				opts = Object.assign( {}, opts, updates || {} );
				if (
					kinds.length === 1 &&
					updates &&
					'placeholder' in updates
				) {
					fields[ 0 ].setPlaceholder( updates.placeholder );
				}
				if ( updates && 'disabled' in updates ) {
					fields.forEach( ( field ) => {
						field.input.disabled = !! updates.disabled;
					} );
				}
				paintContainer();
			},
			focus() {
				assertAlive();
				fields[ 0 ].input.focus();
			},
			blur() {
				assertAlive();
				fields.forEach( ( field ) => field.input.blur() );
			},
			clear() {
				assertAlive();
				fields.forEach( ( field ) => {
					field.input.value = '';
					field.touched = false;
					field.update( false, true );
				} );
			},
			__standIn: { type, fields },
		};
		return element;
	}

	const WALLET_NAMES = {
		googlePay: 'Google Pay',
		applePay: 'Apple Pay',
	};
	const BUTTON_VERBS = {
		donate: 'Donate with',
		buy: 'Buy with',
		book: 'Book with',
		checkout: 'Check out with',
		'check-out': 'Check out with',
		order: 'Order with',
		pay: 'Pay with',
		subscribe: 'Subscribe with',
		contribute: 'Contribute with',
		support: 'Support with',
	};

	function createExpressCheckoutElement( options, group ) {
		const emitter = makeEmitter();
		let opts = Object.assign( {}, options || {} );
		let container = null;
		let wrapper = null;
		let destroyed = false;
		let busy = false;

		const available = () =>
			Object.assign(
				{
					amazonPay: false,
					applePay: false,
					googlePay: true,
					link: false,
					paypal: false,
					klarna: false,
				},
				window.__standInExpressMethods || {}
			);

		const buttonName = ( wallet ) => {
			const type =
				( opts.buttonType && opts.buttonType[ wallet ] ) || 'plain';
			const verb = BUTTON_VERBS[ type ];
			return verb
				? verb + ' ' + WALLET_NAMES[ wallet ]
				: WALLET_NAMES[ wallet ];
		};

		const billingDetails = () =>
			Object.assign(
				{
					name: 'Stand In Donor',
					email: 'donor@example.com',
					phone: '+61400000000',
					address: {
						line1: '1 Example Street',
						line2: null,
						city: 'Sydney',
						state: 'NSW',
						postal_code: '2000',
						country: 'AU',
					},
				},
				window.__standInWalletBillingDetails || {}
			);

		const start = ( wallet ) => {
			if ( busy ) {
				return;
			}
			const expressPaymentType =
				wallet === 'applePay' ? 'apple_pay' : 'google_pay';
			const proceed = () => {
				if ( window.__standInWalletDecision === 'cancel' ) {
					emitter.emit( 'cancel', {
						elementType: 'expressCheckout',
						expressPaymentType,
					} );
					return;
				}
				busy = true;
				group.pendingExpress = {
					expressPaymentType,
					billingDetails: billingDetails(),
				};
				emitter.emit( 'confirm', {
					elementType: 'expressCheckout',
					expressPaymentType,
					billingDetails: group.pendingExpress.billingDetails,
					paymentFailed() {
						busy = false;
						group.pendingExpress = null;
					},
				} );
				// The wallet sheet closes once confirmPayment settles or fails.
				window.setTimeout( () => {
					busy = false;
				}, 0 );
			};
			if ( emitter.has( 'click' ) ) {
				let settled = false;
				emitter.emit( 'click', {
					elementType: 'expressCheckout',
					expressPaymentType,
					resolve() {
						if ( ! settled ) {
							settled = true;
							proceed();
						}
					},
					reject() {
						settled = true;
					},
				} );
			} else {
				proceed();
			}
		};

		const element = {
			mount( target ) {
				if ( destroyed ) {
					throw new Error(
						'IntegrationError: This Element has already been destroyed. Please create a new one.'
					);
				}
				container = resolveTarget( target );
				wrapper = document.createElement( 'div' );
				wrapper.className = '__PrivateStripeElement';
				wrapper.setAttribute(
					'data-stand-in',
					'stripe-expressCheckout'
				);
				wrapper.style.cssText =
					'display:flex;flex-direction:column;gap:8px;';
				container.classList.add( 'StripeElement' );
				const groupOptions = group.options;
				if ( ! groupOptions.mode && ! groupOptions.clientSecret ) {
					container.appendChild( wrapper );
					window.setTimeout( () =>
						emitter.emit( 'loaderror', {
							elementType: 'expressCheckout',
							error: {
								type: 'invalid_request_error',
								message:
									'In order to create an expressCheckout element, you must pass a clientSecret or mode when creating the Elements group.',
							},
						} )
					);
					return;
				}
				const methods = available();
				[ 'applePay', 'googlePay' ].forEach( ( wallet ) => {
					if ( ! methods[ wallet ] ) {
						return;
					}
					const button = document.createElement( 'button' );
					button.type = 'button';
					button.textContent = buttonName( wallet );
					button.setAttribute( 'data-wallet', wallet );
					button.style.cssText =
						'min-height:' +
						( opts.buttonHeight || 44 ) +
						'px;border-radius:4px;border:0;background:#000;color:#fff;font:inherit;cursor:pointer;';
					button.addEventListener( 'click', () => start( wallet ) );
					button.addEventListener( 'focus', () =>
						emitter.emit( 'focus', {
							elementType: 'expressCheckout',
						} )
					);
					button.addEventListener( 'blur', () =>
						emitter.emit( 'blur', {
							elementType: 'expressCheckout',
						} )
					);
					wrapper.appendChild( button );
				} );
				container.appendChild( wrapper );
				window.setTimeout( () => {
					if ( destroyed ) {
						return;
					}
					emitter.emit( 'ready', {
						elementType: 'expressCheckout',
						availablePaymentMethods: methods,
					} );
				}, 0 );
			},
			unmount() {
				if ( wrapper && wrapper.parentNode ) {
					wrapper.parentNode.removeChild( wrapper );
				}
				if ( container ) {
					container.classList.remove( 'StripeElement' );
				}
				container = null;
			},
			destroy() {
				element.unmount();
				destroyed = true;
				group.remove( 'expressCheckout', element );
			},
			on( event, handler ) {
				emitter.on( event, handler );
				return element;
			},
			once( event, handler ) {
				emitter.once( event, handler );
				return element;
			},
			off( event, handler ) {
				emitter.off( event, handler );
				return element;
			},
			update( updates ) {
				opts = Object.assign( {}, opts, updates || {} );
				return element;
			},
			focus() {
				const button = wrapper && wrapper.querySelector( 'button' );
				if ( button ) {
					button.focus();
				}
			},
			blur() {
				const button = wrapper && wrapper.querySelector( 'button' );
				if ( button ) {
					button.blur();
				}
			},
			clear() {},
			__standIn: { type: 'expressCheckout', fields: [] },
		};
		return element;
	}

	function createElementsGroup( options ) {
		const group = {
			options: Object.assign( {}, options || {} ),
			elements: {},
			pendingExpress: null,
			findField( kind ) {
				const all = Object.keys( group.elements ).map(
					( key ) => group.elements[ key ]
				);
				for ( const element of all ) {
					const field = element.__standIn.fields.find(
						( f ) => f.kind === kind
					);
					if ( field ) {
						return field;
					}
				}
				return null;
			},
			remove( type, element ) {
				if ( group.elements[ type ] === element ) {
					delete group.elements[ type ];
				}
			},
		};
		const api = {
			create( type, elementOptions ) {
				if ( group.elements[ type ] ) {
					throw new Error(
						'IntegrationError: Can only create one Element of type ' +
							type +
							'.'
					);
				}
				let element;
				if ( type === 'expressCheckout' ) {
					element = createExpressCheckoutElement(
						elementOptions,
						group
					);
				} else if (
					CARD_TYPES.includes( type ) ||
					type === 'card' ||
					type === 'payment' ||
					type === 'auBankAccount'
				) {
					element = createCardElement( type, elementOptions, group );
				} else {
					throw new Error(
						'IntegrationError: The Stripe.js stand-in does not implement the "' +
							type +
							'" Element.'
					);
				}
				group.elements[ type ] = element;
				return element;
			},
			getElement( typeOrComponent ) {
				const type =
					typeof typeOrComponent === 'string'
						? typeOrComponent
						: typeOrComponent && typeOrComponent.__elementType;
				return group.elements[ type ] || null;
			},
			update( updates ) {
				Object.assign( group.options, updates || {} );
				return Promise.resolve();
			},
			fetchUpdates() {
				return Promise.resolve( {} );
			},
			submit() {
				if ( window.__standInStripeSubmitError ) {
					return Promise.resolve( {
						error: Object.assign(
							{
								type: 'validation_error',
								message: 'Stand-in submit error.',
							},
							window.__standInStripeSubmitError
						),
					} );
				}
				if ( ! group.pendingExpress ) {
					const invalid =
						cardValidation( group ) || becsValidation( group );
					if ( invalid ) {
						return Promise.resolve( { error: invalid } );
					}
				}
				return Promise.resolve( {} );
			},
			__standInGroup: group,
		};
		group.api = api;
		return api;
	}

	/**
	 * Client-side validation before tokenising, as Stripe.js does.
	 *
	 * @param {Object} group Elements group.
	 * @return {Object|null} validation_error or null.
	 */
	function cardValidation( group ) {
		for ( const kind of CARD_TYPES ) {
			const field = group.findField( kind );
			if ( ! field ) {
				continue;
			}
			field.touched = true;
			field.update( true );
			const state = field.state;
			if ( state.error ) {
				return state.error;
			}
			if ( state.empty || ! state.complete ) {
				const messages = {
					cardNumber: [
						'incomplete_number',
						'Your card number is incomplete.',
					],
					cardExpiry: [
						'incomplete_expiry',
						"Your card's expiration date is incomplete.",
					],
					cardCvc: [
						'incomplete_cvc',
						"Your card's security code is incomplete.",
					],
				}[ kind ];
				return validationError( messages[ 0 ], messages[ 1 ] );
			}
		}
		return null;
	}

	/**
	 * Client-side validation of the auBankAccount Element before creating
	 * a PaymentMethod.
	 *
	 * @param {Object} group Elements group.
	 * @return {Object|null} validation_error or null.
	 */
	function becsValidation( group ) {
		const messages = {
			auBsb: [
				'incomplete_au_bank_account_bsb',
				'Your BSB is incomplete.',
			],
			auAccountNumber: [
				'incomplete_au_bank_account_number',
				'Your account number is incomplete.',
			],
		};
		for ( const kind of BECS_KINDS ) {
			const field = group.findField( kind );
			if ( ! field ) {
				continue;
			}
			field.touched = true;
			field.update( true );
			if ( field.state.error ) {
				return field.state.error;
			}
			if ( ! field.state.complete ) {
				return validationError(
					messages[ kind ][ 0 ],
					messages[ kind ][ 1 ]
				);
			}
		}
		return null;
	}

	// ------------------------------------------------------------------
	// 3-D Secure dialog
	// ------------------------------------------------------------------

	function authenticate() {
		if (
			window.__standInStripe3ds === 'succeed' ||
			window.__standInStripe3ds === 'fail'
		) {
			return Promise.resolve( window.__standInStripe3ds );
		}
		return new Promise( ( resolve ) => {
			const overlay = document.createElement( 'div' );
			const previousFocus = overlay.ownerDocument.activeElement;
			overlay.setAttribute( 'data-stand-in', 'stripe-3ds' );
			overlay.style.cssText =
				'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647;';
			const dialog = document.createElement( 'div' );
			dialog.setAttribute( 'role', 'dialog' );
			dialog.setAttribute( 'aria-modal', 'true' );
			dialog.setAttribute( 'aria-label', '3D Secure authentication' );
			dialog.style.cssText =
				'background:#fff;color:#111;padding:24px;border-radius:8px;max-width:360px;font:16px/1.4 sans-serif;';
			const heading = document.createElement( 'h2' );
			heading.textContent = '3D Secure authentication';
			heading.style.cssText = 'margin:0 0 8px;font-size:20px;';
			const text = document.createElement( 'p' );
			text.textContent =
				'Test mode stand-in for your bank\u2019s 3-D Secure check. Complete or fail the authentication.';
			const complete = document.createElement( 'button' );
			complete.type = 'button';
			complete.textContent = 'Complete authentication';
			const fail = document.createElement( 'button' );
			fail.type = 'button';
			fail.textContent = 'Fail authentication';
			[ complete, fail ].forEach( ( button ) => {
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
					finish( 'fail' );
				}
				if ( event.key === 'Tab' ) {
					// Keep focus inside the dialog (two buttons: either way toggles).
					event.preventDefault();
					( dialog.ownerDocument.activeElement === complete
						? fail
						: complete
					).focus();
				}
			};
			complete.addEventListener( 'click', () => finish( 'succeed' ) );
			fail.addEventListener( 'click', () => finish( 'fail' ) );
			document.addEventListener( 'keydown', onKey, true );
			dialog.append( heading, text, complete, fail );
			overlay.appendChild( dialog );
			document.body.appendChild( overlay );
			complete.focus();
		} );
	}

	// ------------------------------------------------------------------
	// The Stripe object
	// ------------------------------------------------------------------

	function createStripe( key, stripeOptions ) {
		if ( typeof key !== 'string' || ! key ) {
			throw new Error(
				'IntegrationError: Please call Stripe() with your publishable key. You used an empty string.'
			);
		}
		if ( /^(sk|rk)_/.test( key ) ) {
			throw new Error(
				'IntegrationError: You should not use your secret key with Stripe.js.\nPlease pass a publishable key instead.'
			);
		}
		const options = Object.assign( {}, stripeOptions || {} );
		const groups = [];

		async function request( method, path, params ) {
			const query =
				method === 'GET' && params ? '?' + encodeForm( params ) : '';
			const headers = {
				Authorization: 'Bearer ' + key,
				'Content-Type': 'application/x-www-form-urlencoded',
			};
			if ( options.apiVersion ) {
				headers[ 'Stripe-Version' ] = options.apiVersion;
			}
			if ( options.stripeAccount ) {
				headers[ 'Stripe-Account' ] = options.stripeAccount;
			}
			let response;
			try {
				response = await window.fetch( API + path + query, {
					method,
					headers,
					body: method === 'POST' ? encodeForm( params ) : undefined,
				} );
			} catch {
				return {
					error: {
						type: 'api_connection_error',
						message:
							'An error occurred with our connection to Stripe. Request was retried 2 times.',
					},
				};
			}
			let json = null;
			try {
				json = await response.json();
			} catch {
				json = null;
			}
			if ( ! response.ok ) {
				return {
					error:
						json && json.error
							? json.error
							: {
									type: 'api_error',
									message:
										'An unexpected error occurred (HTTP ' +
										response.status +
										').',
								},
				};
			}
			return { data: json };
		}

		const intentIdOf = ( clientSecret ) =>
			String( clientSecret || '' ).split( '_secret_' )[ 0 ];
		const isSetup = ( clientSecret ) =>
			/^seti_/.test( String( clientSecret || '' ) );

		function groupOf( element ) {
			for ( const group of groups ) {
				const all = Object.keys( group.elements ).map(
					( k ) => group.elements[ k ]
				);
				if ( all.includes( element ) ) {
					return group;
				}
			}
			return null;
		}

		function anyCardGroup() {
			return (
				groups.find(
					( group ) =>
						group.findField && group.findField( 'cardNumber' )
				) || null
			);
		}

		function groupFromElements( elements ) {
			return elements && elements.__standInGroup
				? elements.__standInGroup
				: null;
		}

		function cardParamsFrom( group ) {
			const number = group.findField( 'cardNumber' );
			const expiry = group.findField( 'cardExpiry' );
			const cvc = group.findField( 'cardCvc' );
			const card = {};
			if ( number ) {
				card.number = number.values().number;
			}
			if ( expiry ) {
				Object.assign( card, expiry.values() );
			}
			if ( cvc ) {
				card.cvc = cvc.values().cvc;
			}
			return card;
		}

		async function createCardPaymentMethod( group, extra ) {
			if ( ! group || ! group.findField( 'cardNumber' ) ) {
				return {
					error: {
						type: 'invalid_request_error',
						message:
							'IntegrationError: A card Element must be mounted to create a PaymentMethod.',
					},
				};
			}
			const invalid = cardValidation( group );
			if ( invalid ) {
				return { error: invalid };
			}
			const params = Object.assign(
				{ type: 'card', card: cardParamsFrom( group ) },
				extra || {}
			);
			const result = await request(
				'POST',
				'/v1/payment_methods',
				params
			);
			return result.error
				? { error: result.error }
				: { paymentMethod: result.data };
		}

		async function createBecsPaymentMethod( source, extra ) {
			let details;
			if ( source && source.__standIn ) {
				const group = groupOf( source );
				if ( ! group || ! group.findField( 'auBsb' ) ) {
					return {
						error: {
							type: 'invalid_request_error',
							message:
								'IntegrationError: An auBankAccount Element must be mounted to create an au_becs_debit PaymentMethod.',
						},
					};
				}
				const invalid = becsValidation( group );
				if ( invalid ) {
					return { error: invalid };
				}
				details = Object.assign(
					group.findField( 'auBsb' ).values(),
					group.findField( 'auAccountNumber' ).values()
				);
			} else if ( source && typeof source === 'object' ) {
				details = {
					bsb_number: source.bsb_number,
					account_number: source.account_number,
				};
			} else {
				return {
					error: {
						type: 'invalid_request_error',
						message:
							'IntegrationError: Missing value for createPaymentMethod: au_becs_debit should be an auBankAccount Element.',
					},
				};
			}
			const params = Object.assign(
				{ type: 'au_becs_debit', au_becs_debit: details },
				extra || {}
			);
			const result = await request(
				'POST',
				'/v1/payment_methods',
				params
			);
			return result.error
				? { error: result.error }
				: { paymentMethod: result.data };
		}

		/**
		 * The card and billing details the wallet sheet returns (the card behind the button:
		 * window.__standInWalletCard).
		 *
		 * @param {Object} pending The express checkout's pending confirm.
		 * @return {Object} { card, billing_details } as POST /v1/payment_methods takes them.
		 */
		function walletCardData( pending ) {
			const number = String(
				window.__standInWalletCard || '4242424242424242'
			).replace( /\D/g, '' );
			const year = new Date().getFullYear() + 3;
			const details = pending.billingDetails || {};
			return {
				card: { number, exp_month: '12', exp_year: String( year ) },
				billing_details: {
					name: details.name,
					email: details.email,
					phone: details.phone,
					address: details.address || undefined,
				},
			};
		}

		async function createWalletPaymentMethod( pending, extra ) {
			const params = Object.assign(
				{ type: 'card' },
				walletCardData( pending ),
				{ stand_in_wallet: pending.expressPaymentType },
				extra || {}
			);
			const result = await request(
				'POST',
				'/v1/payment_methods',
				params
			);
			return result.error
				? { error: result.error }
				: { paymentMethod: result.data };
		}

		/**
		 * Run 3-D Secure if the intent asks for it, as Stripe.js does.
		 *
		 * @param {Object} intent PaymentIntent or SetupIntent.
		 * @return {Promise<Object>} {paymentIntent|setupIntent} or {error}.
		 */
		async function settle( intent ) {
			const setup = intent.object === 'setup_intent';
			const noun = setup ? 'setupIntent' : 'paymentIntent';
			if (
				intent.status === 'requires_action' &&
				intent.next_action &&
				intent.next_action.type === 'use_stripe_sdk'
			) {
				const outcome = await authenticate();
				const path =
					( setup ? '/v1/setup_intents/' : '/v1/payment_intents/' ) +
					intent.id +
					'/confirm';
				const result = await request( 'POST', path, {
					client_secret: intent.client_secret,
					stand_in_3ds: outcome,
				} );
				if ( result.error ) {
					return { error: result.error };
				}
				intent = result.data;
			}
			const lastError = setup
				? intent.last_setup_error
				: intent.last_payment_error;
			if (
				intent.status === 'requires_payment_method' &&
				lastError &&
				/authentication_failure$/.test( lastError.code || '' )
			) {
				const error = {
					type: 'invalid_request_error',
					code: lastError.code,
					doc_url: lastError.doc_url,
					message:
						'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
					payment_method: lastError.payment_method,
				};
				error[ setup ? 'setup_intent' : 'payment_intent' ] = intent;
				return { error };
			}
			const answer = {};
			answer[ noun ] = intent;
			return answer;
		}

		async function confirmIntent( clientSecret, params, handleActions ) {
			const setup = isSetup( clientSecret );
			const path =
				( setup ? '/v1/setup_intents/' : '/v1/payment_intents/' ) +
				intentIdOf( clientSecret ) +
				'/confirm';
			const result = await request(
				'POST',
				path,
				Object.assign( { client_secret: clientSecret }, params )
			);
			if ( result.error ) {
				return { error: result.error };
			}
			if ( handleActions === false ) {
				const answer = {};
				answer[ setup ? 'setupIntent' : 'paymentIntent' ] = result.data;
				return answer;
			}
			return settle( result.data );
		}

		/**
		 * Turn confirmCard* data into a payment_method id (creating one from a card Element).
		 *
		 * @param {Object} data Confirm data.
		 * @return {Promise<Object>} {params} or {error}.
		 */
		async function paymentMethodParams( data ) {
			const params = {};
			const input = data || {};
			[
				'return_url',
				'setup_future_usage',
				'receipt_email',
				'shipping',
			].forEach( ( field ) => {
				if ( input[ field ] !== undefined ) {
					params[ field ] = input[ field ];
				}
			} );
			const pm = input.payment_method;
			if ( typeof pm === 'string' ) {
				params.payment_method = pm;
			} else if ( pm && pm.au_becs_debit ) {
				const created = await createBecsPaymentMethod(
					pm.au_becs_debit,
					{
						billing_details: pm.billing_details,
						metadata: pm.metadata,
					}
				);
				if ( created.error ) {
					return { error: created.error };
				}
				params.payment_method = created.paymentMethod.id;
			} else if ( pm && pm.card ) {
				const group =
					( pm.card.__standIn && groupOf( pm.card ) ) || null;
				const created = await createCardPaymentMethod( group, {
					billing_details: pm.billing_details,
					metadata: pm.metadata,
				} );
				if ( created.error ) {
					return { error: created.error };
				}
				params.payment_method = created.paymentMethod.id;
			}
			return { params };
		}

		// What Stripe.js adds when confirming a BECS Direct Debit: the customer
		// accepted the mandate shown next to the auBankAccount Element.
		const BECS_MANDATE = {
			mandate_data: {
				customer_acceptance: {
					type: 'online',
					online: { infer_from_client: true },
				},
			},
		};

		const stripe = {
			elements( elementsOptions ) {
				const api = createElementsGroup( elementsOptions );
				api.__standInGroup.testMode = /^pk_test_/.test( key );
				groups.push( api.__standInGroup );
				return api;
			},

			async createPaymentMethod( first, second, third ) {
				if ( typeof first === 'string' ) {
					// Legacy: createPaymentMethod( 'card', element, data ).
					return createCardPaymentMethod(
						groupOf( second ) || anyCardGroup(),
						{
							billing_details: third && third.billing_details,
							metadata: third && third.metadata,
						}
					);
				}
				const data = first || {};
				if ( data.elements ) {
					const group = groupFromElements( data.elements );
					const params = data.params || {};
					if ( group && group.pendingExpress ) {
						return createWalletPaymentMethod(
							group.pendingExpress,
							{
								metadata: params.metadata,
							}
						);
					}
					return createCardPaymentMethod( group, {
						billing_details: params.billing_details,
						metadata: params.metadata,
					} );
				}
				if ( data.type === 'au_becs_debit' ) {
					return createBecsPaymentMethod( data.au_becs_debit, {
						billing_details: data.billing_details,
						metadata: data.metadata,
					} );
				}
				if ( data.type && data.type !== 'card' ) {
					return {
						error: {
							type: 'invalid_request_error',
							message:
								'The Stripe.js stand-in only creates card and au_becs_debit PaymentMethods.',
						},
					};
				}
				return createCardPaymentMethod(
					( data.card && groupOf( data.card ) ) || anyCardGroup(),
					{
						billing_details: data.billing_details,
						metadata: data.metadata,
					}
				);
			},

			/**
			 * stripe.createConfirmationToken( { elements, params } ): the payment details of the
			 * Elements (the wallet sheet's card for the express checkout, else the card Element)
			 * as a ConfirmationToken the server confirms with (POST /v1/confirmation_tokens).
			 *
			 * @param {Object} args { elements, params: { return_url, shipping, payment_method_data } }.
			 * @return {Promise<Object>} { confirmationToken } or { error }.
			 */
			async createConfirmationToken( args ) {
				const given = args || {};
				const group = groupFromElements( given.elements );
				if ( ! group ) {
					return {
						error: {
							type: 'invalid_request_error',
							message:
								'IntegrationError: Invalid value for createConfirmationToken: elements should be an Elements group.',
						},
					};
				}
				const params = given.params || {};
				const extra = params.payment_method_data || {};
				const body = {};
				[ 'return_url', 'shipping' ].forEach( ( field ) => {
					if ( params[ field ] !== undefined ) {
						body[ field ] = params[ field ];
					}
				} );
				if ( group.pendingExpress ) {
					const wallet = walletCardData( group.pendingExpress );
					body.payment_method_data = {
						type: 'card',
						card: wallet.card,
						billing_details: Object.assign(
							wallet.billing_details,
							extra.billing_details || {}
						),
					};
					body.stand_in_wallet =
						group.pendingExpress.expressPaymentType;
					group.pendingExpress = null;
				} else if ( group.findField( 'cardNumber' ) ) {
					const invalid = cardValidation( group );
					if ( invalid ) {
						return { error: invalid };
					}
					body.payment_method_data = {
						type: 'card',
						card: cardParamsFrom( group ),
						billing_details: extra.billing_details,
					};
				} else {
					return {
						error: {
							type: 'invalid_request_error',
							message:
								'IntegrationError: createConfirmationToken needs a mounted Element with payment details (the express checkout after its confirm event, or a card Element).',
						},
					};
				}
				if ( extra.metadata ) {
					body.payment_method_data.metadata = extra.metadata;
				}
				const result = await request(
					'POST',
					'/v1/confirmation_tokens',
					body
				);
				return result.error
					? { error: result.error }
					: { confirmationToken: result.data };
			},

			async createToken( element, data ) {
				if ( typeof element === 'string' ) {
					return {
						error: {
							type: 'invalid_request_error',
							message:
								'The Stripe.js stand-in only creates card tokens.',
						},
					};
				}
				const group = groupOf( element ) || anyCardGroup();
				if ( ! group || ! group.findField( 'cardNumber' ) ) {
					return {
						error: {
							type: 'invalid_request_error',
							message:
								'IntegrationError: A card Element must be mounted to create a token.',
						},
					};
				}
				const invalid = cardValidation( group );
				if ( invalid ) {
					return { error: invalid };
				}
				const card = Object.assign(
					cardParamsFrom( group ),
					data || {}
				);
				const result = await request( 'POST', '/v1/tokens', { card } );
				return result.error
					? { error: result.error }
					: { token: result.data };
			},

			async confirmCardPayment( clientSecret, data, confirmOptions ) {
				const prepared = await paymentMethodParams( data );
				if ( prepared.error ) {
					return { error: prepared.error };
				}
				return confirmIntent(
					clientSecret,
					prepared.params,
					! confirmOptions || confirmOptions.handleActions !== false
				);
			},

			async confirmCardSetup( clientSecret, data, confirmOptions ) {
				const prepared = await paymentMethodParams( data );
				if ( prepared.error ) {
					return { error: prepared.error };
				}
				return confirmIntent(
					clientSecret,
					prepared.params,
					! confirmOptions || confirmOptions.handleActions !== false
				);
			},

			async confirmAuBecsDebitPayment( clientSecret, data ) {
				const prepared = await paymentMethodParams( data );
				if ( prepared.error ) {
					return { error: prepared.error };
				}
				return confirmIntent(
					clientSecret,
					Object.assign( prepared.params, BECS_MANDATE ),
					true
				);
			},

			async confirmAuBecsDebitSetup( clientSecret, data ) {
				const prepared = await paymentMethodParams( data );
				if ( prepared.error ) {
					return { error: prepared.error };
				}
				return confirmIntent(
					clientSecret,
					Object.assign( prepared.params, BECS_MANDATE ),
					true
				);
			},

			async confirmPayment( args ) {
				return confirmWithElements( args || {}, false );
			},

			async confirmSetup( args ) {
				return confirmWithElements( args || {}, true );
			},

			async handleNextAction( args ) {
				const clientSecret = args && args.clientSecret;
				const retrieved = await retrieve( clientSecret );
				if ( retrieved.error ) {
					return retrieved;
				}
				return settle(
					retrieved.paymentIntent || retrieved.setupIntent
				);
			},

			async handleCardAction( clientSecret ) {
				return stripe.handleNextAction( { clientSecret } );
			},

			async handleCardSetup( clientSecret, element, data ) {
				return stripe.confirmCardSetup( clientSecret, {
					payment_method: Object.assign(
						{ card: element },
						data && data.payment_method_data
					),
				} );
			},

			async retrievePaymentIntent( clientSecret ) {
				return retrieve( clientSecret );
			},

			async retrieveSetupIntent( clientSecret ) {
				return retrieve( clientSecret );
			},

			paymentRequest() {
				throw new Error(
					'IntegrationError: The Stripe.js stand-in does not implement paymentRequest(); use the expressCheckout Element.'
				);
			},

			registerAppInfo( info ) {
				stripe.__standInAppInfo.push( info );
			},

			_registerWrapper( wrapper ) {
				stripe.__standInWrappers.push( wrapper );
			},

			__standInAppInfo: [],
			__standInWrappers: [],
			__standInApi: API,
		};

		async function retrieve( clientSecret ) {
			const setup = isSetup( clientSecret );
			const result = await request(
				'GET',
				( setup ? '/v1/setup_intents/' : '/v1/payment_intents/' ) +
					intentIdOf( clientSecret ),
				{ client_secret: clientSecret }
			);
			if ( result.error ) {
				return { error: result.error };
			}
			return setup
				? { setupIntent: result.data }
				: { paymentIntent: result.data };
		}

		async function confirmWithElements( args, setup ) {
			const group = groupFromElements( args.elements );
			const clientSecret =
				args.clientSecret || ( group && group.options.clientSecret );
			if ( ! clientSecret ) {
				return {
					error: {
						type: 'invalid_request_error',
						message:
							'IntegrationError: stripe.confirm' +
							( setup ? 'Setup' : 'Payment' ) +
							'(): the `clientSecret` argument is required unless you passed it to stripe.elements().',
					},
				};
			}
			const confirmParams = Object.assign( {}, args.confirmParams || {} );
			const redirect = args.redirect || 'always';
			if ( redirect === 'always' && ! confirmParams.return_url ) {
				return {
					error: {
						type: 'invalid_request_error',
						message:
							"IntegrationError: stripe.confirmPayment(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
					},
				};
			}
			const params = {};
			if ( confirmParams.return_url ) {
				params.return_url = confirmParams.return_url;
			}
			if ( confirmParams.receipt_email ) {
				params.receipt_email = confirmParams.receipt_email;
			}
			if ( confirmParams.payment_method ) {
				params.payment_method = confirmParams.payment_method;
			} else if ( group ) {
				const pmData = confirmParams.payment_method_data || {};
				const created = group.pendingExpress
					? await createWalletPaymentMethod(
							group.pendingExpress,
							{}
						)
					: await createCardPaymentMethod( group, {
							billing_details: pmData.billing_details,
						} );
				group.pendingExpress = null;
				if ( created.error ) {
					return { error: created.error };
				}
				params.payment_method = created.paymentMethod.id;
			}
			const result = await confirmIntent( clientSecret, params, true );
			if ( result.error ) {
				return result;
			}
			const intent = result.paymentIntent || result.setupIntent;
			if ( redirect === 'always' && confirmParams.return_url ) {
				const target = new URL(
					confirmParams.return_url,
					window.location.href
				);
				const prefix = setup ? 'setup_intent' : 'payment_intent';
				target.searchParams.set( prefix, intent.id );
				target.searchParams.set(
					prefix + '_client_secret',
					intent.client_secret
				);
				target.searchParams.set(
					'redirect_status',
					intent.status === 'succeeded' ? 'succeeded' : 'failed'
				);
				window.location.assign( target.toString() );
				return new Promise( () => {} );
			}
			return result;
		}

		return stripe;
	}

	function Stripe( key, options ) {
		return createStripe( key, options );
	}
	Stripe.version = RELEASE;
	Stripe.__standIn = true;
	Stripe.__standInApi = API;
	window.Stripe = Stripe;
} )();
