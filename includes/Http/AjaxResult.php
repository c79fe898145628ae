<?php
/**
 * What an admin-ajax action answers.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Http;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The JSON body and HTTP status of one answer, built by a controller and sent by AjaxRouter.
 * Controllers return these instead of calling wp_send_json(), so tests can read them.
 *
 * Successful answers: {"success": true, "data": {...}}.
 * Failed answers:     {"success": false, "type": "<category>", "data": {"message": "...", ...}}.
 */
final class AjaxResult {

	/**
	 * Builds an answer.
	 *
	 * @param int                  $status HTTP status.
	 * @param array<string, mixed> $body   JSON body.
	 */
	private function __construct( public readonly int $status, public readonly array $body ) {
	}

	/**
	 * A successful answer.
	 *
	 * @param array<string, mixed> $data  The "data" member.
	 * @param array<string, mixed> $extra More top-level members (such as "type").
	 */
	public static function success( array $data, array $extra = array() ): self {
		return new self( 200, array( 'success' => true ) + $extra + array( 'data' => $data ) );
	}

	/**
	 * A failed answer.
	 *
	 * @param string               $type    Error category, such as validation or rate_limited.
	 * @param string               $message What went wrong, in words for the person in front of the widget.
	 * @param int                  $status  HTTP status.
	 * @param array<string, mixed> $data    More members of "data".
	 */
	public static function error( string $type, string $message, int $status, array $data = array() ): self {
		return new self(
			$status,
			array(
				'success' => false,
				'type'    => $type,
				'data'    => array( 'message' => $message ) + $data,
			)
		);
	}

	/**
	 * The same answer with more members of "data" (replacing those of the same name).
	 *
	 * @param array<string, mixed> $data More members of "data".
	 */
	public function with_data( array $data ): self {
		$body         = $this->body;
		$body['data'] = $data + $this->data();
		return new self( $this->status, $body );
	}

	/**
	 * Whether the answer is a success.
	 */
	public function is_success(): bool {
		return true === $this->body['success'];
	}

	/**
	 * The error category, or '' for a success.
	 */
	public function type(): string {
		return isset( $this->body['type'] ) && is_string( $this->body['type'] ) ? $this->body['type'] : '';
	}

	/**
	 * The "data" member.
	 *
	 * @return array<string, mixed>
	 */
	public function data(): array {
		return isset( $this->body['data'] ) && is_array( $this->body['data'] ) ? $this->body['data'] : array();
	}
}
