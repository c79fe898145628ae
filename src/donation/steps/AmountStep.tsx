/**
 * Tab 1 (docs/widget-contract.md#23-tab-1-amount, docs/widget-contract.md#43-amount-selection, docs/widget-contract.md#51-amount): presets, custom amount, frequency and the
 * "Donate $… >>" button.
 */
import { useEffect, useId, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useFormikContext } from 'formik';
import type { FormEvent } from 'react';
import { ToggleGroup } from '../../shared/fields';
import { normaliseAmountInput } from '../../shared/input-filters';
import { amountFromInput, isPresetSelected, totalAmount } from '../amount';
import { donateLabel } from '../../shared/labels';
import { formatMoney } from '../../shared/money';
import type { DonationValues, Frequency } from '../../shared/donation-values';
import { CustomAmount } from './CustomAmount';

export function frequencyOptions(): ReadonlyArray< {
	value: Frequency;
	label: string;
} > {
	return [
		{ value: '4weekly', label: __( 'Every 4 weeks', 'donation-widget' ) },
		{ value: 'Oneoff', label: __( 'Once only', 'donation-widget' ) },
	];
}

interface AmountStepProps {
	defaultAmount: number;
	onNext: () => void;
}

export function AmountStep( { defaultAmount, onNext }: AmountStepProps ) {
	const {
		values,
		errors,
		touched,
		setFieldValue,
		setFieldTouched,
		setValues,
	} = useFormikContext< DonationValues >();
	const id = useId();
	const presetsLabelId = `${ id }-presets`;

	// Focusing the custom field deselects every preset until it is left or
	// the amount changes (docs/widget-contract.md#43-amount-selection).
	const [ presetsCleared, setPresetsCleared ] = useState( false );
	useEffect( () => setPresetsCleared( false ), [ values.amount ] );

	const error = touched.inputAmount ? errors.inputAmount : undefined;

	// One setValues() per change: two setFieldValue() calls would each validate against the
	// other's stale value, leaving an old amount message on screen.
	const choosePreset = ( preset: string ) => {
		setValues( {
			...values,
			inputAmount: '',
			amount: parseFloat( preset ),
		} );
	};

	const setCustom = ( text: string ) => {
		const inputAmount = normaliseAmountInput( text );
		setValues( {
			...values,
			inputAmount,
			amount: amountFromInput( inputAmount, defaultAmount ),
		} );
	};

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		onNext();
	};

	return (
		<form
			className="dw-step dw-step--amount"
			noValidate
			onSubmit={ onSubmit }
		>
			<p className="dw-label" id={ presetsLabelId }>
				{ __( 'Please select a donation amount:', 'donation-widget' ) }
			</p>
			<div
				className="dw-presets"
				role="group"
				aria-labelledby={ presetsLabelId }
			>
				{ values.amountValues.map( ( preset ) => (
					<button
						key={ preset }
						type="button"
						className="dw-toggle dw-preset"
						aria-pressed={
							! presetsCleared &&
							isPresetSelected( preset, values.amount )
						}
						onClick={ () => choosePreset( preset ) }
					>
						{ `$ ${ formatMoney( preset ) }` }
					</button>
				) ) }
			</div>
			<CustomAmount
				value={ values.inputAmount }
				error={ error }
				onChange={ setCustom }
				onFocus={ () => setPresetsCleared( true ) }
				onBlur={ () => {
					setPresetsCleared( false );
					setFieldTouched( 'inputAmount', true );
				} }
			/>
			<ToggleGroup
				label={ __(
					"I'd like to make this donation:",
					'donation-widget'
				) }
				options={ frequencyOptions() }
				value={ values.frequency }
				onChange={ ( frequency ) =>
					setFieldValue( 'frequency', frequency )
				}
			/>
			<button type="submit" className="dw-button dw-button--primary">
				{ donateLabel( totalAmount( values ), values.frequency, true ) }
			</button>
		</form>
	);
}
