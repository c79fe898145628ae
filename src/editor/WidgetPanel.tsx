/**
 * The block's "Widget" panel: which widget, modal or inline, and where.
 */
import { __ } from '@wordpress/i18n';
import {
	PanelBody,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import type { BlockEditProps } from '@wordpress/blocks';
import type { BlockAttributes } from './attributes';

type PanelProps = Pick<
	BlockEditProps< BlockAttributes >,
	'attributes' | 'setAttributes'
>;

export function WidgetPanel( { attributes, setAttributes }: PanelProps ) {
	return (
		<PanelBody title={ __( 'Widget', 'donation-widget' ) }>
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Widget kind', 'donation-widget' ) }
				value={ attributes.widgetType }
				options={ [
					{
						label: __( 'Donation', 'donation-widget' ),
						value: 'donation',
					},
					{
						label: __( 'Update card', 'donation-widget' ),
						value: 'update-card',
					},
				] }
				onChange={ ( widgetType ) =>
					setAttributes( {
						widgetType:
							widgetType as BlockAttributes[ 'widgetType' ],
					} )
				}
			/>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Open as a modal', 'donation-widget' ) }
				checked={ attributes.modal }
				onChange={ ( modal ) => setAttributes( { modal } ) }
			/>
			{ attributes.modal && (
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __(
						'Show a button that opens the modal',
						'donation-widget'
					) }
					help={ __(
						'Without it, a donor who closes the modal cannot open it again until they reload the page.',
						'donation-widget'
					) }
					checked={ attributes.trigger }
					onChange={ ( trigger ) => setAttributes( { trigger } ) }
				/>
			) }
			{ attributes.modal && attributes.trigger && (
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Button text', 'donation-widget' ) }
					help={ __(
						'Shown on the page where the block is. Left empty, the button says "Donate".',
						'donation-widget'
					) }
					value={ attributes.triggerText }
					onChange={ ( triggerText ) =>
						setAttributes( { triggerText } )
					}
				/>
			) }
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Position', 'donation-widget' ) }
				value={ attributes.position }
				options={ [
					{
						label: __( 'Left', 'donation-widget' ),
						value: 'left',
					},
					{
						label: __( 'Centre', 'donation-widget' ),
						value: 'center',
					},
					{
						label: __( 'Right', 'donation-widget' ),
						value: 'right',
					},
				] }
				onChange={ ( position ) =>
					setAttributes( {
						position: position as BlockAttributes[ 'position' ],
					} )
				}
			/>
		</PanelBody>
	);
}
