/**
 * Name on card (SPEC §2.5, §2.8, §5.3): required, at most 100 characters,
 * filtered while typing. With a floating label (update-card widget), the
 * label hides while the field is empty and the placeholder names it.
 */
import { useId } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useField } from 'formik';
import type { ChangeEvent } from 'react';
import { FieldError } from '../../../shared/fields';
import { filterNameOnCard } from '../../../shared/input-filters';
import { NAME_ON_CARD_MAX } from './card-rules';

interface NameOnCardFieldProps {
	floatingLabel: boolean;
	disabled: boolean;
}

export function fieldClass( floatingLabel: boolean, empty: boolean ): string {
	if ( ! floatingLabel ) {
		return 'dw-field';
	}
	return empty ? 'dw-field dw-float dw-float--empty' : 'dw-field dw-float';
}

export function NameOnCardField( {
	floatingLabel,
	disabled,
}: NameOnCardFieldProps ) {
	const id = useId();
	const errorId = `${ id }-error`;
	const [ field, meta, helpers ] = useField< string >( 'nameOnCard' );
	const error = meta.touched ? meta.error : undefined;
	const label = __( 'Name on Card', 'donation-widget' );

	return (
		<div className={ fieldClass( floatingLabel, field.value === '' ) }>
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
				onChange={ ( event: ChangeEvent< HTMLInputElement > ) =>
					helpers.setValue( filterNameOnCard( event.target.value ) )
				}
				onBlur={ field.onBlur }
				type="text"
				placeholder={ floatingLabel ? label : undefined }
				maxLength={ NAME_ON_CARD_MAX }
				autoComplete="cc-name"
				aria-required
				aria-invalid={ error ? true : undefined }
				aria-describedby={ errorId }
				disabled={ disabled }
			/>
			<FieldError id={ errorId } message={ error } />
		</div>
	);
}
