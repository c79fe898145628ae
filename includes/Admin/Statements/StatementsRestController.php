<?php
/**
 * POST /wp-json/donation-widget/v1/statements/{year}/batch: a step of a year's sending, and its progress.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementSender;

/**
 * The Tax statements screen's progress requests. Each takes a few steps of the run (finding
 * donors or sending a batch, time-boxed well inside PHP's limit) and answers how far it is.
 * WP-Cron steps the same run when nobody is watching. Staff with the donations capability only
 * (the REST cookie nonce).
 */
final class StatementsRestController {

	public const NAMESPACE = 'donation-widget/v1';

	/**
	 * Seconds of work per request.
	 */
	private const SECONDS = 3.0;

	/**
	 * Builds the controller.
	 *
	 * @param StatementSender $sender Steps the run.
	 * @param StatementsPage  $page   Words the progress.
	 */
	public function __construct( private readonly StatementSender $sender, private readonly StatementsPage $page ) {
	}

	/**
	 * The route of a year's steps, under the REST namespace.
	 *
	 * @param FinancialYear $year The year.
	 */
	public static function batch_path( FinancialYear $year ): string {
		return '/' . self::NAMESPACE . '/statements/' . $year->ending . '/batch';
	}

	/**
	 * Registers the route (rest_api_init).
	 */
	public function register_routes(): void {
		register_rest_route(
			self::NAMESPACE,
			'/statements/(?P<year>\d{4})/batch',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'batch' ),
				'permission_callback' => array( DonationsCapability::class, 'current_user_can' ),
				'args'                => array(
					'year' => array(
						'type'     => 'integer',
						'required' => true,
					),
				),
			)
		);
	}

	/**
	 * Steps the run and answers the progress.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function batch( \WP_REST_Request $request ): \WP_REST_Response|\WP_Error {
		$year = FinancialYear::from_input( $request->get_param( 'year' ) );
		if ( null === $year || '' === $this->page->progress( $year )['status'] ) {
			return new \WP_Error( 'donation_widget_statements_not_started', __( 'Sending has not been started for this year.', 'donation-widget' ), array( 'status' => 404 ) );
		}
		$until  = microtime( true ) + self::SECONDS;
		$worked = false;
		while ( microtime( true ) < $until && $this->sender->step( $year ) ) {
			$worked = true;
		}
		return new \WP_REST_Response( $this->page->progress( $year ) + array( 'worked' => $worked ), 200 );
	}
}
