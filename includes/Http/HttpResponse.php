<?php
/**
 * A provider's decoded answer.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Http;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Status and decoded JSON body of one answer.
 */
final class HttpResponse {

	/**
	 * Reads a response header.
	 *
	 * @var \Closure(string): string
	 */
	private \Closure $header;

	/**
	 * Holds the answer.
	 *
	 * @param int                      $status HTTP status.
	 * @param array<string, mixed>     $body   Decoded JSON.
	 * @param callable(string): string $header Reads a header by name.
	 */
	public function __construct( public readonly int $status, public readonly array $body, callable $header ) {
		$this->header = \Closure::fromCallable( $header );
	}

	/**
	 * Whether the status is 2xx.
	 */
	public function ok(): bool {
		return $this->status >= 200 && $this->status < 300;
	}

	/**
	 * One response header ('' when absent).
	 *
	 * @param string $name Header name.
	 */
	public function header( string $name ): string {
		return ( $this->header )( $name );
	}
}
