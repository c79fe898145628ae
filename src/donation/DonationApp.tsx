/**
 * One donation widget on the page: waits for settings (blank until then,
 * and for ever if they fail), then shows the widget inline or as a dialog.
 */
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { PageGlobals, WidgetConfig } from '../shared/config';
import { Modal } from '../shared/Modal';
import { useSettings } from '../shared/use-settings';
import { DonationWidget } from './DonationWidget';

export interface DonationAppProps {
	config: WidgetConfig;
	globals: PageGlobals;
	widgetIndex: number;
	handlesRedirectReturn: boolean;
	/** Whether "Try Again" brings back what was typed (not in the editor's preview). */
	remembersForm?: boolean;
	/** A modal's trigger button printed by the server: opens the modal again once closed. */
	trigger?: HTMLButtonElement | null;
}

export function DonationApp( {
	config,
	globals,
	widgetIndex,
	handlesRedirectReturn,
	remembersForm = true,
	trigger = null,
}: DonationAppProps ) {
	const settings = useSettings( globals );
	const [ open, setOpen ] = useState( true );
	const hasSettings = settings !== null;

	// The trigger works once there is a widget to show (blank for ever without settings).
	useEffect( () => {
		if ( ! trigger || ! config.modal || ! hasSettings ) {
			return;
		}
		const openModal = () => setOpen( true );
		trigger.disabled = false;
		trigger.addEventListener( 'click', openModal );
		return () => {
			trigger.removeEventListener( 'click', openModal );
			trigger.disabled = true;
		};
	}, [ trigger, config.modal, hasSettings ] );

	if ( ! settings || ! open ) {
		return null;
	}

	const widget = (
		<DonationWidget
			config={ config }
			settings={ settings }
			globals={ globals }
			widgetIndex={ widgetIndex }
			handlesRedirectReturn={ handlesRedirectReturn }
			remembersForm={ remembersForm }
		/>
	);

	if ( ! config.modal ) {
		return (
			<div className={ `dw-inline dw-inline--${ config.position }` }>
				{ widget }
			</div>
		);
	}

	const label = settings.organisation_name
		? sprintf(
				/* translators: %s: the charity's name */
				__( 'Donate to %s', 'donation-widget' ),
				settings.organisation_name
			)
		: __( 'Donate', 'donation-widget' );

	return (
		<Modal
			label={ label }
			position={ config.position }
			onClose={ () => setOpen( false ) }
			returnFocusTo={ trigger }
		>
			{ widget }
		</Modal>
	);
}
