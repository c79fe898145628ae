/**
 * The donation widget (docs/widget-contract.md#22-donation-widget-shell to docs/widget-contract.md#27-donation-failure-screen, docs/widget-contract.md#4-states-and-transitions): tabs, steps, outcome screens and
 * the loading overlay, over one Formik form holding the donor's values.
 */
import { useLayoutEffect, useMemo, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { Formik } from 'formik';
import { createAjaxClient, readableAnswersOnly } from '../shared/ajax';
import type { PageGlobals, Settings, WidgetConfig } from '../shared/config';
import type { Frequency } from '../shared/donation-values';
import { BusyOverlay } from '../shared/BusyOverlay';
import { StepPanels } from './flow/StepPanels';
import { usePaymentOutcome } from './flow/use-payment-outcome';
import { useRedirectReturn } from './flow/use-redirect-return';
import { useStepNavigation } from './flow/use-step-navigation';
import { buildInitialValues } from './initial-values';
import {
	clearSavedForm,
	restoreSavedForm,
	SaveForm,
	savedFormKey,
} from './saved-form';
import { FailureScreen } from './screens/FailureScreen';
import { SuccessScreen } from './screens/SuccessScreen';
import { validateDonation } from './validate';

export { SCROLL_DELAY_MS } from './flow/step-effects';

export interface DonationWidgetProps {
	config: WidgetConfig;
	settings: Settings;
	globals: PageGlobals;
	widgetIndex: number;
	handlesRedirectReturn: boolean;
	/** Whether "Try Again" brings back what was typed (not in the editor's preview). */
	remembersForm?: boolean;
}

export function DonationWidget( props: DonationWidgetProps ) {
	const { config, settings, widgetIndex, remembersForm = true } = props;
	// The editor's preview shows what the inspector says, never what was typed in it before.
	const storageKey = remembersForm
		? savedFormKey( window.location.pathname, widgetIndex )
		: null;
	const initialValues = useMemo( () => {
		const loaded = buildInitialValues(
			config,
			settings,
			window.location.search
		);
		return storageKey ? restoreSavedForm( loaded, storageKey ) : loaded;
	}, [ config, settings, storageKey ] );
	return (
		<Formik
			initialValues={ initialValues }
			validate={ validateDonation }
			// Each step submits itself; Formik only holds values and errors.
			onSubmit={ () => undefined }
		>
			<DonationFlow { ...props } storageKey={ storageKey } />
		</Formik>
	);
}

function DonationFlow( {
	config,
	settings,
	globals,
	widgetIndex,
	handlesRedirectReturn,
	storageKey,
}: DonationWidgetProps & { storageKey: string | null } ) {
	const rootRef = useRef< HTMLDivElement >( null );
	const contentRef = useRef< HTMLDivElement >( null );
	const post = useMemo(
		() => readableAnswersOnly( createAjaxClient( globals.ajaxUrl ) ),
		[ globals.ajaxUrl ]
	);
	const steps = useStepNavigation( rootRef );
	const payment = usePaymentOutcome();
	const { outcome, loading } = payment;
	useRedirectReturn( handlesRedirectReturn, post, payment );

	// While loading, the widget is disabled as a whole. A layout effect, so
	// the form is usable again before the screens' own effects move focus
	// into it (focus() inside an inert tree is ignored).
	useLayoutEffect( () => {
		if ( contentRef.current ) {
			contentRef.current.inert = loading;
		}
	}, [ loading, outcome.kind ] );
	// A given donation leaves nothing behind for "Try Again" to bring back.
	useLayoutEffect( () => {
		if ( outcome.kind === 'success' && storageKey ) {
			clearSavedForm( storageKey );
		}
	}, [ outcome.kind, storageKey ] );

	let body;
	if ( outcome.kind === 'success' ) {
		body = (
			<SuccessScreen
				firstName={ outcome.firstName }
				total={ outcome.total }
				recurring={ ( outcome.frequency as Frequency ) === '4weekly' }
				processing={ outcome.processing }
				receiptEmail={
					settings.receipts_emailed ? outcome.email.trim() : ''
				}
				contactUrl={ settings.contact_url }
				getInvolvedUrl={ settings.get_involved_url }
			/>
		);
	} else if ( outcome.kind === 'failure' ) {
		body = (
			<FailureScreen
				onRetry={ () => window.location.reload() }
				notice={ outcome.notice }
			/>
		);
	} else {
		body = (
			<StepPanels
				config={ config }
				settings={ settings }
				globals={ globals }
				post={ post }
				widgetIndex={ widgetIndex }
				loading={ loading }
				handlers={ payment.handlers }
				steps={ steps }
			/>
		);
	}

	return (
		<div ref={ rootRef } className="dw-widget" aria-busy={ loading }>
			{ ( globals.demoMode || settings.demo_mode ) && (
				<p className="dw-demo-notice">
					{ __( 'Demo mode: no real payments', 'donation-widget' ) }
				</p>
			) }
			<div ref={ contentRef } className="dw-content">
				{ body }
			</div>
			{ outcome.kind === 'form' && storageKey && (
				<SaveForm storageKey={ storageKey } />
			) }
			{ loading && (
				<BusyOverlay
					message={ __(
						'Processing your donation…',
						'donation-widget'
					) }
					stillWorking={ __(
						"Still working — please don't close this page.",
						'donation-widget'
					) }
				/>
			) }
		</div>
	);
}
