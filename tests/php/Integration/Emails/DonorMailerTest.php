<?php
/**
 * Donor emails leave through wp_mail() as HTML with a plain-text part.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Emails;

use DonationWidget\Emails\DonorMailer;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class DonorMailerTest extends IntegrationTestCase {

	protected function setUp(): void {
		parent::setUp();
		delete_option( 'donation_widget_test_mailbox' );
		$this->set_settings(
			array(
				'receipt_from_name'  => 'Helping Hands Australia',
				'receipt_from_email' => 'receipts@example.org.au',
				'supporter_email'    => 'supporters@example.org.au',
			)
		);
	}

	/**
	 * @return list<array<string, mixed>>
	 */
	private function mailbox(): array {
		return array_values( (array) get_option( 'donation_widget_test_mailbox', array() ) );
	}

	public function test_an_email_goes_out_as_html_with_a_text_part_from_the_receipt_sender(): void {
		$sent = $this->service( DonorMailer::class )->send( 'donor@example.com', 'Thank you &amp; welcome', '<p>Thank you, <strong>Jo</strong>.</p>', 'Thank you, Jo.' );

		$this->assertTrue( $sent );
		$mail = $this->mailbox();
		$this->assertCount( 1, $mail );
		$this->assertSame( array( 'donor@example.com' ), $mail[0]['to'] );
		$this->assertSame( 'Thank you & welcome', $mail[0]['subject'] );
		$this->assertSame( 'receipts@example.org.au', $mail[0]['from'] );
		$this->assertSame( 'Helping Hands Australia', $mail[0]['from_name'] );
		$this->assertSame( array( 'supporters@example.org.au' ), $mail[0]['reply_to'] );
		$this->assertSame( '<p>Thank you, <strong>Jo</strong>.</p>', $mail[0]['html'] );
		$this->assertSame( 'Thank you, Jo.', $mail[0]['text'] );
		$this->assertStringContainsString( 'multipart/alternative', $mail[0]['mime'] );
	}

	public function test_the_text_part_does_not_leak_into_the_next_email(): void {
		$mailer = $this->service( DonorMailer::class );
		$mailer->send( 'donor@example.com', 'First', '<p>First</p>', 'First' );
		wp_mail( 'admin@example.org.au', 'Core email', 'Plain core email' );

		$mail = $this->mailbox();
		$this->assertSame( '', $mail[1]['text'] );
		$this->assertStringNotContainsString( 'multipart/alternative', $mail[1]['mime'] );
	}

	public function test_an_invalid_address_is_not_sent(): void {
		$this->assertFalse( $this->service( DonorMailer::class )->send( "donor@example.com\r\nBcc: x@example.com", 'Hi', '<p>Hi</p>', 'Hi' ) );
		$this->assertSame( array(), $this->mailbox() );
	}
}
