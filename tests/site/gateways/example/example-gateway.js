/**
 * Example Pay's browser side (test tree only): registers its payment method with the donation
 * widget through the external registration queue, in plain JavaScript with WordPress's React, as a
 * gateway outside the plugin's bundle would. It loads before the widget's view script (the
 * gateway's browser_scripts()).
 *
 * @param {Object} element WordPress's React (wp.element).
 */
( function ( element ) {
	const { createElement, lazy } = element;

	/**
	 * The method's content in tab 3: a note, shown while the method is chosen.
	 *
	 * @param {Object}  props           What tab 3 hands every method.
	 * @param {string}  props.contentId Id the toggle controls.
	 * @param {boolean} props.selected  Whether the method is the chosen one.
	 */
	function ExamplePayFields( props ) {
		return createElement(
			'div',
			{ id: props.contentId, hidden: ! props.selected },
			createElement( 'p', null, 'Example Pay moves no money.' )
		);
	}

	( window.donationWidgetPaymentMethods =
		window.donationWidgetPaymentMethods || [] ).push( {
		name: 'example',
		kind: 'form',
		label: () => 'Example Pay',
		// Offered when the server says so (its account ID is set).
		canMakePayment: ( context ) =>
			( context.settings.payment_methods || [] ).includes( 'example' ),
		content: lazy( () => Promise.resolve( { default: ExamplePayFields } ) ),
		showsDonateButton: true,
	} );
} )( window.wp.element );
