<?php
/**
 * Records the provider's payouts and explains each one to the cent.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\DonationRepository;
use DonationWidget\Http\ProviderUnavailable;

/**
 * One way in for the webhook listener and the reconciliation pass alike: store the payout, read
 * every balance transaction it is made of from its PayoutSource (each with the payment it came
 * from, to find its donation), store them, sum them into parts, and link the gifts to the
 * payout. Every write is keyed by the provider's ids, so running it again (a repeated event, the
 * pass after the webhook) ends on the same rows.
 */
final class PayoutBooks {

	/**
	 * Builds the books.
	 *
	 * @param PayoutRepository             $payouts      Payout rows.
	 * @param BalanceTransactionRepository $transactions Transaction rows.
	 * @param DonationRepository           $donations    Donation records.
	 */
	public function __construct(
		private readonly PayoutRepository $payouts,
		private readonly BalanceTransactionRepository $transactions,
		private readonly DonationRepository $donations
	) {
	}

	/**
	 * Records a payout as its provider describes it, and explains it unless it already adds up.
	 *
	 * @param PayoutSource        $source Where its transactions are read.
	 * @param ProviderPayout|null $payout The payout, null when the provider's object is none.
	 * @return string What happened.
	 * @throws ProviderUnavailable When the provider cannot list its transactions.
	 */
	public function record( PayoutSource $source, ?ProviderPayout $payout ): string {
		if ( null === $payout ) {
			return 'ignored: not a payout';
		}
		$id     = $payout->id;
		$before = $this->payouts->find( $id );
		$this->payouts->save( $payout->provider, $id, $payout->amount_cents, $payout->currency, $payout->status, $payout->arrival_date, $payout->created_at );
		// A payout's transactions do not change once it is made: one that adds up is not read again.
		if ( null !== $before && PayoutParts::BALANCED === $before['check_status'] && (int) $before['amount_cents'] === $payout->amount_cents ) {
			return "payout {$id} {$payout->status}: already explained";
		}
		foreach ( $source->payout_transactions( $id ) as $transaction ) {
			$this->store( $payout->provider, $id, $transaction );
		}
		$parts = PayoutParts::of( $this->transactions->of_payout( $id ) );
		$this->payouts->explain( $payout->provider, $id, $parts, $payout->amount_cents );
		$linked = $this->link_donations( $id );
		$check  = $parts->check_status( $payout->amount_cents );
		return "payout {$id} {$payout->status}: {$check}" . ( PayoutParts::BALANCED === $check ? '' : ' by ' . $parts->difference_cents( $payout->amount_cents ) . ' cents' ) . ", {$linked} donations linked";
	}

	/**
	 * Stores one transaction with the donation it came from (0: not from this site).
	 *
	 * @param string            $provider    The stored provider id.
	 * @param string            $payout_id   The provider's payout id.
	 * @param PayoutTransaction $transaction The transaction.
	 */
	private function store( string $provider, string $payout_id, PayoutTransaction $transaction ): void {
		$this->transactions->save(
			$provider,
			array(
				'transaction_id'      => $transaction->id,
				'payout_id'           => $payout_id,
				'type'                => $transaction->type,
				'reporting_category'  => $transaction->reporting_category,
				'amount_cents'        => $transaction->amount_cents,
				'fee_cents'           => $transaction->fee_cents,
				'net_cents'           => $transaction->net_cents,
				'currency'            => $transaction->currency,
				'source_id'           => $transaction->source_id,
				'donation_id'         => $this->donation_of( $provider, $transaction ),
				'description'         => $transaction->description,
				'provider_created_at' => $transaction->created_at,
			)
		);
	}

	/**
	 * The donation a transaction's payment (a payment, or a refund or dispute of one) belongs to.
	 *
	 * @param string            $provider    The stored provider id.
	 * @param PayoutTransaction $transaction The transaction.
	 * @return int Donation id, 0 when not from this site.
	 */
	private function donation_of( string $provider, PayoutTransaction $transaction ): int {
		$reference = $transaction->payment_reference;
		$donation  = '' === $reference ? null : ( $this->donations->find_by_reference( $provider, $reference ) ?? $this->donations->find_by_recorded_reference( $provider, $reference ) );
		if ( null === $donation && '' !== $transaction->payment_id ) {
			$donation = $this->donations->find_by_payment_intent( $transaction->payment_id );
			// The payment's donation, unless it recorded another reference of the payment.
			if ( null !== $donation && '' !== $donation->provider_reference() && $reference !== $donation->provider_reference() ) {
				$donation = null;
			}
		}
		return null === $donation ? 0 : $donation->id();
	}

	/**
	 * Sets payout_id on the donations whose payments the payout carries.
	 *
	 * @param string $payout_id The provider's payout id.
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
}
