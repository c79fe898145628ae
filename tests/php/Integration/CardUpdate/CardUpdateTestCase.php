<?php
/**
 * Base for card-update tests: a recurring donor made through the plugin's own payment code
 * against the Stripe stand-in, links, the two public calls, webhooks and the mailbox.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\CardUpdate;

use DonationWidget\CardUpdate\CardUpdateController;
use DonationWidget\CardUpdate\CardUpdateLinks;
use DonationWidget\CardUpdate\IssuedLink;
use DonationWidget\Database\Schema;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Tests\Integration\PaymentTestCase;

abstract class CardUpdateTestCase extends PaymentTestCase {

	protected const ADMIN = 'admin: tester (#1)';

	protected int $page_id = 0;

	protected function setUp(): void {
		parent::setUp();
		delete_option( 'donation_widget_test_mailbox' );
		$this->page_id = (int) wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_name'    => 'update-card-tests',
				'post_title'   => 'Update your card',
				'post_content' => '<!-- wp:donation-widget/donation-widget {"widgetType":"update-card"} /-->',
			)
		);
		$this->set_settings(
			array(
				'card_update_page_id'        => $this->page_id,
				'card_update_link_hours'     => 72,
				'organisation_name'          => 'Helping Hands Australia',
				'supporter_phone'            => '1800 123 456',
				'supporter_email'            => 'supporters@example.org.au',
				'receipt_from_name'          => 'Helping Hands Australia',
				'receipt_from_email'         => 'receipts@example.org.au',
				// These tests read the card-update emails; receipts have tests of their own.
				'receipt_send_automatically' => false,
			)
		);
	}

	protected function links(): CardUpdateLinks {
		return $this->service( CardUpdateLinks::class );
	}

	protected function controller(): CardUpdateController {
		return $this->service( CardUpdateController::class );
	}

	/**
	 * A 4-weekly donor, made by the plugin's card payment call.
	 *
	 * @param array $form formData overrides.
	 * @return array<string, string> The first donation's row.
	 */
	protected function recurring_donor( array $form = array() ): array {
		$request = $this->card_request( array(), array( 'frequency' => '4weekly' ) + $form );
		$this->assertAnswer( 200, '', $this->payment_call( 'process_payment_method', $request ) );
		$row = $this->donation_row( $request['attemptId'] );
		$this->assertNotNull( $row );
		return $row;
	}

	protected function token_of( IssuedLink $issued ): string {
		$query = (string) wp_parse_url( $issued->url, PHP_URL_QUERY );
		parse_str( $query, $params );
		$this->assertIsString( $params['requestID'] ?? null, $issued->url );
		return $params['requestID'];
	}

	protected function issue_token( string $subscription_id ): string {
		return $this->token_of( $this->links()->issue( $subscription_id, self::ADMIN ) );
	}

	protected function check( mixed $token ): AjaxResult {
		return $this->controller()->request_id( array( 'id' => $token ) );
	}

	/**
	 * A process_update_card request.
	 *
	 * @param array $overrides Fields to change; null removes one.
	 */
	protected function update( string $token, array $overrides = array() ): AjaxResult {
		$fields = array_merge(
			array(
				'id'       => $token,
				'token'    => 'pm_card_mastercard',
				'cardId'   => 'pm_card_mastercard',
				'formData' => (string) wp_json_encode( array( 'nameOnCard' => "Jane O'Brien-Citizen" ) ),
			),
			$overrides
		);
		return $this->controller()->update_card( array_filter( $fields, static fn ( $value ): bool => null !== $value ) );
	}

	/**
	 * A Stripe object from the stand-in, as the secret key sees it.
	 *
	 * @return array<string, mixed>
	 */
	protected function stripe_object( string $path, array $query = array() ): array {
		return $this->stripe( 'GET', $path, $query, self::SECRET_KEY );
	}

	/**
	 * The PaymentMethod a subscription is charged to now.
	 */
	protected function subscription_card( string $subscription_id ): string {
		return (string) $this->stripe_object( '/v1/subscriptions/' . $subscription_id )['default_payment_method'];
	}

	/**
	 * Finishes (or fails) 3-D Secure on a SetupIntent, as the bank's page would.
	 *
	 * @return array<string, mixed>
	 */
	protected function complete_setup_3ds( string $client_secret, string $outcome = 'succeed' ): array {
		$intent_id = substr( $client_secret, 0, (int) strpos( $client_secret, '_secret_' ) );
		return $this->stripe(
			'POST',
			"/v1/setup_intents/{$intent_id}/confirm",
			array(
				'client_secret' => $client_secret,
				'stand_in_3ds'  => $outcome,
			)
		);
	}

	/**
	 * The next renewal of a subscription fails at the stand-in; its invoice.payment_failed event
	 * is delivered to the site's webhook.
	 *
	 * @return array<string, mixed> The stand-in's answer: subscription, invoice, payment_intent, event.
	 */
	protected function fail_renewal( string $subscription_id, bool $deliver = true ): array {
		$renewal = $this->control(
			'POST',
			'/__control/stripe/advance',
			array(
				'subscription' => $subscription_id,
				'action'       => 'renewal_failed',
				'decline_code' => 'expired_card',
			)
		)['body'];
		$this->assertIsArray( $renewal );
		$this->assertSame( 'invoice.payment_failed', $renewal['event']['type'] );
		if ( $deliver ) {
			$this->assertSame( 200, $this->deliver( $renewal['event'] )->get_status() );
			// The webhook queues the donor's email; WP-Cron's mail worker sends it moments later.
			$this->run_mail_queue();
		}
		return $renewal;
	}

	/**
	 * The emails the site sent during the test.
	 *
	 * @return list<array<string, mixed>>
	 */
	protected function mailbox(): array {
		return array_values( (array) get_option( 'donation_widget_test_mailbox', array() ) );
	}

	/**
	 * A link's stored row.
	 *
	 * @return array<string, string|null>
	 */
	protected function link_row( int $link_id ): array {
		global $wpdb;
		$table = Schema::table( 'card_update_links' );
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE id = %d", $link_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->assertIsArray( $row );
		return $row;
	}

	/**
	 * Moves a link's expiry (UTC) to a given Unix time.
	 */
	protected function expire_at( int $link_id, int $time ): void {
		global $wpdb;
		$wpdb->update( Schema::table( 'card_update_links' ), array( 'expires_at' => gmdate( 'Y-m-d H:i:s', $time ) ), array( 'id' => $link_id ) );
	}

	/**
	 * The audit of a subscription, oldest first, as "event" or "event: detail".
	 *
	 * @return list<string>
	 */
	protected function audit_events( string $subscription_id ): array {
		global $wpdb;
		$table = Schema::table( 'card_update_audit' );
		return array_map( 'strval', $wpdb->get_col( $wpdb->prepare( "SELECT event FROM {$table} WHERE subscription_id = %s ORDER BY id ASC", $subscription_id ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	/**
	 * Audit rows that name no subscription (refused ids that matched no link).
	 *
	 * @return list<array<string, string|null>>
	 */
	protected function orphan_audit_rows(): array {
		global $wpdb;
		$table = Schema::table( 'card_update_audit' );
		return $wpdb->get_results( "SELECT * FROM {$table} WHERE subscription_id = '' ORDER BY id ASC", ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

}
