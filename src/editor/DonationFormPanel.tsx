/**
 * The block's "Donation form" panel: hidden fields, preset and default
 * amounts, campaign iteration and default frequency (SPEC §3.1).
 */
import { __ } from '@wordpress/i18n';
import {
	PanelBody,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import type { BlockEditProps } from '@wordpress/blocks';
import { presetAmountsProblem, type BlockAttributes } from './attributes';

type PanelProps = Pick<
	BlockEditProps< BlockAttributes >,
	'attributes' | 'setAttributes'
>;

export function DonationFormPanel( { attributes, setAttributes }: PanelProps ) {
	const amountsProblem = presetAmountsProblem( attributes.amountValues );
	return (
		<PanelBody title={ __( 'Donation form', 'donation-widget' ) }>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Hide address', 'donation-widget' ) }
				checked={ attributes.hideAddress }
				onChange={ ( hideAddress ) => setAttributes( { hideAddress } ) }
			/>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Hide mobile', 'donation-widget' ) }
				checked={ attributes.hideMobile }
				onChange={ ( hideMobile ) => setAttributes( { hideMobile } ) }
			/>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Hide "In honour of"', 'donation-widget' ) }
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
				label={ __( 'Campaign iteration ID', 'donation-widget' ) }
				help={ __(
					'Overrides the default iteration ID from the settings.',
					'donation-widget'
				) }
				value={ attributes.iterationId }
				onChange={ ( iterationId ) => setAttributes( { iterationId } ) }
			/>
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Default frequency', 'donation-widget' ) }
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
						label: __( 'Every 4 weeks', 'donation-widget' ),
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
	);
}
