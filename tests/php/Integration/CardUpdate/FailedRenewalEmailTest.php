<?php
/**
 * When a renewal fails, the donor is emailed a fresh link, once per failed invoice, in words
 * that fit a charity writing to a supporter.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\CardUpdate;

use DonationWidget\CardUpdate\AuditEntry;
use DonationWidget\CardUpdate\CardUpdateActor;
use DonationWidget\CardUpdate\CardUpdateAudit;
use DonationWidget\Emails\MailQueue;

final class FailedRenewalEmailTest extends CardUpdateTestCase {

	public function test_the_donor_is_emailed_a_fresh_link_when_a_renewal_fails(): void {
		$donor = $this->recurring_donor();

		$renewal = $this->fail_renewal( $donor['subscription_id'] );

		$mail = $this->mailbox();
		$this->assertCount( 1, $mail );
		$email = $mail[0];
		$this->assertSame( array( 'jane.citizen@example.org.au' ), $email['to'] );
		$this->assertSame( 'A quick update for your regular gift to Helping Hands Australia', $email['subject'] );
		$this->assertSame( 'receipts@example.org.au', $email['from'] );
		$this->assertSame( array( 'supporters@example.org.au' ), $email['reply_to'] );

		$text = $email['text'];
		$this->assertStringStartsWith( "Dear Jane,\n\nThank you for supporting Helping Hands Australia with a regular gift.", $text );
		$this->assertStringContainsString( "We weren't able to process your latest donation of $52.50.", $text );
		$this->assertStringContainsString( 'such as a card expiring or being replaced', $text );
		$this->assertStringContainsString( 'this link can be used once and works for the next 72 hours.', $text );
		$this->assertStringContainsString( 'our Supporter Care team is happy to help on 1800 123 456 or at supporters@example.org.au.', $text );
		$this->assertStringContainsString( "Thank you for your continued support.\n\nWarm regards,\nHelping Hands Australia", $text );
		$this->assertDoesNotMatchRegularExpression( '/\b(fail(ed|ure)?|declined|your fault|problem with you)\b/i', $text, 'no blame, no jargon' );

		$this->assertSame( 1, preg_match( '#(' . preg_quote( get_permalink( $this->page_id ), '#' ) . '\?requestID=([A-Za-z0-9_-]{43}))#', $text, $match ) );
		$this->assertStringContainsString( 'href="' . esc_url( $match[1] ) . '"', $email['html'] );
		$this->assertStringContainsString( '<p>Dear Jane,</p>', $email['html'] );
		$this->assertStringContainsString( 'Update my card details</a>', $email['html'] );
		$this->assertStringContainsString( 'multipart/alternative', $email['mime'] );

		$this->assertTrue( $this->check( $match[2] )->is_success(), 'the emailed link opens the form' );
		$link = $this->links()->for_subscription( $donor['subscription_id'] )[0];
		$this->assertSame( CardUpdateActor::RENEWAL_WEBHOOK, $link->issued_by );
		$this->assertSame( $renewal['invoice']['id'], $link->renewal_invoice_id );
		$entries = $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] );
		$this->assertSame( array( AuditEntry::VALIDATED, AuditEntry::EMAILED, AuditEntry::ISSUED ), array_map( static fn ( $entry ) => $entry->event, $entries ) );
		$this->assertSame( 'webhook: invoice.payment_failed', $entries[2]->actor );
		$this->assertStringContainsString( $renewal['invoice']['id'], $entries[2]->detail );
	}

	public function test_the_webhook_only_queues_the_email_and_its_one_time_link_leaves_the_queue_once_sent(): void {
		$donor   = $this->recurring_donor();
		$renewal = $this->fail_renewal( $donor['subscription_id'], false );

		$this->assertSame( 200, $this->deliver( $renewal['event'] )->get_status() );

		$this->assertSame( array(), $this->mailbox(), 'the webhook does not wait for a mail server' );
		$queued = $this->service( MailQueue::class )->page( MailQueue::QUEUED, 10, 1 );
		$this->assertCount( 1, $queued );
		$this->assertSame( MailQueue::FAILED_RENEWAL, $queued[0]->kind );
		$this->assertSame( $donor['subscription_id'], $queued[0]->subscription_id );
		$this->assertTrue( $queued[0]->single_use );
		$this->assertSame( array( AuditEntry::ISSUED ), $this->audit_events( $donor['subscription_id'] ), 'not "emailed" before it is' );

		$this->assertSame( 1, $this->run_mail_queue()['sent'] );

		$this->assertCount( 1, $this->mailbox() );
		$this->assertStringContainsString( 'requestID=', $this->mailbox()[0]['text'] );
		$this->assertSame( array( AuditEntry::ISSUED, AuditEntry::EMAILED ), $this->audit_events( $donor['subscription_id'] ) );
		$sent = $this->service( MailQueue::class )->find( $queued[0]->id );
		$this->assertNotNull( $sent );
		$this->assertSame( MailQueue::SENT, $sent->status );
		$this->assertStringNotContainsString( 'requestID', $sent->html . $sent->text, 'only the donor keeps the one-time link' );
		$this->assertFalse( $sent->can_resend(), 'a copy would carry no link' );
	}

	public function test_retries_for_the_same_invoice_email_once(): void {
		$donor   = $this->recurring_donor();
		$renewal = $this->fail_renewal( $donor['subscription_id'] );

		// The same delivery again (a webhook retry) …
		$this->assertSame( 200, $this->deliver( $renewal['event'] )->get_status() );
		// … and a new event for the same invoice (Stripe's next collection attempt).
		$again       = $renewal['event'];
		$again['id'] = 'evt_' . wp_generate_password( 24, false );
		$this->assertSame( 200, $this->deliver( $again )->get_status() );
		$this->assertSame( 'not emailed: already emailed for ' . $renewal['invoice']['id'], $this->links()->email_after_failed_renewal( $donor['subscription_id'], $donor['customer_id'], 0, $renewal['invoice']['id'] ) );

		$this->assertCount( 1, $this->mailbox() );
		$this->assertCount( 1, $this->links()->for_subscription( $donor['subscription_id'] ) );
	}

	public function test_the_next_failed_invoice_emails_a_new_link_and_revokes_the_old_one(): void {
		$donor = $this->recurring_donor();
		$this->fail_renewal( $donor['subscription_id'] );
		$this->fail_renewal( $donor['subscription_id'] );

		$this->assertCount( 2, $this->mailbox() );
		$links = $this->links()->for_subscription( $donor['subscription_id'] );
		$this->assertSame( array( 'active', 'revoked' ), array( $links[0]->status(), $links[1]->status() ) );
	}

	public function test_without_a_card_update_page_the_webhook_still_succeeds_and_the_audit_says_why(): void {
		$donor = $this->recurring_donor();
		$this->set_settings( array( 'card_update_page_id' => 0 ) );

		$this->fail_renewal( $donor['subscription_id'] );

		$this->assertSame( array(), $this->mailbox() );
		$entry = $this->service( CardUpdateAudit::class )->for_subscription( $donor['subscription_id'] )[0];
		$this->assertSame( AuditEntry::ISSUE_FAILED, $entry->event );
		$this->assertStringContainsString( 'No card-update page is set', $entry->detail );
		$this->assertSame( 'failed', $this->subscription_rows( $donor['subscription_id'] )[1]['status'], 'the renewal is still recorded' );
	}

	public function test_a_site_without_supporter_contacts_still_writes_a_helpful_email(): void {
		$donor = $this->recurring_donor( array( 'firstName' => 'Zoë' ) );
		$this->set_settings(
			array(
				'supporter_phone'        => '',
				'supporter_email'        => '',
				'card_update_link_hours' => 1,
			)
		);

		$this->fail_renewal( $donor['subscription_id'] );

		$text = $this->mailbox()[0]['text'];
		$this->assertStringStartsWith( 'Dear Zoë,', $text );
		$this->assertStringContainsString( 'works for the next 1 hour.', $text );
		$this->assertStringContainsString( 'just reply to this email', $text );
	}

	public function test_a_large_amount_is_written_with_thousands_separators(): void {
		$donor = $this->recurring_donor( array( 'totalAmount' => '12500' ) );

		$this->fail_renewal( $donor['subscription_id'] );

		$this->assertStringContainsString( "We weren't able to process your latest donation of $12,500.", $this->mailbox()[0]['text'] );
	}

	public function test_names_are_escaped_in_the_html(): void {
		$donor = $this->recurring_donor( array( 'lastName' => 'Citizen' ) );
		$this->set_settings( array( 'organisation_name' => 'Hearts & <Hands>' ) );

		$this->fail_renewal( $donor['subscription_id'] );

		$html = $this->mailbox()[0]['html'];
		$this->assertStringContainsString( 'Hearts &amp; &lt;Hands&gt;', $html );
		$this->assertStringNotContainsString( '<Hands>', $html );
	}
}
