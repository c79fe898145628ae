/**
 * The update-card widget (docs/widget-contract.md#28-update-card-widget to docs/widget-contract.md#210-link-expired-screen, docs/widget-contract.md#49-update-card-flow): checks the link, then shows
 * the form, the success screen or the link-expired screen. The form, with
 * the card provider's fields, is loaded on demand; the card provider's script starts loading
 * while the link is checked.
 */
import { Suspense, lazy, useLayoutEffect, useRef } from '@wordpress/element';
import { BusyOverlay } from '../shared/BusyOverlay';
import type { AjaxPost } from '../shared/ajax';
import type { PageGlobals, Settings } from '../shared/config';
import { canSubmit, isBusy } from './flow';
import { LinkExpiredScreen } from './screens/LinkExpiredScreen';
import { UpdatedScreen } from './screens/UpdatedScreen';
import { texts } from './texts';
import { useCardUpdateFlow } from './use-card-update-flow';

const CardUpdateForm = lazy(
	() =>
		import( /* webpackChunkName: "card-update-form" */ './CardUpdateForm' )
);

export interface CardUpdateWidgetProps {
	settings: Settings;
	globals: PageGlobals;
	/** The page's query string, where the link's requestID is. */
	search: string;
	/** Replaces the admin-ajax client (tests). */
	post?: AjaxPost;
}

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
	const { state, stripePromise, onUpdate } = useCardUpdateFlow(
		settings,
		globals,
		search,
		postOverride
	);
	const demoMode = globals.demoMode || settings.demo_mode;
	const busy = isBusy( state );
	const submitting = state.phase === 'submitting';
	const contentRef = useRef< HTMLDivElement >( null );
	// While the card is sent, nothing in the form can be changed. A layout
	// effect, so the screens' own effects can move focus in afterwards.
	useLayoutEffect( () => {
		if ( contentRef.current ) {
			contentRef.current.inert = submitting;
		}
	}, [ submitting, state.phase ] );

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
				{ state.phase === 'checking' && (
					// Holds the current card's line while the link is checked,
					// so the form below does not move when the answer comes.
					<p className="dw-current-card" aria-hidden="true">
						{ '\u00a0' }
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
			<div ref={ contentRef } className="dw-content">
				{ body }
			</div>
			{ submitting && (
				<BusyOverlay
					message={ texts.updating() }
					stillWorking={ texts.stillWorking() }
				/>
			) }
		</div>
	);
}
