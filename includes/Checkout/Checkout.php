<?php
/**
 * The donation checkout: one attempt sequence for every way to pay.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;

/**
 * Order of work for every payment call: the fields (formData per docs/widget-contract.md#5-validation-rules, the attemptId, the
 * method's own), so a call refused for them counts nowhere; the attempt's existing record, whose
 * settled outcome is answered again without calling anyone; the method's keys, reCAPTCHA and the
 * rate limits (PaymentCallGuard: only a call Google accepted counts against the donor's email
 * and address, so nobody can use up a donor's allowance with calls that fail it); the pending
 * record, written before the provider is called; then the method; then the record and the
 * answer. A retry of the same attemptId reuses the record (and the providers' idempotency keys),
 * so it can never charge twice. Money the browser moved before the call (a wallet capture) is recorded whatever
 * else the call gets wrong: verified and recorded as it is, even when reCAPTCHA refuses the
 * call (the record is then flagged for review).
 */
final class Checkout {

	/**
	 * Seconds a call refused for a spent captcha token waits for the same call on another server
	 * to settle: long enough for a payment that answers at once, short of the donor's patience.
	 */
	private const SAME_CALL_WAIT_SECONDS = 10;

	/**
	 * Builds the checkout.
	 *
	 * @param DonationRepository $donations Where attempts are written first.
	 * @param DonationLedger     $ledger    Records outcomes.
	 * @param PaymentCallGuard   $guard     Rate limit and reCAPTCHA.
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly DonationLedger $ledger,
		private readonly PaymentCallGuard $guard
	) {
	}

	/**
	 * A payment call: fields formData (JSON, docs/widget-contract.md#34-formdata-sent-to-the-server), coverAmount (the help cover, beside
	 * formData), attemptId (UUID), captchaToken and the method's own. See PaymentAnswers for the answers.
	 *
	 * @param PaymentMethod        $method  The way to pay the call is for.
	 * @param array<string, mixed> $request POST fields.
	 * @throws \RuntimeException When the attempt's record can neither be written nor read.
	 */
	public function pay( PaymentMethod $method, array $request ): AjaxResult {
		try {
			$attempt_id = PaymentRequest::attempt_id( $request );
			$form       = DonationForm::from_json( $request['formData'] ?? null, $request['coverAmount'] ?? null );
			$input      = $method->read( $request, $form );
		} catch ( InvalidDonationRequest $error ) {
			return PaymentAnswers::invalid( $error );
		}

		$donation = $this->donations->find_by_attempt( $attempt_id );
		if ( null !== $donation ) {
			if ( ! $this->is_same_payment( $donation, $method, $form, $input ) ) {
				return PaymentAnswers::attempt_used_elsewhere();
			}
			if ( DonationStatus::is_settled( $donation->status() ) ) {
				return PaymentAnswers::for_outcome( $method->replay( $donation ) );
			}
		} elseif ( '' !== $input->continues ) {
			return PaymentAnswers::payment_of_another_attempt();
		}
		$fingerprint = PaymentRequest::fingerprint( $request );
		$finishes    = null !== $donation && ( '' !== $input->continues || $input->money_already_moved() ) ? $attempt_id : '';
		$check       = '' === $finishes
			? $this->guard->check_starting_call( $method->is_available(), $form->email, $request['captchaToken'] ?? null, $input->money_already_moved(), $fingerprint )
			// A record an opening call wrote passed the captcha then; the token is single-use.
			: $this->guard->check_finishing_call( $method->is_available(), $finishes, $input->money_already_moved(), ! $method instanceof OpeningCall, $request['captchaToken'] ?? null, $fingerprint );
		if ( null !== $check->refusal ) {
			return ( $check->token_spent ? $this->answer_of_the_same_call( $fingerprint, $attempt_id, $method ) : null ) ?? $check->refusal;
		}
		if ( null === $donation && $input->money_already_moved() && $method instanceof OpeningCall && ! $this->belongs_to( $method, $attempt_id, $input ) ) {
			// Money that is not this attempt's (another order on the charity's account) gets no
			// record: it is either its own attempt's, or no donation at all.
			return PaymentAnswers::for_outcome( PaymentOutcome::foreign( '' ) );
		}

		$donation = $donation ?? $this->open( $attempt_id, $form, $method, $input );
		if ( '' !== $check->review_reason ) {
			// The browser already moved the money (a wallet capture): a captcha cannot undo a
			// payment that happened. The capture is checked with the provider like any other and
			// recorded as it is (paid, with its receipt, and the donor told so), flagged for staff
			// to review; never "failed" while the charity holds the money.
			$this->ledger->flag_for_review( $donation, $check->review_reason );
		}
		return $this->run( $donation, static fn (): PaymentOutcome => $method->pay( $donation, $input ), $input->money_already_moved() );
	}

	/**
	 * The answer to a call refused because Google had already accepted its captcha token, when
	 * that call came before: the very same call (every field alike, its token too: a proxy's or
	 * a browser's retransmission) is under way on another server, having spent the token. Its
	 * outcome once the attempt has one, else that it is not known yet (the widget keeps the
	 * attempt, and Try Again finds the outcome): never "not charged" while that call may be
	 * charging. Null when no such call came before this one (the token was replayed for other
	 * cards, or has expired): the refusal stands, at once.
	 *
	 * @param string        $fingerprint This call's fingerprint (PaymentRequest::fingerprint()).
	 * @param string        $attempt_id  The attemptId.
	 * @param PaymentMethod $method      The way to pay.
	 */
	private function answer_of_the_same_call( string $fingerprint, string $attempt_id, PaymentMethod $method ): ?AjaxResult {
		// Each call was counted just before Google was asked, so the one that spent the token is.
		if ( $this->guard->calls_lately( $fingerprint ) < 2 ) {
			return null;
		}
		$started = microtime( true );
		do {
			$donation = $this->donations->find_by_attempt( $attempt_id );
			if ( null !== $donation && DonationStatus::is_settled( $donation->status() ) ) {
				return PaymentAnswers::for_outcome( $method->replay( $donation ) );
			}
			usleep( 250000 );
		} while ( microtime( true ) - $started < self::SAME_CALL_WAIT_SECONDS );
		return PaymentAnswers::being_paid_elsewhere();
	}

	/**
	 * Whether money the browser moved belongs to this attempt; true when the provider cannot
	 * tell now (the record is then written, and checked again by the paying call, a webhook or
	 * the reconciliation pass before anything is recorded as paid).
	 *
	 * @param OpeningCall  $method     The way to pay.
	 * @param string       $attempt_id The attemptId.
	 * @param PaymentInput $input      The call's own fields.
	 */
	private function belongs_to( OpeningCall $method, string $attempt_id, PaymentInput $input ): bool {
		try {
			return $method->belongs_to( $attempt_id, $input );
		} catch ( ProviderUnavailable $error ) {
			return true;
		}
	}

	/**
	 * An opening call: the browser created the provider's payment (the wallet provider's order)
	 * and names it before the donor can pay, so the attempt's pending record exists,
	 * holding it, whatever happens to the browser afterwards. It charges nothing; it carries the
	 * attempt's captcha (the paying call, which finishes it, then needs none), and once its fields
	 * and its captcha pass it counts against the rate limits. Calling it again for the same attempt and
	 * payment changes nothing.
	 *
	 * @param OpeningCall          $method  The way to pay.
	 * @param array<string, mixed> $request POST fields: formData, attemptId, captchaToken and the method's own.
	 * @throws \RuntimeException When the attempt's record can neither be written nor read.
	 */
	public function open_payment( OpeningCall $method, array $request ): AjaxResult {
		try {
			$attempt_id = PaymentRequest::attempt_id( $request );
			$form       = DonationForm::from_json( $request['formData'] ?? null, $request['coverAmount'] ?? null );
			$payment_id = $method->opened_payment( $request, $form );
		} catch ( InvalidDonationRequest $error ) {
			return PaymentAnswers::invalid( $error );
		}
		// Every opening call carries a captcha (the browser fetches a new token for each), checked
		// before anything is counted or written: the paying call that follows finds the record
		// and needs none.
		$refused = $this->guard->check_starting_call( $method->is_available(), $form->email, $request['captchaToken'] ?? null )->refusal;
		if ( null !== $refused ) {
			return $refused;
		}
		$holder = $this->ledger->find_by_payment( $payment_id );
		if ( null !== $holder && $holder->attempt_id() !== $attempt_id ) {
			return PaymentAnswers::payment_of_another_attempt();
		}
		$donation = $this->donations->find_by_attempt( $attempt_id );
		if ( null === $donation ) {
			$donation = $this->open( $attempt_id, $form, $method, new PaymentInput( page_url: PaymentRequest::page_url( $request ) ), array( 'payment_intent_id' => $payment_id ) );
		}
		$kept = $donation->payment_intent_id();
		if ( $method->provider() !== $donation->provider() || ! $donation->matches( $form ) || ( '' !== $kept && $payment_id !== $kept ) ) {
			return PaymentAnswers::attempt_used_elsewhere();
		}
		if ( '' === $kept ) {
			$this->ledger->keep_ids( $donation, array( 'payment_intent_id' => $payment_id ) );
		}
		return AjaxResult::success( array( 'reference' => $payment_id ), array( 'type' => '' ) );
	}

	/**
	 * A follow-up call (get_charge_id): the browser confirmed the payment with the provider and
	 * asks how it went. It charges nothing, so it carries no captcha; it counts against the
	 * payment's own limit (PaymentCallGuard). The answer is read from the provider, never from
	 * the browser.
	 *
	 * @param FollowUpCall         $method  The way to pay.
	 * @param array<string, mixed> $request POST fields.
	 */
	public function follow_up( FollowUpCall $method, array $request ): AjaxResult {
		try {
			$payment_id = $method->followed_payment( $request );
		} catch ( InvalidDonationRequest $error ) {
			return PaymentAnswers::invalid( $error );
		}
		$donation = $this->ledger->find_by_payment( $payment_id );
		if ( null === $donation || $donation->provider() !== $method->provider() ) {
			return PaymentAnswers::not_found();
		}
		if ( DonationStatus::SUCCEEDED === $donation->status() && '' !== $donation->provider_reference() && '' !== $donation->method() ) {
			return PaymentAnswers::paid( $donation->provider_reference() );
		}
		$refused = $this->guard->check_finishing_call( $method->is_available(), $donation->attempt_id() )->refusal;
		if ( null !== $refused ) {
			return $refused;
		}
		return $this->run( $donation, static fn (): PaymentOutcome => $method->settle( $donation ) );
	}

	/**
	 * Asks the method, records what it says, and answers. A provider that refused the site's
	 * request before any payment existed fails the record at once; one that failed or did not
	 * answer leaves it open with a note, since it may have taken the money: a retry of the
	 * attempt (same idempotency keys), a webhook, or the reconciliation pass settles it (see
	 * DonationLedger::record_provider_failure()). The widget's answer is the same either way.
	 *
	 * Money the browser moved before the call (a wallet capture) is never answered with a
	 * failure when the provider cannot be asked: the donor has paid, and the record is settled
	 * by a webhook or the reconciliation pass.
	 *
	 * @param Donation                  $donation    The open donation.
	 * @param callable():PaymentOutcome $ask         Asks the method.
	 * @param bool                      $money_moved Whether the browser moved the money already.
	 */
	private function run( Donation $donation, callable $ask, bool $money_moved = false ): AjaxResult {
		try {
			$outcome = $ask();
		} catch ( ProviderUnavailable $error ) {
			// Failed when the provider certainly did nothing (it refused our key, or throttled
			// every try) and holds nothing of the attempt: then the donor may be told so.
			$failed = $this->ledger->record_provider_failure( $donation, $error );
			if ( $money_moved ) {
				$answer = PaymentAnswers::not_checked_yet( $error );
			} else {
				$answer = $failed ? PaymentAnswers::refused_before_paying( $error ) : PaymentAnswers::provider_failed( $error );
			}
			return $this->paid_meanwhile( $donation ) ?? $answer;
		}
		// Read again: the method may have kept the provider's ids (a payment, a customer)
		// meanwhile, and the ledger writes from the row as it is now.
		$this->ledger->settle( $this->ledger->find( $donation->id() ) ?? $donation, $outcome );
		$settles = in_array( $outcome->kind, array( PaymentOutcome::PAID, PaymentOutcome::REQUIRES_ACTION, PaymentOutcome::CONFIRM_IN_BROWSER, PaymentOutcome::PROCESSING, PaymentOutcome::HELD ), true );
		return ( $settles ? null : $this->paid_meanwhile( $donation ) ) ?? PaymentAnswers::for_outcome( $outcome );
	}

	/**
	 * The paid answer, when the attempt's record says it was paid: another call for the same
	 * attempt (a second server, a double click, a webhook) recorded the payment while this one
	 * waited, so this call's failure or silence is late news that must not tell the donor
	 * otherwise. Null when the record holds no payment.
	 *
	 * @param Donation $donation The attempt's record, as this call read it.
	 */
	private function paid_meanwhile( Donation $donation ): ?AjaxResult {
		$now  = $this->ledger->find( $donation->id() );
		$paid = array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED, DonationStatus::REFUNDED );
		return null !== $now && in_array( $now->status(), $paid, true ) ? PaymentAnswers::paid( $now->provider_reference() ) : null;
	}

	/**
	 * Whether a retried attempt names the same payment as its record.
	 *
	 * @param Donation      $donation The attempt's record.
	 * @param PaymentMethod $method   The way to pay of this call.
	 * @param DonationForm  $form     This call's formData.
	 * @param PaymentInput  $input    This call's own fields.
	 */
	private function is_same_payment( Donation $donation, PaymentMethod $method, DonationForm $form, PaymentInput $input ): bool {
		return $method->provider() === $donation->provider()
			&& $donation->matches( $form )
			&& ( ! $input->money_already_moved() || $input->reference === $donation->provider_reference()
				// An opened record (see open_payment()) holds the provider's payment but no money
				// yet: the method checks that the money belongs to that payment.
				|| ( '' === $donation->provider_reference() && '' !== $donation->payment_intent_id() ) );
	}

	/**
	 * Writes the attempt's pending record.
	 *
	 * @param string                $attempt_id The attemptId.
	 * @param DonationForm          $form       The checked formData.
	 * @param PaymentMethod         $method     The way to pay.
	 * @param PaymentInput          $input      The call's own fields.
	 * @param array<string, string> $references Provider ids already known, beside the input's.
	 * @throws \RuntimeException When it can neither be written nor read.
	 */
	private function open( string $attempt_id, DonationForm $form, PaymentMethod $method, PaymentInput $input, array $references = array() ): Donation {
		$references += $input->money_already_moved() ? array( 'provider_reference' => $input->reference ) : array();
		// Null from create() means another request for this attempt wrote the record first.
		$donation = $this->donations->create( $attempt_id, $form, $method->provider(), $method->method(), $input->page_url, $references )
			?? $this->donations->find_by_attempt( $attempt_id );
		if ( null === $donation ) {
			throw new \RuntimeException( 'The donation row of this attempt could not be written.' );
		}
		return $donation;
	}
}
