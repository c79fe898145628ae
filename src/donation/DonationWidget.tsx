/**
 * The donation widget (SPEC §2.2–2.7, §4): tabs, steps, outcome screens and
 * the loading overlay, over one Formik form holding the donor's values.
 */
import { useEffect, useMemo, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { Formik } from 'formik';
import { createAjaxClient } from '../shared/ajax';
import type { PageGlobals, Settings, WidgetConfig } from '../shared/config';
import type { Frequency } from '../shared/donation-values';
import { LoadingOverlay } from './flow/Loading';
import { StepPanels } from './flow/StepPanels';
import { usePaymentOutcome } from './flow/use-payment-outcome';
import { useRedirectReturn } from './flow/use-redirect-return';
import { useStepNavigation } from './flow/use-step-navigation';
import { buildInitialValues } from './initial-values';
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
}

export function DonationWidget( props: DonationWidgetProps ) {
	const { config, settings } = props;
	const initialValues = useMemo(
		() => buildInitialValues( config, settings, window.location.search ),
		[ config, settings ]
	);
	return (
		<Formik
			initialValues={ initialValues }
			validate={ validateDonation }
			// Each step submits itself; Formik only holds values and errors.
			onSubmit={ () => undefined }
		>
			<DonationFlow { ...props } />
		</Formik>
	);
}

function DonationFlow( {
	config,
	settings,
	globals,
	widgetIndex,
	handlesRedirectReturn,
}: DonationWidgetProps ) {
	const rootRef = useRef< HTMLDivElement >( null );
	const contentRef = useRef< HTMLDivElement >( null );
	const post = useMemo(
		() => createAjaxClient( globals.ajaxUrl ),
		[ globals.ajaxUrl ]
	);
	const steps = useStepNavigation( rootRef );
	const payment = usePaymentOutcome();
	const { outcome, loading } = payment;
	useRedirectReturn( handlesRedirectReturn, post, payment );

	// While loading, the widget is disabled as a whole.
	useEffect( () => {
		if ( contentRef.current ) {
			contentRef.current.inert = loading;
		}
	}, [ loading, outcome.kind ] );

	let body;
	if ( outcome.kind === 'success' ) {
		body = (
			<SuccessScreen
				firstName={ outcome.firstName }
				total={ outcome.total }
				recurring={ ( outcome.frequency as Frequency ) === '4weekly' }
				processing={ outcome.processing }
				contactUrl={ settings.contact_url }
				getInvolvedUrl={ settings.get_involved_url }
			/>
		);
	} else if ( outcome.kind === 'failure' ) {
		body = <FailureScreen onRetry={ () => window.location.reload() } />;
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
			{ loading && <LoadingOverlay /> }
		</div>
	);
}
