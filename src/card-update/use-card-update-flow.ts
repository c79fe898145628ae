/**
 * The update-card flow (docs/widget-contract.md#49-update-card-flow) as a hook: check the link, watch that
 * the card provider's script loads, and send the new card. The script starts
 * loading while the link is checked; without a requestID it is never loaded.
 */
import {
	useCallback,
	useEffect,
	useMemo,
	useReducer,
	useState,
} from '@wordpress/element';
import { loadStripeFromPage } from '../payments/stripe/load-stripe';
import { stripePublicKey } from '../payments/stripe/settings';
import {
	createAjaxClient,
	readableAnswersOnly,
	type AjaxPost,
} from '../shared/ajax';
import type { PageGlobals, Settings } from '../shared/config';
import { flowReducer, initialFlow } from './flow';
import { readRequestId } from './request-id';
import {
	checkLink,
	updateCard,
	type CardUpdateProvider,
	type UpdateOutcome,
} from './server';
import { texts } from './texts';

const messageOf = ( error: unknown ): string =>
	error instanceof Error ? error.message : String( error );

export function useCardUpdateFlow(
	settings: Settings,
	globals: PageGlobals,
	search: string,
	postOverride?: AjaxPost
) {
	const [ state, dispatch ] = useReducer( flowReducer, initialFlow );
	const requestId = useMemo( () => readRequestId( search ), [ search ] );
	const post = useMemo(
		() =>
			readableAnswersOnly(
				postOverride ?? createAjaxClient( globals.ajaxUrl )
			),
		[ postOverride, globals.ajaxUrl ]
	);
	// Without a requestID the link-expired screen shows at once: no provider script.
	const [ stripePromise ] = useState( () =>
		requestId
			? loadStripeFromPage(
					globals.providerScripts.stripe,
					stripePublicKey( settings )
				)
			: null
	);

	useEffect( () => {
		let current = true;
		checkLink( post, requestId )
			.then( ( result ) => {
				if ( current ) {
					dispatch(
						result.kind === 'valid'
							? { type: 'link-valid', card: result.card }
							: { type: 'link-expired' }
					);
				}
			} )
			.catch( ( error: unknown ) => {
				if ( current ) {
					dispatch( {
						type: 'failed',
						errorMessage: messageOf( error ),
					} );
				}
			} );
		return () => {
			current = false;
		};
	}, [ post, requestId ] );

	useEffect( () => {
		let current = true;
		stripePromise?.then( ( stripe ) => {
			if ( current && ! stripe ) {
				dispatch( {
					type: 'failed',
					errorMessage: texts.stripeUnavailable(),
				} );
			}
		} );
		return () => {
			current = false;
		};
	}, [ stripePromise ] );

	const onUpdate = useCallback(
		async (
			nameOnCard: string,
			provider: CardUpdateProvider
		): Promise< UpdateOutcome > => {
			dispatch( { type: 'submit' } );
			const outcome = await updateCard(
				provider,
				post,
				requestId,
				nameOnCard
			);
			switch ( outcome.kind ) {
				case 'updated':
					dispatch( {
						type: 'updated',
						missedDonation: outcome.missedDonation,
					} );
					// The page around the widget (Manage my donation) shows the card too.
					document.dispatchEvent(
						new CustomEvent( 'donation-widget-card-updated' )
					);
					break;
				case 'expired':
					dispatch( { type: 'link-expired' } );
					break;
				case 'card-error':
					dispatch( { type: 'card-error' } );
					break;
				case 'failure':
					dispatch( {
						type: 'failed',
						errorMessage: outcome.errorMessage,
					} );
					break;
			}
			return outcome;
		},
		[ post, requestId ]
	);

	return { state, stripePromise, onUpdate };
}
