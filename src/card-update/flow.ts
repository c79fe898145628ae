/**
 * The update-card flow of docs/widget-contract.md#49-update-card-flow as a state machine:
 *
 *   checking ──link valid──▶ ready ──submit──▶ submitting ──updated──▶ updated
 *      │                       ▲                   │
 *      │                       └──card error───────┤
 *      ├──link refused──▶ expired ◀──link refused──┘
 *      └──exception──▶ unavailable      (an exception while submitting
 *                                         returns to ready)
 *
 * Exceptions also set errorMessage, which shows the "Page not found" alert.
 * Events that do not apply to the current phase change nothing.
 */

export type MissedDonation = 'recovered' | 'failed';

export interface CurrentCard {
	brand: string;
	last4: string;
}

export type Phase =
	'checking' | 'ready' | 'submitting' | 'expired' | 'updated' | 'unavailable';

export interface FlowState {
	phase: Phase;
	/** The card being replaced, once the link is validated (null: unknown). */
	card: CurrentCard | null;
	/** After the update: what happened to a missed donation, if one was due. */
	missedDonation: MissedDonation | null;
	errorMessage: string;
}

export type FlowEvent =
	| { type: 'link-valid'; card: CurrentCard | null }
	| { type: 'link-expired' }
	| { type: 'submit' }
	| { type: 'card-error' }
	| { type: 'updated'; missedDonation: MissedDonation | null }
	| { type: 'failed'; errorMessage: string };

export const initialFlow: FlowState = {
	phase: 'checking',
	card: null,
	missedDonation: null,
	errorMessage: '',
};

export function flowReducer( state: FlowState, event: FlowEvent ): FlowState {
	switch ( event.type ) {
		case 'link-valid':
			return state.phase === 'checking'
				? { ...state, phase: 'ready', card: event.card }
				: state;
		case 'link-expired':
			return state.phase === 'checking' || state.phase === 'submitting'
				? { ...state, phase: 'expired' }
				: state;
		case 'submit':
			return state.phase === 'ready'
				? { ...state, phase: 'submitting', errorMessage: '' }
				: state;
		case 'card-error':
			return state.phase === 'submitting'
				? { ...state, phase: 'ready' }
				: state;
		case 'updated':
			return state.phase === 'submitting'
				? {
						...state,
						phase: 'updated',
						missedDonation: event.missedDonation,
					}
				: state;
		case 'failed':
			if ( state.phase === 'checking' ) {
				return {
					...state,
					phase: 'unavailable',
					errorMessage: event.errorMessage,
				};
			}
			if ( state.phase === 'submitting' || state.phase === 'ready' ) {
				return {
					...state,
					phase: 'ready',
					errorMessage: event.errorMessage,
				};
			}
			return state;
	}
	return state;
}

/**
 * Whether the button reads "Loading..." and is disabled.
 * @param state The flow.
 */
export function isBusy( state: FlowState ): boolean {
	return state.phase === 'checking' || state.phase === 'submitting';
}

/**
 * Whether the form may be submitted (once the card fields are ready too).
 * @param state The flow.
 */
export function canSubmit( state: FlowState ): boolean {
	return state.phase === 'ready';
}
