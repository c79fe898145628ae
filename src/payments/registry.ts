/**
 * The payment-method seam (the shape of WooCommerce Blocks'
 * registerPaymentMethod): each method is one registration object in its own
 * folder, listed once in methods.ts. Tab 3 renders whatever is registered
 * and available, in list order, and knows no provider.
 *
 * Two kinds of method:
 * - "express": its own buttons at the top of tab 3 (wallets); no form
 *   fields and no Donate button.
 * - "form": chosen with a toggle button (one-off) or, when more than one is
 *   available, a choice (recurring); shows its own fields and hands its
 *   submit flow to the Donate button.
 *
 * External registration: a gateway outside this bundle (its script loads
 * before the widget's view script, e.g. a gateway's browser_scripts()) pushes
 * the same registration object onto a page-wide queue:
 *
 *     ( window.donationWidgetPaymentMethods =
 *         window.donationWidgetPaymentMethods || [] ).push( {
 *         name: 'example',          // unique; a name already taken is ignored
 *         kind: 'form',             // or 'express'
 *         label: () => 'Example Pay', // required for 'form'
 *         canMakePayment: ( context ) =>
 *             ( context.settings.payment_methods || [] ).includes( 'example' ),
 *         content: wp.element.lazy( () =>
 *             Promise.resolve( { default: Component } ) ),
 *         showsDonateButton: true,
 *     } );
 *
 * `context.settings` holds every key of the flat public settings (docs/widget-contract.md#32-settings-from-the-server),
 * so a gateway reads its own. The widget offers queued methods after its own
 * (methods.ts); a malformed entry or a duplicate name is left out with a
 * console warning.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ProviderScripts, Settings } from '../shared/config';
import type { DonationValues, Frequency } from '../shared/donation-values';
import { logProblem } from '../shared/ajax';
import type { PaymentOutcomeHandlers, PaymentServer } from './gateway';

declare global {
	interface Window {
		/** Registrations pushed by gateways outside the bundle (see above). */
		donationWidgetPaymentMethods?: unknown;
	}
}

export interface PaymentMethodContext {
	settings: Settings;
	frequency: Frequency;
}

/** What a "form" method hands to the Donate button while it is chosen. */
export interface PaymentSubmitter {
	/** The method's name, so only its own registration is cleared. */
	name: string;
	/** The provider is ready: the Donate button is enabled. */
	ready: boolean;
	/** Validates and pays; sets processing through its props. */
	submit: () => Promise< void >;
}

export interface PaymentMethodProps {
	settings: Settings;
	providerScripts: ProviderScripts;
	server: PaymentServer;
	handlers: PaymentOutcomeHandlers;
	/** The latest form values (methods call back long after render). */
	getValues: () => DonationValues;
	/** Tab 3 is showing (wallet buttons render only then). */
	active: boolean;
	/** A "form" method is the chosen one: its fields show. */
	selected: boolean;
	/** Id for the element holding the method's fields (the toggle controls it). */
	contentId: string;
	widgetIndex: number;
	/** Earlier steps, then the privacy terms; focuses what failed. */
	mayStart: () => boolean;
	/** Re-checks amount and details; false (and shows that step) if either fails. */
	confirmEarlierSteps: () => boolean;
	focusPrivacy: () => void;
	/** Touches the privacy box so its error shows. */
	touchPrivacy: () => void;
	processing: boolean;
	setProcessing: ( processing: boolean ) => void;
	/** A "form" method registers its submit flow here while chosen. */
	setSubmitter: (
		update: ( current: PaymentSubmitter | null ) => PaymentSubmitter | null
	) => void;
	/**
	 * One value per payment step, shared by methods of the same provider
	 * (e.g. one instance of the card provider's script), created on first use.
	 */
	shared: < T >( key: string, create: () => T ) => T;
}

export interface PaymentMethodRegistration {
	/** Unique id, e.g. "card". */
	name: string;
	kind: 'express' | 'form';
	/** The toggle's accessible name ("form" methods). */
	label?: () => string;
	/** Whether tab 3 offers the method for these settings and this frequency. */
	canMakePayment: ( context: PaymentMethodContext ) => boolean;
	/** The method's fields or buttons, loaded on demand. */
	content: LazyExoticComponent< ComponentType< PaymentMethodProps > >;
	/** Whether the Donate button shows while this method is chosen. */
	showsDonateButton: boolean;
	/** The provider's badge, shown once under the form however many of its methods show. */
	badge?: ComponentType;
}

/**
 * The registered methods tab 3 offers, in registration order.
 * @param methods The registration list.
 * @param context Settings and the chosen frequency.
 */
export function availableMethods(
	methods: readonly PaymentMethodRegistration[],
	context: PaymentMethodContext
): PaymentMethodRegistration[] {
	return methods.filter( ( method ) => method.canMakePayment( context ) );
}

type Loose = Record< string, unknown >;

const isObject = ( value: unknown ): value is Loose =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

/**
 * Why a queued entry cannot be a registration; empty when it can.
 * @param entry The untrusted entry.
 */
function problemWith( entry: unknown ): string {
	if ( ! isObject( entry ) ) {
		return 'is not an object';
	}
	if ( typeof entry.name !== 'string' || entry.name.trim() === '' ) {
		return 'has no name';
	}
	if ( entry.kind !== 'express' && entry.kind !== 'form' ) {
		return 'has no kind ("express" or "form")';
	}
	if ( typeof entry.canMakePayment !== 'function' ) {
		return 'has no canMakePayment function';
	}
	// A lazy component is an object; a plain component a function.
	if (
		( typeof entry.content !== 'object' || entry.content === null ) &&
		typeof entry.content !== 'function'
	) {
		return 'has no content component';
	}
	if ( typeof entry.showsDonateButton !== 'boolean' ) {
		return 'has no showsDonateButton flag';
	}
	if ( entry.label !== undefined && typeof entry.label !== 'function' ) {
		return 'has a label that is not a function';
	}
	if ( entry.kind === 'form' && entry.label === undefined ) {
		return 'is a "form" method without a label';
	}
	return '';
}

/**
 * A queued method whose own check cannot break tab 3: it throws, it is not offered.
 * @param method The checked registration.
 */
function guarded(
	method: PaymentMethodRegistration
): PaymentMethodRegistration {
	return {
		...method,
		canMakePayment: ( context ) => {
			try {
				return method.canMakePayment( context ) === true;
			} catch ( error ) {
				logProblem(
					`payment method "${ method.name }" failed its canMakePayment check`,
					error
				);
				return false;
			}
		},
	};
}

/**
 * The widget's own methods, then the well-formed queued ones with new names.
 * @param own   The bundle's registration list (methods.ts).
 * @param queue window.donationWidgetPaymentMethods (untrusted).
 */
export function withExternalMethods(
	own: readonly PaymentMethodRegistration[],
	queue: unknown
): PaymentMethodRegistration[] {
	const methods = [ ...own ];
	if ( queue === undefined ) {
		return methods;
	}
	if ( ! Array.isArray( queue ) ) {
		logProblem(
			'window.donationWidgetPaymentMethods is not an array',
			queue
		);
		return methods;
	}
	const names = new Set( own.map( ( method ) => method.name ) );
	for ( const entry of queue as unknown[] ) {
		const problem = problemWith( entry );
		if ( problem ) {
			logProblem(
				`a queued payment method ${ problem }; left out`,
				entry
			);
			continue;
		}
		const method = entry as unknown as PaymentMethodRegistration;
		if ( names.has( method.name ) ) {
			logProblem(
				`payment method "${ method.name }" is registered already; the queued one is left out`,
				entry
			);
			continue;
		}
		names.add( method.name );
		methods.push( guarded( method ) );
	}
	return methods;
}

/**
 * Every method tab 3 can offer on this page: the bundle's and the page's queue.
 * @param own The bundle's registration list (methods.ts).
 */
export function registeredMethods(
	own: readonly PaymentMethodRegistration[]
): PaymentMethodRegistration[] {
	return withExternalMethods(
		own,
		typeof window === 'undefined'
			? undefined
			: window.donationWidgetPaymentMethods
	);
}
