/**
 * The block's "Donation form" panel: hidden fields, preset and default
 * amounts, campaign iteration and default frequency (docs/widget-contract.md#31-widget-configuration-from-the-host-element).
 */
import { __ } from '@wordpress/i18n';
import {
	PanelBody,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import type { BlockEditProps } from '@wordpress/blocks';
import { frequencyChoice, type BlockAttributes } from './attributes';
import { defaultAmountError, presetAmountsErrors } from './amount-errors';
import { CheckedTextControl } from './CheckedTextControl';

/** What the amount fields hold as typed, usable or not. */
export type Drafts = Partial<
	Record< 'amountValues' | 'defaultAmount', string >
>;

type PanelProps = Pick<
	BlockEditProps< BlockAttributes >,
	'attributes' | 'setAttributes'
> & {
	drafts: Drafts;
	onDraft: ( field: keyof Drafts, text: string ) => void;
};

// Every unusable preset named, not just the first.
const presetsError = ( text: string ): string | null => {
	const errors = presetAmountsErrors( text );
	return errors.length > 0 ? errors.join( ' ' ) : null;
};

export function DonationFormPanel( {
	attributes,
	setAttributes,
	drafts,
	onDraft,
}: PanelProps ) {
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
			<CheckedTextControl
				label={ __( 'Preset amounts', 'donation-widget' ) }
				help={ __(
					"Three amounts from $5 to $999,999.99, separated by commas. Leave empty to use the settings' amounts.",
					'donation-widget'
				) }
				value={ attributes.amountValues }
				check={ presetsError }
				onSave={ ( amountValues ) => setAttributes( { amountValues } ) }
				draft={ drafts.amountValues }
				onDraft={ ( text ) => onDraft( 'amountValues', text ) }
			/>
			<CheckedTextControl
				label={ __( 'Default amount', 'donation-widget' ) }
				help={ __(
					"From $5 to $999,999.99. Leave empty to use the settings' default amount.",
					'donation-widget'
				) }
				inputMode="decimal"
				value={ attributes.defaultAmount }
				check={ defaultAmountError }
				draft={ drafts.defaultAmount }
				onDraft={ ( text ) => onDraft( 'defaultAmount', text ) }
				onSave={ ( defaultAmount ) =>
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
				value={ frequencyChoice( attributes.donationType ) }
				options={ [
					// "" leaves the widget's own start, "Every 4 weeks" (docs/widget-contract.md#33-donation-form-state), which is
					// what "4weekly" would set: one option, so the list offers no twin.
					{
						label: __( 'Every 4 weeks', 'donation-widget' ),
						value: '',
					},
					{
						label: __( 'Once only', 'donation-widget' ),
						value: 'Oneoff',
					},
				] }
				onChange={ ( donationType ) =>
					setAttributes( {
						donationType: frequencyChoice(
							donationType as BlockAttributes[ 'donationType' ]
						),
					} )
				}
			/>
		</PanelBody>
	);
}
