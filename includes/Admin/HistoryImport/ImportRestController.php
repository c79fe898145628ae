<?php
/**
 * /wp-json/donation-widget/v1/history-imports/<id>: the progress bar's status and its nudge.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\HistoryImport\ImportJob;
use DonationWidget\HistoryImport\ImportJobs;
use DonationWidget\HistoryImport\ImportWorker;

/**
 * GET answers where an import stands; POST …/run first runs its next batch when no other worker
 * holds it (so an open screen moves without waiting for WP-Cron; a closed one is moved by the
 * cron events), then answers the same. Staff with the donations capability only (REST cookie nonce).
 */
final class ImportRestController {

	public const NAMESPACE = 'donation-widget/v1';

	/**
	 * Builds the controller.
	 *
	 * @param ImportJobs   $jobs   The imports.
	 * @param ImportWorker $worker Runs batches.
	 */
	public function __construct( private readonly ImportJobs $jobs, private readonly ImportWorker $worker ) {
	}

	/**
	 * Registers the routes (rest_api_init).
	 */
	public function register_routes(): void {
		$id = array(
			'id' => array(
				'description' => __( 'The import\'s id.', 'donation-widget' ),
				'type'        => 'integer',
				'minimum'     => 1,
			),
		);
		register_rest_route(
			self::NAMESPACE,
			'/history-imports/(?P<id>\d+)',
			array(
				'methods'             => \WP_REST_Server::READABLE,
				'callback'            => array( $this, 'status' ),
				'permission_callback' => array( DonationsCapability::class, 'current_user_can' ),
				'args'                => $id,
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/history-imports/(?P<id>\d+)/run',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'run' ),
				'permission_callback' => array( DonationsCapability::class, 'current_user_can' ),
				'args'                => $id,
			)
		);
	}

	/**
	 * Where the import stands.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function status( \WP_REST_Request $request ): \WP_REST_Response|\WP_Error {
		$job = $this->jobs->find( (int) $request->get_param( 'id' ) );
		return null === $job ? $this->missing() : new \WP_REST_Response( self::state( $job ) );
	}

	/**
	 * Runs a batch, then answers where the import stands.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function run( \WP_REST_Request $request ): \WP_REST_Response|\WP_Error {
		$id = (int) $request->get_param( 'id' );
		$this->worker->run_batch( $id );
		return $this->status( $request );
	}

	/**
	 * The import as the progress bar reads it.
	 *
	 * @param ImportJob $job The import.
	 * @return array<string, int|string>
	 */
	public static function state( ImportJob $job ): array {
		$progress = $job->progress();
		return array(
			'id'      => $job->id,
			'stage'   => $job->stage,
			'done'    => $progress['done'],
			'total'   => $progress['total'],
			'ok'      => $job->rows_ok,
			'refused' => $job->rows_refused,
			'created' => $job->rows_created + $job->rows_present,
			'error'   => $job->error,
		);
	}

	/**
	 * The answer for an import that is not there.
	 */
	private function missing(): \WP_Error {
		return new \WP_Error( 'donation_widget_import_missing', __( 'This import is no longer there.', 'donation-widget' ), array( 'status' => 404 ) );
	}
}
