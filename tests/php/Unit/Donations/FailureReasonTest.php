<?php
/**
 * Why a payment failed, as staff read it: the charity's words and the provider's code, never the
 * provider's own message.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Donations;

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\FailureReason;
use PHPUnit\Framework\TestCase;

final class FailureReasonTest extends TestCase {

	private static function failed( string $reason ): Donation {
		return Donation::from_row(
			array(
				'status'         => 'failed',
				'failure_reason' => $reason,
			)
		);
	}

	/**
	 * @return array<string, array{string, string}>
	 */
	public static function reasons(): array {
		return array(
			'a failed 3-D Secure'         => array( 'payment_intent_authentication_failure: The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.', 'The donor did not pass their bank\'s 3-D Secure check.' ),
			'a plain decline'             => array( 'card_declined: Your card was declined.', 'The donor\'s bank declined the payment.' ),
			'no funds'                    => array( 'insufficient_funds: Your card has insufficient funds.', 'The donor\'s account did not have enough funds (or reached its limit).' ),
			'a stolen card'               => array( 'stolen_card: Your card was declined.', 'The bank refused the card as lost, stolen or suspected fraud.' ),
			'a bounced debit'             => array( 'account_closed: The bank account has been closed.', 'The bank account could not be debited.' ),
			'the provider did not answer' => array( 'provider_unavailable: stripe: timeout: cURL error 28: Operation timed out after 1001 milliseconds', 'The payment provider did not answer in time. The site checks this payment again by itself.' ),
			'a code nobody listed'        => array( 'something_new: Stripe said something new.', 'The payment did not go through.' ),
		);
	}

	/**
	 * @dataProvider reasons
	 */
	public function test_staff_read_the_charitys_words_and_the_code_never_the_providers_text( string $reason, string $words ): void {
		$donation = self::failed( $reason );
		$code     = $donation->failure_code();

		$this->assertSame( $words, FailureReason::text( $donation ) );
		$this->assertSame( esc_html( $words ) . ' <code>' . $code . '</code>', FailureReason::html( $donation ) );
		$this->assertStringNotContainsString( $donation->failure_message(), FailureReason::html( $donation ) );
	}

	public function test_the_plugins_own_detail_is_kept_for_staff(): void {
		$donation = self::failed( 'amount_mismatch: The wallet provider captured 5.00 AUD; the donation is 52.50 AUD.' );

		$this->assertSame( 'The payment named does not match this donation. The wallet provider captured 5.00 AUD; the donation is 52.50 AUD.', FailureReason::text( $donation ) );
	}

	public function test_a_donation_without_a_reason_has_no_words(): void {
		$this->assertSame( '', FailureReason::html( Donation::from_row( array( 'status' => 'succeeded' ) ) ) );
	}
}
