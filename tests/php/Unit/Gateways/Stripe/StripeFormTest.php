<?php
/**
 * Stripe's bracket-notation form encoding.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Gateways\Stripe;

use DonationWidget\Donations\Money;
use DonationWidget\Gateways\Stripe\PaymentIntent;
use DonationWidget\Gateways\Stripe\StripeForm;
use PHPUnit\Framework\TestCase;

final class StripeFormTest extends TestCase {

	public function test_nested_parameters_use_brackets_and_booleans_are_words(): void {
		$encoded = StripeForm::encode(
			array(
				'amount'   => 5250,
				'confirm'  => true,
				'livemode' => false,
				'skipped'  => null,
				'metadata' => array( 'utm_campaign' => 'Winter & Spring' ),
				'items'    => array(
					array(
						'price_data' => array(
							'recurring' => array(
								'interval'       => 'week',
								'interval_count' => 4,
							),
						),
					),
				),
				'expand'   => array( 'latest_invoice.payment_intent' ),
			)
		);

		$this->assertSame(
			'amount=5250&confirm=true&livemode=false&metadata[utm_campaign]=Winter%20%26%20Spring'
			. '&items[0][price_data][recurring][interval]=week&items[0][price_data][recurring][interval_count]=4'
			. '&expand[0]=latest_invoice.payment_intent',
			$encoded
		);
	}

	public function test_keys_and_values_are_escaped(): void {
		$this->assertSame( 'metadata[a%3Db]=x%26y%3Dz', StripeForm::encode( array( 'metadata' => array( 'a=b' => 'x&y=z' ) ) ) );
	}

	/**
	 * @return array<string, array{int, string}>
	 */
	public static function amounts(): array {
		return array(
			'zero cents'  => array( 500, '5.00' ),
			'some cents'  => array( 5250, '52.50' ),
			'one cent'    => array( 1001, '10.01' ),
			'the maximum' => array( 99999999, '999999.99' ),
		);
	}

	/**
	 * @dataProvider amounts
	 */
	public function test_money_converts_both_ways( int $cents, string $dollars ): void {
		$this->assertSame( $dollars, Money::dollars( $cents ) );
		$this->assertSame( $cents, Money::cents( $dollars ) );
	}

	public function test_a_payment_intent_id_is_read_from_its_client_secret(): void {
		$this->assertSame( 'pi_3AbC', PaymentIntent::id_from_client_secret( 'pi_3AbC_secret_xyz' ) );
		$this->assertSame( '', PaymentIntent::id_from_client_secret( 'nonsense' ) );
	}

	public function test_the_wallet_of_an_expanded_charge_is_the_method(): void {
		$intent = new PaymentIntent(
			array(
				'payment_method_types' => array( 'card', 'link' ),
				'latest_charge'        => array(
					'id'                     => 'ch_1',
					'payment_method_details' => array(
						'type' => 'card',
						'card' => array( 'wallet' => array( 'type' => 'apple_pay' ) ),
					),
				),
			)
		);
		$this->assertSame( 'apple_pay', $intent->method() );
		$this->assertSame( 'ch_1', $intent->latest_charge_id() );
		$this->assertSame( 'card', ( new PaymentIntent( array( 'payment_method_types' => array( 'card', 'link' ) ) ) )->method() );
		$this->assertSame( 'link', ( new PaymentIntent( array( 'latest_charge' => array( 'payment_method_details' => array( 'type' => 'link' ) ) ) ) )->method() );
	}
}
