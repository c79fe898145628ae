/**
 * The tab bar and the three step panels (docs/widget-contract.md#22-donation-widget-shell to docs/widget-contract.md#25-tab-3-payment). Tab 1 is in the
 * widget's first script; the details step is fetched once tab 1 is idle and
 * the payment step when tab 2 is first reached, with the providers' code
 * (step-chunks.ts).
 */
import { Suspense } from '@wordpress/element';
import type { PaymentOutcomeHandlers } from '../../payments/gateway';
import type { AjaxPost } from '../../shared/ajax';
import type { PageGlobals, Settings, WidgetConfig } from '../../shared/config';
import { AmountStep } from '../steps/AmountStep';
import { TABS, Tabs } from '../Tabs';
import { PaymentLoading } from './Loading';
import { StepBoundary } from './StepBoundary';
import { DetailsStep, PaymentStep, useIdle } from './step-chunks';
import type { StepNavigation } from './use-step-navigation';

interface StepPanelsProps {
	config: WidgetConfig;
	settings: Settings;
	globals: PageGlobals;
	post: AjaxPost;
	widgetIndex: number;
	loading: boolean;
	handlers: PaymentOutcomeHandlers;
	steps: StepNavigation;
}

export function StepPanels( {
	config,
	settings,
	globals,
	post,
	widgetIndex,
	loading,
	handlers,
	steps,
}: StepPanelsProps ) {
	const { nav, tabId, panelId, panelRefs, goTo, back } = steps;
	const idle = useIdle();
	const detailsMounted = idle || nav.activeTab !== 1 || steps.paymentMounted;
	return (
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
						if ( panelRefs.current ) {
							panelRefs.current[ tab ] = element;
						}
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
					{ tab === 2 && detailsMounted && (
						<StepBoundary>
							<Suspense fallback={ <PaymentLoading /> }>
								<DetailsStep
									config={ config }
									minSearchChars={
										settings.experian_min_search_char
									}
									post={ post }
									onNext={ () => goTo( 3, 'button' ) }
									onBack={ back }
								/>
							</Suspense>
						</StepBoundary>
					) }
					{ tab === 3 && steps.paymentMounted && (
						<StepBoundary>
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
						</StepBoundary>
					) }
				</div>
			) ) }
		</>
	);
}
