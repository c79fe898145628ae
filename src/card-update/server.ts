/**
 * The update-card widget's two server calls (docs/widget-contract.md#7-the-calls-it-makes calls 8 and 9), as pure
 * async flows over the ajax client and the card provider, so they can be read
 * and tested without the React tree.
 *
 * process_request_id
 *   { success: true, data: { card: { brand, last4 } | null } }  → the form
 *   anything else                                              → link-expired screen
 * process_update_card
 *   { success: true, data: { missed_donation } }                → success screen
 *   { success: false, type: "requires_action",
 *     data: { client_secret, setup_intent_id } }                → 3-D Secure, then post again
 *                                                                  with setupIntentId
 *   { success: false, type: "link_expired" }                    → link-expired screen
 *   anything else (declined, refused, non-OK status)            → card error on the card number
 */
import { pick, pickText, type AjaxPost } from '../shared/ajax';
import type { CurrentCard, MissedDonation } from './flow';
import {
	refusedCard,
	type CardError,
} from '../payments/stripe/card-fields/decline-reason';
import { buildFormData } from './rules';

export type LinkCheck =
	{ kind: 'valid'; card: CurrentCard | null } | { kind: 'expired' };

export type UpdateOutcome =
	| { kind: 'updated'; missedDonation: MissedDonation | null }
	/**
	 * "Please check your card details and try again!" on the card number;
	 * reason is the bank's code (data.decline_code) for the second line.
	 */
	| CardError
	| { kind: 'expired' }
	/** An unexpected exception: its message goes to errorMessage. */
	| { kind: 'failure'; errorMessage: string };

export interface CardUpdateProvider {
	/**
	 * Tokenises the card with the name only (docs/widget-contract.md#7-the-calls-it-makes); null when the
	 * provider refuses it.
	 */
	createPaymentMethod: ( nameOnCard: string ) => Promise< {
		id: string;
	} | null >;
	/** Runs the bank's 3-D Secure step; true when the donor passed it. */
	handleNextAction: ( clientSecret: string ) => Promise< boolean >;
}

function readCard( value: unknown ): CurrentCard | null {
	const brand = pickText( value, 'brand' );
	const last4 = pickText( value, 'last4' );
	return brand && /^\d{4}$/.test( last4 ) ? { brand, last4 } : null;
}

function readMissedDonation( value: unknown ): MissedDonation | null {
	return value === 'recovered' || value === 'failed' ? value : null;
}

/**
 * Asks the server whether the link still works. A page without a requestID
 * is an expired link, without a call.
 * @param post      The ajax client.
 * @param requestId The link's requestID.
 */
export async function checkLink(
	post: AjaxPost,
	requestId: string
): Promise< LinkCheck > {
	if ( ! requestId ) {
		return { kind: 'expired' };
	}
	const response = await post( 'process_request_id', { id: requestId } );
	if ( ! response.ok || pick( response.body, 'success' ) !== true ) {
		return { kind: 'expired' };
	}
	return {
		kind: 'valid',
		card: readCard( pick( response.body, 'data', 'card' ) ),
	};
}

/**
 * Tokenises the new card and sends it, running 3-D Secure once when the bank
 * asks for it.
 * @param provider   The card provider.
 * @param post       The ajax client.
 * @param requestId  The link's requestID.
 * @param nameOnCard The name on the card.
 */
export async function updateCard(
	provider: CardUpdateProvider,
	post: AjaxPost,
	requestId: string,
	nameOnCard: string
): Promise< UpdateOutcome > {
	try {
		const paymentMethod = await provider.createPaymentMethod(
			nameOnCard.trim()
		);
		if ( ! paymentMethod ) {
			return { kind: 'card-error' };
		}
		const fields = {
			id: requestId,
			token: paymentMethod.id,
			cardId: paymentMethod.id,
			formData: buildFormData( nameOnCard ),
		};
		let authenticated = true;
		let response = await post( 'process_update_card', fields );

		if ( pickText( response.body, 'type' ) === 'requires_action' ) {
			const clientSecret = pickText(
				response.body,
				'data',
				'client_secret'
			);
			const setupIntentId = pickText(
				response.body,
				'data',
				'setup_intent_id'
			);
			if ( ! clientSecret || ! setupIntentId ) {
				return { kind: 'card-error' };
			}
			// Posted again whatever the outcome: the server reads it from the
			// provider and keeps it in the link's history.
			authenticated = await provider.handleNextAction( clientSecret );
			response = await post( 'process_update_card', {
				...fields,
				setupIntentId,
			} );
		}

		if ( response.ok && pick( response.body, 'success' ) === true ) {
			return {
				kind: 'updated',
				missedDonation: readMissedDonation(
					pick( response.body, 'data', 'missed_donation' )
				),
			};
		}
		if ( pickText( response.body, 'type' ) === 'link_expired' ) {
			return { kind: 'expired' };
		}
		return refusedCard(
			response.body,
			authenticated,
			'setup_intent_authentication_failure'
		);
	} catch ( error ) {
		return {
			kind: 'failure',
			errorMessage:
				error instanceof Error ? error.message : String( error ),
		};
	}
}
