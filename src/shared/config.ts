/**
 * The contract with the page: the host element's JSON configuration (
 * docs/widget-contract.md#31-widget-configuration-from-the-host-element), the server settings (docs/widget-contract.md#32-settings-from-the-server) and the `window.donationWidget`
 * global that PHP prints before the script.
 */

import { usableDefaultAmount, usablePresets } from './amount-limits';

export type WidgetPosition = 'left' | 'center' | 'right';

export interface WidgetConfig {
	/** "donation" shows the donation widget; anything else the update-card widget. */
	type: string;
	modal: boolean;
	position: WidgetPosition;
	hide_address: boolean;
	hide_mobile: boolean;
	hide_inmemory: boolean;
	/** The three preset amounts from the comma string; empty when not given or not usable. */
	amount_values: string[];
	/** 0 when not given or not a usable amount (docs/widget-contract.md#51-amount's limits). */
	default_amount: number;
	/** Empty when not given. */
	iteration_id: string;
	/** Empty when not given. */
	donation_type: string;
	/**
	 * An update-card link's requestID given by the page itself (the "Manage my donation" page's
	 * in-place card replacement, which keeps it out of the URL); empty: read it from the URL.
	 */
	request_id?: string;
	/**
	 * A modal's trigger button text (added to docs/widget-contract.md#31-widget-configuration-from-the-host-element): when set, the page holds a button
	 * that opens the modal again after it was closed. Empty when not given or not a modal.
	 */
	trigger_text: string;
}

/**
 * The flat public settings (docs/widget-contract.md#32-settings-from-the-server). The keys below are parsed here; a
 * payment gateway's own keys arrive as the server sent them (the index
 * signature) and its folder parses them (e.g. payments/<gateway>/settings.ts).
 */
export interface Settings {
	readonly [ gatewayKey: string ]: unknown;
	amount_values: string[];
	default_amount: number;
	default_iteration_id: string;
	experian_min_search_char: number;
	google_captcha_key: string;
	organisation_name: string;
	privacy_url: string;
	contact_url: string;
	get_involved_url: string;
	supporter_phone: string;
	supporter_email: string;
	demo_mode: boolean;
	/**
	 * Optional payment methods the charity switched on (e.g. "au_becs_debit").
	 * Older servers do not send it: read it through enabledPaymentMethods().
	 */
	payment_methods?: string[];
	/**
	 * Whether the site emails a receipt after each donation (its "Email
	 * receipts" setting). Older servers do not send it: then nothing is said.
	 */
	receipts_emailed?: boolean;
}

export interface ProviderScripts {
	stripe: string;
	paypal: string;
	recaptcha: string;
}

export interface PageGlobals {
	ajaxUrl: string;
	settingsUrl: string;
	settings: Settings | null;
	demoMode: boolean;
	providerScripts: ProviderScripts;
}

declare global {
	interface Window {
		donationWidget?: Partial< PageGlobals >;
	}
}

type Loose = Record< string, unknown >;

const isObject = ( value: unknown ): value is Loose =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

/**
 * Booleans arrive as "true"/"false" strings from the data attribute.
 * @param value Raw value from JSON.
 */
export function toBoolean( value: unknown ): boolean {
	if ( typeof value === 'boolean' ) {
		return value;
	}
	if ( typeof value === 'number' ) {
		return value === 1;
	}
	if ( typeof value === 'string' ) {
		const normalised = value.trim().toLowerCase();
		return normalised === 'true' || normalised === '1';
	}
	return false;
}

export function toNumber( value: unknown ): number {
	if ( typeof value === 'number' ) {
		return Number.isFinite( value ) ? value : 0;
	}
	if ( typeof value === 'string' && value.trim() !== '' ) {
		const parsed = Number( value.trim() );
		return Number.isFinite( parsed ) ? parsed : 0;
	}
	return 0;
}

export function toText( value: unknown ): string {
	if ( typeof value === 'string' ) {
		return value;
	}
	if ( typeof value === 'number' && Number.isFinite( value ) ) {
		return String( value );
	}
	return '';
}

/**
 * "10, 25,50" → ["10", "25", "50"]; arrays are accepted too.
 * @param value Raw value from JSON.
 */
export function toAmountList( value: unknown ): string[] {
	let parts: unknown[] = [];
	if ( Array.isArray( value ) ) {
		parts = value;
	} else if ( typeof value === 'string' ) {
		parts = value.split( ',' );
	} else if ( typeof value === 'number' ) {
		parts = [ value ];
	}
	return parts.map( ( part ) => toText( part ).trim() ).filter( Boolean );
}

function toPosition( value: unknown ): WidgetPosition {
	return value === 'left' || value === 'right' ? value : 'center';
}

export function normaliseConfig( raw: Loose ): WidgetConfig {
	return {
		type: toText( raw.type ),
		modal: toBoolean( raw.modal ),
		position: toPosition( raw.position ),
		hide_address: toBoolean( raw.hide_address ),
		hide_mobile: toBoolean( raw.hide_mobile ),
		hide_inmemory: toBoolean( raw.hide_inmemory ),
		// As the server keeps them (WidgetConfig.php): three usable presets or none, a usable
		// default or none, so the editor's preview shows what the page will.
		amount_values: usablePresets( raw.amount_values ),
		default_amount: usableDefaultAmount( raw.default_amount ),
		iteration_id: toText( raw.iteration_id ).trim(),
		donation_type: toText( raw.donation_type ).trim(),
		...( toText( raw.request_id ).trim()
			? { request_id: toText( raw.request_id ).trim() }
			: {} ),
		trigger_text: toBoolean( raw.modal )
			? toText( raw.trigger_text ).trim()
			: '',
	};
}

/**
 * Parses the host element's attribute; null when it is not a JSON object.
 * @param attribute The `data-donation-widget` value.
 */
export function parseWidgetConfig(
	attribute: string | null
): WidgetConfig | null {
	if ( ! attribute ) {
		return null;
	}
	try {
		const raw: unknown = JSON.parse( attribute );
		return isObject( raw ) ? normaliseConfig( raw ) : null;
	} catch {
		return null;
	}
}

const SHARED_KEYS = new Set( [
	'amount_values',
	'default_amount',
	'default_iteration_id',
	'experian_min_search_char',
	'google_captcha_key',
	'organisation_name',
	'privacy_url',
	'contact_url',
	'get_involved_url',
	'supporter_phone',
	'supporter_email',
	'demo_mode',
	'payment_methods',
	'receipts_emailed',
] );

/**
 * Normalises the settings object (preloaded or from the REST route).
 * @param raw Untrusted object from the page or the server.
 */
export function parseSettings( raw: unknown ): Settings | null {
	if ( ! isObject( raw ) ) {
		return null;
	}
	// Keys parsed here never pass through raw (an unreadable one is left out).
	const gatewayKeys = Object.fromEntries(
		Object.entries( raw ).filter( ( [ key ] ) => ! SHARED_KEYS.has( key ) )
	);
	return {
		...gatewayKeys,
		amount_values: toAmountList( raw.amount_values ),
		default_amount: toNumber( raw.default_amount ),
		default_iteration_id: toText( raw.default_iteration_id ),
		experian_min_search_char: toNumber( raw.experian_min_search_char ) || 1,
		google_captcha_key: toText( raw.google_captcha_key ),
		organisation_name: toText( raw.organisation_name ),
		privacy_url: toText( raw.privacy_url ),
		contact_url: toText( raw.contact_url ),
		get_involved_url: toText( raw.get_involved_url ),
		supporter_phone: toText( raw.supporter_phone ),
		supporter_email: toText( raw.supporter_email ),
		demo_mode: toBoolean( raw.demo_mode ),
		...( typeof raw.receipts_emailed === 'boolean'
			? { receipts_emailed: raw.receipts_emailed }
			: {} ),
		...( Array.isArray( raw.payment_methods )
			? { payment_methods: toIdList( raw.payment_methods ) }
			: {} ),
	};
}

/**
 * Ids such as "au_becs_debit": strings only, trimmed, without duplicates.
 * @param list Raw list from JSON.
 */
function toIdList( list: unknown[] ): string[] {
	const ids = list
		.filter( ( item ): item is string => typeof item === 'string' )
		.map( ( item ) => item.trim() )
		.filter( Boolean );
	return [ ...new Set( ids ) ];
}

/**
 * The optional payment methods switched on; none when the server says nothing.
 * @param settings The parsed settings.
 */
export function enabledPaymentMethods(
	settings: Pick< Settings, 'payment_methods' >
): string[] {
	return settings.payment_methods ?? [];
}

const DEFAULT_AJAX_URL = '/wp-admin/admin-ajax.php';
const DEFAULT_SETTINGS_URL = '/wp-json/my-plugin/v1/settings';

/**
 * Reads `window.donationWidget`, filling what PHP did not print.
 * @param raw Untrusted object from the page or the server.
 */
export function readPageGlobals( raw: unknown ): PageGlobals {
	const source = isObject( raw ) ? raw : {};
	const scripts = isObject( source.providerScripts )
		? source.providerScripts
		: {};
	return {
		ajaxUrl: toText( source.ajaxUrl ) || DEFAULT_AJAX_URL,
		settingsUrl: toText( source.settingsUrl ) || DEFAULT_SETTINGS_URL,
		settings: parseSettings( source.settings ),
		demoMode: toBoolean( source.demoMode ),
		providerScripts: {
			stripe: toText( scripts.stripe ),
			paypal: toText( scripts.paypal ),
			recaptcha: toText( scripts.recaptcha ),
		},
	};
}
