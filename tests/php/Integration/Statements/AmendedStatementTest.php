<?php
/**
 * A statement stays as issued; a refund in the next year prepares an amended statement that
 * staff send when they choose.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Statements;

use DonationWidget\Admin\Statements\StatementsPage;
use DonationWidget\Books\Disputes\Dispute;
use DonationWidget\Books\Disputes\Disputes;
use DonationWidget\Books\Refunds\RefundLedger;
use DonationWidget\Checkout\ProviderRefund;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\IssuedStatement;
use DonationWidget\Statements\IssuedStatements;
use DonationWidget\Statements\StatementAmendments;
use DonationWidget\Statements\StatementLinks;
use DonationWidget\Statements\StatementPage;

final class AmendedStatementTest extends StatementTestCase {

	/**
	 * The 2019–20 year: a June 2020 gift, its statement issued in July 2020, refunded in December.
	 */
	private const YEAR = 2020;

	private function issued(): IssuedStatements {
		return $this->service( IssuedStatements::class );
	}

	/**
	 * A refund the provider reports (as its webhook or its answer to the admin would).
	 *
	 * @param int $donation_id The gift.
	 * @param int $cents       Refunded.
	 */
	private function refund( int $donation_id, int $cents ): void {
		$ledger   = $this->service( RefundLedger::class );
		$donation = $this->service( DonationRepository::class )->find( $donation_id );
		$this->assertNotNull( $donation );
		$ledger->record( $donation, new ProviderRefund( 'stripe', 're_' . wp_generate_password( 12, false ), $cents, 'aud', ProviderRefund::SUCCEEDED ) );
	}

	/**
	 * What the donor's link to the statement shows.
	 *
	 * @param string $email Donor.
	 */
	private function donor_page( string $email ): string {
		$url    = $this->links()->url( $email, '', new FinancialYear( self::YEAR ) );
		$token  = (string) wp_parse_args( (string) wp_parse_url( $url, PHP_URL_QUERY ) )[ StatementLinks::QUERY_VAR ];
		$answer = $this->service( StatementPage::class )->answer( $token );
		$this->assertSame( 200, $answer['status'] );
		return $answer['html'];
	}

	/**
	 * The Tax statements screen for the year, one donor open.
	 *
	 * @param string $email Donor.
	 */
	private function screen( string $email ): string {
		$_GET = wp_slash(
			array(
				'page'  => StatementsPage::SLUG,
				'year'  => (string) self::YEAR,
				'email' => $email,
			)
		);
		$run  = $this->run_stoppable( fn () => $this->service( StatementsPage::class )->render() );
		$this->assertNull( $run['stop'], 'the screen stopped' );
		return $run['output'];
	}

	/**
	 * Amended statements queued to this test's donors.
	 */
	private function amended_mail(): array {
		return $this->statement_mail( StatementAmendments::KIND );
	}

	/**
	 * A June gift of $50 and its statement emailed in July.
	 *
	 * @param string $email Donor.
	 * @return array{0: int, 1: IssuedStatement} The gift and the statement issued.
	 */
	private function june_gift_with_statement_sent( string $email ): array {
		$gift = $this->gift( $email, '2020-06-20 10:00:00', 5000, array( 'first_name' => 'June' ) );
		// A second gift that nobody refunds: the statement keeps listing it unchanged.
		$this->gift( $email, '2019-09-02 10:00:00', 2000 );
		$year      = new FinancialYear( self::YEAR );
		$statement = $this->query()->statement( $email, '', $year );
		$this->assertNotNull( $statement );
		$this->assertSame( 'sent', $this->sender()->send( $statement ) );
		$original = $this->issued()->original( $year, $email, '' );
		$this->assertNotNull( $original, 'sending a statement records it as issued' );
		return array( $gift, $original );
	}

	public function test_a_june_gift_refunded_in_december_keeps_its_statement_as_issued_and_gets_an_amendment_sent_only_by_staff(): void {
		$this->log_in_as( 'administrator' );
		$email                   = $this->email( 'june' );
		$year                    = new FinancialYear( self::YEAR );
		list( $gift, $original ) = $this->june_gift_with_statement_sent( $email );
		$this->assertSame( 7000, $original->total_cents );
		$this->assertSame( IssuedStatement::BY_EMAIL, $original->channel );
		$this->assertStringContainsString( $original->number(), $this->statement_mail()[0]['html'], 'the statement emailed carries its number' );

		// December: $12.50 of the June gift is refunded at the provider.
		$this->refund( $gift, 1250 );

		// The statement issued still reads as issued.
		$still = $this->issued()->original( $year, $email, '' );
		$this->assertSame( array( 5000, 2000 ), array_column( $this->sorted( $still->statement->gifts ), 'amount_cents' ) );
		$this->assertSame( 7000, $still->total_cents );
		$page = $this->donor_page( $email );
		$this->assertStringContainsString( '$70.00', $page );
		$this->assertStringNotContainsString( '$57.50', $page, 'the donor is not shown the amendment before staff send it' );
		$this->assertStringNotContainsString( 'Amended statement', $page );

		// An amended statement is prepared, with the difference, and not sent.
		$pending = $this->issued()->pending( $year, $email, '' );
		$this->assertNotNull( $pending, 'the refund prepared an amended statement' );
		$this->assertTrue( $pending->is_amended() );
		$this->assertSame( $original->id, $pending->replaces_id );
		$this->assertSame( 5750, $pending->total_cents );
		$this->assertSame(
			array(
				array(
					'id'               => $gift,
					'was_cents'        => 5000,
					'now_cents'        => 3750,
					'difference_cents' => -1250,
				),
			),
			array_map( static fn ( array $change ): array => array_intersect_key( $change, array_flip( array( 'id', 'was_cents', 'now_cents', 'difference_cents' ) ) ), $pending->differences() )
		);
		$this->assertSame( array(), $this->amended_mail(), 'nothing is sent until staff choose' );

		// The screen lists it, with the button.
		$year_screen = $this->screen( '' );
		$this->assertStringContainsString( 'Send 1 amended statement', $year_screen );
		$this->assertStringContainsString( 'replaces statement ' . $original->number(), $year_screen );
		$this->assertStringContainsString( '−$12.50', $year_screen );

		// A refused nonce sends nothing.
		$refused = $this->admin_post(
			StatementsPage::AMENDED_ACTION,
			array(
				'year'     => (string) self::YEAR,
				'_wpnonce' => 'not-a-nonce',
			)
		);
		$this->assertNotNull( $refused['stop'] );
		$this->assertSame( array(), $this->amended_mail() );

		// Staff send it.
		$sent = $this->admin_post(
			StatementsPage::AMENDED_ACTION,
			array(
				'year'     => (string) self::YEAR,
				'_wpnonce' => wp_create_nonce( StatementsPage::AMENDED_ACTION ),
			)
		);
		$this->assertSame( 'amended', $this->redirected_to( $sent )['done'] );
		$this->assertSame( '1', $this->redirected_to( $sent )['sent'] );
		$mail = $this->amended_mail();
		$this->assertCount( 1, $mail );
		$this->assertSame( $email, $mail[0]['recipient'] );
		$this->assertStringContainsString( 'amended', $mail[0]['subject'] );
		$replaces = 'Amended statement — replaces statement ' . $original->number() . ' issued on ';
		$this->assertStringContainsString( $replaces, $mail[0]['text'] );
		$this->assertStringContainsString( 'was $50.00', $mail[0]['text'] );
		$this->assertStringContainsString( 'now $37.50', $mail[0]['text'] );
		$this->assertStringContainsString( 'difference −$12.50', $mail[0]['text'] );
		$this->assertStringContainsString( '$57.50 AUD', $mail[0]['text'] );

		// Both are listed, each as issued: to the donor and on the screen.
		$issued = $this->issued()->of_donor( $email, $year, true );
		$this->assertCount( 2, $issued );
		$this->assertSame( array( 7000, 5750 ), array_map( static fn ( IssuedStatement $statement ): int => $statement->total_cents, $issued ) );
		$this->assertNull( $this->issued()->pending( $year, $email, '' ) );
		$page = $this->donor_page( $email );
		$this->assertStringContainsString( $replaces, $page );
		$this->assertStringContainsString( '$57.50', $page );
		$this->assertStringContainsString( '$70.00', $page, 'the statement it replaces is still shown' );
		$this->assertLessThan( strpos( $page, '$70.00 AUD' ), strpos( $page, '$57.50 AUD' ), 'the amendment, which counts now, comes first' );
		$links = apply_filters( 'donation_widget_statement_links', array(), $email );
		$this->assertContains( '2019–20 tax statement, amended', array_column( $links, 'label' ) );
		$donor_screen = $this->screen( $email );
		$this->assertStringContainsString( $original->number(), $donor_screen );
		$this->assertStringContainsString( $issued[1]->number(), $donor_screen );
		$this->assertStringNotContainsString( 'Send amended statement', $donor_screen, 'nothing is left to send' );
	}

	public function test_no_amendment_is_prepared_when_nothing_on_the_statement_changed(): void {
		$email        = $this->email( 'steady' );
		$year         = new FinancialYear( self::YEAR );
		list( $gift ) = $this->june_gift_with_statement_sent( $email );

		// The provider's fee and payout arrive later; a gift of this year is refunded.
		$this->service( DonationRepository::class )->record_amounts(
			$gift,
			array(
				'fee_cents' => 120,
				'net_cents' => 4880,
			)
		);
		$this_year = $this->gift( $email, gmdate( 'Y-m-d H:i:s' ), 3000 );
		$this->refund( $this_year, 3000 );

		$this->assertNull( $this->issued()->pending( $year, $email, '' ) );
		$this->assertNull( $this->service( StatementAmendments::class )->prepare( $year, $email, '' ), 'asked on demand, the figures still agree' );
		$this->assertSame( 0, $this->issued()->pending_count( $year ) - $this->pending_of_other_tests( $year ) );
	}

	public function test_a_second_refund_updates_the_waiting_amendment_instead_of_adding_one(): void {
		$email                   = $this->email( 'twice' );
		$year                    = new FinancialYear( self::YEAR );
		list( $gift, $original ) = $this->june_gift_with_statement_sent( $email );

		$this->refund( $gift, 1250 );
		$first = $this->issued()->pending( $year, $email, '' );
		$this->assertNotNull( $first );
		$this->refund( $gift, 1000 );

		$rows = $this->issued()->of_donor( $email, $year );
		$this->assertCount( 2, $rows, 'the original and one amendment' );
		$pending = $this->issued()->pending( $year, $email, '' );
		$this->assertSame( $first->id, $pending->id );
		$this->assertSame( $original->id, $pending->replaces_id );
		$this->assertSame( 4750, $pending->total_cents );
		$this->assertSame( array( -2250 ), array_column( $pending->differences(), 'difference_cents' ) );

		// Refunded in full: the amendment says the gift is no longer counted.
		$this->refund( $gift, 2750 );
		$pending = $this->issued()->pending( $year, $email, '' );
		$this->assertSame( $first->id, $pending->id );
		$this->assertSame( 2000, $pending->total_cents );
		$this->assertSame( array( array( 5000, 0 ) ), array_map( static fn ( array $change ): array => array( $change['was_cents'], $change['now_cents'] ), $pending->differences() ) );
	}

	public function test_a_statement_sent_before_gifts_were_recorded_is_taken_as_sent_and_amended_by_its_total(): void {
		$email = $this->email( 'legacy' );
		$year  = new FinancialYear( self::YEAR );
		$gift  = $this->gift( $email, '2020-06-20 10:00:00', 5000 );
		// What schema 13 kept of a statement sent in July: its count and total only.
		$id    = $this->log()->record( $year, $email, '', 'Lee', 1, 5000 );
		$token = str_repeat( 'a', 32 );
		$this->assertTrue( $this->log()->claim( $id, $token ) );
		$this->assertTrue( $this->log()->finish( $id, $token, 'sent', 0, 1, 5000 ) );

		$this->refund( $gift, 2000 );

		$original = $this->issued()->original( $year, $email, '' );
		$this->assertNotNull( $original );
		$this->assertFalse( $original->lines_known, 'the gifts it listed are not known now: today\'s no longer add up to what was sent' );
		$this->assertSame( 5000, $original->total_cents );
		$pending = $this->issued()->pending( $year, $email, '' );
		$this->assertSame( 3000, $pending->total_cents );
		$this->assertSame( $original->id, $pending->replaces_id );
	}

	public function test_a_chargeback_lost_after_the_statement_was_issued_prepares_an_amendment(): void {
		$email                   = $this->email( 'disputed' );
		$year                    = new FinancialYear( self::YEAR );
		list( $gift, $original ) = $this->june_gift_with_statement_sent( $email );
		$donation                = $this->service( DonationRepository::class )->find( $gift );
		$disputes                = $this->service( Disputes::class );
		$dispute                 = static fn ( string $status ): Dispute => new Dispute( 'dp_' . $gift, $gift, 'ch_' . $gift, 5000, 2500, 'aud', 'fraudulent', $status, '', '2020-12-01 00:00:00' );

		$disputes->record( 'stripe', $dispute( 'needs_response' ), $donation );
		$this->assertNull( $this->issued()->pending( $year, $email, '' ), 'an open dispute changes nothing yet' );
		$disputes->record( 'stripe', $dispute( 'lost' ), $donation );

		$pending = $this->issued()->pending( $year, $email, '' );
		$this->assertNotNull( $pending );
		$this->assertSame( $original->id, $pending->replaces_id );
		$this->assertSame( 2000, $pending->total_cents );
		$this->assertSame( 7000, $this->issued()->original( $year, $email, '' )->total_cents );
	}

	public function test_opening_the_donors_link_issues_the_statement_and_a_staff_preview_does_not(): void {
		$email = $this->email( 'opener' );
		$year  = new FinancialYear( self::YEAR );
		$gift  = $this->gift( $email, '2020-06-20 10:00:00', 5000 );
		$page  = $this->service( StatementPage::class );
		$token = static fn ( string $url ): string => (string) wp_parse_args( (string) wp_parse_url( $url, PHP_URL_QUERY ) )[ StatementLinks::QUERY_VAR ];
		$staff = $page->answer( $token( $this->links()->url( $email, '', $year, HOUR_IN_SECONDS, null, true ) ) );
		$this->assertSame( 200, $staff['status'] );
		$this->assertNull( $this->issued()->original( $year, $email, '' ), 'a staff preview issues nothing' );

		$this->assertStringContainsString( '$50.00', $this->donor_page( $email ) );
		$original = $this->issued()->original( $year, $email, '' );
		$this->assertNotNull( $original );
		$this->assertSame( IssuedStatement::BY_DOWNLOAD, $original->channel );

		$this->refund( $gift, 5000 );
		$page = $this->donor_page( $email );
		$this->assertStringContainsString( '$50.00', $page, 'the statement the donor downloaded reads as issued' );
		$this->assertStringNotContainsString( 'no statement', strtolower( $page ) );
		$this->assertSame( 0, $this->issued()->pending( $year, $email, '' )->total_cents, 'the amendment lists no gift' );
	}

	/**
	 * Amendments of the year left by other tests' donors (each test has its own domain, but the
	 * year is shared): counted so this test compares its own.
	 *
	 * @param FinancialYear $year The year.
	 */
	private function pending_of_other_tests( FinancialYear $year ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'issued_statements' ) . ' WHERE year = %d AND status = %s AND email NOT LIKE %s', $year->ending, IssuedStatement::PENDING, '%@' . $wpdb->esc_like( $this->domain ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * Lines newest first, as the June gift leads.
	 *
	 * @param list<array{id: int, date: string, amount_cents: int}> $gifts Lines.
	 */
	private function sorted( array $gifts ): array {
		usort( $gifts, static fn ( array $a, array $b ): int => strcmp( $b['date'], $a['date'] ) );
		return $gifts;
	}
}
