/**
 * The tab bar (docs/widget-contract.md#22-donation-widget-shell): a WAI-ARIA tablist with manual activation, since
 * choosing tab 2 or 3 runs the same checks as the step buttons.
 */
import { useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { KeyboardEvent } from 'react';
import type { Tab } from './navigation';

export const TABS: ReadonlyArray< Tab > = [ 1, 2, 3 ];

export function tabLabel( tab: Tab ): string {
	switch ( tab ) {
		case 1:
			return __( '1. Amount', 'donation-widget' );
		case 2:
			return __( '2. Details', 'donation-widget' );
		case 3:
			return __( '3. Payment', 'donation-widget' );
	}
}

interface TabsProps {
	activeTab: Tab;
	tabId: ( tab: Tab ) => string;
	panelId: ( tab: Tab ) => string;
	onSelect: ( tab: Tab ) => void;
}

export function Tabs( { activeTab, tabId, panelId, onSelect }: TabsProps ) {
	const refs = useRef< Array< HTMLButtonElement | null > >( [] );

	const onKeyDown = (
		event: KeyboardEvent< HTMLButtonElement >,
		index: number
	) => {
		let next: number | null = null;
		if ( event.key === 'ArrowRight' ) {
			next = ( index + 1 ) % TABS.length;
		} else if ( event.key === 'ArrowLeft' ) {
			next = ( index - 1 + TABS.length ) % TABS.length;
		} else if ( event.key === 'Home' ) {
			next = 0;
		} else if ( event.key === 'End' ) {
			next = TABS.length - 1;
		}
		if ( next !== null ) {
			event.preventDefault();
			refs.current[ next ]?.focus();
		}
	};

	return (
		<div
			className="dw-tabs"
			role="tablist"
			aria-label={ __( 'Donation steps', 'donation-widget' ) }
		>
			{ TABS.map( ( tab, index ) => (
				<button
					key={ tab }
					ref={ ( element ) => {
						refs.current[ index ] = element;
					} }
					id={ tabId( tab ) }
					type="button"
					role="tab"
					className="dw-tab"
					aria-selected={ tab === activeTab }
					aria-controls={ panelId( tab ) }
					tabIndex={ tab === activeTab ? 0 : -1 }
					onClick={ () => onSelect( tab ) }
					onKeyDown={ ( event ) => onKeyDown( event, index ) }
				>
					{ tabLabel( tab ) }
				</button>
			) ) }
		</div>
	);
}
