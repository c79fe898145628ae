/**
 * The privacy box (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#53-payment-donation-and-update-card-form), ticked by default and required before
 * any payment method starts.
 */
import { createInterpolateElement, useId } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useFormikContext } from 'formik';
import type { RefObject } from 'react';
import type { Settings } from '../../../shared/config';
import type { DonationValues } from '../../../shared/donation-values';
import { FieldError } from '../../../shared/fields';
import { newTabLink } from '../../../shared/links';

interface PrivacyTermsProps {
	settings: Settings;
	inputRef: RefObject< HTMLInputElement >;
}

export function PrivacyTerms( { settings, inputRef }: PrivacyTermsProps ) {
	const { values, errors, touched, setFieldValue, setFieldTouched } =
		useFormikContext< DonationValues >();
	const id = useId();
	const errorId = `${ id }-error`;
	const error = touched.privacyTerms ? errors.privacyTerms : undefined;
	const label = createInterpolateElement(
		/* translators: <organisation/> is replaced by the charity's name. */
		__(
			"By submitting this form, I accept <organisation/>'s <link>Privacy Collection Statement</link>",
			'donation-widget'
		),
		{
			organisation: <>{ settings.organisation_name }</>,
			link: newTabLink( settings.privacy_url ),
		}
	);
	return (
		<>
			<div className="dw-check">
				<input
					ref={ inputRef }
					id={ id }
					name="privacyTerms"
					type="checkbox"
					checked={ values.privacyTerms }
					onChange={ ( event ) => {
						setFieldValue( 'privacyTerms', event.target.checked );
						setFieldTouched( 'privacyTerms', true, false );
					} }
					aria-invalid={ error ? true : undefined }
					aria-describedby={ errorId }
				/>
				<label htmlFor={ id }>{ label }</label>
			</div>
			<FieldError id={ errorId } message={ error } />
		</>
	);
}
