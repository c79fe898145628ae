/**
 * The Direct Debit Request (Stripe's BECS mandate) shown above the box the
 * donor must tick before a bank account is debited.
 */
import { createInterpolateElement, useId } from '@wordpress/element';
import type { RefObject } from 'react';
import { FieldError } from '../../../shared/fields';
import { newTabLink } from '../../../shared/links';
import { SERVICE_AGREEMENT_URL, becsTexts } from './texts';

interface MandateAgreementProps {
	organisationName: string;
	accepted: boolean;
	error: string | undefined;
	inputRef: RefObject< HTMLInputElement >;
	onChange: ( accepted: boolean ) => void;
}

export function MandateAgreement( {
	organisationName,
	accepted,
	error,
	inputRef,
	onChange,
}: MandateAgreementProps ) {
	const id = useId();
	const errorId = `${ id }-error`;
	return (
		<div className="dw-mandate">
			<p id={ `${ id }-text` } className="dw-mandate__text">
				{ createInterpolateElement( becsTexts.mandate(), {
					organisation: <>{ organisationName }</>,
					link: newTabLink( SERVICE_AGREEMENT_URL ),
				} ) }
			</p>
			<div className="dw-check">
				<input
					ref={ inputRef }
					id={ id }
					name="mandateAccepted"
					type="checkbox"
					checked={ accepted }
					onChange={ ( event ) => onChange( event.target.checked ) }
					aria-invalid={ error ? true : undefined }
					aria-describedby={ `${ id }-text ${ errorId }` }
				/>
				<label htmlFor={ id }>{ becsTexts.accept() }</label>
			</div>
			<FieldError id={ errorId } message={ error } />
		</div>
	);
}
