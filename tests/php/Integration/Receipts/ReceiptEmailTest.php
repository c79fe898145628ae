<?php
/**
 * Receipts after successful donations and renewals, and the cancellation confirmation.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Receipts;

use DonationWidget\Database\Schema;
use DonationWidget\Receipts\ReceiptSender;
use DonationWidget\Tests\Integration\Admin\AdminTestCase;

final class ReceiptEmailTest extends AdminTestCase {

	private function succeed( mixed $donation_id ): void {
		/** This action is fired by the donations domain when a row becomes succeeded. */
		do_action( 'donation_widget_donation_succeeded', $donation_id );
	}

	/**
	 * Receipts logged for a donation.
	 *
	 * @return list<array<string, string>>
	 */
	private function receipt_rows( int $donation_id ): array {
		global $wpdb;
		$table = Schema::table( 'receipts' );
		return $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE donation_id = %d ORDER BY id", $donation_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	public function test_a_succeeded_donation_gets_a_receipt_with_everything_a_tax_receipt_needs(): void {
		update_option( 'timezone_string', 'Australia/Sydney' );
		update_option( 'date_format', 'j F Y' );
		$id     = $this->insert_donation(
			array(
				'created_at'  => '2026-03-01 13:30:00',
				'total_cents' => 125050,
				'method'      => 'google_pay',
			)
		);
		$number = $this->receipt_number_of( $id );

		$this->succeed( $id );

		$this->assertSame( array(), $this->mailbox(), 'the donor\'s request only queues the receipt' );
		$this->assertSame( 'queued', $this->receipt_rows( $id )[0]['status'] );
		$this->assertSame( 1, $this->run_mail_queue()['sent'] );

		$mail = $this->mailbox();
		$this->assertCount( 1, $mail );
		$this->assertSame( array( $this->email() ), $mail[0]['to'] );
		$this->assertSame( 'receipts@example.org.au', $mail[0]['from'] );
		$this->assertSame( "Your receipt from Helping Hands Australia ({$number})", $mail[0]['subject'] );
		$this->assertStringContainsString( 'multipart/alternative', $mail[0]['mime'] );
		foreach ( array( $mail[0]['html'], $mail[0]['text'] ) as $body ) {
			$this->assertStringContainsString( 'Dear Jane,', $body );
			$this->assertStringContainsString( 'Thank you for your donation to Helping Hands Australia.', $body );
			$this->assertStringContainsString( 'Tax receipt', str_replace( 'TAX RECEIPT', 'Tax receipt', $body ) );
			$this->assertStringContainsString( $number, $body );
			$this->assertStringContainsString( '2 March 2026', $body, 'the date in the site time zone' );
			$this->assertStringContainsString( 'Jane Citizen', $body );
			$this->assertStringContainsString( '$1,250.50 AUD', $body );
			$this->assertStringContainsString( 'One-off', $body );
			$this->assertStringContainsString( 'Google Pay', $body );
			$this->assertStringContainsString( '51 824 753 556', $body );
			$this->assertStringContainsString( 'Donations of $2 or more to Helping Hands Australia are tax deductible in Australia.', $body );
			$this->assertStringContainsString( 'supporters@example.org.au or 1800 123 456', $body );
		}
		$this->assertStringContainsString( '<th scope="row"', $mail[0]['html'] );
		$this->assertStringNotContainsString( '<', $mail[0]['text'] );
		$rows = $this->receipt_rows( $id );
		$this->assertCount( 1, $rows );
		$this->assertSame( array( 'sent', (string) $id, $number, '0' ), array( $rows[0]['status'], $rows[0]['automatic_donation_id'], $rows[0]['receipt_number'], $rows[0]['sent_by'] ) );
	}

	public function test_the_receipt_shows_the_total_and_the_cover_line_only_when_there_is_cover(): void {
		$this->succeed(
			$this->insert_donation(
				array(
					'amount_cents' => 3500,
					'cover_cents'  => 175,
					'total_cents'  => 3675,
				)
			)
		);
		$this->succeed( $this->insert_donation() );
		$this->run_mail_queue();

		$mail = $this->mailbox();
		$this->assertCount( 2, $mail );
		$this->assertStringContainsString( '$36.75 AUD', $mail[0]['text'] );
		$this->assertMatchesRegularExpression( '/Including fundraising cost cover\W+\$1\.75/', $mail[0]['text'] );
		$this->assertStringContainsString( '$52.50 AUD', $mail[1]['text'] );
		$this->assertStringNotContainsString( 'fundraising cost cover', $mail[1]['text'] );
	}

	public function test_the_receipt_is_sent_once_however_often_the_donation_completes(): void {
		$id = $this->insert_donation();

		$this->succeed( $id );
		$this->succeed( $id );
		$this->succeed( (string) $id );
		$this->run_mail_queue();
		$this->succeed( $id );
		$this->run_mail_queue();

		$this->assertCount( 1, $this->mailbox() );
		$this->assertCount( 1, $this->receipt_rows( $id ) );
	}

	public function test_a_second_server_that_lost_the_claim_sends_nothing(): void {
		global $wpdb;
		$id = $this->insert_donation();
		// Another server claimed it a moment ago (its row is there, still sending).
		$wpdb->insert(
			Schema::table( 'receipts' ),
			array(
				'donation_id'           => $id,
				'automatic_donation_id' => $id,
				'receipt_number'        => 'REC-X',
				'status'                => 'sending',
				'created_at'            => current_time( 'mysql', true ),
			)
		);

		$this->succeed( $id );

		$this->assertSame( array(), $this->mailbox() );
	}

	public function test_only_succeeded_donations_with_an_address_get_one(): void {
		foreach ( array( 'pending', 'requires_action', 'failed', 'refunded' ) as $status ) {
			$this->succeed( $this->insert_donation( array( 'status' => $status ) ) );
		}
		$this->succeed( $this->insert_donation( array( 'email' => 'deleted@site.invalid' ) ) );
		$this->succeed( 999999999 );
		$this->succeed( 'not-a-number' );

		$this->assertSame( array(), $this->mailbox() );
	}

	public function test_no_receipt_when_the_charity_turned_receipts_off(): void {
		$this->set_settings( array( 'receipt_send_automatically' => false ) );

		$this->succeed( $this->insert_donation() );

		$this->assertSame( array(), $this->mailbox() );
	}

	public function test_renewals_and_first_4_weekly_gifts_say_so(): void {
		$sub     = 'sub_r' . wp_generate_password( 10, false );
		$first   = $this->insert_donation(
			array(
				'frequency'       => '4weekly',
				'subscription_id' => $sub,
			)
		);
		$renewal = $this->insert_donation(
			array(
				'frequency'       => '4weekly',
				'subscription_id' => $sub,
				'attempt_id'      => 'invoice:in_' . wp_generate_password(
					10,
					false
				),
			)
		);

		$this->succeed( $first );
		$this->succeed( $renewal );
		$this->run_mail_queue();

		$mail = $this->mailbox();
		$this->assertCount( 2, $mail );
		$this->assertStringContainsString( 'Thank you for your 4-weekly donation to Helping Hands Australia. Your next donation will be processed in 4 weeks.', $mail[0]['text'] );
		$this->assertStringContainsString( 'Every 4 weeks', $mail[0]['text'] );
		$this->assertStringContainsString( 'Thank you for your continued 4-weekly support of Helping Hands Australia.', $mail[1]['text'] );
		$this->assertStringContainsString( $this->receipt_number_of( $renewal ), $mail[1]['subject'] );
	}

	public function test_the_wording_comes_from_the_settings_and_donor_text_is_escaped(): void {
		$this->set_settings(
			array(
				'organisation_name'     => 'Kids & Co',
				'receipt_tax_statement' => 'Gifts of $2 or more to {organisation} (a DGR) are deductible.',
				'receipt_footer'        => 'With thanks from our CEO.',
				'receipt_number_prefix' => 'KC/',
			)
		);
		$id = $this->insert_donation(
			array(
				'first_name'        => '<b>Bold</b>',
				'donate_as'         => 'organisation',
				'organisation_name' => 'Acme <Pty> Ltd',
			)
		);

		$this->succeed( $id );
		$this->run_mail_queue();

		$mail = $this->mailbox()[0];
		$this->assertSame( 'Your receipt from Kids & Co (' . $this->receipt_number_of( $id, 'KC/' ) . ')', $mail['subject'] );
		$this->assertStringContainsString( 'Gifts of $2 or more to Kids &amp; Co (a DGR) are deductible.', $mail['html'] );
		$this->assertStringContainsString( 'With thanks from our CEO.', $mail['html'] );
		$this->assertStringContainsString( 'Dear &lt;b&gt;Bold&lt;/b&gt;,', $mail['html'] );
		$this->assertStringContainsString( 'Acme &lt;Pty&gt; Ltd', $mail['html'], 'an organisation\'s gift is received from the organisation' );
		$this->assertStringNotContainsString( '<b>Bold', $mail['html'] );
		$this->assertStringContainsString( 'Gifts of $2 or more to Kids & Co (a DGR) are deductible.', $mail['text'] );
	}

	public function test_a_receipt_keeps_its_number_when_the_prefix_changes(): void {
		$id = $this->insert_donation();
		$this->succeed( $id );
		$this->run_mail_queue();
		$this->set_settings( array( 'receipt_number_prefix' => 'NEW-' ) );

		$this->assertSame( ReceiptSender::SENT, $this->service( ReceiptSender::class )->resend( $id, 1 ) );

		$mail = $this->mailbox();
		$this->assertStringContainsString( $this->receipt_number_of( $id ), $mail[1]['subject'] );
		$this->assertStringStartsWith( 'Copy of your receipt', $mail[1]['subject'] );
		$this->assertStringContainsString( 'This is a copy of your receipt.', $mail[1]['text'] );
	}

	public function test_the_donor_is_told_when_a_4_weekly_donation_is_cancelled(): void {
		$sub   = 'sub_c' . wp_generate_password( 10, false );
		$first = $this->insert_donation(
			array(
				'frequency'       => '4weekly',
				'subscription_id' => $sub,
				'total_cents'     => 3000,
			)
		);

		do_action( 'donation_widget_subscription_cancelled', $sub, 'cus_x', $first );

		$this->assertSame( array(), $this->mailbox(), 'the webhook or the admin\'s request only queues it' );
		$this->assertSame( 1, $this->run_mail_queue()['sent'] );
		$mail = $this->mailbox();
		$this->assertCount( 1, $mail );
		$this->assertSame( array( $this->email() ), $mail[0]['to'] );
		$this->assertSame( 'Your 4-weekly donation to Helping Hands Australia has been cancelled', $mail[0]['subject'] );
		$this->assertStringContainsString( 'Your 4-weekly donation of $30.00 to Helping Hands Australia has been cancelled. No further payments will be taken.', $mail[0]['text'] );
		$this->assertStringContainsString( 'supporters@example.org.au or 1800 123 456', $mail[0]['html'] );
		$this->assertStringContainsString( 'multipart/alternative', $mail[0]['mime'] );
	}
}
