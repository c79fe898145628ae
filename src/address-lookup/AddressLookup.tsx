/**
 * Address lookup (SPEC §2.4, §4.5): a combobox that searches as the donor
 * types, verifies the chosen suggestion and fills the address parts, with a
 * manual panel for addresses the service cannot find.
 */
import { useEffect, useId, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useFormikContext } from 'formik';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { logProblem, type AjaxPost } from '../shared/ajax';
import { FieldError, TextField } from '../shared/fields';
import {
	filterName,
	filterPostcode,
	filterStreet,
} from '../shared/input-filters';
import { messages } from '../shared/messages';
import {
	EMPTY_ADDRESS,
	type Address,
	type DonationValues,
} from '../shared/donation-values';
import {
	NO_MATCHES,
	VERIFIED_MATCH,
	searchAddresses,
	verifyAddress,
	type AddressSuggestion,
} from './address-service';

export const SEARCH_DEBOUNCE_MS = 300;
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
	const { values, setFieldValue } = useFormikContext< DonationValues >();
	const id = useId();
	const inputId = `${ id }-input`;
	const listId = `${ id }-list`;
	const errorId = `${ id }-error`;
	const manualId = `${ id }-manual`;
	const optionId = ( index: number ) => `${ id }-option-${ index }`;

	const [ suggestions, setSuggestions ] = useState< AddressSuggestion[] >(
		[]
	);
	const [ open, setOpen ] = useState( false );
	const [ activeIndex, setActiveIndex ] = useState( -1 );
	const [ locked, setLocked ] = useState( false );
	const [ error, setError ] = useState( '' );
	const [ manualOpen, setManualOpen ] = useState( false );

	const wrapperRef = useRef< HTMLDivElement >( null );
	const inputRef = useRef< HTMLInputElement >( null );
	const clearRef = useRef< HTMLButtonElement >( null );
	/** Each search or choice takes a number; only the latest may answer. */
	const latestRequest = useRef( 0 );
	const debounceTimer = useRef< number | undefined >( undefined );
	const refocusInput = useRef( false );

	const partsFilled = hasAddressParts( values.address );
	useEffect( () => {
		if ( partsFilled ) {
			setManualOpen( true );
		}
	}, [ partsFilled ] );

	useEffect( () => () => window.clearTimeout( debounceTimer.current ), [] );

	useEffect( () => {
		if ( ! open ) {
			return;
		}
		const ownerDocument = wrapperRef.current?.ownerDocument ?? document;
		const onPointerDown = ( event: Event ) => {
			if ( ! wrapperRef.current?.contains( event.target as Node ) ) {
				setOpen( false );
			}
		};
		ownerDocument.addEventListener( 'mousedown', onPointerDown );
		ownerDocument.addEventListener( 'touchstart', onPointerDown );
		return () => {
			ownerDocument.removeEventListener( 'mousedown', onPointerDown );
			ownerDocument.removeEventListener( 'touchstart', onPointerDown );
		};
	}, [ open ] );

	useEffect( () => {
		if ( ! locked && refocusInput.current ) {
			refocusInput.current = false;
			inputRef.current?.focus();
		}
	}, [ locked ] );

	const closeList = () => {
		setOpen( false );
		setActiveIndex( -1 );
	};

	const search = ( text: string ) => {
		window.clearTimeout( debounceTimer.current );
		const request = ++latestRequest.current;
		if ( text.trim().length < minSearchChars ) {
			setSuggestions( [] );
			closeList();
			return;
		}
		debounceTimer.current = window.setTimeout( async () => {
			try {
				const result = await searchAddresses( post, text );
				if ( request !== latestRequest.current ) {
					return;
				}
				if ( result.confidence === NO_MATCHES ) {
					setError( messages.noMatches() );
					setSuggestions( [] );
					closeList();
					return;
				}
				setError( '' );
				setSuggestions( result.suggestions );
				setActiveIndex( -1 );
				setOpen( result.suggestions.length > 0 );
			} catch ( problem ) {
				logProblem( 'address search failed', problem );
			}
		}, SEARCH_DEBOUNCE_MS );
	};

	const choose = async ( suggestion: AddressSuggestion ) => {
		window.clearTimeout( debounceTimer.current );
		const request = ++latestRequest.current;
		closeList();
		setFieldValue( 'addressText', suggestion.text );
		try {
			const verified = await verifyAddress(
				post,
				suggestion.global_address_key
			);
			if ( request !== latestRequest.current ) {
				return;
			}
			if ( verified.confidence !== VERIFIED_MATCH ) {
				setError( messages.invalidAddress() );
				return;
			}
			// Field updates apply to Formik's latest state, even if this
			// answer arrives before React re-rendered.
			setFieldValue( 'addressText', suggestion.text );
			setFieldValue( 'address', {
				...verified.address,
				country: verified.address.country || EMPTY_ADDRESS.country,
			} );
			setError( '' );
			setLocked( true );
			// The locked input can no longer hold focus; "Clear" is next to it.
			clearRef.current?.focus();
		} catch ( problem ) {
			logProblem( 'address verification failed', problem );
		}
	};

	const clear = () => {
		window.clearTimeout( debounceTimer.current );
		latestRequest.current++;
		setFieldValue( 'addressText', '' );
		setFieldValue( 'address', { ...EMPTY_ADDRESS } );
		setError( '' );
		setSuggestions( [] );
		closeList();
		if ( locked ) {
			refocusInput.current = true;
			setLocked( false );
		} else {
			inputRef.current?.focus();
		}
	};

	const onChange = ( event: ChangeEvent< HTMLInputElement > ) => {
		const text = event.target.value.slice( 0, ADDRESS_TEXT_MAX_LENGTH );
		setFieldValue( 'addressText', text );
		search( text );
	};

	const onKeyDown = ( event: KeyboardEvent< HTMLInputElement > ) => {
		const count = suggestions.length;
		switch ( event.key ) {
			case 'ArrowDown':
				if ( count > 0 ) {
					event.preventDefault();
					setOpen( true );
					setActiveIndex( ( index ) => ( index + 1 ) % count );
				}
				break;
			case 'ArrowUp':
				if ( count > 0 ) {
					event.preventDefault();
					setOpen( true );
					setActiveIndex( ( index ) =>
						index <= 0 ? count - 1 : index - 1
					);
				}
				break;
			case 'Enter':
				if ( open ) {
					// Choosing must not submit the details form.
					event.preventDefault();
					if ( activeIndex >= 0 && suggestions[ activeIndex ] ) {
						choose( suggestions[ activeIndex ] );
					}
				}
				break;
			case 'Escape':
				if ( open ) {
					// Handled here, so an enclosing dialog stays open.
					event.preventDefault();
					closeList();
				}
				break;
		}
	};

	const activeDescendant =
		open && activeIndex >= 0 ? optionId( activeIndex ) : undefined;

	return (
		<div className="dw-field dw-address" ref={ wrapperRef }>
			<label className="dw-label" htmlFor={ inputId }>
				{ __( 'Address', 'donation-widget' ) }
			</label>
			<div className="dw-combobox">
				<input
					ref={ inputRef }
					id={ inputId }
					className="dw-input"
					name="addressText"
					type="text"
					role="combobox"
					autoComplete="off"
					aria-autocomplete="list"
					aria-expanded={ open }
					aria-controls={ listId }
					aria-activedescendant={ activeDescendant }
					aria-invalid={ error ? true : undefined }
					aria-describedby={ errorId }
					maxLength={ ADDRESS_TEXT_MAX_LENGTH }
					value={ values.addressText }
					disabled={ locked }
					onChange={ onChange }
					onKeyDown={ onKeyDown }
					onBlur={ closeList }
				/>
				<ul
					id={ listId }
					className="dw-listbox"
					role="listbox"
					aria-label={ __(
						'Address suggestions',
						'donation-widget'
					) }
					hidden={ ! open }
				>
					{ suggestions.map( ( suggestion, index ) => (
						// Keyboard choice goes through the combobox (aria-activedescendant).
						// eslint-disable-next-line jsx-a11y/click-events-have-key-events
						<li
							key={ suggestion.global_address_key }
							id={ optionId( index ) }
							className="dw-option"
							role="option"
							aria-selected={ index === activeIndex }
							// Keep focus in the input so the list does not close before the click.
							onMouseDown={ ( event ) => event.preventDefault() }
							onClick={ () => choose( suggestion ) }
						>
							{ suggestion.text }
						</li>
					) ) }
				</ul>
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
			<div id={ manualId } className="dw-manual" hidden={ ! manualOpen }>
				<TextField
					name="address.addressLine1"
					label={ __( 'Street', 'donation-widget' ) }
					filter={ filterStreet }
					maxLength={ 100 }
					autoComplete="address-line1"
				/>
				<TextField
					name="address.city"
					label={ __( 'City', 'donation-widget' ) }
					filter={ filterName }
					maxLength={ 80 }
					autoComplete="address-level2"
				/>
				<TextField
					name="address.state"
					label={ __( 'State', 'donation-widget' ) }
					filter={ filterName }
					maxLength={ 50 }
					autoComplete="address-level1"
				/>
				<TextField
					name="address.postalCode"
					label={ __( 'Postcode', 'donation-widget' ) }
					filter={ filterPostcode }
					maxLength={ 20 }
					autoComplete="postal-code"
					inputMode="numeric"
				/>
				<TextField
					name="address.country"
					label={ __( 'Country', 'donation-widget' ) }
					filter={ filterName }
					maxLength={ 80 }
					autoComplete="country-name"
				/>
			</div>
		</div>
	);
}
