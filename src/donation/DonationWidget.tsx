/**
 * The donation widget (SPEC §2.2–2.7, §4): tabs, steps, outcome screens and
 * the loading overlay, over one Formik form holding the donor's values.
 */
import {
	Suspense,
	lazy,
	useCallback,
	useEffect,
	useId,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { Formik, useFormikContext, type FormikTouched } from 'formik';
import { pushPurchaseEvent } from '../analytics/purchase-event';
import type {
	PaymentOutcomeHandlers,
	PaymentSuccess,
} from '../payments/gateway';
import { pageUrlWithoutQuery } from '../payments/gateway';
import { fetchChargeReference } from '../payments/stripe/express/express-checkout';
import {
	readRedirectReturn,
	sessionStore,
	takePendingExpressPayment,
	withoutRedirectParams,
} from '../payments/stripe/redirect-return';
import { createAjaxClient } from '../shared/ajax';
import type { PageGlobals, Settings, WidgetConfig } from '../shared/config';
import { totalAmount } from './amount';
import { DETAIL_FIELDS } from './details';
import { buildFormData } from './form-data';
import { buildInitialValues } from './initial-values';
import {
	navigate,
	previousTab,
	type NavigationState,
	type Tab,
} from './navigation';
import { FailureScreen } from './screens/FailureScreen';
import { SuccessScreen } from './screens/SuccessScreen';
import { AmountStep } from './steps/AmountStep';
import { DetailsStep } from './steps/DetailsStep';
import { TABS, Tabs } from './Tabs';
import type { DonationValues, Frequency } from '../shared/donation-values';
import { areDetailsValid, isAmountValid, validateDonation } from './validate';

// Payment code (Stripe, PayPal, captcha) is fetched when tab 2 is first reached.
const PaymentStep = lazy( () => import( './steps/PaymentStep' ) );

export const SCROLL_DELAY_MS = 300;

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

type Outcome =
	| { kind: 'form' }
	| {
			kind: 'success';
			firstName: string;
			total: number;
			frequency: string;
			transactionId: string;
			paymentMethod: string;
	  }
	| { kind: 'failure'; errorMessage: string };

interface FocusRequest {
	tab: Tab;
	/** A field name to focus, or the panel itself. */
	field?: string;
}

/** Shown on tab 3 if the payment code is still downloading. */
function PaymentLoading() {
	return (
		<div className="dw-inline-loading" role="status">
			<span className="dw-spinner" aria-hidden="true" />
			<span className="dw-visually-hidden">
				{
					// eslint-disable-next-line @wordpress/i18n-ellipsis -- same spelling as the SPEC's other "..." labels.
					__( 'Loading...', 'donation-widget' )
				}
			</span>
		</div>
	);
}

function prefersReducedMotion(): boolean {
	return (
		typeof window.matchMedia === 'function' &&
		window.matchMedia( '(prefers-reduced-motion: reduce)' ).matches
	);
}

function DonationFlow( {
	config,
	settings,
	globals,
	widgetIndex,
	handlesRedirectReturn,
}: DonationWidgetProps ) {
	const formik = useFormikContext< DonationValues >();
	const { values, touched, setTouched } = formik;
	const valuesRef = useRef( values );
	valuesRef.current = values;

	const [ nav, setNav ] = useState< NavigationState >( {
		activeTab: 1,
		amountIsValid: false,
		detailIsValid: false,
	} );
	const [ loading, setLoading ] = useState( false );
	const [ outcome, setOutcome ] = useState< Outcome >( { kind: 'form' } );
	const [ paymentMounted, setPaymentMounted ] = useState( false );
	const [ focusRequest, setFocusRequest ] = useState< FocusRequest | null >(
		null
	);

	const rootRef = useRef< HTMLDivElement >( null );
	const contentRef = useRef< HTMLDivElement >( null );
	const panelRefs = useRef< Record< Tab, HTMLDivElement | null > >( {
		1: null,
		2: null,
		3: null,
	} );
	const id = useId();
	const tabId = useCallback( ( tab: Tab ) => `${ id }-tab-${ tab }`, [ id ] );
	const panelId = useCallback(
		( tab: Tab ) => `${ id }-panel-${ tab }`,
		[ id ]
	);

	const post = useMemo(
		() => createAjaxClient( globals.ajaxUrl ),
		[ globals.ajaxUrl ]
	);

	// The validity flags describe the current values: editing invalidates them,
	// so a later jump to tab 3 checks again (SPEC §4.2 assumes unchanged values).
	useEffect( () => {
		setNav( ( current ) =>
			current.amountIsValid
				? { ...current, amountIsValid: false }
				: current
		);
	}, [ values.amount, values.inputAmount ] );
	useEffect( () => {
		setNav( ( current ) =>
			current.detailIsValid
				? { ...current, detailIsValid: false }
				: current
		);
	}, [
		values.donateAs,
		values.organisationName,
		values.firstName,
		values.lastName,
		values.email,
		values.mobile,
	] );

	// Smooth scroll to the top of the widget when moving to tab 2 or 3.
	const previousActiveTab = useRef< Tab >( 1 );
	useEffect( () => {
		const moved = previousActiveTab.current !== nav.activeTab;
		previousActiveTab.current = nav.activeTab;
		if ( ! moved || nav.activeTab === 1 ) {
			return;
		}
		const timer = window.setTimeout( () => {
			const root = rootRef.current;
			if ( root && typeof root.scrollIntoView === 'function' ) {
				root.scrollIntoView( {
					behavior: prefersReducedMotion() ? 'auto' : 'smooth',
					block: 'start',
				} );
			}
		}, SCROLL_DELAY_MS );
		return () => window.clearTimeout( timer );
	}, [ nav.activeTab ] );

	// Move focus once the requested panel is visible.
	useEffect( () => {
		if ( ! focusRequest ) {
			return;
		}
		const panel = panelRefs.current[ focusRequest.tab ];
		const target = focusRequest.field
			? panel?.querySelector< HTMLElement >(
					`[name="${ focusRequest.field }"]`
				)
			: panel;
		( target ?? panel )?.focus( { preventScroll: true } );
		setFocusRequest( null );
	}, [ focusRequest ] );

	// While loading, the widget is disabled as a whole.
	useEffect( () => {
		if ( contentRef.current ) {
			contentRef.current.inert = loading;
		}
	}, [ loading, outcome.kind ] );

	const goTo = ( target: Tab, source: 'tab' | 'button', recheck = false ) => {
		const current = valuesRef.current;
		const from: NavigationState = recheck
			? { ...nav, amountIsValid: false, detailIsValid: false }
			: nav;
		const result = navigate( from, target, {
			amountValid: () => isAmountValid( current ),
			detailsValid: () => areDetailsValid( current ),
		} );
		const { failed, ...next } = result;
		setNav( next );
		if ( next.activeTab >= 2 ) {
			setPaymentMounted( true );
		}
		if ( failed === 'amount' ) {
			setTouched( { ...touched, inputAmount: true }, true );
			setFocusRequest( { tab: 1, field: 'inputAmount' } );
		} else if ( failed === 'details' ) {
			const detailTouched: FormikTouched< DonationValues > = {
				...touched,
			};
			DETAIL_FIELDS.forEach( ( field ) => {
				detailTouched[ field ] = true;
			} );
			setTouched( detailTouched, true );
			const firstInvalid = DETAIL_FIELDS.find(
				( field ) => validateDonation( current )[ field ]
			);
			setFocusRequest( { tab: 2, field: firstInvalid } );
		} else if ( source === 'button' && next.activeTab !== nav.activeTab ) {
			setFocusRequest( { tab: next.activeTab } );
		}
		return next.activeTab === target;
	};

	const back = () => {
		const tab = previousTab( nav.activeTab );
		setNav( ( current ) => ( { ...current, activeTab: tab } ) );
		setFocusRequest( { tab } );
	};

	const succeed = useCallback(
		(
			result: PaymentSuccess,
			snapshot?: {
				firstName: string;
				total: number;
				frequency: string;
				iterationId: string;
			}
		) => {
			const current = valuesRef.current;
			const details = snapshot ?? {
				firstName: current.firstName,
				total: totalAmount( current ),
				frequency: current.frequency,
				iterationId: current.iteration_id,
			};
			// A payment accepted but not final has no reference yet; it is not
			// reported, so analytics never counts a purchase without an id.
			if ( result.transactionId ) {
				pushPurchaseEvent( window, {
					transactionId: result.transactionId,
					total: details.total,
					frequency: details.frequency,
					paymentMethod: result.paymentMethod,
					iterationId: details.iterationId,
				} );
			}
			setLoading( false );
			setOutcome( {
				kind: 'success',
				firstName: details.firstName,
				total: details.total,
				frequency: details.frequency,
				transactionId: result.transactionId,
				paymentMethod: result.paymentMethod,
			} );
		},
		[]
	);

	const fail = useCallback( ( errorMessage?: string ) => {
		setLoading( false );
		setOutcome( { kind: 'failure', errorMessage: errorMessage ?? '' } );
	}, [] );

	const handlers: PaymentOutcomeHandlers = useMemo(
		() => ( {
			setLoading,
			succeed: ( result ) => succeed( result ),
			fail,
		} ),
		[ succeed, fail ]
	);

	// Coming back from an express-checkout redirect (see redirect-return.ts).
	const returnHandled = useRef( false );
	useEffect( () => {
		if ( ! handlesRedirectReturn || returnHandled.current ) {
			return;
		}
		const redirect = readRedirectReturn( window.location.search );
		if ( ! redirect ) {
			return;
		}
		returnHandled.current = true;
		const pending = takePendingExpressPayment( sessionStore() );
		window.history.replaceState(
			window.history.state,
			'',
			withoutRedirectParams( window.location.href )
		);
		setLoading( true );
		fetchChargeReference(
			{
				post,
				formData: () =>
					pending?.formData || buildFormData( valuesRef.current ),
				currentUrl: pageUrlWithoutQuery( window.location ),
			},
			redirect.paymentIntentId
		)
			.then( ( reference ) => {
				const paid = [ 'succeeded', 'processing' ].includes(
					redirect.redirectStatus
				);
				if ( paid && reference !== null ) {
					succeed(
						{
							transactionId: reference,
							paymentMethod: pending?.paymentMethod ?? '',
						},
						pending
							? {
									firstName: pending.firstName,
									total: pending.total,
									frequency: pending.frequency,
									iterationId: pending.iterationId,
								}
							: undefined
					);
				} else {
					fail();
				}
			} )
			.catch( ( error: unknown ) =>
				fail( error instanceof Error ? error.message : '' )
			);
	}, [ handlesRedirectReturn, post, succeed, fail ] );

	const demoMode = globals.demoMode || settings.demo_mode;

	let body;
	if ( outcome.kind === 'success' ) {
		body = (
			<SuccessScreen
				firstName={ outcome.firstName }
				total={ outcome.total }
				recurring={ ( outcome.frequency as Frequency ) === '4weekly' }
				contactUrl={ settings.contact_url }
				getInvolvedUrl={ settings.get_involved_url }
			/>
		);
	} else if ( outcome.kind === 'failure' ) {
		body = <FailureScreen onRetry={ () => window.location.reload() } />;
	} else {
		body = (
			<>
				<Tabs
					activeTab={ nav.activeTab }
					tabId={ tabId }
					panelId={ panelId }
					onSelect={ ( tab ) => goTo( tab, 'tab' ) }
				/>
				{ TABS.map( ( tab ) => (
					<div
						key={ tab }
						ref={ ( element ) => {
							panelRefs.current[ tab ] = element;
						} }
						id={ panelId( tab ) }
						className={ `dw-panel dw-panel--${ tab }` }
						role="tabpanel"
						aria-labelledby={ tabId( tab ) }
						tabIndex={ -1 }
						hidden={ nav.activeTab !== tab }
					>
						{ tab === 1 && (
							<AmountStep
								defaultAmount={ settings.default_amount }
								onNext={ () => goTo( 2, 'button' ) }
							/>
						) }
						{ tab === 2 && (
							<DetailsStep
								config={ config }
								minSearchChars={
									settings.experian_min_search_char
								}
								post={ post }
								onNext={ () => goTo( 3, 'button' ) }
								onBack={ back }
							/>
						) }
						{ tab === 3 && paymentMounted && (
							<Suspense fallback={ <PaymentLoading /> }>
								<PaymentStep
									active={ nav.activeTab === 3 }
									loading={ loading }
									settings={ settings }
									providerScripts={ globals.providerScripts }
									post={ post }
									handlers={ handlers }
									widgetIndex={ widgetIndex }
									confirmEarlierSteps={ () =>
										goTo( 3, 'button', true )
									}
									onBack={ back }
								/>
							</Suspense>
						) }
					</div>
				) ) }
			</>
		);
	}

	return (
		<div ref={ rootRef } className="dw-widget" aria-busy={ loading }>
			{ demoMode && (
				<p className="dw-demo-notice">
					{ __( 'Demo mode: no real payments', 'donation-widget' ) }
				</p>
			) }
			<div ref={ contentRef } className="dw-content">
				{ body }
			</div>
			{ loading && (
				<div className="dw-loading" role="status">
					<span className="dw-spinner" aria-hidden="true" />
					<span className="dw-visually-hidden">
						{
							// eslint-disable-next-line @wordpress/i18n-ellipsis -- same spelling as the SPEC's other "..." labels.
							__( 'Loading...', 'donation-widget' )
						}
					</span>
				</div>
			) }
		</div>
	);
}
