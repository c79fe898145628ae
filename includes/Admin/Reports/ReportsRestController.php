<?php
/**
 * GET /wp-json/donation-widget/v1/reports and /reports.csv: the Reports screen's figures.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Reports;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationExport;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Donations\Money;
use DonationWidget\Exports\CsvText;
use DonationWidget\Reports\ReportQuery;
use DonationWidget\Reports\ReportRequest;

/**
 * The reports' figures as JSON (the Reports screen draws them) and the same report as a CSV
 * download. Staff with the donations capability only (the REST cookie nonce; the CSV link
 * carries it as _wpnonce). Every figure comes from the totals kept on write, so a report over
 * a million donations answers in milliseconds.
 */
final class ReportsRestController {

	public const NAMESPACE = 'donation-widget/v1';

	public const ROUTE = '/reports';

	public const CSV_ROUTE = '/reports.csv';

	/**
	 * Builds the controller.
	 *
	 * @param ReportQuery $query Reads the figures.
	 */
	public function __construct( private readonly ReportQuery $query ) {
	}

	/**
	 * Registers the routes (rest_api_init).
	 */
	public function register_routes(): void {
		$args = array(
			'from'     => array(
				'description' => __( 'First day of the period, YYYY-MM-DD, in the site\'s time zone.', 'donation-widget' ),
			),
			'to'       => array(
				'description' => __( 'Last day of the period (included), YYYY-MM-DD.', 'donation-widget' ),
			),
			'interval' => array(
				'description' => __( 'day, week or month (for group=period).', 'donation-widget' ),
			),
			'group'    => array(
				'description' => __( 'period, campaign, utm_source, utm_campaign, method or frequency.', 'donation-widget' ),
			),
		);
		register_rest_route(
			self::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => \WP_REST_Server::READABLE,
				'callback'            => array( $this, 'report' ),
				'permission_callback' => array( DonationsCapability::class, 'current_user_can' ),
				'args'                => $args,
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/reports\.csv',
			array(
				'methods'             => \WP_REST_Server::READABLE,
				'callback'            => array( $this, 'csv' ),
				'permission_callback' => array( DonationsCapability::class, 'current_user_can' ),
				'args'                => $args,
			)
		);
	}

	/**
	 * The report as JSON.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function report( \WP_REST_Request $request ): \WP_REST_Response|\WP_Error {
		$asked = ReportRequest::from_params( $this->params( $request ) );
		if ( $asked instanceof \WP_Error ) {
			return $asked;
		}
		$report            = $this->query->report( $asked );
		$report['csv_url'] = add_query_arg(
			array_map( 'rawurlencode', $asked->params() + array( '_wpnonce' => wp_create_nonce( 'wp_rest' ) ) ),
			rest_url( self::NAMESPACE . self::CSV_ROUTE )
		);
		return new \WP_REST_Response( $report, 200 );
	}

	/**
	 * The report as a CSV file (served raw by serve_csv()).
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function csv( \WP_REST_Request $request ): \WP_REST_Response|\WP_Error {
		$asked = ReportRequest::from_params( $this->params( $request ) );
		if ( $asked instanceof \WP_Error ) {
			return $asked;
		}
		$response = new \WP_REST_Response( $this->csv_text( $this->query->report( $asked ) ), 200 );
		$response->header( 'Content-Type', 'text/csv; charset=utf-8' );
		$response->header( 'Content-Disposition', 'attachment; filename="' . sprintf( 'donation-report-%s-to-%s.csv', $asked->from, $asked->to ) . '"' );
		$response->header( 'X-Content-Type-Options', 'nosniff' );
		return $response;
	}

	/**
	 * Sends the CSV route's text as it is, not as a JSON string (rest_pre_serve_request).
	 *
	 * @param mixed $served  Whether the response was already sent.
	 * @param mixed $result  The response (a WP_HTTP_Response).
	 * @param mixed $request The request (a WP_REST_Request).
	 * @return mixed Whether it is sent now, or $served as it came.
	 */
	public static function serve_csv( mixed $served, mixed $result, mixed $request ): mixed {
		if ( true === $served || ! $result instanceof \WP_HTTP_Response || ! $request instanceof \WP_REST_Request ) {
			return $served;
		}
		if ( '/' . self::NAMESPACE . self::CSV_ROUTE !== $request->get_route() || 200 !== $result->get_status() || ! is_string( $result->get_data() ) ) {
			return $served;
		}
		echo $result->get_data(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a CSV file (Content-Type text/csv, nosniff), its text cells defused by DonationExport::safe_cell().
		return true;
	}

	/**
	 * The report as CSV text: a heading line, one line per row, then the totals.
	 *
	 * @param array{rows: list<array<string, int|string>>, totals: array<string, int>} $report The report.
	 */
	public function csv_text( array $report ): string {
		$lines = array(
			array(
				__( 'Period or group', 'donation-widget' ),
				__( 'Key', 'donation-widget' ),
				__( 'Donations', 'donation-widget' ),
				__( 'Gross (AUD)', 'donation-widget' ),
				__( 'Refunded (AUD)', 'donation-widget' ),
				__( 'Fees (AUD)', 'donation-widget' ),
				__( 'Disputes lost (AUD)', 'donation-widget' ),
				__( 'Net (AUD)', 'donation-widget' ),
				__( 'Cover (AUD)', 'donation-widget' ),
				__( 'Average gift (AUD)', 'donation-widget' ),
			),
		);
		foreach ( $report['rows'] as $row ) {
			$lines[] = $this->line( (string) $row['label'], (string) $row['key'], $row );
		}
		$lines[] = $this->line( __( 'Total', 'donation-widget' ), '', $report['totals'] );
		return CsvText::of( $lines );
	}

	/**
	 * One CSV line of figures.
	 *
	 * @param string                    $label   First cell.
	 * @param string                    $key     Second cell.
	 * @param array<string, int|string> $figures The row's figures.
	 * @return list<string>
	 */
	private function line( string $label, string $key, array $figures ): array {
		// Labels and keys come from donors' links (UTM values): defused. The figures are ours.
		$line = array( DonationExport::safe_cell( $label ), DonationExport::safe_cell( $key ), (string) (int) $figures['donations'] );
		foreach ( array( 'gross_cents', 'refunded_cents', 'fee_cents', 'dispute_lost_cents', 'net_cents', 'cover_cents', 'average_cents' ) as $figure ) {
			$line[] = Money::dollars( (int) $figures[ $figure ] );
		}
		return $line;
	}

	/**
	 * The request's report parameters (absent ones stay absent).
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return array<string, mixed>
	 */
	private function params( \WP_REST_Request $request ): array {
		$params = array();
		foreach ( array( 'from', 'to', 'interval', 'group' ) as $name ) {
			$value = $request->get_param( $name );
			if ( null !== $value ) {
				$params[ $name ] = $value;
			}
		}
		return $params;
	}
}
