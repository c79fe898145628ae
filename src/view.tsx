/**
 * Front-end entry: mounts one independent React root into every element
 * carrying `data-donation-widget` (its value is the JSON configuration of
 * docs/widget-contract.md#31-widget-configuration-from-the-host-element). Page-wide values come from `window.donationWidget`.
 */
import { createRoot, lazy, Suspense } from '@wordpress/element';
import { DonationApp } from './donation/DonationApp';
import {
	chooseReturnHandler,
	peekPendingWidgetIndex,
} from './payments/redirect-returns';
import { logProblem } from './shared/ajax';
import { dropPlaceholder, holdReservedSpace } from './shared/reserved-space';
import { sessionStore } from './shared/session-store';
import {
	parseWidgetConfig,
	readPageGlobals,
	type WidgetConfig,
} from './shared/config';
import './view.scss';

// Only pages holding an update-card widget download it.
const CardUpdateApp = lazy( () =>
	import( './card-update/CardUpdateApp' ).then( ( module ) => ( {
		default: module.CardUpdateApp,
	} ) )
);

const MOUNTED = 'donationWidgetMounted';

export function mountWidgets( root: ParentNode = document ): void {
	const globals = readPageGlobals( window.donationWidget );
	const hosts = Array.from(
		root.querySelectorAll< HTMLElement >( '[data-donation-widget]' )
	);

	const widgets = hosts.map( ( host, index ) => ( {
		host,
		index,
		config: parseWidgetConfig(
			host.getAttribute( 'data-donation-widget' )
		),
	} ) );

	const returnHandler = chooseReturnHandler(
		widgets
			.filter( ( widget ) => widget.config?.type === 'donation' )
			.map( ( widget ) => widget.index ),
		peekPendingWidgetIndex( sessionStore() )
	);

	widgets.forEach( ( { host, index, config } ) => {
		if ( host.dataset[ MOUNTED ] ) {
			return;
		}
		if ( ! config ) {
			logProblem( 'a widget has an unreadable configuration', host );
			dropPlaceholder( host );
			return;
		}
		host.dataset[ MOUNTED ] = 'true';
		// The server's placeholder reserved the first screen's height: keep it
		// until the widget fills it, so the page does not move.
		holdReservedSpace( host );
		createRoot( host ).render(
			widgetFor(
				config,
				index,
				index === returnHandler,
				globals,
				triggerFor( host )
			)
		);
	} );
}

function widgetFor(
	config: WidgetConfig,
	index: number,
	handlesRedirectReturn: boolean,
	globals: ReturnType< typeof readPageGlobals >,
	trigger: HTMLButtonElement | null
) {
	if ( config.type === 'donation' ) {
		return (
			<DonationApp
				config={ config }
				globals={ globals }
				widgetIndex={ index }
				handlesRedirectReturn={ handlesRedirectReturn }
				trigger={ trigger }
			/>
		);
	}
	return (
		<Suspense fallback={ null }>
			<CardUpdateApp config={ config } globals={ globals } />
		</Suspense>
	);
}

/**
 * The button the server printed for a modal with a trigger (WidgetRenderer), named by the host.
 *
 * @param host The host element.
 */
function triggerFor( host: HTMLElement ): HTMLButtonElement | null {
	const id = host.dataset.donationWidgetTrigger;
	const element = id ? host.ownerDocument.getElementById( id ) : null;
	return element instanceof HTMLButtonElement ? element : null;
}

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', () => mountWidgets() );
} else {
	mountWidgets();
}
