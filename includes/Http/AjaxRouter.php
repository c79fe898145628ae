<?php
/**
 * Registers admin-ajax actions and sends their answers.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Http;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The one place that reads $_POST for the widgets' calls (docs/widget-contract.md#7-the-calls-it-makes) and sends JSON back.
 *
 * The widgets' calls are public and must keep working on pages served from a full-page cache,
 * so they carry no nonce: each controller protects itself with validation, rate limits and
 * reCAPTCHA instead. Admin actions pass a nonce action, checked here before the handler runs.
 *
 * A person waits for every one of these calls, so each runs within the providers' time budget
 * (ProviderTimeBudget): however slow a provider is, the call answers within a minute.
 */
final class AjaxRouter {

	/**
	 * Builds the router.
	 *
	 * @param ProviderTimeBudget $budget Started for each call, ended after it.
	 */
	public function __construct( private readonly ProviderTimeBudget $budget ) {
	}

	/**
	 * Registers a call that anyone, signed in or not, may make.
	 *
	 * @param string                                                   $action  The "action" field.
	 * @param callable(array<string, string|array<mixed>>): AjaxResult $handler Builds the answer.
	 */
	public function public_action( string $action, callable $handler ): void {
		$callback = function () use ( $handler ): void {
			$this->send( $this->run( $handler, $this->request() ) );
		};
		add_action( 'wp_ajax_' . $action, $callback );
		add_action( 'wp_ajax_nopriv_' . $action, $callback );
	}

	/**
	 * Registers a call for signed-in users holding a capability, protected by a nonce.
	 *
	 * @param string                                                   $action       The "action" field.
	 * @param string                                                   $capability   Required capability.
	 * @param callable(array<string, string|array<mixed>>): AjaxResult $handler      Builds the answer.
	 */
	public function admin_action( string $action, string $capability, callable $handler ): void {
		add_action(
			'wp_ajax_' . $action,
			function () use ( $action, $capability, $handler ): void {
				if ( false === check_ajax_referer( $action, '_ajax_nonce', false ) ) {
					$this->send( AjaxResult::error( 'forbidden', __( 'This page has expired. Reload it and try again.', 'donation-widget' ), 403 ) );
					return;
				}
				if ( ! current_user_can( $capability ) ) {
					$this->send( AjaxResult::error( 'forbidden', __( 'Sorry, you are not allowed to do that.', 'donation-widget' ), 403 ) );
					return;
				}
				$this->send( $this->run( $handler, $this->request() ) );
			}
		);
	}

	/**
	 * The POST fields, unslashed. Sanitising and validating is each controller's job.
	 *
	 * @return array<string, string|array<mixed>>
	 */
	private function request(): array {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- public calls carry no nonce (see the class comment); every field is validated by its controller.
		$post    = wp_unslash( $_POST );
		$request = array();
		foreach ( is_array( $post ) ? $post : array() as $key => $value ) {
			if ( is_string( $key ) && ( is_string( $value ) || is_array( $value ) ) ) {
				$request[ $key ] = $value;
			}
		}
		return $request;
	}

	/**
	 * Runs a handler; an unexpected exception is logged and answered in words, never as a PHP error page.
	 *
	 * @param callable(array<string, string|array<mixed>>): AjaxResult $handler Builds the answer.
	 * @param array<string, string|array<mixed>>                       $request POST fields.
	 */
	private function run( callable $handler, array $request ): AjaxResult {
		$this->budget->start();
		try {
			return $handler( $request );
		} catch ( \Throwable $error ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an unexpected failure must reach the site's error log.
			error_log( 'Donation Widget: ' . get_class( $error ) . ': ' . $error->getMessage() );
			return AjaxResult::error( 'server', __( 'Something went wrong on our side. Please try again later.', 'donation-widget' ), 500 );
		} finally {
			$this->budget->end();
		}
	}

	/**
	 * Sends the answer and ends the request (wp_send_json() does both).
	 *
	 * @param AjaxResult $result The answer.
	 */
	private function send( AjaxResult $result ): void {
		nocache_headers();
		wp_send_json( $result->body, $result->status );
	}
}
