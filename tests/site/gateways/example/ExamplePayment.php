<?php
/**
 * Example Pay's one way to pay.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Site\Gateways\Example;

use DonationWidget\Checkout\PaymentInput;
use DonationWidget\Checkout\PaymentMethod;
use DonationWidget\Checkout\PaymentOutcome;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationForm;

/**
 * Offered once the account ID is set; "paying" takes no money and answers paid at once.
 */
final class ExamplePayment implements PaymentMethod {

	/**
	 * Builds the method.
	 *
	 * @param ExampleGateway $gateway Its gateway, for its settings.
	 */
	public function __construct( private readonly ExampleGateway $gateway ) {
	}

	/**
	 * {@inheritDoc}
	 */
	public function id(): string {
		return 'example';
	}

	/**
	 * {@inheritDoc}
	 */
	public function action(): string {
		return 'make_example_payment';
	}

	/**
	 * {@inheritDoc}
	 */
	public function provider(): string {
		return ExampleGateway::ID;
	}

	/**
	 * {@inheritDoc}
	 */
	public function method(): string {
		return 'example';
	}

	/**
	 * {@inheritDoc}
	 */
	public function is_available(): bool {
		return '' !== $this->gateway->value( 'example_account_id' );
	}

	/**
	 * {@inheritDoc}
	 */
	public function names(): array {
		return array( 'example' => 'Example Pay' );
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param array<string, mixed> $request POST fields.
	 * @param DonationForm         $form    The checked formData.
	 */
	public function read( array $request, DonationForm $form ): PaymentInput {
		return new PaymentInput();
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param Donation     $donation The attempt's donation.
	 * @param PaymentInput $input    What the browser sent.
	 */
	public function pay( Donation $donation, PaymentInput $input ): PaymentOutcome {
		return PaymentOutcome::paid( 'ex_' . $donation->id() );
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param Donation $donation A settled donation.
	 */
	public function replay( Donation $donation ): PaymentOutcome {
		return PaymentOutcome::paid( 'ex_' . $donation->id() );
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param Donation $donation An open donation.
	 */
	public function settle( Donation $donation ): PaymentOutcome {
		return PaymentOutcome::paid( 'ex_' . $donation->id() );
	}
}
