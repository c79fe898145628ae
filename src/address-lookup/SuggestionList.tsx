/**
 * The suggestions under the lookup input (docs/widget-contract.md#24-tab-2-details), as a listbox the
 * combobox points into with aria-activedescendant.
 */
import { __ } from '@wordpress/i18n';
import type { AddressSuggestion } from './address-service';

interface SuggestionListProps {
	id: string;
	optionId: ( index: number ) => string;
	open: boolean;
	suggestions: AddressSuggestion[];
	activeIndex: number;
	onChoose: ( suggestion: AddressSuggestion ) => void;
}

export function SuggestionList( {
	id,
	optionId,
	open,
	suggestions,
	activeIndex,
	onChoose,
}: SuggestionListProps ) {
	return (
		<ul
			id={ id }
			className="dw-listbox"
			role="listbox"
			aria-label={ __( 'Address suggestions', 'donation-widget' ) }
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
					onClick={ () => onChoose( suggestion ) }
				>
					{ suggestion.text }
				</li>
			) ) }
		</ul>
	);
}
