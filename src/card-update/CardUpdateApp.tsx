/**
 * One update-card widget on the page (docs/widget-contract.md#28-update-card-widget): nothing until the
 * settings are loaded (and for ever if they fail, or hold no card-provider
 * publishable key), then the widget inline or as a dialog.
 */
import { useState } from '@wordpress/element';
import { stripePublicKey } from '../payments/stripe/settings';
import type { PageGlobals, WidgetConfig } from '../shared/config';
import { Modal } from '../shared/Modal';
import { useSettings } from '../shared/use-settings';
import { CardUpdateWidget } from './CardUpdateWidget';
import { texts } from './texts';
import './card-update.scss';

export interface CardUpdateAppProps {
	config: WidgetConfig;
	globals: PageGlobals;
}

export function CardUpdateApp( { config, globals }: CardUpdateAppProps ) {
	const settings = useSettings( globals );
	const [ open, setOpen ] = useState( true );

	if ( ! settings || ! stripePublicKey( settings ) || ! open ) {
		return null;
	}

	const widget = (
		<CardUpdateWidget
			settings={ settings }
			globals={ globals }
			search={
				config.request_id
					? `?requestID=${ encodeURIComponent( config.request_id ) }`
					: window.location.search
			}
		/>
	);

	if ( ! config.modal ) {
		return (
			<div className={ `dw-inline dw-inline--${ config.position }` }>
				{ widget }
			</div>
		);
	}
	return (
		<Modal
			label={ texts.dialogLabel() }
			position={ config.position }
			onClose={ () => setOpen( false ) }
		>
			{ widget }
		</Modal>
	);
}
