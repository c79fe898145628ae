/**
 * One of the provider's fields. Its input lives inside the provider's frame,
 * so the wrapper is a group named by the label and described by the error.
 */
import type { ReactNode } from 'react';
import { FieldError, fieldClass } from '../../../shared/fields';

interface ProviderFieldFrameProps {
	/** Prefix of the field's element ids. */
	id: string;
	label: string;
	/** With a floating label, it hides while nothing is typed. */
	floatingLabel: boolean;
	empty: boolean;
	error: string | undefined;
	/**
	 * A second line under the error, such as the bank's reason for a decline;
	 * undefined for a field that never has one (no element at all).
	 */
	detail?: string;
	/** Renders the provider's element with the given id. */
	children: ( elementId: string ) => ReactNode;
}

export function ProviderFieldFrame( {
	id,
	label,
	floatingLabel,
	empty,
	error,
	detail,
	children,
}: ProviderFieldFrameProps ) {
	const labelId = `${ id }-label`;
	const errorId = `${ id }-error`;
	const elementId = `${ id }-element`;
	const detailId = `${ id }-error-detail`;
	return (
		<div className={ fieldClass( floatingLabel, empty ) }>
			{ /* The provider focuses its field when a label points at its container. */ }
			<label
				id={ labelId }
				className={
					floatingLabel ? 'dw-label dw-float__label' : 'dw-label'
				}
				htmlFor={ elementId }
			>
				{ label }
			</label>
			<div
				role="group"
				aria-labelledby={ labelId }
				aria-describedby={ errorId }
				className={
					error
						? 'dw-card-field dw-card-field--invalid'
						: 'dw-card-field'
				}
			>
				{ children( elementId ) }
			</div>
			<FieldError id={ errorId } message={ error } />
			{ /* Rendered while empty too, so the reason is announced when it
			appears (it follows the error the flow moves focus to). */ }
			{ detail !== undefined && (
				<p
					id={ detailId }
					className="dw-field-reason"
					aria-live="polite"
				>
					{ detail }
				</p>
			) }
		</div>
	);
}
