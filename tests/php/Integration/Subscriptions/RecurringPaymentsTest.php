<?php
/**
 * The subscription contract, as the card provider's gateway answers it: each operation reaches
 * the provider stand-in as the self-service, admin and card-update code did before it existed.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Subscriptions;

use DonationWidget\Gateways\Stripe\Subscriptions\StripeRecurringPayments;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Subscriptions\CardChange;
use DonationWidget\Subscriptions\CardDeclined;
use DonationWidget\Subscriptions\CardSetup;
use DonationWidget\Subscriptions\PaymentMethodMismatch;
use DonationWidget\Subscriptions\ProviderRefused;
use DonationWidget\Subscriptions\RecurringPayments;
use DonationWidget\Tests\Integration\CardUpdate\CardUpdateTestCase;

final class RecurringPaymentsTest extends CardUpdateTestCase {

	private function provider(): RecurringPayments {
		return $this->service( RecurringPayments::class );
	}

	public function test_the_card_provider_collects_the_subscriptions(): void {
		$this->assertInstanceOf( StripeRecurringPayments::class, $this->provider() );
		$this->assertSame( 'stripe', $this->provider()->provider() );
		$this->assertSame( 'Stripe', $this->provider()->label() );
		$this->assertTrue( $this->provider()->available() );
	}

	public function test_reading_a_subscription_gives_its_next_charge_and_card_and_only_to_its_customer(): void {
		$donor = $this->recurring_donor();
		$read  = $this->provider()->subscription( $donor['subscription_id'], $donor['customer_id'] );

		$this->assertNotNull( $read );
		$this->assertSame( $donor['subscription_id'], $read->id );
		$this->assertSame( 'active', $read->status );
		$this->assertSame( (int) $this->stripe_object( '/v1/subscriptions/' . $donor['subscription_id'] )['items']['data'][0]['current_period_end'], $read->next_charge );
		$this->assertFalse( $read->paused );
		$this->assertNotNull( $read->card );
		$this->assertSame( '4242', $read->card->last4 );
		$this->assertNull( $this->provider()->subscription( $donor['subscription_id'], 'cus_someoneElse' ) );
		$this->assertSame( '4242', $this->provider()->current_card( $donor['subscription_id'], $donor['customer_id'] )?->last4 );
		$this->assertNull( $this->provider()->current_card( $donor['subscription_id'], 'cus_someoneElse' ) );
	}

	public function test_changing_the_amount_posts_a_new_price_without_proration(): void {
		$donor = $this->recurring_donor();
		$read  = $this->provider()->subscription( $donor['subscription_id'], $donor['customer_id'] );
		$this->assertNotNull( $read );

		$this->assertTrue( $this->provider()->change_amount( $read, 4250 ) );

		$posts = $this->stripe_posts( '/v1/subscriptions/' . $donor['subscription_id'] );
		$this->assertCount( 1, $posts );
		$this->assertSame( 'none', $posts[0]['body']['proration_behavior'] );
		$this->assertSame( 4250, $this->stripe_object( '/v1/subscriptions/' . $donor['subscription_id'] )['items']['data'][0]['price']['unit_amount'] );
	}

	public function test_skip_pause_and_resume_move_the_next_charge(): void {
		$donor = $this->recurring_donor();
		$sub   = $donor['subscription_id'];
		$read  = $this->provider()->subscription( $sub, $donor['customer_id'] );
		$this->assertNotNull( $read );
		$next = $read->next_charge + 28 * DAY_IN_SECONDS;

		$this->provider()->skip_next( $sub, $next );
		$this->assertSame( (string) $next, (string) $this->stripe_posts( '/v1/subscriptions/' . $sub )[0]['body']['trial_end'] );

		$resumes = $next + DAY_IN_SECONDS;
		$this->provider()->pause( $sub, $resumes );
		$this->assertSame( $resumes, (int) $this->stripe_object( '/v1/subscriptions/' . $sub )['pause_collection']['resumes_at'] );
		$paused = $this->provider()->subscription( $sub, $donor['customer_id'] );
		$this->assertNotNull( $paused );
		$this->assertTrue( $paused->paused );

		$this->provider()->resume( $sub );
		$this->assertNull( $this->stripe_object( '/v1/subscriptions/' . $sub )['pause_collection'] );
		$this->assertCount( 3, $this->stripe_posts( '/v1/subscriptions/' . $sub ) );
	}

	public function test_cancelling_deletes_it_with_the_reason(): void {
		$donor = $this->recurring_donor();
		$this->provider()->cancel( $donor['subscription_id'], 'Moving overseas' );

		$this->assertCount( 1, $this->provider_requests( 'stripe', '/v1/subscriptions/' . $donor['subscription_id'], 'DELETE' ) );
		$at_provider = $this->stripe_object( '/v1/subscriptions/' . $donor['subscription_id'] );
		$this->assertSame( 'canceled', $at_provider['status'] );
		$this->assertSame( 'Moving overseas', $at_provider['cancellation_details']['comment'] );
	}

	public function test_refusals_and_outages_leave_as_the_domains_errors(): void {
		$donor = $this->recurring_donor();
		try {
			$this->provider()->cancel( 'sub_neverMadeHere' );
			$this->fail( 'a missing subscription is refused' );
		} catch ( ProviderRefused $refused ) {
			$this->assertSame( ProviderRefused::MISSING, $refused->error_code );
		}
		$this->queue(
			'stripe',
			'server_error',
			array(
				'path'   => '/v1/subscriptions/' . $donor['subscription_id'],
				'method' => 'POST',
				'times'  => 3,
			)
		);
		$this->expectException( ProviderUnavailable::class );
		$this->provider()->resume( $donor['subscription_id'] );
	}

	public function test_replacing_the_card_saves_it_makes_it_the_default_and_checks_the_customer(): void {
		$donor  = $this->recurring_donor();
		$change = new CardChange( 987, $donor['subscription_id'], $donor['customer_id'] );

		$setup = $this->provider()->save_card( $change, 'pm_card_mastercard' );
		$this->assertSame( CardSetup::SUCCEEDED, $setup->status() );
		$this->assertSame( '4444', $setup->card()?->last4 );
		$this->assertCount( 1, $this->stripe_posts( '/v1/setup_intents' ) );

		$this->assertSame( 'active', $this->provider()->make_default( $change, $setup->payment_method_id() ) );
		$this->assertSame( '4444', $this->provider()->current_card( $donor['subscription_id'], $donor['customer_id'] )?->last4 );
		$this->assertNull( $this->provider()->collect_missed( $change, $setup->payment_method_id(), 'active' ), 'nothing was missed' );

		try {
			$this->provider()->make_default( new CardChange( 987, $donor['subscription_id'], 'cus_someoneElse' ), $setup->payment_method_id() );
			$this->fail( 'another customer\'s subscription is refused' );
		} catch ( PaymentMethodMismatch $mismatch ) {
			$this->assertStringContainsString( $donor['subscription_id'], $mismatch->getMessage() );
		}
		$this->expectException( PaymentMethodMismatch::class );
		$this->provider()->authenticated_card( new CardChange( 988, $donor['subscription_id'], $donor['customer_id'] ), $setup->id() );
	}

	public function test_a_declined_card_is_a_card_decline(): void {
		$donor = $this->recurring_donor();
		$this->expectException( CardDeclined::class );
		$this->provider()->save_card( new CardChange( 989, $donor['subscription_id'], $donor['customer_id'] ), 'pm_card_chargeDeclined' );
	}
}
