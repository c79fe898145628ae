<?php
/**
 * Which address a request is counted under, and why.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Protection;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The outcome of TrustedProxies::resolve(): the address, and enough about how it was found for
 * Site Health to explain it.
 */
final class ClientAddress {

	/**
	 * The connecting address is not a trusted proxy (or none is set): the header was not read.
	 */
	public const FROM_REMOTE_ADDR = 'remote_addr';

	/**
	 * A trusted proxy sent the client's address in the chosen header.
	 */
	public const FROM_HEADER = 'header';

	/**
	 * A trusted proxy connected without a usable header (missing or malformed): its own address
	 * is used, so every client behind it shares one limit until the proxy is fixed.
	 */
	public const PROXY_WITHOUT_HEADER = 'proxy_without_header';

	/**
	 * Builds the outcome.
	 *
	 * @param string $address The client's address, canonical ('0.0.0.0' when unknown).
	 * @param string $remote  REMOTE_ADDR, canonical ('0.0.0.0' when unknown).
	 * @param string $source  One of the constants.
	 */
	public function __construct(
		public readonly string $address,
		public readonly string $remote,
		public readonly string $source
	) {
	}
}
