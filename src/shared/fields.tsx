/**
 * Form controls shared by the widgets: every field has a visible label, an
 * error element tied to it by aria-describedby and announced politely, and
 * aria-invalid while an error shows.
 */
import { useId } from '@wordpress/element';
import { useField } from 'formik';
import type { ChangeEvent, HTMLAttributes, ReactNode } from 'react';

interface FieldErrorProps {
	id: string;
	message?: string | false | null;
}

// Always rendered, so screen readers announce the message when it appears.
export function FieldError( { id, message }: FieldErrorProps ) {
	return (
		<p id={ id } className="dw-field-error" aria-live="polite">
			{ message || '' }
		</p>
	);
}

export interface TextFieldProps {
	name: string;
	label: string;
	filter?: ( value: string ) => string;
	maxLength?: number;
	type?: 'text' | 'email' | 'tel';
	autoComplete?: string;
	inputMode?: HTMLAttributes< HTMLInputElement >[ 'inputMode' ];
	required?: boolean;
	disabled?: boolean;
	/** A message from outside the form rules (e.g. the address service). */
	externalError?: string;
	/**
	 * The label floats over the field and hides while it is empty; the
	 * placeholder names the field then (the update-card widget, docs/widget-contract.md#28-update-card-widget).
	 */
	floatingLabel?: boolean;
	children?: ReactNode;
}

/**
 * The field's wrapper classes: with a floating label, whether it is empty.
 *
 * @param floatingLabel Whether the label floats.
 * @param empty         Whether the field is empty.
 */
export function fieldClass( floatingLabel: boolean, empty: boolean ): string {
	if ( ! floatingLabel ) {
		return 'dw-field';
	}
	return empty ? 'dw-field dw-float dw-float--empty' : 'dw-field dw-float';
}

export function TextField( {
	name,
	label,
	filter,
	maxLength,
	type = 'text',
	autoComplete,
	inputMode,
	required,
	disabled,
	externalError,
	floatingLabel = false,
	children,
}: TextFieldProps ) {
	const id = useId();
	const errorId = `${ id }-error`;
	const [ field, meta, helpers ] = useField< string >( name );
	const error = externalError || ( meta.touched ? meta.error : undefined );

	const onChange = ( event: ChangeEvent< HTMLInputElement > ) => {
		const { value } = event.target;
		helpers.setValue( filter ? filter( value ) : value );
	};

	return (
		<div className={ fieldClass( floatingLabel, ! field.value ) }>
			<label
				className={
					floatingLabel ? 'dw-label dw-float__label' : 'dw-label'
				}
				htmlFor={ id }
			>
				{ label }
			</label>
			<input
				id={ id }
				className="dw-input"
				name={ field.name }
				value={ field.value ?? '' }
				onChange={ onChange }
				onBlur={ field.onBlur }
				type={ type }
				placeholder={ floatingLabel ? label : undefined }
				maxLength={ maxLength }
				autoComplete={ autoComplete }
				inputMode={ inputMode }
				aria-required={ required || undefined }
				aria-invalid={ error ? true : undefined }
				aria-describedby={ errorId }
				disabled={ disabled }
			/>
			{ children }
			<FieldError id={ errorId } message={ error } />
		</div>
	);
}

interface ToggleOption< Value extends string > {
	value: Value;
	label: string;
}

interface ToggleGroupProps< Value extends string > {
	label: string;
	options: ReadonlyArray< ToggleOption< Value > >;
	value: Value;
	onChange: ( value: Value ) => void;
}

// A labelled group of toggle buttons (aria-pressed), one of them on.
export function ToggleGroup< Value extends string >( {
	label,
	options,
	value,
	onChange,
}: ToggleGroupProps< Value > ) {
	const labelId = useId();
	return (
		<div className="dw-field">
			<p className="dw-label" id={ labelId }>
				{ label }
			</p>
			<div
				className="dw-toggles"
				role="group"
				aria-labelledby={ labelId }
			>
				{ options.map( ( option ) => (
					<button
						key={ option.value }
						type="button"
						className="dw-toggle"
						aria-pressed={ option.value === value }
						onClick={ () => onChange( option.value ) }
					>
						{ option.label }
					</button>
				) ) }
			</div>
		</div>
	);
}
