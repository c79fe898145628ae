<?php
/**
 * POST /wp-json/donation-widget/v1/exports/{id}/batch: one batch of an export, and its progress.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donations\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Exports\ExportJobs;

/**
 * The Donations screen's progress requests. Each writes the export's next batch (time-boxed,
 * so the request ends well inside PHP's limit) unless another worker holds it, then answers
 * the progress. Staff with the donations capability only (the REST cookie nonce), and only for
 * an export they started: another's answers 404 as if it did not exist.
 */
final class ExportRestController {

	public const NAMESPACE = 'donation-widget/v1';

	/**
	 * Builds the controller.
	 *
	 * @param ExportWorker $worker Writes batches.
	 * @param ExportJobs   $jobs   Reads exports.
	 */
	public function __construct( private readonly ExportWorker $worker, private readonly ExportJobs $jobs ) {
	}

	/**
	 * The route of an export's batches, under the REST namespace.
	 *
	 * @param int $id Export id.
	 */
	public static function batch_path( int $id ): string {
		return '/' . self::NAMESPACE . '/exports/' . $id . '/batch';
	}

	/**
	 * Registers the route (rest_api_init).
	 */
	public function register_routes(): void {
		register_rest_route(
			self::NAMESPACE,
			'/exports/(?P<id>\d+)/batch',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'batch' ),
				'permission_callback' => array( DonationsCapability::class, 'current_user_can' ),
				'args'                => array(
					'id' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
				),
			)
		);
	}

	/**
	 * Writes a batch and answers the progress.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function batch( \WP_REST_Request $request ): \WP_REST_Response|\WP_Error {
		$id  = absint( $request->get_param( 'id' ) );
		$job = $this->jobs->find( $id );
		if ( null === $job || get_current_user_id() !== $job->user_id ) {
			return new \WP_Error( 'donation_widget_export_not_found', __( 'This export was not found. Exports are kept for a day.', 'donation-widget' ), array( 'status' => 404 ) );
		}
		$worked = $this->worker->step( $id );
		$job    = $this->jobs->find( $id ) ?? $job;
		return new \WP_REST_Response( ExportPanel::progress( $job ) + array( 'worked' => $worked ), 200 );
	}
}
