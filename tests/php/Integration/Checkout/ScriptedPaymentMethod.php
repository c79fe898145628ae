<?php
/**
 * A way to pay whose provider answers what the test scripts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Checkout;

use DonationWidget\Checkout\FollowUpCall;
use DonationWidget\Checkout\PaymentInput;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\InvalidDonationRequest;

/**
 * Stands in for a gateway at the checkout's seam (the PaymentMethod interface): the checkout,
 * the ledger, the database and the reCAPTCHA stand-in are all real.
 */
final class ScriptedPaymentMethod implements FollowUpCall {

	/**
	 * What the provider answers next: an outcome, or a throwable to throw.
	 *
	 * @var PaymentOutcome|\Throwable
	 */
	public PaymentOutcome|\Throwable $answer;

	/**
	 * How many times the provider was asked.
	 *
	 * @var int
	 */
	public int $calls = 0;

	/**
	 * Builds the method.
	 *
	 * @param bool $available       Whether its keys are set.
	 * @param bool $browser_captures Whether the money moves in the browser first (like PayPal).
	 */
	public function __construct( public bool $available = true, public bool $browser_captures = false ) {
		$this->answer = PaymentOutcome::paid( 'ref_1' );
	}

	public function id(): string {
		return 'scripted';
	}

	public function action(): string {
		return 'scripted_payment';
	}

	public function follow_up_action(): string {
		return 'scripted_follow_up';
	}

	public function provider(): string {
		return 'scripted';
	}

	public function method(): string {
		return 'scripted';
	}

	public function is_available(): bool {
		return $this->available;
	}

	public function names(): array {
		return array( 'scripted' => 'Scripted' );
	}

	public function read( array $request, DonationForm $form ): PaymentInput {
		$token = $request['token'] ?? '';
		if ( ! is_string( $token ) || ! str_starts_with( $token, 'tok_' ) ) {
			throw new InvalidDonationRequest( array( 'token' => 'The payment details could not be read.' ) );
		}
		$continues = is_string( $request['continues'] ?? null ) ? $request['continues'] : '';
		return new PaymentInput( array( 'token' => $token ), '', $continues, $this->browser_captures ? $token : '' );
	}

	public function pay( Donation $donation, PaymentInput $input ): PaymentOutcome {
		return $this->answer();
	}

	public function replay( Donation $donation ): PaymentOutcome {
		return PaymentOutcome::paid( $donation->provider_reference() );
	}

	public function settle( Donation $donation ): PaymentOutcome {
		return $this->answer();
	}

	public function followed_payment( array $request ): string {
		return is_string( $request['paymentId'] ?? null ) ? $request['paymentId'] : '';
	}

	/**
	 * The scripted answer.
	 *
	 * @throws \Throwable When a throwable is scripted.
	 */
	private function answer(): PaymentOutcome {
		++$this->calls;
		if ( $this->answer instanceof \Throwable ) {
			throw $this->answer;
		}
		return $this->answer;
	}
}
