<?php
/**
 * Per docs/widget-contract.md#7-the-calls-it-makes call 7: process_paypal_payment.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\DonationLedger;
use DonationWidget\Checkout\OpeningCall;
use DonationWidget\Checkout\PaymentInput;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Checkout\PaymentRequest;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Donations\Money;
use DonationWidget\Http\ProviderUnavailable;

/**
 * A one-off PayPal donation. The browser captured the order itself and sends only the capture
 * id, which proves nothing: the capture is read back from PayPal and must belong to an order
 * this widget made for this attempt (its invoice_id is the attemptId; for an opened record, its
 * order is the one named), be COMPLETED, in AUD, for exactly the donation's total, and never
 * recorded for another donation before (a UNIQUE key in the database settles that, even between
 * servers). Any other capture on the charity's account (a gala ticket, a raffle) is refused and
 * never receipted, and one that is not the attempt's gets no record of its own.
 *
 * Before that, as soon as the browser has created the order (and before the donor can approve
 * it), the opening call open_paypal_order writes the attempt's pending record holding the order
 * id (payment_intent_id, the provider payment column). The order carries the attemptId as its
 * invoice_id. So a capture the browser never reports is still found: by the reconciliation pass
 * (settle() reads the order), or by PayPal's PAYMENT.CAPTURE.COMPLETED webhook.
 */
final class PayPalPayment implements OpeningCall {

	private const CAPTURE_ID_PATTERN = '/^[A-Za-z0-9]{5,40}$/';

	private const ORDER_ID_PATTERN = '/^[A-Za-z0-9]{5,40}$/';

	/**
	 * Builds the method.
	 *
	 * @param PayPalClient   $paypal PayPal.
	 * @param DonationLedger $ledger To claim the capture for one donation.
	 */
	public function __construct(
		private readonly PayPalClient $paypal,
		private readonly DonationLedger $ledger
	) {
	}

	/**
	 * The capture belongs_to() read, for the paying call of the same request to use rather than
	 * ask PayPal twice. Only this request's; never shared.
	 *
	 * @var PayPalCapture|null
	 */
	private ?PayPalCapture $just_read = null;

	/**
	 * {@inheritDoc}
	 */
	public function id(): string {
		return 'paypal';
	}

	/**
	 * {@inheritDoc}
	 */
	public function action(): string {
		return 'process_paypal_payment';
	}

	/**
	 * {@inheritDoc}
	 */
	public function open_action(): string {
		return 'open_paypal_order';
	}

	/**
	 * Field orderId: the order the browser created. PayPal is for one-off donations only.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @param DonationForm         $form    The checked formData.
	 * @throws InvalidDonationRequest When the order id is malformed, or formData is 4-weekly.
	 */
	public function opened_payment( array $request, DonationForm $form ): string {
		$order_id = PaymentRequest::provider_id( $request, 'orderId', self::ORDER_ID_PATTERN );
		if ( $form->is_four_weekly() ) {
			throw new InvalidDonationRequest( array( 'formData.frequency' => esc_html__( 'PayPal is for one-off donations only.', 'donation-widget' ) ) );
		}
		return $order_id;
	}

	/**
	 * {@inheritDoc}
	 */
	public function provider(): string {
		return PayPalGateway::ID;
	}

	/**
	 * {@inheritDoc}
	 */
	public function method(): string {
		return 'paypal';
	}

	/**
	 * {@inheritDoc}
	 */
	public function is_available(): bool {
		return $this->paypal->is_configured();
	}

	/**
	 * {@inheritDoc}
	 */
	public function names(): array {
		return array( 'paypal' => __( 'PayPal', 'donation-widget' ) );
	}

	/**
	 * Field transaction_id: the capture id. PayPal is for one-off donations only.
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @param DonationForm         $form    The checked formData.
	 * @throws InvalidDonationRequest When the capture id is malformed, or formData is 4-weekly.
	 */
	public function read( array $request, DonationForm $form ): PaymentInput {
		$capture_id = PaymentRequest::provider_id( $request, 'transaction_id', self::CAPTURE_ID_PATTERN );
		if ( $form->is_four_weekly() ) {
			throw new InvalidDonationRequest( array( 'formData.frequency' => esc_html__( 'PayPal is for one-off donations only.', 'donation-widget' ) ) );
		}
		return new PaymentInput( reference: $capture_id );
	}

	/**
	 * Whether the capture the browser named was made by this widget for this attempt: its order
	 * carries the attemptId as invoice_id.
	 *
	 * @param string       $attempt_id The attemptId.
	 * @param PaymentInput $input      The capture id the browser sent.
	 * @throws ProviderUnavailable When PayPal cannot tell now.
	 */
	public function belongs_to( string $attempt_id, PaymentInput $input ): bool {
		$capture         = $this->paypal->capture( $input->reference );
		$this->just_read = $capture;
		return null !== $capture && self::same_attempt( $capture->invoice_id(), $attempt_id );
	}

	/**
	 * Reads the capture from PayPal; the donation is paid only if it checks out (verify()).
	 *
	 * @param Donation     $donation The attempt's donation (pending).
	 * @param PaymentInput $input    The capture id the browser sent.
	 */
	public function pay( Donation $donation, PaymentInput $input ): PaymentOutcome {
		$capture_id      = $input->reference;
		$capture         = null !== $this->just_read && $capture_id === $this->just_read->id() ? $this->just_read : $this->paypal->capture( $capture_id );
		$this->just_read = null;
		if ( null === $capture ) {
			return PaymentOutcome::not_verified( 'capture_not_found', self::not_confirmed(), "PayPal has no capture {$capture_id} for this account.", $capture_id );
		}
		return $this->verify( $donation, $capture );
	}

	/**
	 * What a capture read from PayPal means for a donation, for the browser's call, the webhook
	 * and the reconciliation pass alike:
	 *
	 * - not made by this widget for this attempt (another order, another invoice_id): foreign,
	 *   never recorded as this donation's, whatever its state;
	 * - pending: still being processed; declined or failed: declined;
	 * - completed, but not for the donation's total in AUD: held for review (the charity holds
	 *   the money; no receipt, never "failed");
	 * - completed and matching: paid, once the capture is claimed for this donation alone.
	 *
	 * @param Donation      $donation The donation.
	 * @param PayPalCapture $capture  PayPal's copy of the capture.
	 */
	public function verify( Donation $donation, PayPalCapture $capture ): PaymentOutcome {
		$capture_id = $capture->id();
		$order_id   = $donation->payment_intent_id();
		if ( ! self::same_attempt( $capture->invoice_id(), $donation->attempt_id() ) || ( '' !== $order_id && $capture->order_id() !== $order_id ) ) {
			return PaymentOutcome::foreign( "PayPal capture {$capture_id} (order {$capture->order_id()}, invoice_id '{$capture->invoice_id()}') was not made for attempt {$donation->attempt_id()}" . ( '' !== $order_id ? " and order {$order_id}." : '.' ) );
		}
		$status = $capture->status();
		if ( PayPalCapture::PENDING === $status ) {
			// Not refused: PayPal may still complete it. The record stays pending with the reason.
			return PaymentOutcome::processing( __( 'PayPal is still processing your payment. We will email your receipt once it is complete.', 'donation-widget' ), note: 'capture_pending: ' . $capture->status_reason(), reference: $capture_id );
		}
		if ( PayPalCapture::DECLINED === $status || PayPalCapture::FAILED === $status ) {
			return PaymentOutcome::declined( 'capture_declined', __( 'Your PayPal payment was declined. Please try another payment method.', 'donation-widget' ), "PayPal capture {$capture_id} is {$status}.", reference: $capture_id );
		}
		if ( PayPalCapture::COMPLETED !== $status ) {
			return PaymentOutcome::not_verified( 'capture_not_completed', self::not_confirmed(), "PayPal capture {$capture_id} is {$status}.", $capture_id );
		}

		$value = $capture->value();
		if ( DonationForm::CURRENCY !== $capture->currency() || ! preg_match( '/^[0-9]{1,9}(\.[0-9]{1,2})?$/D', $value ) || Money::cents( $value ) !== $donation->total_cents() ) {
			return PaymentOutcome::held( 'amount_mismatch', "PayPal captured {$value} {$capture->currency()}; the donation is " . Money::dollars( $donation->total_cents() ) . ' ' . DonationForm::CURRENCY . '.', $capture_id );
		}
		if ( ! $this->ledger->claim_reference( $donation, $capture_id ) ) {
			$holder = $this->ledger->find_by_reference( PayPalGateway::ID, $capture_id );
			return PaymentOutcome::conflict( __( 'This PayPal payment has already been recorded.', 'donation-widget' ), 'already_recorded', "PayPal capture {$capture_id} is already recorded for donation #" . ( null !== $holder ? $holder->id() : 0 ) . '.' );
		}
		return PaymentOutcome::paid( $capture_id );
	}

	/**
	 * Whether an invoice_id is the attemptId (UUIDs, compared without case).
	 *
	 * @param string $invoice_id The capture's or order's invoice_id.
	 * @param string $attempt_id The attemptId.
	 */
	private static function same_attempt( string $invoice_id, string $attempt_id ): bool {
		return '' !== $invoice_id && strtolower( $invoice_id ) === strtolower( $attempt_id );
	}

	/**
	 * The donor's words when a capture does not check out.
	 */
	private static function not_confirmed(): string {
		return __( 'We could not confirm your PayPal payment. Please contact us before trying again.', 'donation-widget' );
	}

	/**
	 * The outcome already recorded, for a retry of the attempt.
	 *
	 * @param Donation $donation A settled PayPal donation.
	 */
	public function replay( Donation $donation ): PaymentOutcome {
		if ( DonationStatus::REVIEW === $donation->status() ) {
			return PaymentOutcome::held( $donation->failure_code(), $donation->failure_message(), $donation->provider_reference() );
		}
		if ( DonationStatus::FAILED === $donation->status() ) {
			return PaymentOutcome::declined( $donation->failure_code(), __( 'We could not confirm your PayPal payment. Please contact us before trying again.', 'donation-widget' ), $donation->failure_message() );
		}
		return PaymentOutcome::paid( $donation->provider_reference() );
	}

	/**
	 * Where the payment stands now: the capture the browser reported, else the order the
	 * opening call kept (its capture made but never reported, or the donor still to approve).
	 *
	 * @param Donation $donation An open PayPal donation.
	 */
	public function settle( Donation $donation ): PaymentOutcome {
		$order_id = $donation->payment_intent_id();
		if ( '' !== $donation->provider_reference() || '' === $order_id ) {
			return $this->pay( $donation, new PaymentInput( reference: $donation->provider_reference() ) );
		}
		$order = $this->paypal->order( $order_id );
		if ( null === $order ) {
			// PayPal does not know it (never approved, and expired; or never created).
			return PaymentOutcome::not_found();
		}
		if ( ! self::same_attempt( $order->invoice_id(), $donation->attempt_id() ) ) {
			// An order id the browser named that this widget did not make for this attempt.
			return PaymentOutcome::foreign( "PayPal order {$order_id} has invoice_id '{$order->invoice_id()}', not attempt {$donation->attempt_id()}." );
		}
		$capture = $order->capture();
		if ( null === $capture ) {
			// CREATED, APPROVED, VOIDED …: nothing is paid until the donor (and the browser) acts.
			return PaymentOutcome::processing( '', $order_id, "order_{$order->status()}: PayPal order {$order_id} has no capture.", true );
		}
		return $this->verify( $donation, $capture );
	}
}
