/**
 * Gross, refunds, fees and net per row as grouped bars. The canvas is hidden from assistive
 * technology: the table after it holds the same figures, and says so.
 */
import { useEffect, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import {
	BarController,
	BarElement,
	CategoryScale,
	Chart,
	Legend,
	LinearScale,
	Tooltip,
	type ChartConfiguration,
} from 'chart.js';
import { formatCents } from './money';
import type { ReportRow } from './report';

// Only the parts a bar chart uses, so the rest of the library stays out of the bundle.
Chart.register(
	BarController,
	BarElement,
	CategoryScale,
	LinearScale,
	Legend,
	Tooltip
);

type Series = 'gross_cents' | 'refunded_cents' | 'fee_cents' | 'net_cents';

// Colours told apart by people with the common colour-vision deficiencies (Okabe–Ito).
const SERIES: Array< { key: Series; label: () => string; colour: string } > = [
	{
		key: 'gross_cents',
		label: () => __( 'Gross', 'donation-widget' ),
		colour: '#0072B2',
	},
	{
		key: 'refunded_cents',
		label: () => __( 'Refunds', 'donation-widget' ),
		colour: '#D55E00',
	},
	{
		key: 'fee_cents',
		label: () => __( 'Fees', 'donation-widget' ),
		colour: '#E69F00',
	},
	{
		key: 'net_cents',
		label: () => __( 'Net', 'donation-widget' ),
		colour: '#009E73',
	},
];

type BarConfig = ChartConfiguration< 'bar', number[], string >;

/**
 * The chart's data and options; dollars only for drawing, labels from whole cents.
 * @param rows The report's rows.
 */
export function chartConfig( rows: ReportRow[] ): BarConfig {
	return {
		type: 'bar',
		data: {
			labels: rows.map( ( row ) => row.label ),
			datasets: SERIES.map( ( series ) => ( {
				label: series.label(),
				backgroundColor: series.colour,
				data: rows.map( ( row ) => row[ series.key ] / 100 ),
			} ) ),
		},
		options: {
			responsive: true,
			maintainAspectRatio: false,
			animation: false,
			scales: {
				y: {
					beginAtZero: true,
					ticks: {
						callback: ( value ) =>
							formatCents( Math.round( Number( value ) * 100 ) ),
					},
				},
			},
			plugins: {
				tooltip: {
					callbacks: {
						label: ( item ) =>
							`${ item.dataset.label ?? '' }: ${ formatCents(
								Math.round( ( item.parsed.y ?? 0 ) * 100 )
							) }`,
					},
				},
			},
		},
	};
}

export function ReportChart( { rows }: { rows: ReportRow[] } ) {
	const canvas = useRef< HTMLCanvasElement >( null );
	const chart = useRef< Chart< 'bar', number[], string > | null >( null );

	useEffect( () => {
		const config = chartConfig( rows );
		if ( chart.current ) {
			chart.current.data = config.data;
			chart.current.update();
			return;
		}
		const context = canvas.current?.getContext( '2d' );
		if ( context ) {
			chart.current = new Chart( context, config );
		}
	}, [ rows ] );

	useEffect(
		() => () => {
			chart.current?.destroy();
			chart.current = null;
		},
		[]
	);

	return (
		<div className="donation-widget-reports__chart" aria-hidden="true">
			<canvas
				ref={ canvas }
				title={ __(
					'Chart of the figures in the table below',
					'donation-widget'
				) }
			/>
		</div>
	);
}
