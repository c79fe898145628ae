import type { DonationValues } from '../../shared/donation-values';
import {
	configFixture,
	settingsFixture,
} from '../../shared/__tests__/fixtures';
import { buildInitialValues } from '../initial-values';

export { configFixture, settingsFixture };

export function valuesFixture(
	overrides: Partial< DonationValues > = {}
): DonationValues {
	return {
		...buildInitialValues( configFixture, settingsFixture, '' ),
		...overrides,
	};
}
