/**
 * Moving between the three tabs (docs/widget-contract.md#22-donation-widget-shell, docs/widget-contract.md#42-step-navigation): validity flags that the
 * donor's edits reset, focus on the step or field that needs attention, and
 * the smooth scroll to the top of the widget on tabs 2 and 3.
 */
import {
	useCallback,
	useEffect,
	useId,
	useRef,
	useState,
} from '@wordpress/element';
import { useFormikContext, type FormikTouched } from 'formik';
import type { RefObject } from 'react';
import type { DonationValues } from '../../shared/donation-values';
import { DETAIL_FIELDS } from '../detail-fields';
import {
	navigate,
	previousTab,
	type NavigationState,
	type Tab,
} from '../navigation';
import { areDetailsValid, detailErrors, isAmountValid } from '../validate';
import { loadDetailsStep, loadedDetailsStep } from './step-chunks';
import { useInvalidateOnEdit, useScrollOnStepChange } from './step-effects';

interface FocusRequest {
	tab: Tab;
	/** A field name to focus, or the panel itself. */
	field?: string;
}

export interface StepNavigation {
	nav: NavigationState;
	/** The payment section mounts once tab 2 is first reached. */
	paymentMounted: boolean;
	tabId: ( tab: Tab ) => string;
	panelId: ( tab: Tab ) => string;
	panelRefs: RefObject< Record< Tab, HTMLDivElement | null > >;
	goTo: (
		target: Tab,
		source: 'tab' | 'button',
		recheck?: boolean
	) => boolean;
	back: () => void;
}

export function useStepNavigation(
	rootRef: RefObject< HTMLDivElement >
): StepNavigation {
	const { values, touched, setTouched } =
		useFormikContext< DonationValues >();
	const valuesRef = useRef( values );
	valuesRef.current = values;

	const [ nav, setNav ] = useState< NavigationState >( {
		activeTab: 1,
		amountIsValid: false,
		detailIsValid: false,
	} );
	const [ paymentMounted, setPaymentMounted ] = useState( false );
	const [ focusRequest, setFocusRequest ] = useState< FocusRequest | null >(
		null
	);
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

	useInvalidateOnEdit( values, setNav );
	useScrollOnStepChange( nav.activeTab, rootRef );

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

	// The latest goTo(), for a decision that waits for the details rules.
	const goToRef = useRef< StepNavigation[ 'goTo' ] >( () => false );
	const goTo = (
		target: Tab,
		source: 'tab' | 'button',
		recheck = false
	): boolean => {
		if ( target === 3 && ! loadedDetailsStep() ) {
			// Tab 3 straight from tab 1 before the details rules arrived (they are
			// fetched once tab 1 is idle): decide when they are here. If they cannot
			// come, tab 2 shows why.
			loadDetailsStep().then(
				() => goToRef.current( target, source, recheck ),
				() => goToRef.current( 2, source )
			);
			return false;
		}
		const current = valuesRef.current;
		const from: NavigationState = recheck
			? { ...nav, amountIsValid: false, detailIsValid: false }
			: nav;
		const { failed, ...next } = navigate( from, target, {
			amountValid: () => isAmountValid( current ),
			detailsValid: () => areDetailsValid( current ),
		} );
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
			const errors = detailErrors( current );
			const firstInvalid = DETAIL_FIELDS.find(
				( field ) => errors?.[ field ]
			);
			setFocusRequest( { tab: 2, field: firstInvalid } );
		} else if ( source === 'button' && next.activeTab !== nav.activeTab ) {
			setFocusRequest( { tab: next.activeTab } );
		}
		return next.activeTab === target;
	};
	goToRef.current = goTo;

	const back = () => {
		const tab = previousTab( nav.activeTab );
		setNav( ( current ) => ( { ...current, activeTab: tab } ) );
		setFocusRequest( { tab } );
	};

	return { nav, paymentMounted, tabId, panelId, panelRefs, goTo, back };
}
