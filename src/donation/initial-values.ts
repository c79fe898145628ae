/**
 * The load sequence (docs/widget-contract.md#41-donation-widget-load): tracking values from the query string,
 * presets, iteration id, default amount and frequency.
 */
import type { Settings, WidgetConfig } from '../shared/config';
import { HELP_COVER_PERCENT, parseFrequency } from './amount';
import { PRESET_COUNT } from '../shared/amount-limits';
import {
	BLANK_VALUES,
	EMPTY_ADDRESS,
	EMPTY_UTM,
	type DonationValues,
	type UtmValues,
} from '../shared/donation-values';

const UTM_KEYS: ReadonlyArray< keyof UtmValues > = [
	'utm_source',
	'utm_medium',
	'utm_campaign',
	'utm_content',
	'utm_term',
];

// docs/widget-contract.md#9-business-constants-and-limits: three preset amounts.
export { PRESET_COUNT };

export function readUtm( search: string ): UtmValues {
	const params = new URLSearchParams( search );
	const utm: UtmValues = { ...EMPTY_UTM };
	for ( const key of UTM_KEYS ) {
		utm[ key ] = params.get( key ) ?? '';
	}
	return utm;
}

export function buildInitialValues(
	config: WidgetConfig,
	settings: Settings,
	search: string
): DonationValues {
	const amountValues = (
		config.amount_values.length > 0
			? config.amount_values
			: settings.amount_values
	).slice( 0, PRESET_COUNT );
	const amount =
		config.default_amount > 0
			? config.default_amount
			: settings.default_amount;
	return {
		...readUtm( search ),
		...BLANK_VALUES,
		amount,
		amountValues,
		helpCoverPercent: HELP_COVER_PERCENT,
		frequency: parseFrequency( config.donation_type ) ?? '4weekly',
		address: { ...EMPTY_ADDRESS },
		iteration_id: config.iteration_id || settings.default_iteration_id,
	};
}
