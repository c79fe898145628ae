/**
 * One donation widget on the page: waits for settings (blank until then,
 * and for ever if they fail), then shows the widget inline or as a dialog.
 */
import { useState } from '@wordpress/element';
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
}

export function DonationApp( {
	config,
	globals,
	widgetIndex,
	handlesRedirectReturn,
	remembersForm = true,
}: DonationAppProps ) {
	const settings = useSettings( globals );
	const [ open, setOpen ] = useState( true );

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
		>
			{ widget }
		</Modal>
	);
}
