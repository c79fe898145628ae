/**
 * Address lookup (docs/widget-contract.md#24-tab-2-details, docs/widget-contract.md#45-address-lookup): a combobox that searches as the donor
 * types, verifies the chosen suggestion and fills the address parts, with a
 * manual panel for addresses the service cannot find.
 */
import { useEffect, useId, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useFormikContext } from 'formik';
import type { ChangeEvent } from 'react';
import type { AjaxPost } from '../shared/ajax';
import type { Address } from '../shared/donation-values';
import { FieldError } from '../shared/fields';
import type { AddressSuggestion } from './address-service';
import { onListKey } from './list-keys';
import { ManualAddress } from './ManualAddress';
import { SuggestionList } from './SuggestionList';
import { useAddressSearch, type AddressFormValues } from './use-address-search';
import { useCloseOnOutsideClick } from './use-close-on-outside-click';

export { SEARCH_DEBOUNCE_MS } from './use-address-search';
const ADDRESS_TEXT_MAX_LENGTH = 100;

/**
 * Any part other than the country filled: the manual panel opens.
 * @param address The form's address.
 */
export function hasAddressParts( address: Address ): boolean {
	return [
		address.addressLine1,
		address.addressLine2,
		address.city,
		address.state,
		address.postalCode,
	].some( ( part ) => part.trim() !== '' );
}

interface AddressLookupProps {
	minSearchChars: number;
	post: AjaxPost;
}

export function AddressLookup( { minSearchChars, post }: AddressLookupProps ) {
	const { values, setFieldValue } = useFormikContext< AddressFormValues >();
	const id = useId();
	const lookup = useAddressSearch( minSearchChars, post );
	const [ manualOpen, setManualOpen ] = useState( false );
	const wrapperRef = useRef< HTMLDivElement >( null );
	const inputRef = useRef< HTMLInputElement >( null );
	const clearRef = useRef< HTMLButtonElement >( null );
	const refocusInput = useRef( false );

	const partsFilled = hasAddressParts( values.address );
	useEffect( () => {
		if ( partsFilled ) {
			setManualOpen( true );
		}
	}, [ partsFilled ] );
	useCloseOnOutsideClick( wrapperRef, lookup.open, () =>
		lookup.setOpen( false )
	);
	useEffect( () => {
		if ( ! lookup.locked && refocusInput.current ) {
			refocusInput.current = false;
			inputRef.current?.focus();
		}
	}, [ lookup.locked ] );

	const choose = async ( suggestion: AddressSuggestion ) => {
		if ( await lookup.choose( suggestion ) ) {
			// The locked input can no longer hold focus; "Clear" is next to it.
			clearRef.current?.focus();
		}
	};
	const clear = () => {
		if ( lookup.clear() ) {
			refocusInput.current = true;
		} else {
			inputRef.current?.focus();
		}
	};
	const onChange = ( event: ChangeEvent< HTMLInputElement > ) => {
		const text = event.target.value.slice( 0, ADDRESS_TEXT_MAX_LENGTH );
		setFieldValue( 'addressText', text );
		lookup.search( text );
	};

	const listId = `${ id }-list`;
	const errorId = `${ id }-error`;
	const manualId = `${ id }-manual`;
	const optionId = ( index: number ) => `${ id }-option-${ index }`;
	const { open, activeIndex, error } = lookup;

	return (
		<div className="dw-field dw-address" ref={ wrapperRef }>
			<label className="dw-label" htmlFor={ `${ id }-input` }>
				{ __( 'Address', 'donation-widget' ) }
			</label>
			<div className="dw-combobox">
				<input
					ref={ inputRef }
					id={ `${ id }-input` }
					className="dw-input"
					name="addressText"
					type="text"
					role="combobox"
					autoComplete="off"
					aria-autocomplete="list"
					aria-expanded={ open }
					aria-controls={ listId }
					aria-activedescendant={
						open && activeIndex >= 0
							? optionId( activeIndex )
							: undefined
					}
					aria-invalid={ error ? true : undefined }
					aria-describedby={ errorId }
					maxLength={ ADDRESS_TEXT_MAX_LENGTH }
					value={ values.addressText }
					disabled={ lookup.locked }
					onChange={ onChange }
					onKeyDown={ ( event ) =>
						onListKey( event, lookup, choose )
					}
					onBlur={ lookup.closeList }
				/>
				<SuggestionList
					id={ listId }
					optionId={ optionId }
					open={ open }
					suggestions={ lookup.suggestions }
					activeIndex={ activeIndex }
					onChoose={ choose }
				/>
			</div>
			<FieldError id={ errorId } message={ error } />
			<div className="dw-address__actions">
				<p className="dw-address__help">
					{ __( "Can't find your address?", 'donation-widget' ) }{ ' ' }
					<button
						type="button"
						className="dw-link"
						aria-expanded={ manualOpen }
						aria-controls={ manualId }
						onClick={ () =>
							setManualOpen( ( isOpen ) => ! isOpen )
						}
					>
						{ __( 'Enter manually', 'donation-widget' ) }
					</button>
				</p>
				<button
					ref={ clearRef }
					type="button"
					className="dw-link"
					onClick={ clear }
				>
					{ __( 'Clear', 'donation-widget' ) }
				</button>
			</div>
			<ManualAddress id={ manualId } open={ manualOpen } />
		</div>
	);
}
