/**
 * The Reports REST answer (docs: TEAM contract, built by includes/Reports), read from unknown
 * JSON so a changed or broken answer shows a clear error instead of a blank screen.
 */

export const INTERVALS = [ 'day', 'week', 'month' ] as const;
export type Interval = ( typeof INTERVALS )[ number ];

export const GROUPS = [
	'period',
	'campaign',
	'utm_source',
	'utm_campaign',
	'method',
	'frequency',
] as const;
export type Group = ( typeof GROUPS )[ number ];

/** The money figures of one row, and of the totals: integer cents. */
export interface Figures {
	donations: number;
	gross_cents: number;
	refunded_cents: number;
	fee_cents: number;
	dispute_lost_cents: number;
	net_cents: number;
	cover_cents: number;
	average_cents: number;
}

export interface ReportRow extends Figures {
	key: string;
	label: string;
}

export interface Recurring {
	active: number;
	new: number;
	cancelled: number;
	failed: number;
	recovered: number;
}

export interface Report {
	currency: string;
	from: string;
	to: string;
	interval: Interval;
	group: Group;
	rows: ReportRow[];
	totals: Figures;
	recurring: Recurring;
	csv_url: string;
}

export interface ReportQuery {
	from: string;
	to: string;
	interval: Interval;
	group: Group;
}

const FIGURES: Array< keyof Figures > = [
	'donations',
	'gross_cents',
	'refunded_cents',
	'fee_cents',
	'dispute_lost_cents',
	'net_cents',
	'cover_cents',
	'average_cents',
];

const RECURRING: Array< keyof Recurring > = [
	'active',
	'new',
	'cancelled',
	'failed',
	'recovered',
];

function isObject( value: unknown ): value is Record< string, unknown > {
	return typeof value === 'object' && value !== null;
}

function isWhole( value: unknown ): value is number {
	return typeof value === 'number' && Number.isSafeInteger( value );
}

function readFigures( value: unknown ): Figures | null {
	if ( ! isObject( value ) ) {
		return null;
	}
	const figures = {} as Figures;
	for ( const name of FIGURES ) {
		const figure = value[ name ];
		if ( ! isWhole( figure ) ) {
			return null;
		}
		figures[ name ] = figure;
	}
	return figures;
}

function readRow( value: unknown ): ReportRow | null {
	if (
		! isObject( value ) ||
		typeof value.key !== 'string' ||
		typeof value.label !== 'string'
	) {
		return null;
	}
	const figures = readFigures( value );
	return figures ? { key: value.key, label: value.label, ...figures } : null;
}

function readRecurring( value: unknown ): Recurring | null {
	if ( ! isObject( value ) ) {
		return null;
	}
	const recurring = {} as Recurring;
	for ( const name of RECURRING ) {
		const count = value[ name ];
		if ( ! isWhole( count ) ) {
			return null;
		}
		recurring[ name ] = count;
	}
	return recurring;
}

/**
 * The report, or null when the answer is not one.
 * @param value Parsed JSON.
 */
export function readReport( value: unknown ): Report | null {
	if ( ! isObject( value ) || ! Array.isArray( value.rows ) ) {
		return null;
	}
	const { currency, from, to, interval, group, csv_url: csvUrl } = value;
	if (
		typeof currency !== 'string' ||
		typeof from !== 'string' ||
		typeof to !== 'string' ||
		typeof csvUrl !== 'string' ||
		! INTERVALS.includes( interval as Interval ) ||
		! GROUPS.includes( group as Group )
	) {
		return null;
	}
	const rows = value.rows.map( readRow );
	const totals = readFigures( value.totals );
	const recurring = readRecurring( value.recurring );
	if ( rows.includes( null ) || ! totals || ! recurring ) {
		return null;
	}
	return {
		currency,
		from,
		to,
		interval: interval as Interval,
		group: group as Group,
		rows: rows as ReportRow[],
		totals,
		recurring,
		csv_url: csvUrl,
	};
}

/**
 * The query string the REST route takes.
 * @param query Dates, interval and grouping.
 */
export function queryString( query: ReportQuery ): string {
	return new URLSearchParams( {
		from: query.from,
		to: query.to,
		interval: query.interval,
		group: query.group,
	} ).toString();
}
