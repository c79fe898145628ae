/**
 * Tab 1 (SPEC §2.3, §4.3, §5.1): presets, custom amount, frequency and the
 * "Donate $… >>" button.
 */
import { useEffect, useId, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useFormikContext } from 'formik';
import type {
	ChangeEvent,
	ClipboardEvent,
	FormEvent,
	KeyboardEvent,
} from 'react';
import { FieldError, ToggleGroup } from '../../shared/fields';
import {
	acceptsAmountKeystroke,
	filterPastedAmount,
	normaliseAmountInput,
} from '../../shared/input-filters';
import { amountFromInput, isPresetSelected, totalAmount } from '../amount';
import { donateLabel } from '../../shared/labels';
import type { DonationValues, Frequency } from '../../shared/donation-values';

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
	const customId = `${ id }-custom`;
	const errorId = `${ id }-error`;
	const presetsLabelId = `${ id }-presets`;

	// Focusing the custom field deselects every preset until it is left or
	// the amount changes (SPEC §4.3).
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

	const onKeyDown = ( event: KeyboardEvent< HTMLInputElement > ) => {
		const input = event.currentTarget;
		const accepted = acceptsAmountKeystroke( {
			key: event.key,
			value: input.value,
			selectionStart: input.selectionStart,
			selectionEnd: input.selectionEnd,
			withShortcutModifier: event.ctrlKey || event.metaKey,
		} );
		if ( ! accepted ) {
			event.preventDefault();
		}
	};

	const onPaste = ( event: ClipboardEvent< HTMLInputElement > ) => {
		event.preventDefault();
		const input = event.currentTarget;
		const pasted = filterPastedAmount(
			event.clipboardData.getData( 'text' )
		);
		const start = input.selectionStart ?? input.value.length;
		const end = input.selectionEnd ?? start;
		setCustom(
			input.value.slice( 0, start ) + pasted + input.value.slice( end )
		);
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
						{ `$ ${ preset }` }
					</button>
				) ) }
			</div>
			<div className="dw-field dw-custom-amount">
				<div className="dw-affix">
					<label className="dw-affix__prefix" htmlFor={ customId }>
						<span className="dw-visually-hidden">
							{ __( 'Custom amount', 'donation-widget' ) }
						</span>
						$
					</label>
					<input
						id={ customId }
						className="dw-input"
						name="inputAmount"
						type="text"
						inputMode="decimal"
						autoComplete="off"
						placeholder={ __(
							'or enter your amount',
							'donation-widget'
						) }
						value={ values.inputAmount }
						onChange={ ( event: ChangeEvent< HTMLInputElement > ) =>
							setCustom( event.target.value )
						}
						onKeyDown={ onKeyDown }
						onPaste={ onPaste }
						onFocus={ () => setPresetsCleared( true ) }
						onBlur={ () => {
							setPresetsCleared( false );
							setFieldTouched( 'inputAmount', true );
						} }
						aria-invalid={ error ? true : undefined }
						aria-describedby={ errorId }
					/>
				</div>
				<FieldError id={ errorId } message={ error } />
			</div>
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
