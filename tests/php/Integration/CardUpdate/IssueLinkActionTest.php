<?php
/**
 * The admin's donation_widget_issue_card_link action: nonce, capability, copy and email.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\CardUpdate;

use DonationWidget\CardUpdate\AuditEntry;
use DonationWidget\CardUpdate\CardUpdateAudit;
use DonationWidget\CardUpdate\CardUpdateLinks;
use DonationWidget\CardUpdate\IssueLinkController;

final class IssueLinkActionTest extends CardUpdateTestCase {

	private const HOOK = 'wp_ajax_' . CardUpdateLinks::ISSUE_ACTION;

	private function issue( array $fields ): array {
		return $this->ajax( self::HOOK, $fields + array( 'action' => CardUpdateLinks::ISSUE_ACTION ) );
	}

	public function test_the_action_is_for_signed_in_users_only(): void {
		$this->assertNotFalse( has_action( self::HOOK ) );
		$this->assertFalse( has_action( 'wp_ajax_nopriv_' . CardUpdateLinks::ISSUE_ACTION ) );
	}

	public function test_an_admin_copies_a_link(): void {
		$donor   = $this->recurring_donor();
		$user_id = $this->log_in_as( 'administrator' );

		$body = $this->issue(
			array(
				'_ajax_nonce'     => wp_create_nonce( CardUpdateLinks::ISSUE_ACTION ),
				'subscription_id' => $donor['subscription_id'],
				'delivery'        => 'copy',
			)
		);

		$this->assertTrue( $body['success'] );
		$this->assertStringStartsWith( get_permalink( $this->page_id ) . '?requestID=', $body['data']['url'] );
		$this->assertSame( $this->links()->for_subscription( $donor['subscription_id'] )[0]->expires_at, $body['data']['expires_at'] );
		$entry = $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[0];
		$this->assertSame( AuditEntry::ISSUED, $entry->event );
		$this->assertSame( 'admin: ' . wp_get_current_user()->user_login . " (#{$user_id})", $entry->actor );
		$this->assertSame( array(), $this->mailbox() );
	}

	public function test_an_admin_emails_a_link(): void {
		$donor = $this->recurring_donor();
		$this->log_in_as( 'administrator' );

		$body = $this->issue(
			array(
				'_ajax_nonce'     => wp_create_nonce( CardUpdateLinks::ISSUE_ACTION ),
				'subscription_id' => $donor['subscription_id'],
				'delivery'        => 'email',
			)
		);

		$this->assertTrue( $body['success'] );
		$this->assertTrue( $body['data']['emailed'] );
		$this->assertSame( 'jane.citizen@example.org.au', $body['data']['email'] );
		$this->assertArrayNotHasKey( 'url', $body['data'], 'an emailed link is not shown' );
		$this->assertCount( 1, $this->mailbox() );
	}

	public function test_without_a_valid_nonce_nothing_is_issued(): void {
		$donor = $this->recurring_donor();
		$this->log_in_as( 'administrator' );

		foreach ( array( null, 'wrong', wp_create_nonce( 'another_action' ) ) as $nonce ) {
			$fields = array(
				'subscription_id' => $donor['subscription_id'],
				'delivery'        => 'copy',
			);
			if ( null !== $nonce ) {
				$fields['_ajax_nonce'] = $nonce;
			}
			$body = $this->issue( $fields );
			$this->assertFalse( $body['success'] );
			$this->assertSame( 'forbidden', $body['type'] );
			$this->assertSame( 'This page has expired. Reload it and try again.', $body['data']['message'] );
		}
		$this->assertSame( array(), $this->links()->for_subscription( $donor['subscription_id'] ) );
	}

	public function test_an_editor_cannot_issue_links(): void {
		$donor = $this->recurring_donor();
		$this->log_in_as( 'editor' );

		$body = $this->issue(
			array(
				'_ajax_nonce'     => wp_create_nonce( CardUpdateLinks::ISSUE_ACTION ),
				'subscription_id' => $donor['subscription_id'],
				'delivery'        => 'copy',
			)
		);

		$this->assertSame( 'forbidden', $body['type'] );
		$this->assertSame( 'Sorry, you are not allowed to do that.', $body['data']['message'] );
		$this->assertSame( array(), $this->links()->for_subscription( $donor['subscription_id'] ) );
	}

	public function test_bad_fields_and_refusals_are_answered_in_words(): void {
		$controller = $this->service( IssueLinkController::class );
		$this->log_in_as( 'administrator' );

		$result = $controller->issue( array( 'subscription_id' => 'cus_123' ) );
		$this->assertSame( array( 400, 'validation', 'subscription_id' ), array( $result->status, $result->type(), $result->data()['field'] ) );

		$result = $controller->issue(
			array(
				'subscription_id' => 'sub_123',
				'delivery'        => 'sms',
			)
		);
		$this->assertSame( array( 400, 'delivery' ), array( $result->status, $result->data()['field'] ) );

		$result = $controller->issue(
			array(
				'subscription_id' => 'sub_notOurs',
				'delivery'        => 'copy',
			)
		);
		$this->assertSame( array( 409, 'refused', 'unknown_subscription' ), array( $result->status, $result->type(), $result->data()['reason'] ) );

		$donor = $this->recurring_donor();
		$this->set_settings( array( 'card_update_page_id' => 0 ) );
		$body = $this->issue(
			array(
				'_ajax_nonce'     => wp_create_nonce( CardUpdateLinks::ISSUE_ACTION ),
				'subscription_id' => $donor['subscription_id'],
				'delivery'        => 'email',
			)
		);
		$this->assertSame( array( 'refused', 'no_page' ), array( $body['type'], $body['data']['reason'] ) );
		$this->assertStringContainsString( 'No card-update page is set', $body['data']['message'] );
	}
}
