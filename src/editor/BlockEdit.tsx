import { __ } from '@wordpress/i18n';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import {
	PanelBody,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import type { BlockEditProps } from '@wordpress/blocks';
import {
	presetAmountsProblem,
	toWidgetConfig,
	type BlockAttributes,
} from './attributes';
import { BlockPreview } from './BlockPreview';

export function BlockEdit( {
	attributes,
	setAttributes,
}: BlockEditProps< BlockAttributes > ) {
	const blockProps = useBlockProps();
	const isDonation = attributes.widgetType === 'donation';
	const amountsProblem = presetAmountsProblem( attributes.amountValues );

	return (
		<div { ...blockProps }>
			<InspectorControls>
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
								position:
									position as BlockAttributes[ 'position' ],
							} )
						}
					/>
				</PanelBody>
				{ isDonation && (
					<PanelBody
						title={ __( 'Donation form', 'donation-widget' ) }
					>
						<ToggleControl
							__nextHasNoMarginBottom
							label={ __( 'Hide address', 'donation-widget' ) }
							checked={ attributes.hideAddress }
							onChange={ ( hideAddress ) =>
								setAttributes( { hideAddress } )
							}
						/>
						<ToggleControl
							__nextHasNoMarginBottom
							label={ __( 'Hide mobile', 'donation-widget' ) }
							checked={ attributes.hideMobile }
							onChange={ ( hideMobile ) =>
								setAttributes( { hideMobile } )
							}
						/>
						<ToggleControl
							__nextHasNoMarginBottom
							label={ __(
								'Hide "In honour of"',
								'donation-widget'
							) }
							checked={ attributes.hideInMemory }
							onChange={ ( hideInMemory ) =>
								setAttributes( { hideInMemory } )
							}
						/>
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Preset amounts', 'donation-widget' ) }
							help={
								amountsProblem
									? __(
											"Enter exactly three amounts of $5 or more, such as 25, 50, 100; until then the settings' amounts are used.",
											'donation-widget'
										)
									: __(
											"Three amounts separated by commas. Leave empty to use the settings' amounts.",
											'donation-widget'
										)
							}
							value={ attributes.amountValues }
							onChange={ ( amountValues ) =>
								setAttributes( { amountValues } )
							}
						/>
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Default amount', 'donation-widget' ) }
							help={ __(
								"Leave empty to use the settings' default amount.",
								'donation-widget'
							) }
							inputMode="decimal"
							value={ attributes.defaultAmount }
							onChange={ ( defaultAmount ) =>
								setAttributes( { defaultAmount } )
							}
						/>
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __(
								'Campaign iteration ID',
								'donation-widget'
							) }
							help={ __(
								'Overrides the default iteration ID from the settings.',
								'donation-widget'
							) }
							value={ attributes.iterationId }
							onChange={ ( iterationId ) =>
								setAttributes( { iterationId } )
							}
						/>
						<SelectControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __(
								'Default frequency',
								'donation-widget'
							) }
							value={ attributes.donationType }
							options={ [
								{
									label: __(
										'Every 4 weeks (standard)',
										'donation-widget'
									),
									value: '',
								},
								{
									label: __(
										'Every 4 weeks',
										'donation-widget'
									),
									value: '4weekly',
								},
								{
									label: __( 'Once only', 'donation-widget' ),
									value: 'Oneoff',
								},
							] }
							onChange={ ( donationType ) =>
								setAttributes( {
									donationType:
										donationType as BlockAttributes[ 'donationType' ],
								} )
							}
						/>
					</PanelBody>
				) }
			</InspectorControls>
			<BlockPreview config={ toWidgetConfig( attributes ) } />
		</div>
	);
}
