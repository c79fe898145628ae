/**
 * Two side effects of moving between steps (docs/widget-contract.md#22-donation-widget-shell, docs/widget-contract.md#42-step-navigation).
 */
import { useEffect, useRef } from '@wordpress/element';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { DonationValues } from '../../shared/donation-values';
import type { NavigationState, Tab } from '../navigation';

export const SCROLL_DELAY_MS = 300;

/**
 * The validity flags describe the current values: editing invalidates them,
 * so a later jump to tab 3 checks again (docs/widget-contract.md#42-step-navigation assumes unchanged values).
 * @param values The form values.
 * @param setNav Updates the navigation state.
 */
export function useInvalidateOnEdit(
	values: DonationValues,
	setNav: Dispatch< SetStateAction< NavigationState > >
): void {
	useEffect( () => {
		setNav( ( current ) =>
			current.amountIsValid
				? { ...current, amountIsValid: false }
				: current
		);
	}, [ values.amount, values.inputAmount, setNav ] );
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
		setNav,
	] );
}

function prefersReducedMotion(): boolean {
	return (
		typeof window.matchMedia === 'function' &&
		window.matchMedia( '(prefers-reduced-motion: reduce)' ).matches
	);
}

/**
 * Smooth scroll to the top of the widget when moving to tab 2 or 3.
 * @param activeTab The tab showing.
 * @param rootRef   The widget's root element.
 */
export function useScrollOnStepChange(
	activeTab: Tab,
	rootRef: RefObject< HTMLDivElement >
): void {
	const previousActiveTab = useRef< Tab >( 1 );
	useEffect( () => {
		const moved = previousActiveTab.current !== activeTab;
		previousActiveTab.current = activeTab;
		if ( ! moved || activeTab === 1 ) {
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
	}, [ activeTab, rootRef ] );
}
