/**
 * The period picker's ranges, computed from the site's "today" (sent by the server, so the
 * browser's own time zone plays no part). Dates are "YYYY-MM-DD", inclusive. An Australian
 * financial year runs 1 July to 30 June.
 */
import { __, sprintf } from '@wordpress/i18n';

export const PRESETS = [
	'this_month',
	'last_month',
	'this_fy',
	'last_fy',
] as const;
export type Preset = ( typeof PRESETS )[ number ];
export type PeriodChoice = Preset | 'custom';

export interface DateRange {
	from: string;
	to: string;
}

interface Ymd {
	year: number;
	month: number;
	day: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The date's parts, or null when it is not a real calendar date.
 * @param text "YYYY-MM-DD".
 */
export function parseDate( text: string ): Ymd | null {
	const match = DATE.exec( text );
	if ( ! match ) {
		return null;
	}
	const [ year, month, day ] = match.slice( 1 ).map( Number );
	if ( month < 1 || month > 12 || day < 1 || day > daysIn( year, month ) ) {
		return null;
	}
	return { year, month, day };
}

function daysIn( year: number, month: number ): number {
	return new Date( Date.UTC( year, month, 0 ) ).getUTCDate();
}

function ymd( year: number, month: number, day: number ): string {
	return `${ String( year ).padStart( 4, '0' ) }-${ String( month ).padStart(
		2,
		'0'
	) }-${ String( day ).padStart( 2, '0' ) }`;
}

/**
 * The year in which the financial year holding this date ends (2027 for Nov 2026).
 * @param date The date.
 */
function fyEnding( date: Ymd ): number {
	return date.month >= 7 ? date.year + 1 : date.year;
}

/**
 * A preset's dates. This month and this financial year run to today.
 * @param preset Which.
 * @param today  The site's today, "YYYY-MM-DD".
 */
export function presetRange( preset: Preset, today: string ): DateRange {
	const now = parseDate( today );
	if ( ! now ) {
		throw new Error( `not a date: ${ today }` );
	}
	switch ( preset ) {
		case 'this_month':
			return { from: ymd( now.year, now.month, 1 ), to: today };
		case 'last_month': {
			const year = now.month === 1 ? now.year - 1 : now.year;
			const month = now.month === 1 ? 12 : now.month - 1;
			return {
				from: ymd( year, month, 1 ),
				to: ymd( year, month, daysIn( year, month ) ),
			};
		}
		case 'this_fy':
			return { from: ymd( fyEnding( now ) - 1, 7, 1 ), to: today };
		case 'last_fy': {
			const ending = fyEnding( now ) - 1;
			return { from: ymd( ending - 1, 7, 1 ), to: ymd( ending, 6, 30 ) };
		}
	}
}

/**
 * "2026–27", as the tax statements name a financial year.
 * @param ending The year it ends in.
 */
function fyLabel( ending: number ): string {
	return `${ ending - 1 }–${ String( ending % 100 ).padStart( 2, '0' ) }`;
}

/**
 * The picker's words for each choice, naming the financial years.
 * @param today The site's today.
 */
export function choiceLabels( today: string ): Record< PeriodChoice, string > {
	const now = parseDate( today );
	const ending = now ? fyEnding( now ) : 0;
	return {
		this_month: __( 'This month', 'donation-widget' ),
		last_month: __( 'Last month', 'donation-widget' ),
		this_fy: sprintf(
			/* translators: %s: financial year, such as 2026–27. */
			__( 'This financial year (%s)', 'donation-widget' ),
			fyLabel( ending )
		),
		last_fy: sprintf(
			/* translators: %s: financial year, such as 2025–26. */
			__( 'Last financial year (%s)', 'donation-widget' ),
			fyLabel( ending - 1 )
		),
		custom: __( 'Custom dates', 'donation-widget' ),
	};
}

/** The longest report the route gives (Reports\ReportQuery::MAX_DAYS). */
export const MAX_DAYS = 3660;

/**
 * Days from one date to another, both included.
 * @param from First date.
 * @param to   Last date.
 */
function daysBetween( from: Ymd, to: Ymd ): number {
	const day = 24 * 60 * 60 * 1000;
	return (
		( Date.UTC( to.year, to.month - 1, to.day ) -
			Date.UTC( from.year, from.month - 1, from.day ) ) /
			day +
		1
	);
}

export interface RangeProblems {
	from?: string;
	to?: string;
}

/**
 * What is wrong with custom dates, per field; empty when they can be asked for.
 * @param range The dates typed.
 * @param today The site's today.
 */
export function checkRange( range: DateRange, today: string ): RangeProblems {
	const problems: RangeProblems = {};
	if ( range.from === '' ) {
		problems.from = __( 'Enter a start date.', 'donation-widget' );
	} else if ( ! parseDate( range.from ) ) {
		problems.from = __(
			'The start date is not a real date: check its day, month and year.',
			'donation-widget'
		);
	}
	if ( range.to === '' ) {
		problems.to = __( 'Enter an end date.', 'donation-widget' );
	} else if ( ! parseDate( range.to ) ) {
		problems.to = __(
			'The end date is not a real date: check its day, month and year.',
			'donation-widget'
		);
	}
	if ( problems.from || problems.to ) {
		return problems;
	}
	if ( range.from > range.to ) {
		problems.to = __(
			'The end date must be on or after the start date.',
			'donation-widget'
		);
	} else if (
		daysBetween(
			parseDate( range.from ) as Ymd,
			parseDate( range.to ) as Ymd
		) > MAX_DAYS
	) {
		problems.from = sprintf(
			/* translators: %d: number of days, such as 3660. */
			__(
				'A report covers at most %d days (about 10 years): pick a later start date.',
				'donation-widget'
			),
			MAX_DAYS
		);
	} else if ( range.from > today ) {
		problems.from = __(
			'The start date is in the future: there are no donations yet.',
			'donation-widget'
		);
	}
	return problems;
}

// Months written out: short names differ between browsers' locale data ("Jul" or "July").
const LONG_DATE = new Intl.DateTimeFormat( 'en-AU', {
	day: 'numeric',
	month: 'long',
	year: 'numeric',
	timeZone: 'UTC',
} );

/**
 * "1 July 2026".
 * @param text "YYYY-MM-DD".
 */
export function formatDate( text: string ): string {
	const date = parseDate( text );
	return date
		? LONG_DATE.format(
				new Date( Date.UTC( date.year, date.month - 1, date.day ) )
			)
		: text;
}
