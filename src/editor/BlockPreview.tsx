import { __, sprintf } from '@wordpress/i18n';
import { Disabled } from '@wordpress/components';
import { DonationApp } from '../donation/DonationApp';
import { parseWidgetConfig, readPageGlobals } from '../shared/config';
import type { WidgetConfigJson } from './attributes';

/**
 * The live preview: the real donation widget with the inspector's choices, made inert so an
 * editor cannot start a payment. A modal is previewed in place, since an overlay would cover
 * the editor itself.
 *
 * @param props        Props.
 * @param props.config The widget configuration the page will carry.
 */
export function BlockPreview( { config }: { config: WidgetConfigJson } ) {
	if ( config.type !== 'donation' ) {
		return (
			<div className="dw-editor-note">
				<strong>{ __( 'Update-card form', 'donation-widget' ) }</strong>
				<p>
					{ __(
						'Recurring donors reach this form through the secure card-update link the charity sends them.',
						'donation-widget'
					) }
				</p>
			</div>
		);
	}
	const widgetConfig = parseWidgetConfig(
		JSON.stringify( { ...config, modal: 'false' } )
	);
	if ( ! widgetConfig ) {
		return null;
	}
	return (
		<>
			{ config.modal === 'true' && (
				<p className="dw-editor-note">
					{ __(
						'On the page, this form opens as a modal over the content.',
						'donation-widget'
					) }
					{ config.trigger_text && ' ' }
					{ config.trigger_text &&
						sprintf(
							/* translators: %s: the trigger button's text, e.g. "Donate". */
							__(
								'A "%s" button above it opens it again after a donor closes it.',
								'donation-widget'
							),
							config.trigger_text
						) }
				</p>
			) }
			<Disabled>
				<DonationApp
					// The widget reads its configuration once, when it mounts: a new key per
					// configuration makes the preview follow the inspector.
					key={ JSON.stringify( config ) }
					config={ widgetConfig }
					globals={ readPageGlobals( window.donationWidget ) }
					widgetIndex={ 0 }
					handlesRedirectReturn={ false }
					remembersForm={ false }
				/>
			</Disabled>
		</>
	);
}
