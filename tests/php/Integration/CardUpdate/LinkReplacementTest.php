<?php
/**
 * Copy, then Email, in the admin: which link works afterwards, and what the history says, in
 * the site's time zone.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\CardUpdate;

use DonationWidget\CardUpdate\CardUpdateHistory;
use DonationWidget\CardUpdate\CardUpdateLink;
use DonationWidget\CardUpdate\CardUpdateLinks;

final class LinkReplacementTest extends CardUpdateTestCase {

	private const HOOK = 'wp_ajax_' . CardUpdateLinks::ISSUE_ACTION;

	protected function setUp(): void {
		parent::setUp();
		update_option( 'timezone_string', 'Australia/Sydney' );
		update_option( 'date_format', 'j F Y' );
		update_option( 'time_format', 'g:i a' );
		$this->log_in_as( 'administrator' );
	}

	/**
	 * Presses a button of the panel.
	 *
	 * @param string $subscription_id sub_… id.
	 * @param string $delivery        copy or email.
	 * @param string $request_id      The copied link's requestID, for email.
	 */
	private function press( string $subscription_id, string $delivery, string $request_id = '' ): array {
		$fields = array(
			'action'          => CardUpdateLinks::ISSUE_ACTION,
			'_ajax_nonce'     => wp_create_nonce( CardUpdateLinks::ISSUE_ACTION ),
			'subscription_id' => $subscription_id,
			'delivery'        => $delivery,
		);
		if ( '' !== $request_id ) {
			$fields['request_id'] = $request_id;
		}
		return $this->ajax( self::HOOK, $fields );
	}

	private function request_id( string $url ): string {
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $query );
		return (string) $query['requestID'];
	}

	private function statuses( string $subscription_id ): array {
		return array_map( static fn ( CardUpdateLink $link ): string => $link->status(), $this->links()->for_subscription( $subscription_id ) );
	}

	private function site_time( string $utc ): string {
		return wp_date( 'j F Y g:i a', (int) strtotime( $utc . ' UTC' ) );
	}

	public function test_email_after_copy_sends_the_copied_link_which_keeps_working(): void {
		$donor  = $this->recurring_donor();
		$copied = $this->press( $donor['subscription_id'], 'copy' );
		$token  = $this->request_id( $copied['data']['url'] );
		$this->expire_at( $copied['data']['link_id'], time() + 5 * HOUR_IN_SECONDS - 60 );

		$emailed = $this->press( $donor['subscription_id'], 'email', $token );

		$this->assertTrue( $emailed['success'] );
		$this->assertTrue( $emailed['data']['reused'] );
		$this->assertSame( $copied['data']['link_id'], $emailed['data']['link_id'] );
		$this->assertSame( array( CardUpdateLink::ACTIVE ), $this->statuses( $donor['subscription_id'] ), 'no second link, nothing revoked' );
		$mail = $this->mailbox();
		$this->assertCount( 1, $mail );
		$this->assertStringContainsString( $copied['data']['url'], $mail[0]['text'], 'the email carries the copied link itself' );
		$this->assertStringContainsString( '5 hours', $mail[0]['text'], 'the email gives the time the copied link has left' );
		$this->assertTrue( $this->check( $token )->is_success(), 'the copied link still opens the form' );
		$this->assertSame( array( 'Link emailed to the donor', 'Link issued' ), array_column( $emailed['data']['history'], 'what' ) );
	}

	public function test_without_the_copied_link_email_issues_a_new_one_and_the_old_one_stops(): void {
		$donor  = $this->recurring_donor();
		$copied = $this->press( $donor['subscription_id'], 'copy' );

		$emailed = $this->press( $donor['subscription_id'], 'email' );

		$this->assertFalse( $emailed['data']['reused'] );
		$this->assertNotSame( $copied['data']['link_id'], $emailed['data']['link_id'] );
		$this->assertSame( array( CardUpdateLink::ACTIVE, CardUpdateLink::REVOKED ), $this->statuses( $donor['subscription_id'] ) );
		$this->assertFalse( $this->check( $this->request_id( $copied['data']['url'] ) )->is_success() );
		$this->assertSame( 'Link revoked (a newer link was issued)', $emailed['data']['history'][1]['what'] );
	}

	public function test_a_copied_link_that_no_longer_works_or_belongs_elsewhere_is_never_emailed(): void {
		$donor = $this->recurring_donor();
		$other = $this->recurring_donor();
		$first = $this->press( $donor['subscription_id'], 'copy' );
		$this->press( $donor['subscription_id'], 'copy' );

		// The first copy was revoked by the second: Email issues a fresh link instead.
		$revoked = $this->press( $donor['subscription_id'], 'email', $this->request_id( $first['data']['url'] ) );
		$this->assertFalse( $revoked['data']['reused'] );
		$this->assertStringNotContainsString( $first['data']['url'], $this->mailbox()[0]['text'] );

		// A link of another donor's subscription is never sent to this donor.
		$theirs  = $this->press( $other['subscription_id'], 'copy' );
		$crossed = $this->press( $donor['subscription_id'], 'email', $this->request_id( $theirs['data']['url'] ) );
		$this->assertFalse( $crossed['data']['reused'] );
		$this->assertStringNotContainsString( $theirs['data']['url'], $this->mailbox()[1]['text'] );
		$this->assertSame( CardUpdateLink::ACTIVE, $this->statuses( $other['subscription_id'] )[0] );
	}

	public function test_the_answer_and_the_screen_give_times_in_the_site_time_zone(): void {
		$donor  = $this->recurring_donor();
		$copied = $this->press( $donor['subscription_id'], 'copy' );
		$link   = $this->links()->for_subscription( $donor['subscription_id'] )[0];
		$expiry = $this->site_time( $link->expires_at );
		$this->assertNotSame( gmdate( 'j F Y g:i a', $link->expires_timestamp() ), $expiry, 'Sydney is never at UTC' );

		$row = $copied['data']['history'][0];
		$this->assertSame( 'Link issued', $row['what'] );
		$this->assertSame( "Link #{$link->id}; expires {$expiry}", $row['detail'] );
		$this->assertSame( $this->site_time( $link->created_at ), $row['when'] );
		$this->assertSame( "Link #{$link->id} works until {$expiry}. Issuing a new link stops it working.", $copied['data']['live'] );
		$this->assertStringContainsString( "Link #{$link->id} still works until {$expiry}.", $copied['data']['question'] );

		ob_start();
		$this->service( \DonationWidget\Admin\Subscriptions\CardUpdatePanel::class )->render(
			$this->service( \DonationWidget\Admin\Subscriptions\SubscriptionQuery::class )->find( $donor['subscription_id'] )
		);
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( esc_html( "Link #{$link->id}; expires {$expiry}" ), $html );
		$this->assertStringNotContainsString( 'UTC', $html );
		$this->assertStringNotContainsString( 'No card-update link has been issued</td>', $html );
	}

	public function test_a_renewal_link_names_its_invoice_and_site_time(): void {
		$donor   = $this->recurring_donor();
		$renewal = $this->fail_renewal( $donor['subscription_id'] );
		$link    = $this->links()->for_subscription( $donor['subscription_id'] )[0];

		$rows = $this->service( CardUpdateHistory::class )->rows( $donor['subscription_id'] );

		$issued = array_values( array_filter( $rows, static fn ( array $row ): bool => 'Link issued' === $row['what'] ) );
		$this->assertSame(
			"Link #{$link->id}, after renewal {$renewal['invoice']['id']} failed; expires " . $this->site_time( $link->expires_at ),
			$issued[0]['detail']
		);
	}

	public function test_with_no_link_the_panel_says_so_and_asks_nothing(): void {
		$donor = $this->recurring_donor();
		$this->assertSame( '', $this->service( CardUpdateHistory::class )->live_link_text( $donor['subscription_id'] ) );
		$this->assertSame( '', $this->service( CardUpdateHistory::class )->replace_question( $donor['subscription_id'] ) );
		$this->assertSame( array(), $this->service( CardUpdateHistory::class )->rows( $donor['subscription_id'] ) );
	}
}
