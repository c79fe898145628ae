/**
 * The period's totals and the 4-weekly donors' movements, as labelled figures.
 */
import { __ } from '@wordpress/i18n';
import { formatCents, formatCount } from './money';
import type { Figures, Recurring } from './report';

interface Figure {
	label: string;
	value: string;
	help?: string;
}

function FigureList( { figures }: { figures: Figure[] } ) {
	return (
		<dl className="donation-widget-reports__figures">
			{ figures.map( ( figure ) => (
				<div key={ figure.label }>
					<dt>{ figure.label }</dt>
					<dd>
						{ figure.value }
						{ figure.help && (
							<span className="description">
								{ ' ' }
								{ figure.help }
							</span>
						) }
					</dd>
				</div>
			) ) }
		</dl>
	);
}

export function TotalsPanel( { totals }: { totals: Figures } ) {
	return (
		<section
			className="donation-widget-reports__panel"
			aria-labelledby="donation-widget-reports-totals"
		>
			<h2 id="donation-widget-reports-totals">
				{ __( 'Totals', 'donation-widget' ) }
			</h2>
			<FigureList
				figures={ [
					{
						label: __( 'Donations', 'donation-widget' ),
						value: formatCount( totals.donations ),
					},
					{
						label: __( 'Gross', 'donation-widget' ),
						value: formatCents( totals.gross_cents ),
					},
					{
						label: __( 'Refunds', 'donation-widget' ),
						value: formatCents( totals.refunded_cents ),
					},
					{
						label: __( 'Fees', 'donation-widget' ),
						value: formatCents( totals.fee_cents ),
					},
					{
						label: __( 'Disputes lost', 'donation-widget' ),
						value: formatCents( totals.dispute_lost_cents ),
					},
					{
						label: __( 'Net', 'donation-widget' ),
						value: formatCents( totals.net_cents ),
						help: __(
							'(gross less refunds, fees and disputes lost)',
							'donation-widget'
						),
					},
					{
						label: __( 'Average gift', 'donation-widget' ),
						value: formatCents( totals.average_cents ),
					},
					{
						label: __( 'Cover received', 'donation-widget' ),
						value: formatCents( totals.cover_cents ),
						help: __(
							'(added by donors to cover the fees)',
							'donation-widget'
						),
					},
				] }
			/>
		</section>
	);
}

export function DonorsPanel( { recurring }: { recurring: Recurring } ) {
	return (
		<section
			className="donation-widget-reports__panel"
			aria-labelledby="donation-widget-reports-donors"
		>
			<h2 id="donation-widget-reports-donors">
				{ __( '4-weekly donors', 'donation-widget' ) }
			</h2>
			<FigureList
				figures={ [
					{
						label: __( 'Active', 'donation-widget' ),
						value: formatCount( recurring.active ),
					},
					{
						label: __( 'New', 'donation-widget' ),
						value: formatCount( recurring.new ),
					},
					{
						label: __( 'Cancelled', 'donation-widget' ),
						value: formatCount( recurring.cancelled ),
					},
					{
						label: __( 'Failed', 'donation-widget' ),
						value: formatCount( recurring.failed ),
						help: __(
							'(a renewal payment failed)',
							'donation-widget'
						),
					},
					{
						label: __( 'Recovered', 'donation-widget' ),
						value: formatCount( recurring.recovered ),
						help: __(
							'(card updated after a failed renewal)',
							'donation-widget'
						),
					},
				] }
			/>
		</section>
	);
}
