/**
 * Answers in the shape of the Reports REST contract (TEAM notes), as the route sends them.
 */
import type { Report } from '../report';

export const FY_BY_MONTH: Report = {
	currency: 'AUD',
	from: '2026-07-01',
	to: '2026-11-26',
	interval: 'month',
	group: 'period',
	rows: [
		{
			key: '2026-07',
			label: 'July 2026',
			donations: 12,
			gross_cents: 120000,
			refunded_cents: 1000,
			fee_cents: 2400,
			dispute_lost_cents: 0,
			net_cents: 116600,
			cover_cents: 1800,
			average_cents: 10000,
		},
		{
			key: '2026-08',
			label: 'August 2026',
			donations: 0,
			gross_cents: 0,
			refunded_cents: 0,
			fee_cents: 0,
			dispute_lost_cents: 0,
			net_cents: 0,
			cover_cents: 0,
			average_cents: 0,
		},
		{
			key: '2026-09',
			label: 'September 2026',
			donations: 101,
			gross_cents: 1523456,
			refunded_cents: 5000,
			fee_cents: 30469,
			dispute_lost_cents: 2500,
			net_cents: 1485487,
			cover_cents: 12345,
			average_cents: 15084,
		},
	],
	totals: {
		donations: 113,
		gross_cents: 1643456,
		refunded_cents: 6000,
		fee_cents: 32869,
		dispute_lost_cents: 2500,
		net_cents: 1602087,
		cover_cents: 14145,
		average_cents: 14544,
	},
	recurring: { active: 40, new: 5, cancelled: 2, failed: 3, recovered: 1 },
	csv_url:
		'https://charity.example.org.au/wp-json/donation-widget/v1/reports.csv?from=2026-07-01&to=2026-11-26&interval=month&group=period&_wpnonce=abc123',
};

export const LAST_FY_BY_CAMPAIGN: Report = {
	...FY_BY_MONTH,
	from: '2025-07-01',
	to: '2026-06-30',
	group: 'campaign',
	rows: [
		{
			...FY_BY_MONTH.rows[ 2 ],
			key: 'winter-appeal',
			label: 'Winter appeal',
		},
		{ ...FY_BY_MONTH.rows[ 0 ], key: '', label: '(none)' },
	],
	recurring: { active: 31, new: 9, cancelled: 4, failed: 6, recovered: 2 },
	csv_url:
		'https://charity.example.org.au/wp-json/donation-widget/v1/reports.csv?from=2025-07-01&to=2026-06-30&interval=month&group=campaign&_wpnonce=abc123',
};
