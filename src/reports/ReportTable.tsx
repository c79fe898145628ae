/**
 * The chart's figures as a table (its accessible equivalent, and the numbers a treasurer
 * reads): one row per period or group, the totals in the footer.
 */
import { __ } from '@wordpress/i18n';
import { formatCents, formatCount } from './money';
import type { Figures, Group, ReportRow } from './report';

export function groupHeading( group: Group ): string {
	switch ( group ) {
		case 'period':
			return __( 'Period', 'donation-widget' );
		case 'campaign':
			return __( 'Campaign', 'donation-widget' );
		case 'utm_source':
			return __( 'UTM source', 'donation-widget' );
		case 'utm_campaign':
			return __( 'UTM campaign', 'donation-widget' );
		case 'method':
			return __( 'Payment method', 'donation-widget' );
		case 'frequency':
			return __( 'Frequency', 'donation-widget' );
	}
}

const COLUMNS: Array< {
	key: keyof Figures;
	heading: () => string;
	money: boolean;
} > = [
	{
		key: 'donations',
		heading: () => __( 'Donations', 'donation-widget' ),
		money: false,
	},
	{
		key: 'gross_cents',
		heading: () => __( 'Gross', 'donation-widget' ),
		money: true,
	},
	{
		key: 'refunded_cents',
		heading: () => __( 'Refunds', 'donation-widget' ),
		money: true,
	},
	{
		key: 'fee_cents',
		heading: () => __( 'Fees', 'donation-widget' ),
		money: true,
	},
	{
		key: 'dispute_lost_cents',
		heading: () => __( 'Disputes lost', 'donation-widget' ),
		money: true,
	},
	{
		key: 'net_cents',
		heading: () => __( 'Net', 'donation-widget' ),
		money: true,
	},
	{
		key: 'average_cents',
		heading: () => __( 'Average gift', 'donation-widget' ),
		money: true,
	},
	{
		key: 'cover_cents',
		heading: () => __( 'Cover received', 'donation-widget' ),
		money: true,
	},
];

function Cells( { figures }: { figures: Figures } ) {
	return (
		<>
			{ COLUMNS.map( ( column ) => (
				<td key={ column.key }>
					{ column.money
						? formatCents( figures[ column.key ] )
						: formatCount( figures[ column.key ] ) }
				</td>
			) ) }
		</>
	);
}

interface Props {
	caption: string;
	group: Group;
	rows: ReportRow[];
	totals: Figures;
}

export function ReportTable( { caption, group, rows, totals }: Props ) {
	return (
		<table className="widefat striped donation-widget-reports__table">
			<caption>{ caption }</caption>
			<thead>
				<tr>
					<th scope="col">{ groupHeading( group ) }</th>
					{ COLUMNS.map( ( column ) => (
						<th scope="col" key={ column.key }>
							{ column.heading() }
						</th>
					) ) }
				</tr>
			</thead>
			<tbody>
				{ rows.length === 0 ? (
					<tr>
						<td colSpan={ COLUMNS.length + 1 }>
							{ __(
								'No donations were received in these dates.',
								'donation-widget'
							) }
						</td>
					</tr>
				) : (
					rows.map( ( row ) => (
						<tr key={ row.key }>
							<th scope="row">{ row.label }</th>
							<Cells figures={ row } />
						</tr>
					) )
				) }
			</tbody>
			<tfoot>
				<tr>
					<th scope="row">{ __( 'Total', 'donation-widget' ) }</th>
					<Cells figures={ totals } />
				</tr>
			</tfoot>
		</table>
	);
}
