/**
 * What the "Manage my donation" page shows, as the server gives it (ManagePage::state): every
 * text and date already formatted there, in the site's own format. Read defensively: a page
 * cached by a plugin, or an answer from a host's error page, must not break the screen.
 */
import type { AjaxPost } from '../shared/ajax';

export interface ManagedSubscription {
	id: string;
	heading: string;
	amount: string;
	running: boolean;
	nextDonation: string;
	/** "No donation until …" while paused, else empty. */
	paused: string;
	card: string;
}

export interface Notice {
	message: string;
	isError: boolean;
}

const ACTIONS = [
	'change_amount',
	'skip',
	'pause',
	'resume',
	'cancel',
	'replace_card',
] as const;

export type ActionName = ( typeof ACTIONS )[ number ];

export interface ManageState {
	nonce: string;
	subscriptions: ManagedSubscription[];
	actions: Record< ActionName, boolean >;
	pauseChoices: Array< { value: string; label: string } >;
	gifts: Array< {
		date: string;
		amount: string;
		frequency: string;
		receipt: string;
	} >;
	statements: Array< { label: string; url: string } >;
	notice: Notice | null;
}

export interface ManageAnswer {
	outcome: string;
	notice: Notice | null;
	state: ManageState | null;
	redirect: string;
}

type Loose = Record< string, unknown >;

const isObject = ( value: unknown ): value is Loose =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

const text = ( value: unknown ): string =>
	typeof value === 'string' ? value : '';

const list = ( value: unknown ): Loose[] =>
	Array.isArray( value ) ? value.filter( isObject ) : [];

export function parseNotice( value: unknown ): Notice | null {
	if ( ! isObject( value ) || ! text( value.message ) ) {
		return null;
	}
	return { message: text( value.message ), isError: value.isError === true };
}

/**
 * The state from the page's attribute or an answer; null when it is not one.
 * @param value Parsed JSON.
 */
export function parseState( value: unknown ): ManageState | null {
	if ( ! isObject( value ) || ! text( value.nonce ) ) {
		return null;
	}
	const actions = isObject( value.actions ) ? value.actions : {};
	return {
		nonce: text( value.nonce ),
		subscriptions: list( value.subscriptions )
			.map( ( item ) => ( {
				id: text( item.id ),
				heading: text( item.heading ),
				amount: text( item.amount ),
				running: item.running === true,
				nextDonation: text( item.nextDonation ),
				paused: text( item.paused ),
				card: text( item.card ),
			} ) )
			.filter( ( item ) => /^sub_[A-Za-z0-9_]+$/.test( item.id ) ),
		actions: Object.fromEntries(
			ACTIONS.map( ( action ) => [ action, actions[ action ] === true ] )
		) as Record< ActionName, boolean >,
		pauseChoices: list( value.pauseChoices ).map( ( item ) => ( {
			value: text( item.value ),
			label: text( item.label ),
		} ) ),
		gifts: list( value.gifts ).map( ( item ) => ( {
			date: text( item.date ),
			amount: text( item.amount ),
			frequency: text( item.frequency ),
			receipt: text( item.receipt ),
		} ) ),
		statements: list( value.statements )
			.map( ( item ) => ( {
				label: text( item.label ),
				url: text( item.url ),
			} ) )
			.filter(
				( item ) => item.label && /^https?:\/\//i.test( item.url )
			),
		notice: parseNotice( value.notice ),
	};
}

/**
 * Reads the data-manage-state attribute.
 * @param attribute Its value.
 */
export function readState( attribute: string | null ): ManageState | null {
	try {
		return parseState( JSON.parse( attribute ?? '' ) );
	} catch {
		return null;
	}
}

export const JSON_ACTION = 'donation_widget_manage';

/**
 * One call of the page (ManageController::json). An answer that cannot be read is null.
 * @param post   The admin-ajax client.
 * @param fields manage_nonce, op and the change's fields.
 */
export async function call(
	post: AjaxPost,
	fields: Record< string, string >
): Promise< ManageAnswer | null > {
	let response;
	try {
		response = await post( JSON_ACTION, fields );
	} catch {
		return null;
	}
	const body = response.body;
	if ( ! response.ok || ! isObject( body ) || ! text( body.outcome ) ) {
		return null;
	}
	const redirect = text( body.redirect );
	return {
		outcome: text( body.outcome ),
		notice: parseNotice( body ),
		state: parseState( body.state ),
		// Only back to this site.
		redirect:
			redirect &&
			new URL( redirect, window.location.href ).origin ===
				window.location.origin
				? redirect
				: '',
	};
}
