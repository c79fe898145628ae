<?php
/**
 * Records Stripe payouts and explains each one to the cent.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeRequestError;
use DonationWidget\Http\ProviderUnavailable;

/**
 * One way in for the webhook listener and the reconciliation pass alike: read the payout, store
 * it, read every balance transaction it is made of (GET /v1/balance_transactions?payout=…,
 * each source expanded to find its donation), store them, sum them into parts, and link the
 * gifts to the payout. Every write is keyed by the provider's ids, so running it again (a
 * repeated event, the pass after the webhook) ends on the same rows.
 */
final class PayoutBooks {

	public const PROVIDER = Donation::PROVIDER_STRIPE;

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
	 * Builds the books.
	 *
	 * @param StripeClient                 $stripe       Stripe.
	 * @param PayoutRepository             $payouts      Payout rows.
	 * @param BalanceTransactionRepository $transactions Transaction rows.
	 * @param DonationRepository           $donations    Donation records.
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly PayoutRepository $payouts,
		private readonly BalanceTransactionRepository $transactions,
		private readonly DonationRepository $donations
	) {
	}

	/**
	 * Reads one payout from Stripe and records it.
	 *
	 * @param string $payout_id po_… id.
	 * @return string What happened.
	 * @throws StripeRequestError  When Stripe refuses to read it.
	 * @throws ProviderUnavailable When Stripe cannot be reached.
	 */
	public function record_id( string $payout_id ): string {
		return $this->record( $this->stripe->get( '/v1/payouts/' . rawurlencode( $payout_id ) ) );
	}

	/**
	 * Records a payout as Stripe describes it, and explains it unless it already adds up.
	 *
	 * @param array<string, mixed> $payout Stripe's payout object.
	 * @return string What happened.
	 * @throws StripeRequestError  When Stripe refuses to list its transactions.
	 * @throws ProviderUnavailable When Stripe cannot be reached.
	 */
	public function record( array $payout ): string {
		$id = is_string( $payout['id'] ?? null ) ? $payout['id'] : '';
		if ( ! str_starts_with( $id, 'po_' ) ) {
			return 'ignored: not a payout';
		}
		$amount = self::int( $payout['amount'] ?? 0 );
		$status = is_string( $payout['status'] ?? null ) ? $payout['status'] : '';
		$before = $this->payouts->find( $id );
		$this->payouts->save(
			self::PROVIDER,
			$id,
			$amount,
			strtoupper( is_string( $payout['currency'] ?? null ) ? $payout['currency'] : 'aud' ),
			$status,
			gmdate( 'Y-m-d', self::int( $payout['arrival_date'] ?? 0 ) ),
			gmdate( 'Y-m-d H:i:s', self::int( $payout['created'] ?? 0 ) )
		);
		// A payout's transactions do not change once it is made: one that adds up is not read again.
		if ( null !== $before && PayoutParts::BALANCED === $before['check_status'] && (int) $before['amount_cents'] === $amount ) {
			return "payout {$id} {$status}: already explained";
		}
		$this->read_transactions( $id );
		$parts = PayoutParts::of( $this->transactions->of_payout( $id ) );
		$this->payouts->explain( self::PROVIDER, $id, $parts, $amount );
		$linked = $this->link_donations( $id );
		$check  = $parts->check_status( $amount );
		return "payout {$id} {$status}: {$check}" . ( PayoutParts::BALANCED === $check ? '' : ' by ' . $parts->difference_cents( $amount ) . ' cents' ) . ", {$linked} donations linked";
	}

	/**
	 * Lists and stores every balance transaction of the payout.
	 *
	 * @param string $payout_id po_… id.
	 * @throws StripeRequestError  When Stripe refuses the list.
	 * @throws ProviderUnavailable When Stripe cannot be reached.
	 */
	private function read_transactions( string $payout_id ): void {
		$query = array(
			'payout' => $payout_id,
			'limit'  => self::PAGE_SIZE,
			'expand' => array( 'data.source' ),
		);
		foreach ( $this->stripe->each( '/v1/balance_transactions', $query, self::MAX_PAGES ) as $transaction ) {
			$this->store( $payout_id, $transaction );
		}
	}

	/**
	 * Stores one transaction with the donation it came from (0: not from this site).
	 *
	 * @param string               $payout_id   po_… id.
	 * @param array<string, mixed> $transaction Stripe's balance transaction, source expanded.
	 */
	private function store( string $payout_id, array $transaction ): void {
		$source = $transaction['source'] ?? null;
		$this->transactions->save(
			self::PROVIDER,
			array(
				'transaction_id'      => (string) $transaction['id'],
				'payout_id'           => $payout_id,
				'type'                => is_string( $transaction['type'] ?? null ) ? $transaction['type'] : '',
				'reporting_category'  => is_string( $transaction['reporting_category'] ?? null ) ? $transaction['reporting_category'] : '',
				'amount_cents'        => self::int( $transaction['amount'] ?? 0 ),
				'fee_cents'           => self::int( $transaction['fee'] ?? 0 ),
				'net_cents'           => self::int( $transaction['net'] ?? 0 ),
				'currency'            => strtoupper( is_string( $transaction['currency'] ?? null ) ? $transaction['currency'] : 'aud' ),
				'source_id'           => self::id_of( $source ),
				'donation_id'         => $this->donation_of( $source ),
				'description'         => is_string( $transaction['description'] ?? null ) ? $transaction['description'] : '',
				'provider_created_at' => gmdate( 'Y-m-d H:i:s', self::int( $transaction['created'] ?? 0 ) ),
			)
		);
	}

	/**
	 * The donation a transaction's source (a charge, or a refund or dispute of one) belongs to.
	 *
	 * @param mixed $source The expanded source, or its id.
	 * @return int Donation id, 0 when not from this site.
	 */
	private function donation_of( mixed $source ): int {
		if ( ! is_array( $source ) ) {
			return 0;
		}
		$object = $source['object'] ?? '';
		if ( 'charge' === $object ) {
			$charge = self::id_of( $source );
		} elseif ( 'refund' === $object || 'dispute' === $object ) {
			$charge = self::id_of( $source['charge'] ?? null );
		} else {
			return 0;
		}
		$intent   = self::id_of( $source['payment_intent'] ?? null );
		$donation = '' === $charge ? null : ( $this->donations->find_by_reference( self::PROVIDER, $charge ) ?? $this->donations->find_by_recorded_reference( self::PROVIDER, $charge ) );
		if ( null === $donation && '' !== $intent ) {
			$donation = $this->donations->find_by_payment_intent( $intent );
			// The intent's donation, unless it recorded another charge of the intent.
			if ( null !== $donation && '' !== $donation->provider_reference() && $charge !== $donation->provider_reference() ) {
				$donation = null;
			}
		}
		return null === $donation ? 0 : $donation->id();
	}

	/**
	 * Sets payout_id on the donations whose payments the payout carries.
	 *
	 * @param string $payout_id po_… id.
	 * @return int How many donations it names.
	 */
	private function link_donations( string $payout_id ): int {
		$linked = 0;
		foreach ( $this->transactions->of_payout( $payout_id ) as $row ) {
			$donation_id = (int) $row['donation_id'];
			if ( $donation_id > 0 && 'gross' === PayoutParts::part_of( $row['type'], $row['reporting_category'], true ) ) {
				$this->donations->record_amounts( $donation_id, array( 'payout_id' => $payout_id ) );
				++$linked;
			}
		}
		return $linked;
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
