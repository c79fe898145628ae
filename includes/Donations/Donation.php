<?php
/**
 * One stored donation (a row of the donations table).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A read-only copy of a donation row. Changes go through DonationRepository.
 */
final class Donation {

	/**
	 * Builds the copy.
	 *
	 * @param array<string, string> $row Column => value, as the database returned it.
	 */
	private function __construct( private readonly array $row ) {
	}

	/**
	 * Builds a donation from a database row.
	 *
	 * @param array<mixed> $row Column => value.
	 */
	public static function from_row( array $row ): self {
		$clean = array();
		foreach ( $row as $column => $value ) {
			if ( is_string( $column ) ) {
				$clean[ $column ] = is_scalar( $value ) ? (string) $value : '';
			}
		}
		return new self( $clean );
	}

	/**
	 * This row with some columns written (what a compare-and-set UPDATE just made of it).
	 *
	 * @param array<string, int|string> $columns Column => value.
	 */
	public function with( array $columns ): self {
		return new self( array_map( 'strval', $columns ) + $this->row );
	}

	/**
	 * Row id.
	 */
	public function id(): int {
		return (int) $this->value( 'id' );
	}

	/**
	 * The payment attempt (the widget's attemptId, or "invoice:in_…" for a renewal).
	 */
	public function attempt_id(): string {
		return $this->value( 'attempt_id' );
	}

	/**
	 * A DonationStatus constant.
	 */
	public function status(): string {
		return $this->value( 'status' );
	}

	/**
	 * DonationForm::FREQUENCY_FOUR_WEEKLY or FREQUENCY_ONE_OFF.
	 */
	public function frequency(): string {
		return $this->value( 'frequency' );
	}

	/**
	 * Whether the donation repeats every 4 weeks.
	 */
	public function is_four_weekly(): bool {
		return DonationForm::FREQUENCY_FOUR_WEEKLY === $this->frequency();
	}

	/**
	 * How it was paid: the method value its gateway stored, such as card, google_pay or au_becs_debit.
	 */
	public function method(): string {
		return $this->value( 'method' );
	}

	/**
	 * Amount plus cover, in cents.
	 */
	public function total_cents(): int {
		return (int) $this->value( 'total_cents' );
	}

	/**
	 * The gift itself, in cents (the total without the cover).
	 */
	public function amount_cents(): int {
		return (int) $this->value( 'amount_cents' );
	}

	/**
	 * The fundraising cost cover the donor added, in cents.
	 */
	public function cover_cents(): int {
		return (int) $this->value( 'cover_cents' );
	}

	/**
	 * Cents refunded so far (by the charity here or at the provider).
	 */
	public function refunded_cents(): int {
		return (int) $this->value( 'refunded_cents' );
	}

	/**
	 * Cents lost to a dispute the charity lost (0 otherwise).
	 */
	public function dispute_lost_cents(): int {
		return (int) $this->value( 'dispute_lost_cents' );
	}

	/**
	 * Cents the charity keeps of the gift, as GiftFigures defines it: money received less
	 * refunds and lost disputes (fees aside; 0 when no money was received).
	 */
	public function kept_cents(): int {
		return GiftFigures::of( $this )->kept_cents();
	}

	/**
	 * The fees of the disputes of the payment (the card provider's dispute fee), 0 when never disputed.
	 */
	public function dispute_fee_cents(): int {
		return (int) $this->value( 'dispute_fee_cents' );
	}

	/**
	 * The provider's fee in cents, or null while the provider has not reported it.
	 */
	public function fee_cents(): ?int {
		return '' === $this->value( 'fee_cents' ) ? null : (int) $this->value( 'fee_cents' );
	}

	/**
	 * What reached the provider balance (total less fee) in cents, or null while unknown.
	 */
	public function net_cents(): ?int {
		return '' === $this->value( 'net_cents' ) ? null : (int) $this->value( 'net_cents' );
	}

	/**
	 * The provider payout (bank deposit) the payment arrived in, '' until known.
	 */
	public function payout_id(): string {
		return $this->value( 'payout_id' );
	}

	/**
	 * The provider's status of a dispute on the payment ('' when never disputed).
	 */
	public function dispute_status(): string {
		return $this->value( 'dispute_status' );
	}

	/**
	 * The money columns DonationRepository::record_amounts() compares and sets, as stored
	 * ('' for a NULL fee or net).
	 *
	 * @return array<string, string>
	 */
	public function amounts(): array {
		$amounts = array();
		foreach ( array( 'refunded_cents', 'fee_cents', 'net_cents', 'balance_transaction_id', 'payout_id', 'dispute_status', 'dispute_lost_cents', 'dispute_fee_cents' ) as $column ) {
			$amounts[ $column ] = $this->value( $column );
		}
		return $amounts;
	}

	/**
	 * The receipt sequence number: given when the money is received, 0 until then.
	 */
	public function receipt_seq(): int {
		return (int) $this->value( 'receipt_seq' );
	}

	/**
	 * The gift, cover and total of a renewal of this (first) donation that collected $cents: the
	 * same split when the same total came in, else all of it as the gift (the cover cannot be
	 * told apart from a changed total).
	 *
	 * @param int $cents What the renewal collected.
	 * @return array{amount_cents: int, cover_cents: int, total_cents: int}
	 */
	public function renewal_split( int $cents ): array {
		$same = $cents === $this->total_cents() && $this->amount_cents() + $this->cover_cents() === $cents;
		return array(
			'amount_cents' => $same ? $this->amount_cents() : $cents,
			'cover_cents'  => $same ? $this->cover_cents() : 0,
			'total_cents'  => $cents,
		);
	}

	/**
	 * Three-letter currency code.
	 */
	public function currency(): string {
		return $this->value( 'currency' );
	}

	/**
	 * The donor's email address.
	 */
	public function email(): string {
		return $this->value( 'email' );
	}

	/**
	 * The provider: the id of the gateway that took it.
	 */
	public function provider(): string {
		return $this->value( 'provider' );
	}

	/**
	 * The provider's id of the money movement: the card provider's charge or the wallet provider's capture.
	 */
	public function provider_reference(): string {
		return $this->value( 'provider_reference' );
	}

	/**
	 * The card provider's payment intent id.
	 */
	public function payment_intent_id(): string {
		return $this->value( 'payment_intent_id' );
	}

	/**
	 * The card provider's customer id (4-weekly donations).
	 */
	public function customer_id(): string {
		return $this->value( 'customer_id' );
	}

	/**
	 * The card provider's subscription id (4-weekly donations).
	 */
	public function subscription_id(): string {
		return $this->value( 'subscription_id' );
	}

	/**
	 * Why the payment failed or is still pending, as "code: message".
	 */
	public function failure_reason(): string {
		return $this->value( 'failure_reason' );
	}

	/**
	 * The code part of the failure reason (such as insufficient_funds), or ''.
	 */
	public function failure_code(): string {
		return preg_match( '/^([a-z0-9_]+): /', $this->failure_reason(), $match ) ? $match[1] : '';
	}

	/**
	 * The message part of the failure reason.
	 */
	public function failure_message(): string {
		$reason = $this->failure_reason();
		return preg_match( '/^[a-z0-9_]+: (.*)$/s', $reason, $match ) ? $match[1] : $reason;
	}

	/**
	 * Why staff should look at this donation although it is recorded as it happened (such as
	 * captcha_failed: the wallet provider took the money but the donor's reCAPTCHA failed), or ''.
	 */
	public function review_reason(): string {
		return $this->value( 'review_reason' );
	}

	/**
	 * The page the donation was made on.
	 */
	public function page_url(): string {
		return $this->value( 'page_url' );
	}

	/**
	 * One column's value ('' when absent).
	 *
	 * @param string $column Column name.
	 */
	public function value( string $column ): string {
		return $this->row[ $column ] ?? '';
	}

	/**
	 * Whether a form describes this same donation (a retry of its attempt must not change it).
	 *
	 * @param DonationForm $form Form sent with the retry.
	 */
	public function matches( DonationForm $form ): bool {
		return $form->total_cents === $this->total_cents()
			&& $form->cover_cents === $this->cover_cents()
			&& $form->frequency === $this->frequency()
			&& strtolower( $form->email ) === strtolower( $this->email() );
	}

	/**
	 * The donor's details, to copy into a renewal of the same subscription.
	 *
	 * @return array<string, string>
	 */
	public function donor_columns(): array {
		$columns = array( 'frequency', 'currency', 'donate_as', 'organisation_name', 'first_name', 'last_name', 'email', 'mobile', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country', 'in_memory_of', 'iteration_id', 'utm_campaign', 'utm_source', 'utm_medium', 'utm_content', 'utm_term', 'customer_id', 'subscription_id', 'page_url' );
		return array_intersect_key( $this->row, array_flip( $columns ) );
	}
}
