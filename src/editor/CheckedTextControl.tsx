/**
 * A text control that checks what the editor types as they type: a value the widget could not
 * use stays in the field with an error beside it and is never saved to the block; the last
 * usable value stays saved. The block keeps what was typed (draft, onDraft) while its inspector
 * is closed, and refuses publishing meanwhile (publish-lock.ts).
 */
import { useEffect, useId, useRef, useState } from '@wordpress/element';
import { TextControl } from '@wordpress/components';

// WordPress's own alert red (#cc1818, 5.9:1 on white), in the editor's help text size.
const ERROR_STYLE = {
	margin: '8px 0 12px',
	color: '#cc1818',
	fontSize: '12px',
	fontWeight: 600,
} as const;
const HIDDEN_STYLE = { margin: 0 } as const;

interface CheckedTextControlProps {
	label: string;
	help: string;
	/** The saved attribute. */
	value: string;
	/** The message for text that cannot be saved, or null. */
	check: ( text: string ) => string | null;
	/** Saves usable text. */
	onSave: ( text: string ) => void;
	inputMode?: 'decimal' | 'text';
	/** What was typed when the inspector was last open, if anything. */
	draft?: string;
	/** Told whatever the field now holds. */
	onDraft?: ( text: string ) => void;
}

export function CheckedTextControl( {
	label,
	help,
	value,
	check,
	onSave,
	inputMode = 'text',
	draft: keptDraft,
	onDraft,
}: CheckedTextControlProps ) {
	const id = `dw-checked-${ useId().replace( /[^\w-]/g, '' ) }`;
	const errorId = `${ id }__error`;
	const [ draft, setDraft ] = useState( keptDraft ?? value );
	const draftRef = useRef( onDraft );
	draftRef.current = onDraft;
	// The value this control saved last: a different one came from elsewhere (undo, another
	// copy of the block), and replaces whatever is being typed.
	const saved = useRef( value );
	useEffect( () => {
		if ( value !== saved.current ) {
			saved.current = value;
			setDraft( value );
			draftRef.current?.( value );
		}
	}, [ value ] );

	const error = check( draft );
	const onChange = ( text: string ) => {
		setDraft( text );
		onDraft?.( text );
		if ( check( text ) === null && text !== saved.current ) {
			saved.current = text;
			onSave( text );
		}
	};

	return (
		<div className="dw-editor-field">
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				id={ id }
				label={ label }
				help={ help }
				value={ draft }
				inputMode={ inputMode }
				onChange={ onChange }
				aria-invalid={ error ? true : undefined }
				aria-describedby={
					error ? `${ errorId } ${ id }__help` : `${ id }__help`
				}
			/>
			{ /* Always present, so a screen reader announces the message as it appears. */ }
			<p
				id={ errorId }
				className="dw-editor-error"
				aria-live="polite"
				style={ error ? ERROR_STYLE : HIDDEN_STYLE }
			>
				{ error }
			</p>
		</div>
	);
}
