/**
 * The update-card widget (SPEC §2.8–2.10, §4.9): checks the link, then shows
 * the form, the success screen or the link-expired screen. The form, with
 * the card provider's fields, is loaded on demand; Stripe.js starts loading
 * while the link is checked.
 */
import {
	Suspense,
	lazy,
	useCallback,
	useEffect,
	useMemo,
	useReducer,
	useState,
} from '@wordpress/element';
import { loadStripeFromPage } from '../payments/stripe/load-stripe';
import { createAjaxClient, type AjaxPost } from '../shared/ajax';
import type { PageGlobals, Settings } from '../shared/config';
import { canSubmit, flowReducer, initialFlow, isBusy } from './flow';
import { readRequestId } from './request-id';
import { LinkExpiredScreen } from './screens/LinkExpiredScreen';
import { UpdatedScreen } from './screens/UpdatedScreen';
import {
	checkLink,
	updateCard,
	type CardUpdateProvider,
	type UpdateOutcome,
} from './server';
import { texts } from './texts';

const CardUpdateForm = lazy( () => import( './CardUpdateForm' ) );

export interface CardUpdateWidgetProps {
	settings: Settings;
	globals: PageGlobals;
	/** The page's query string, where the link's requestID is. */
	search: string;
	/** Replaces the admin-ajax client (tests). */
	post?: AjaxPost;
}

const messageOf = ( error: unknown ): string =>
	error instanceof Error ? error.message : String( error );

function FormLoading() {
	return (
		<div className="dw-inline-loading" role="status">
			<span className="dw-spinner" aria-hidden="true" />
			<span className="dw-visually-hidden">{ texts.loading() }</span>
		</div>
	);
}

export function CardUpdateWidget( {
	settings,
	globals,
	search,
	post: postOverride,
}: CardUpdateWidgetProps ) {
	const [ state, dispatch ] = useReducer( flowReducer, initialFlow );
	const requestId = useMemo( () => readRequestId( search ), [ search ] );
	const post = useMemo(
		() => postOverride ?? createAjaxClient( globals.ajaxUrl ),
		[ postOverride, globals.ajaxUrl ]
	);
	// Without a requestID the link-expired screen shows at once: no Stripe.js.
	const [ stripePromise ] = useState( () =>
		requestId
			? loadStripeFromPage(
					globals.providerScripts.stripe,
					settings.stripe_public_key
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

	const demoMode = globals.demoMode || settings.demo_mode;
	const busy = isBusy( state );

	let body;
	if ( state.phase === 'expired' ) {
		body = <LinkExpiredScreen phone={ settings.supporter_phone } />;
	} else if ( state.phase === 'updated' ) {
		body = (
			<UpdatedScreen
				email={ settings.supporter_email }
				phone={ settings.supporter_phone }
				missedDonation={ state.missedDonation }
			/>
		);
	} else {
		body = (
			<>
				<h2 className="dw-heading">{ texts.title() }</h2>
				{ state.card && (
					<p className="dw-current-card">
						{ texts.currentCard(
							state.card.brand,
							state.card.last4
						) }
					</p>
				) }
				{ stripePromise && (
					<Suspense fallback={ <FormLoading /> }>
						<CardUpdateForm
							stripePromise={ stripePromise }
							busy={ busy }
							enabled={ canSubmit( state ) }
							onUpdate={ onUpdate }
						/>
					</Suspense>
				) }
			</>
		);
	}

	return (
		<div className="dw-widget dw-card-update" aria-busy={ busy }>
			{ demoMode && (
				<p className="dw-demo-notice">{ texts.demoMode() }</p>
			) }
			{ state.errorMessage && (
				<div className="dw-alert" role="alert">
					<h2 className="dw-alert__title">
						{ texts.pageNotFound() }
					</h2>
					<p>{ state.errorMessage }</p>
				</div>
			) }
			{ body }
		</div>
	);
}
