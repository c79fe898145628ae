<?php
/**
 * The Stripe stand-in's payout on demand, for the demo.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\HttpClient;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Stripe makes a gift's money available two days after it (Australia's standard schedule) and
 * pays the available balance out on its own; the demo cannot wait. The stand-in's documented
 * control call (POST /__control/stripe/payout, tests/stand-ins/README.md) with available_now
 * first makes the pending balance available, then pays everything out, marked paid. Sent only
 * to the stand-ins' loopback address (DONATION_WIDGET_STAND_IN_URL, set by the local sites'
 * wp-config.php), never to Stripe, and without a key.
 */
final class StripeDemoPayout {

	/**
	 * The stand-in's payout control call.
	 */
	private const CONTROL_PATH = '/__control/stripe/payout';

	/**
	 * Builds the call.
	 *
	 * @param HttpClient $http The way out.
	 */
	public function __construct( private readonly HttpClient $http ) {
	}

	/**
	 * Whether the stand-ins are on this machine.
	 */
	public function is_available(): bool {
		return '' !== self::stand_in_url();
	}

	/**
	 * The payout of everything taken, made available and paid at once.
	 *
	 * @return string The po_… id, or '' when nothing was left to pay out (the stand-in's 400).
	 * @throws ProviderUnavailable When there is no stand-in, or it does not answer as it documents.
	 */
	public function pay_out(): string {
		if ( ! $this->is_available() ) {
			throw new ProviderUnavailable( 'stripe-stand-in', 'unreachable', 'No local stand-in (DONATION_WIDGET_STAND_IN_URL) to ask.' );
		}
		$answer = $this->http->send(
			'stripe-stand-in',
			'POST',
			self::stand_in_url() . self::CONTROL_PATH,
			array( 'Content-Type' => 'application/json' ),
			(string) wp_json_encode(
				array(
					'available_now' => true,
					'status'        => 'paid',
				)
			)
		);
		if ( 400 === $answer->status ) {
			return '';
		}
		$id = $answer->body['payout']['id'] ?? null;
		if ( ! $answer->ok() || ! is_string( $id ) || 1 !== preg_match( '/^po_[A-Za-z0-9_]{1,180}$/D', $id ) ) {
			throw new ProviderUnavailable( 'stripe-stand-in', 'bad_answer', esc_html( "HTTP {$answer->status} without a payout." ) );
		}
		return $id;
	}

	/**
	 * The stand-ins' base URL, only when it is a loopback address ('' otherwise).
	 */
	private static function stand_in_url(): string {
		$url  = defined( 'DONATION_WIDGET_STAND_IN_URL' ) ? (string) constant( 'DONATION_WIDGET_STAND_IN_URL' ) : '';
		$host = wp_parse_url( $url, PHP_URL_HOST );
		return in_array( $host, array( '127.0.0.1', 'localhost', '[::1]' ), true ) ? untrailingslashit( $url ) : '';
	}
}
