<?php
/**
 * Stripe's payouts and the balance transactions they are made of.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Books;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Payouts\PayoutSource;
use DonationWidget\Books\Payouts\PayoutTransaction;
use DonationWidget\Books\Payouts\ProviderPayout;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeError;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Gateways\Stripe\StripeGateway;

/**
 * GET /v1/payouts and GET /v1/balance_transactions?payout=… (each source expanded, to find the
 * charge it came from), read into the books' shapes.
 */
final class StripePayouts implements PayoutSource {

	/**
	 * Stripe's largest page.
	 */
	private const PAGE_SIZE = 100;

	/**
	 * A payout holds at most this many pages of transactions here (10,000): a larger one is
	 * left a mismatch rather than holding a request for minutes.
	 */
	private const MAX_PAGES = 100;

	/**
	 * At most this many pages of payouts a reconciliation pass.
	 */
	private const MAX_PAYOUT_PAGES = 5;

	/**
	 * Builds the reader.
	 *
	 * @param StripeClient $stripe Stripe.
	 */
	public function __construct( private readonly StripeClient $stripe ) {
	}

	/**
	 * Reads one payout.
	 *
	 * @param string $payout_id po_… id.
	 * @throws StripeError         When Stripe refuses to read it.
	 * @throws ProviderUnavailable When Stripe cannot be reached.
	 */
	public function payout( string $payout_id ): ?ProviderPayout {
		return self::of( $this->stripe->get( '/v1/payouts/' . rawurlencode( $payout_id ) ) );
	}

	/**
	 * The payouts made since a time, newest first.
	 *
	 * @param int $since Unix time.
	 * @return \Generator<int, ProviderPayout>
	 * @throws ProviderUnavailable When Stripe cannot be reached or refuses the list.
	 */
	public function payouts_since( int $since ): \Generator {
		if ( ! $this->stripe->is_configured() ) {
			return;
		}
		try {
			foreach ( $this->stripe->each( '/v1/payouts', array( 'created' => array( 'gte' => $since ) ), self::MAX_PAYOUT_PAGES ) as $payout ) {
				$read = self::of( $payout );
				if ( null !== $read ) {
					yield $read;
				}
			}
		} catch ( StripeError $error ) {
			throw new ProviderUnavailable( 'stripe', 'server_error', esc_html( $error->getMessage() ) );
		}
	}

	/**
	 * Every balance transaction of the payout.
	 *
	 * @param string $payout_id po_… id.
	 * @return \Generator<int, PayoutTransaction>
	 * @throws ProviderUnavailable When Stripe cannot be reached or refuses the list.
	 */
	public function payout_transactions( string $payout_id ): \Generator {
		$query = array(
			'payout' => $payout_id,
			'limit'  => self::PAGE_SIZE,
			'expand' => array( 'data.source' ),
		);
		try {
			foreach ( $this->stripe->each( '/v1/balance_transactions', $query, self::MAX_PAGES ) as $transaction ) {
				yield self::transaction( $transaction );
			}
		} catch ( StripeError $error ) {
			throw new ProviderUnavailable( 'stripe', 'server_error', esc_html( $error->getMessage() ) );
		}
	}

	/**
	 * A Stripe payout object, null when it is none.
	 *
	 * @param array<string, mixed> $payout Stripe's payout object.
	 */
	public static function of( array $payout ): ?ProviderPayout {
		$id = is_string( $payout['id'] ?? null ) ? $payout['id'] : '';
		if ( ! str_starts_with( $id, 'po_' ) ) {
			return null;
		}
		return new ProviderPayout(
			StripeGateway::ID,
			$id,
			self::int( $payout['amount'] ?? 0 ),
			strtoupper( is_string( $payout['currency'] ?? null ) ? $payout['currency'] : 'aud' ),
			is_string( $payout['status'] ?? null ) ? $payout['status'] : '',
			gmdate( 'Y-m-d', self::int( $payout['arrival_date'] ?? 0 ) ),
			gmdate( 'Y-m-d H:i:s', self::int( $payout['created'] ?? 0 ) )
		);
	}

	/**
	 * A balance transaction, its source expanded, with the charge and intent it came from.
	 *
	 * @param array<string, mixed> $transaction Stripe's balance transaction.
	 */
	private static function transaction( array $transaction ): PayoutTransaction {
		$source = $transaction['source'] ?? null;
		$charge = '';
		$intent = '';
		if ( is_array( $source ) ) {
			$object = $source['object'] ?? '';
			if ( 'charge' === $object ) {
				$charge = self::id_of( $source );
				$intent = self::id_of( $source['payment_intent'] ?? null );
			} elseif ( 'refund' === $object || 'dispute' === $object ) {
				$charge = self::id_of( $source['charge'] ?? null );
				$intent = self::id_of( $source['payment_intent'] ?? null );
			}
		}
		return new PayoutTransaction(
			(string) $transaction['id'],
			is_string( $transaction['type'] ?? null ) ? $transaction['type'] : '',
			is_string( $transaction['reporting_category'] ?? null ) ? $transaction['reporting_category'] : '',
			self::int( $transaction['amount'] ?? 0 ),
			self::int( $transaction['fee'] ?? 0 ),
			self::int( $transaction['net'] ?? 0 ),
			strtoupper( is_string( $transaction['currency'] ?? null ) ? $transaction['currency'] : 'aud' ),
			self::id_of( $source ),
			$charge,
			$intent,
			is_string( $transaction['description'] ?? null ) ? $transaction['description'] : '',
			gmdate( 'Y-m-d H:i:s', self::int( $transaction['created'] ?? 0 ) )
		);
	}

	/**
	 * An object's id, expanded or not.
	 *
	 * @param mixed $value Id, object or null.
	 */
	private static function id_of( mixed $value ): string {
		if ( is_array( $value ) ) {
			$value = $value['id'] ?? '';
		}
		return is_string( $value ) ? $value : '';
	}

	/**
	 * An integer field.
	 *
	 * @param mixed $value Stripe's value.
	 */
	private static function int( mixed $value ): int {
		return is_numeric( $value ) ? (int) $value : 0;
	}
}
