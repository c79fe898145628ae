/**
 * Tab 2 (docs/widget-contract.md#24-tab-2-details, docs/widget-contract.md#52-details): who is donating, contact details and address.
 */
import { __ } from '@wordpress/i18n';
import { useFormikContext } from 'formik';
import type { FormEvent } from 'react';
import { AddressLookup } from '../../address-lookup/AddressLookup';
import type { AjaxPost } from '../../shared/ajax';
import type { WidgetConfig } from '../../shared/config';
import { TextField, ToggleGroup } from '../../shared/fields';
import {
	filterMobile,
	filterName,
	filterOrganisationName,
} from '../../shared/input-filters';
import type { DonationValues, DonorType } from '../../shared/donation-values';

interface DetailsStepProps {
	config: WidgetConfig;
	minSearchChars: number;
	post: AjaxPost;
	onNext: () => void;
	onBack: () => void;
}

export function DetailsStep( {
	config,
	minSearchChars,
	post,
	onNext,
	onBack,
}: DetailsStepProps ) {
	const { values, setFieldValue } = useFormikContext< DonationValues >();

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		onNext();
	};

	const donorTypes: ReadonlyArray< { value: DonorType; label: string } > = [
		{ value: 'individual', label: __( 'Individual', 'donation-widget' ) },
		{
			value: 'organisation',
			label: __( 'Organisation', 'donation-widget' ),
		},
	];

	return (
		<form
			className="dw-step dw-step--details"
			noValidate
			onSubmit={ onSubmit }
		>
			<ToggleGroup
				label={ __( 'Donate as:', 'donation-widget' ) }
				options={ donorTypes }
				value={ values.donateAs }
				onChange={ ( donateAs ) =>
					setFieldValue( 'donateAs', donateAs )
				}
			/>
			{ values.donateAs === 'organisation' && (
				<TextField
					name="organisationName"
					label={ __( 'Organisation name', 'donation-widget' ) }
					filter={ filterOrganisationName }
					maxLength={ 160 }
					autoComplete="organization"
					required
				/>
			) }
			<TextField
				name="firstName"
				label={ __( 'First name', 'donation-widget' ) }
				filter={ filterName }
				maxLength={ 50 }
				autoComplete="given-name"
				required
			/>
			<TextField
				name="lastName"
				label={ __( 'Last name', 'donation-widget' ) }
				filter={ filterName }
				maxLength={ 50 }
				autoComplete="family-name"
				required
			/>
			<TextField
				name="email"
				label={ __( 'Email', 'donation-widget' ) }
				type="email"
				maxLength={ 100 }
				autoComplete="email"
				required
			/>
			{ ! config.hide_address && (
				<AddressLookup
					minSearchChars={ minSearchChars }
					post={ post }
				/>
			) }
			{ ! config.hide_mobile && (
				<TextField
					name="mobile"
					label={ __( 'Mobile', 'donation-widget' ) }
					type="tel"
					inputMode="numeric"
					filter={ filterMobile }
					autoComplete="tel-national"
				/>
			) }
			{ ! config.hide_inmemory && (
				<TextField
					name="inMemoryOf"
					label={ __( 'In honour of', 'donation-widget' ) }
					filter={ filterName }
					maxLength={ 100 }
				/>
			) }
			<div className="dw-actions">
				<button type="submit" className="dw-button dw-button--primary">
					{ __( 'Payment options >>', 'donation-widget' ) }
				</button>
				<button
					type="button"
					className="dw-link dw-back"
					onClick={ onBack }
				>
					{ __( 'Back', 'donation-widget' ) }
				</button>
			</div>
		</form>
	);
}
