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
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ProviderScripts, Settings } from '../shared/config';
import type { DonationValues, Frequency } from '../shared/donation-values';
import type { PaymentOutcomeHandlers, PaymentServer } from './gateway';

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
	 * (e.g. one Stripe.js instance), created on first use.
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
