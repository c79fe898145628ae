/**
 * Step navigation (docs/widget-contract.md#42-step-navigation) as a pure function: the tab bar, "Donate $…",
 * "Payment options >>" and "Back" all go through it.
 */

export type Tab = 1 | 2 | 3;

export interface NavigationState {
	activeTab: Tab;
	amountIsValid: boolean;
	detailIsValid: boolean;
}

export interface NavigationChecks {
	amountValid: () => boolean;
	detailsValid: () => boolean;
}

export interface NavigationResult extends NavigationState {
	/** Which step's errors the donor must now see, if a check failed. */
	failed: 'amount' | 'details' | null;
}

export function navigate(
	state: NavigationState,
	target: Tab,
	checks: NavigationChecks
): NavigationResult {
	if ( target === 1 ) {
		return { ...state, activeTab: 1, failed: null };
	}

	if ( target === 2 ) {
		return checks.amountValid()
			? { ...state, activeTab: 2, amountIsValid: true, failed: null }
			: {
					...state,
					activeTab: 1,
					amountIsValid: false,
					failed: 'amount',
				};
	}

	let next: NavigationState = state;
	if ( ! state.amountIsValid ) {
		if ( ! checks.amountValid() ) {
			return {
				...state,
				activeTab: 1,
				amountIsValid: false,
				failed: 'amount',
			};
		}
		next = { ...next, amountIsValid: true };
	}
	if ( next.detailIsValid ) {
		return { ...next, activeTab: 3, failed: null };
	}
	return checks.detailsValid()
		? { ...next, activeTab: 3, detailIsValid: true, failed: null }
		: { ...next, activeTab: 2, failed: 'details' };
}

/**
 * "Back": tab 3 → 2, tab 2 → 1.
 * @param tab The current tab.
 */
export function previousTab( tab: Tab ): Tab {
	return tab === 3 ? 2 : 1;
}
