<?php
/**
 * The logic of `wp donation-widget card-link <subscription id or email> [--email]`.
 *
 * WP-CLI is not installed here, so the command's plain method is called directly; the WP-CLI
 * glue around it only prints its lines.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\CardUpdate;

use DonationWidget\CardUpdate\CardUpdateLinkRefused;
use DonationWidget\Cli\CardLinkCommand;
use DonationWidget\Donations\SubscriptionRepository;

final class CardLinkCommandTest extends CardUpdateTestCase {

	private function command(): CardLinkCommand {
		return $this->service( CardLinkCommand::class );
	}

	private function refusal( string $target ): string {
		try {
			$this->command()->link_for( $target );
		} catch ( CardUpdateLinkRefused $refused ) {
			return $refused->getMessage();
		}
		$this->fail( "A link was printed for {$target}." );
	}

	public function test_it_prints_a_working_link_for_a_subscription(): void {
		$donor = $this->recurring_donor();

		$lines = $this->command()->link_for( $donor['subscription_id'] );

		$this->assertCount( 2, $lines );
		$this->assertSame( 1, preg_match( '#^' . preg_quote( get_permalink( $this->page_id ), '#' ) . '\?requestID=([A-Za-z0-9_-]{43})$#', $lines[0], $match ) );
		$this->assertTrue( $this->check( $match[1] )->is_success() );
		$this->assertStringContainsString( $donor['subscription_id'] . ' (jane.citizen@example.org.au)', $lines[1] );
		$this->assertSame( 'wp-cli', $this->links()->for_subscription( $donor['subscription_id'] )[0]->issued_by );
	}

	public function test_it_finds_the_subscription_by_email_in_any_case(): void {
		$donor = $this->recurring_donor();

		$lines = $this->command()->link_for( ' Jane.Citizen@Example.org.au ' );

		$this->assertStringContainsString( '?requestID=', $lines[0] );
		$this->assertCount( 1, $this->links()->for_subscription( $donor['subscription_id'] ) );
	}

	public function test_with_email_it_emails_the_donor_instead_of_printing_the_link(): void {
		$donor = $this->recurring_donor();

		$lines = $this->command()->link_for( $donor['subscription_id'], true );

		$this->assertSame( "Emailed a card-update link to jane.citizen@example.org.au for {$donor['subscription_id']}.", $lines[0] );
		$this->assertStringNotContainsString( 'requestID', implode( "\n", $lines ) );
		$this->assertCount( 1, $this->mailbox() );
	}

	public function test_it_explains_what_it_cannot_do(): void {
		$this->assertStringContainsString( 'No running 4-weekly donation was found for nobody@example.org.au', $this->refusal( 'nobody@example.org.au' ) );
		$this->assertStringContainsString( 'Give a Stripe subscription id', $this->refusal( 'jane' ) );
		$this->assertStringContainsString( 'not a 4-weekly donation made through this site', $this->refusal( 'sub_unknown' ) );

		$first  = $this->recurring_donor();
		$second = $this->recurring_donor();
		$this->assertSame(
			"jane.citizen@example.org.au has several running 4-weekly donations: {$first['subscription_id']}, {$second['subscription_id']}. Name one of them.",
			$this->refusal( 'jane.citizen@example.org.au' )
		);

		$this->service( SubscriptionRepository::class )->cancel( $first['subscription_id'] );
		$this->assertStringContainsString( '?requestID=', $this->command()->link_for( 'jane.citizen@example.org.au' )[0] );
		$this->assertStringContainsString( 'has ended', $this->refusal( $first['subscription_id'] ) );
	}

	public function test_the_command_is_registered_only_under_wp_cli(): void {
		$this->assertFalse( defined( 'WP_CLI' ) && WP_CLI );
		$this->assertFalse( class_exists( 'WP_CLI', false ) );
	}
}
