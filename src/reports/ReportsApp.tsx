/**
 * Donation Widget → Reports: pick the dates, the interval and the grouping; see the chart, its
 * table, the totals and the 4-weekly donors, and download the same figures as CSV.
 */
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { DonorsPanel, TotalsPanel } from './Panels';
import { ReportChart } from './ReportChart';
import { groupHeading, ReportTable } from './ReportTable';
import {
	checkRange,
	choiceLabels,
	formatDate,
	presetRange,
	PRESETS,
	type DateRange,
	type PeriodChoice,
	type RangeProblems,
} from './periods';
import {
	GROUPS,
	INTERVALS,
	readReport,
	type Group,
	type Interval,
	type Report,
	type ReportQuery,
} from './report';

/** Asks the server for a report; resolves with its parsed JSON. */
export type FetchReport = ( query: ReportQuery ) => Promise< unknown >;

type Load =
	| { status: 'loading'; report: Report | null }
	| { status: 'ready'; report: Report }
	| { status: 'error'; message: string; report: Report | null };

const ID = 'donation-widget-reports';

function intervalLabel( interval: Interval ): string {
	switch ( interval ) {
		case 'day':
			return __( 'Day', 'donation-widget' );
		case 'week':
			return __( 'Week', 'donation-widget' );
		case 'month':
			return __( 'Month', 'donation-widget' );
	}
}

/**
 * What the chart and table show, such as "Gross, refunds, fees and net by month".
 * @param report The report.
 */
function subject( report: Report ): string {
	switch ( report.group ) {
		case 'period':
			switch ( report.interval ) {
				case 'day':
					return __(
						'Gross, refunds, fees and net by day',
						'donation-widget'
					);
				case 'week':
					return __(
						'Gross, refunds, fees and net by week',
						'donation-widget'
					);
				case 'month':
					return __(
						'Gross, refunds, fees and net by month',
						'donation-widget'
					);
			}
			break;
		case 'campaign':
			return __(
				'Gross, refunds, fees and net by campaign',
				'donation-widget'
			);
		case 'utm_source':
			return __(
				'Gross, refunds, fees and net by UTM source',
				'donation-widget'
			);
		case 'utm_campaign':
			return __(
				'Gross, refunds, fees and net by UTM campaign',
				'donation-widget'
			);
		case 'method':
			return __(
				'Gross, refunds, fees and net by payment method',
				'donation-widget'
			);
		case 'frequency':
			return __(
				'Gross, refunds, fees and net by frequency',
				'donation-widget'
			);
	}
	return '';
}

/**
 * The table's caption, such as "Gross, refunds, fees and net by month, 1 July 2026 to 26
 * November 2026".
 * @param report The report.
 */
function caption( report: Report ): string {
	return sprintf(
		/* translators: 1: what the table shows, such as "Gross, refunds, fees and net by month", 2: first date, 3: last date. */
		__( '%1$s, %2$s to %3$s', 'donation-widget' ),
		subject( report ),
		formatDate( report.from ),
		formatDate( report.to )
	);
}

/**
 * The words of a failed request: the server's own message when it sent one.
 * @param error What the request rejected with.
 */
function problemOf( error: unknown ): string {
	if (
		typeof error === 'object' &&
		error !== null &&
		'message' in error &&
		typeof error.message === 'string' &&
		error.message !== ''
	) {
		return error.message;
	}
	return __( 'The server did not answer.', 'donation-widget' );
}

interface Props {
	/** The site's today, "YYYY-MM-DD". */
	today: string;
	fetchReport: FetchReport;
}

export function ReportsApp( { today, fetchReport }: Props ) {
	const [ choice, setChoice ] = useState< PeriodChoice >( 'this_fy' );
	const [ custom, setCustom ] = useState< DateRange >( () =>
		presetRange( 'this_fy', today )
	);
	const [ problems, setProblems ] = useState< RangeProblems >( {} );
	const [ interval, setInterval ] = useState< Interval >( 'month' );
	const [ group, setGroup ] = useState< Group >( 'period' );
	const [ range, setRange ] = useState< DateRange >( () =>
		presetRange( 'this_fy', today )
	);
	const [ load, setLoad ] = useState< Load >( {
		status: 'loading',
		report: null,
	} );
	// Only the newest request's answer is shown, whatever order answers arrive in.
	const latest = useRef( 0 );
	const fromInput = useRef< HTMLInputElement >( null );
	const toInput = useRef< HTMLInputElement >( null );
	const labels = choiceLabels( today );

	const request = useCallback(
		( query: ReportQuery ) => {
			const ticket = ++latest.current;
			setLoad( ( previous ) => ( {
				status: 'loading',
				report: previous.report,
			} ) );
			fetchReport( query ).then(
				( body ) => {
					if ( ticket !== latest.current ) {
						return;
					}
					const report = readReport( body );
					setLoad( ( previous ) =>
						report
							? { status: 'ready', report }
							: {
									status: 'error',
									message: __(
										'The server sent an answer this screen cannot read.',
										'donation-widget'
									),
									report: previous.report,
								}
					);
				},
				( error: unknown ) => {
					if ( ticket === latest.current ) {
						setLoad( ( previous ) => ( {
							status: 'error',
							message: problemOf( error ),
							report: previous.report,
						} ) );
					}
				}
			);
		},
		[ fetchReport ]
	);

	useEffect( () => {
		request( { ...range, interval, group } );
	}, [ request, range, interval, group ] );

	const choose = ( next: PeriodChoice ) => {
		setChoice( next );
		setProblems( {} );
		if ( next === 'custom' ) {
			// Start from the dates shown, to change one end.
			setCustom( range );
			return;
		}
		setRange( presetRange( next, today ) );
	};

	const showCustom = ( event: { preventDefault: () => void } ) => {
		event.preventDefault();
		const found = checkRange( custom, today );
		setProblems( found );
		if ( found.from ) {
			fromInput.current?.focus();
		} else if ( found.to ) {
			toInput.current?.focus();
		} else {
			setRange( { ...custom } );
		}
	};

	const retry = () => request( { ...range, interval, group } );
	const report = load.report;

	return (
		<div className="donation-widget-reports">
			<form
				className="donation-widget-reports__controls"
				onSubmit={ showCustom }
				noValidate
			>
				<p>
					<label htmlFor={ `${ ID }-period` }>
						{ __( 'Period', 'donation-widget' ) }
					</label>{ ' ' }
					<select
						id={ `${ ID }-period` }
						value={ choice }
						onChange={ ( event ) =>
							choose( event.target.value as PeriodChoice )
						}
					>
						{ [ ...PRESETS, 'custom' as const ].map( ( option ) => (
							<option key={ option } value={ option }>
								{ labels[ option ] }
							</option>
						) ) }
					</select>
				</p>
				{ choice === 'custom' && (
					<fieldset>
						<legend>
							{ __( 'Custom dates', 'donation-widget' ) }
						</legend>
						<p>
							<label htmlFor={ `${ ID }-from` }>
								{ __( 'From', 'donation-widget' ) }
							</label>{ ' ' }
							<input
								ref={ fromInput }
								id={ `${ ID }-from` }
								type="date"
								value={ custom.from }
								max={ today }
								aria-invalid={
									problems.from ? true : undefined
								}
								aria-describedby={
									problems.from
										? `${ ID }-from-problem`
										: undefined
								}
								onChange={ ( event ) =>
									setCustom( {
										...custom,
										from: event.target.value,
									} )
								}
							/>
							{ problems.from && (
								<span
									id={ `${ ID }-from-problem` }
									className="donation-widget-reports__problem"
								>
									{ problems.from }
								</span>
							) }
						</p>
						<p>
							<label htmlFor={ `${ ID }-to` }>
								{ __( 'To', 'donation-widget' ) }
							</label>{ ' ' }
							<input
								ref={ toInput }
								id={ `${ ID }-to` }
								type="date"
								value={ custom.to }
								aria-invalid={ problems.to ? true : undefined }
								aria-describedby={
									problems.to
										? `${ ID }-to-problem`
										: undefined
								}
								onChange={ ( event ) =>
									setCustom( {
										...custom,
										to: event.target.value,
									} )
								}
							/>
							{ problems.to && (
								<span
									id={ `${ ID }-to-problem` }
									className="donation-widget-reports__problem"
								>
									{ problems.to }
								</span>
							) }
						</p>
						<p>
							<button type="submit" className="button">
								{ __( 'Show report', 'donation-widget' ) }
							</button>
						</p>
					</fieldset>
				) }
				<p>
					<label htmlFor={ `${ ID }-group` }>
						{ __( 'Group by', 'donation-widget' ) }
					</label>{ ' ' }
					<select
						id={ `${ ID }-group` }
						value={ group }
						onChange={ ( event ) =>
							setGroup( event.target.value as Group )
						}
					>
						{ GROUPS.map( ( option ) => (
							<option key={ option } value={ option }>
								{ option === 'period'
									? __(
											'Period (by interval)',
											'donation-widget'
										)
									: groupHeading( option ) }
							</option>
						) ) }
					</select>
				</p>
				{ group === 'period' && (
					<p>
						<label htmlFor={ `${ ID }-interval` }>
							{ __( 'Interval', 'donation-widget' ) }
						</label>{ ' ' }
						<select
							id={ `${ ID }-interval` }
							value={ interval }
							onChange={ ( event ) =>
								setInterval( event.target.value as Interval )
							}
						>
							{ INTERVALS.map( ( option ) => (
								<option key={ option } value={ option }>
									{ intervalLabel( option ) }
								</option>
							) ) }
						</select>
					</p>
				) }
			</form>

			<p role="status" className="donation-widget-reports__status">
				{ load.status === 'loading' &&
					__( 'Loading the report…', 'donation-widget' ) }
				{ load.status === 'ready' && (
					// Told to screen readers only: sighted users see the table change.
					<span className="screen-reader-text">
						{ sprintf(
							/* translators: %s: the table's caption. */
							__( 'Report shown: %s.', 'donation-widget' ),
							caption( load.report )
						) }
					</span>
				) }
			</p>
			{ load.status === 'error' && (
				<div className="notice notice-error inline" role="alert">
					<p>
						{ sprintf(
							/* translators: %s: what went wrong, from the server. */
							__(
								'The report could not be loaded: %s',
								'donation-widget'
							),
							load.message
						) }{ ' ' }
						<button
							type="button"
							className="button-link"
							onClick={ retry }
						>
							{ __( 'Try again', 'donation-widget' ) }
						</button>
					</p>
					{ report && (
						<p>
							{ __(
								'The figures below are from the previous report.',
								'donation-widget'
							) }
						</p>
					) }
				</div>
			) }

			{ report && (
				<div
					className="donation-widget-reports__report"
					aria-busy={ load.status === 'loading' }
				>
					<h2>
						{ sprintf(
							/* translators: 1: first date, 2: last date. */
							__( '%1$s to %2$s', 'donation-widget' ),
							formatDate( report.from ),
							formatDate( report.to )
						) }
					</h2>
					<p>
						<a className="button" href={ report.csv_url }>
							{ __( 'Download CSV', 'donation-widget' ) }
						</a>
					</p>
					<ReportChart rows={ report.rows } />
					<p className="description">
						{ __(
							'The table below holds the figures the chart draws.',
							'donation-widget'
						) }
					</p>
					<ReportTable
						caption={ caption( report ) }
						group={ report.group }
						rows={ report.rows }
						totals={ report.totals }
					/>
					<div className="donation-widget-reports__panels">
						<TotalsPanel totals={ report.totals } />
						<DonorsPanel recurring={ report.recurring } />
					</div>
				</div>
			) }
		</div>
	);
}
