import type { Settings, WidgetConfig } from '../../shared/config';
import { buildInitialValues } from '../initial-values';
import type { DonationValues } from '../../shared/donation-values';

export const settingsFixture: Settings = {
	amount_values: [ '20', '50', '100' ],
	default_amount: 50,
	default_iteration_id: 'IT-DEFAULT',
	stripe_public_key: '',
	experian_min_search_char: 4,
	paypal_client_id: '',
	google_captcha_key: '',
	organisation_name: 'Good Cause',
	privacy_url: 'https://example.org/privacy',
	contact_url: 'https://example.org/contact',
	get_involved_url: 'https://example.org/get-involved',
	supporter_phone: '1800 000 000',
	supporter_email: 'care@example.org',
	demo_mode: false,
};

export const configFixture: WidgetConfig = {
	type: 'donation',
	modal: false,
	position: 'center',
	hide_address: false,
	hide_mobile: false,
	hide_inmemory: false,
	amount_values: [],
	default_amount: 0,
	iteration_id: '',
	donation_type: '',
};

export function valuesFixture(
	overrides: Partial< DonationValues > = {}
): DonationValues {
	return {
		...buildInitialValues( configFixture, settingsFixture, '' ),
		...overrides,
	};
}
