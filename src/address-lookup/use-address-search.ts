/**
 * The lookup's behaviour (docs/widget-contract.md#45-address-lookup, docs/widget-contract.md#52-details): search as the donor types (from
 * the minimum length, debounced), verify a chosen suggestion and fill the
 * address parts, or "Clear" everything. Only the latest request may answer.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { useFormikContext } from 'formik';
import { logProblem, type AjaxPost } from '../shared/ajax';
import { EMPTY_ADDRESS, type Address } from '../shared/donation-values';
import { messages } from '../shared/messages';
import {
	NO_MATCHES,
	VERIFIED_MATCH,
	searchAddresses,
	verifyAddress,
	type AddressSuggestion,
} from './address-service';

export const SEARCH_DEBOUNCE_MS = 300;

/** The form fields the lookup fills. */
export interface AddressFormValues {
	addressText: string;
	address: Address;
}

export function useAddressSearch( minSearchChars: number, post: AjaxPost ) {
	const { setFieldValue } = useFormikContext< AddressFormValues >();
	const [ suggestions, setSuggestions ] = useState< AddressSuggestion[] >(
		[]
	);
	const [ open, setOpen ] = useState( false );
	const [ activeIndex, setActiveIndex ] = useState( -1 );
	const [ locked, setLocked ] = useState( false );
	const [ error, setError ] = useState( '' );
	/** Each search or choice takes a number; only the latest may answer. */
	const latestRequest = useRef( 0 );
	const debounceTimer = useRef< number | undefined >( undefined );

	useEffect( () => () => window.clearTimeout( debounceTimer.current ), [] );

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

	/**
	 * Resolves true when the address was verified and filled in.
	 * @param suggestion
	 */
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
				return false;
			}
			if ( verified.confidence !== VERIFIED_MATCH ) {
				setError( messages.invalidAddress() );
				return false;
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
			return true;
		} catch ( problem ) {
			logProblem( 'address verification failed', problem );
			return false;
		}
	};

	/** Empties everything; resolves whether the input was locked. */
	const clear = () => {
		window.clearTimeout( debounceTimer.current );
		latestRequest.current++;
		setFieldValue( 'addressText', '' );
		setFieldValue( 'address', { ...EMPTY_ADDRESS } );
		setError( '' );
		setSuggestions( [] );
		closeList();
		const wasLocked = locked;
		setLocked( false );
		return wasLocked;
	};

	return {
		suggestions,
		open,
		setOpen,
		activeIndex,
		setActiveIndex,
		locked,
		error,
		closeList,
		search,
		choose,
		clear,
	};
}

export type AddressSearch = ReturnType< typeof useAddressSearch >;
