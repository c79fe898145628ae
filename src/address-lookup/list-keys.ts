/**
 * Keyboard handling of the suggestion list (ARIA combobox pattern): arrows
 * move the active option, Enter chooses it, Escape closes the list.
 */
import type { KeyboardEvent } from 'react';
import type { AddressSearch } from './use-address-search';
import type { AddressSuggestion } from './address-service';

export function onListKey(
	event: KeyboardEvent< HTMLInputElement >,
	lookup: AddressSearch,
	choose: ( suggestion: AddressSuggestion ) => void
): void {
	const { suggestions, open, activeIndex } = lookup;
	const count = suggestions.length;
	switch ( event.key ) {
		case 'ArrowDown':
			if ( count > 0 ) {
				event.preventDefault();
				lookup.setOpen( true );
				lookup.setActiveIndex( ( index ) => ( index + 1 ) % count );
			}
			break;
		case 'ArrowUp':
			if ( count > 0 ) {
				event.preventDefault();
				lookup.setOpen( true );
				lookup.setActiveIndex( ( index ) =>
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
				lookup.closeList();
			}
			break;
	}
}
