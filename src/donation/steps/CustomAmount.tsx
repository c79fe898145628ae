/**
 * The custom amount (docs/widget-contract.md#23-tab-1-amount, docs/widget-contract.md#51-amount): "$" prefix, placeholder "or enter
 * your amount", and the keystroke and paste filters.
 */
import { useId } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ChangeEvent, ClipboardEvent, KeyboardEvent } from 'react';
import { FieldError } from '../../shared/fields';
import {
	acceptsAmountKeystroke,
	filterPastedAmount,
} from '../../shared/input-filters';

interface CustomAmountProps {
	value: string;
	error: string | undefined;
	/** The new text, before normalising. */
	onChange: ( text: string ) => void;
	onFocus: () => void;
	onBlur: () => void;
}

export function CustomAmount( {
	value,
	error,
	onChange,
	onFocus,
	onBlur,
}: CustomAmountProps ) {
	const id = useId();
	const customId = `${ id }-custom`;
	const errorId = `${ id }-error`;

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
		onChange(
			input.value.slice( 0, start ) + pasted + input.value.slice( end )
		);
	};

	return (
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
					value={ value }
					onChange={ ( event: ChangeEvent< HTMLInputElement > ) =>
						onChange( event.target.value )
					}
					onKeyDown={ onKeyDown }
					onPaste={ onPaste }
					onFocus={ onFocus }
					onBlur={ onBlur }
					aria-invalid={ error ? true : undefined }
					aria-describedby={ errorId }
				/>
			</div>
			<FieldError id={ errorId } message={ error } />
		</div>
	);
}
