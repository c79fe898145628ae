<?php
/**
 * What goes on a statement, who gets one, and sending each once.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Statements;

use DonationWidget\Database\Schema;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementLog;
use DonationWidget\Statements\StatementRuns;

final class StatementsTest extends StatementTestCase {

	public function test_the_year_turns_at_midnight_on_30_june_in_sydney(): void {
		$email = $this->email( 'boundary' );
		$june  = $this->gift( $email, '2025-06-30 23:59:59', 1000 );
		$july  = $this->gift( $email, '2025-07-01 00:00:00', 2500 );

		$this->assertSame( '2024–25', FinancialYear::of( '2025-06-30 13:59:59' )->label() );
		$this->assertSame( '2025–26', FinancialYear::of( '2025-06-30 14:00:00' )->label() );

		$earlier = $this->query()->statements_of( $email, new FinancialYear( 2025 ) );
		$later   = $this->query()->statements_of( $email, new FinancialYear( 2026 ) );
		$this->assertCount( 1, $earlier );
		$this->assertCount( 1, $later );
		$this->assertSame( array( $june ), array_column( $earlier[0]->gifts, 'id' ) );
		$this->assertSame( array( $july ), array_column( $later[0]->gifts, 'id' ) );
		$this->assertSame( 1000, $earlier[0]->total_cents() );

		// The dates printed are the donor's local days, not the stored UTC ones.
		$html = $this->service( \DonationWidget\Statements\StatementDocument::class )->html( $earlier[0] );
		$this->assertStringContainsString( '30 June 2025', $html );
		$this->assertStringContainsString( '1 July 2024 to 30 June 2025', $html );
		$this->assertStringContainsString( '1 July 2025', $this->service( \DonationWidget\Statements\StatementDocument::class )->html( $later[0] ) );
	}

	public function test_only_donors_whose_gifts_total_two_dollars_or_more_get_a_statement(): void {
		$year = new FinancialYear( 2019 );
		$this->gift( $this->email( 'below' ), '2018-09-01 10:00:00', 150 );
		$this->gift( $this->email( 'below' ), '2018-10-01 10:00:00', 49 );
		$this->gift( $this->email( 'exactly' ), '2018-09-01 10:00:00', 150 );
		$this->gift( $this->email( 'exactly' ), '2018-10-01 10:00:00', 50 );

		$this->assertSame( array(), $this->query()->statements_of( $this->email( 'below' ), $year ) );
		$this->assertSame( 200, $this->query()->statements_of( $this->email( 'exactly' ), $year )[0]->total_cents() );

		$this->log_in_as( 'administrator' );
		$this->send_all( $year );
		$this->assertSame( array( $this->email( 'exactly' ) ), array_column( $this->statement_mail(), 'recipient' ) );
	}

	public function test_refunded_and_failed_gifts_are_left_out(): void {
		$email = $this->email( 'refunds' );
		$kept  = $this->gift( $email, '2018-08-01 09:00:00', 5000 );
		$this->gift( $email, '2018-08-02 09:00:00', 2000, array( 'status' => 'refunded' ) );
		$this->gift( $email, '2018-08-03 09:00:00', 3000, array( 'status' => 'partially_refunded' ) );
		$this->gift( $email, '2018-08-04 09:00:00', 4000, array( 'status' => 'failed' ) );
		$this->gift( $email, '2018-08-05 09:00:00', 4000, array( 'status' => 'pending' ) );

		$statements = $this->query()->statements_of( $email, new FinancialYear( 2019 ) );
		$this->assertCount( 1, $statements );
		$this->assertSame( array( $kept ), array_column( $statements[0]->gifts, 'id' ) );
		$this->assertSame( 5000, $statements[0]->total_cents() );
		$this->assertSame( $this->receipt_number_of( $kept ), $statements[0]->gifts[0]['receipt_number'] );
		$this->assertSame( 'Card', $statements[0]->gifts[0]['method'] );
	}

	public function test_a_refund_after_the_donors_were_found_is_left_out_of_the_email_and_below_two_dollars_skips_it(): void {
		global $wpdb;
		$year = new FinancialYear( 2019 );
		$this->log_in_as( 'administrator' );
		$both = $this->gift( $this->email( 'partly' ), '2018-08-01 09:00:00', 5000 );
		$this->gift( $this->email( 'partly' ), '2018-08-02 09:00:00', 1234 );
		$alone = $this->gift( $this->email( 'gone' ), '2018-08-01 09:00:00', 700 );
		$this->runs()->start( $year, get_current_user_id() );
		$this->assertTrue( $this->sender()->step( $year ), 'finding' );
		// Refunded between finding and sending.
		$wpdb->update( Schema::table( 'donations' ), array( 'status' => 'refunded' ), array( 'id' => $both ) );
		$wpdb->update( Schema::table( 'donations' ), array( 'status' => 'refunded' ), array( 'id' => $alone ) );
		while ( $this->sender()->step( $year ) ) {
			continue;
		}
		$mail = $this->statement_mail();
		$this->assertSame( array( $this->email( 'partly' ) ), array_column( $mail, 'recipient' ) );
		$this->assertStringContainsString( '$12.34', $mail[0]['html'] );
		$this->assertStringNotContainsString( '$50.00', $mail[0]['html'] );
		$this->assertSame( StatementLog::SKIPPED, $this->log()->find_for( $year, $this->email( 'gone' ), '' )['status'] );
	}

	public function test_gifts_made_as_an_organisation_go_on_that_organisations_own_statement(): void {
		$email = $this->email( 'treasurer' );
		$year  = new FinancialYear( 2019 );
		$this->gift( $email, '2018-08-01 09:00:00', 1000, array( 'first_name' => 'Sam' ) );
		$this->gift(
			$email,
			'2018-09-01 09:00:00',
			20000,
			array(
				'donate_as'         => 'organisation',
				'organisation_name' => 'Acme Pty Ltd',
			)
		);
		$this->gift(
			$email,
			'2018-10-01 09:00:00',
			30000,
			array(
				'donate_as'         => 'organisation',
				'organisation_name' => 'Acme Pty Ltd',
			)
		);
		$this->gift(
			$email,
			'2018-11-01 09:00:00',
			4000,
			array(
				'donate_as'         => 'organisation',
				'organisation_name' => 'Bush Club Inc',
			)
		);
		// A name typed while giving as an individual is not an organisation's gift. The statement
		// is issued in the latest name the donor gave.
		$this->gift(
			$email,
			'2018-12-01 09:00:00',
			500,
			array(
				'organisation_name' => 'Leftover Name',
				'first_name'        => 'Samantha',
			)
		);

		$statements = $this->query()->statements_of( $email, $year );
		$this->assertSame(
			array(
				array( '', 'Samantha Citizen', 1500 ),
				array( 'Acme Pty Ltd', 'Acme Pty Ltd', 50000 ),
				array( 'Bush Club Inc', 'Bush Club Inc', 4000 ),
			),
			array_map( static fn ( $s ) => array( $s->organisation, $s->name, $s->total_cents() ), $statements )
		);

		$this->log_in_as( 'administrator' );
		$this->send_all( $year );
		$subjects = array_column( $this->statement_mail(), 'html' );
		$this->assertCount( 3, $subjects, 'one email per statement' );
		$this->assertStringContainsString( 'Dear Acme Pty Ltd,', $subjects[1] . $subjects[0] . $subjects[2] );
		$this->assertStringContainsString( 'Helping Hands Australia', $subjects[0] );
		$this->assertStringContainsString( '51 824 753 556', $subjects[0] );
		$this->assertStringContainsString( 'Donations of $2 or more to Helping Hands Australia are tax deductible in Australia.', $subjects[0] );
	}

	public function test_send_all_sends_each_statement_once_and_again_only_when_resent(): void {
		$year = new FinancialYear( 2019 );
		$this->log_in_as( 'administrator' );
		foreach ( array( 'amy', 'ben', 'cat' ) as $i => $name ) {
			$this->gift( $this->email( $name ), '2018-08-01 09:00:00', 1000 * ( $i + 1 ) );
			$this->gift( $this->email( $name ), '2019-03-01 09:00:00', 500 );
		}
		// Another year's gift is not on the 2018–19 statement.
		$this->gift( $this->email( 'amy' ), '2019-08-01 09:00:00', 9900 );

		$this->send_all( $year );
		$this->assertSame( array( $this->email( 'amy' ), $this->email( 'ben' ), $this->email( 'cat' ) ), array_column( $this->statement_mail(), 'recipient' ) );
		$this->assertSame( 'Your 2018–19 tax statement from Helping Hands Australia', $this->statement_mail()[0]['subject'] );
		$this->assertStringContainsString( '$15.00', $this->statement_mail()[0]['html'] );
		$this->assertStringNotContainsString( '$99.00', $this->statement_mail()[0]['html'] );
		$this->assertSame( StatementRuns::DONE, $this->runs()->find( $year )['status'] );

		// "Send all" again, and sending one by one: nothing goes twice.
		$this->send_all( $year );
		$amy = $this->query()->statement( $this->email( 'amy' ), '', $year );
		$this->assertSame( 'already_sent', $this->sender()->send( $amy ) );
		$this->assertCount( 3, $this->statement_mail() );

		// Resent on purpose: once more, and counted.
		$this->assertSame( 'sent', $this->sender()->send( $amy, true ) );
		$this->assertCount( 4, $this->statement_mail() );
		$this->assertSame( 2, $this->log()->find_for( $year, $this->email( 'amy' ), '' )['sends'] );
	}

	public function test_a_statement_link_opens_the_printable_page_and_a_changed_or_old_one_is_refused(): void {
		$email = $this->email( 'printer' );
		$year  = new FinancialYear( 2019 );
		$this->gift( $email, '2018-08-01 09:00:00', 4321, array( 'first_name' => 'Pat' ) );
		$page = $this->service( \DonationWidget\Statements\StatementPage::class );

		$token  = static fn ( string $url ): string => (string) wp_parse_args( (string) wp_parse_url( $url, PHP_URL_QUERY ) )['donation-widget-statement'];
		$opened = $page->answer( $token( $this->links()->url( $email, '', $year ) ) );
		$this->assertSame( 200, $opened['status'] );
		$this->assertStringContainsString( 'Tax statement for the 2018–19 financial year', $opened['html'] );
		$this->assertStringContainsString( 'Print or save as PDF', $opened['html'] );
		$this->assertStringContainsString( 'window.print()', $opened['html'] );
		$this->assertStringContainsString( '@media print', $opened['html'] );
		$this->assertStringContainsString( '$43.21', $opened['html'] );

		// Another donor's address in a link signed for this one.
		list( $payload, $signature ) = explode( '.', $token( $this->links()->url( $email, '', $year ) ) );
		$other                       = bin2hex( str_replace( 'printer@', 'someone@', (string) hex2bin( $payload ) ) );
		$this->assertSame( 403, $page->answer( $other . '.' . $signature )['status'] );
		$this->assertSame( 403, $page->answer( $payload . '.' . str_repeat( '0', 64 ) )['status'] );
		$this->assertSame( 403, $page->answer( 'nonsense' )['status'] );
		$this->assertSame( 403, $page->answer( 'zz.zz' )['status'] );
		$this->assertStringNotContainsString( '$43.21', $page->answer( $other . '.' . $signature )['html'] );

		// Made two hours ago, good for one: expired.
		$old = $page->answer( $token( $this->links()->url( $email, '', $year, HOUR_IN_SECONDS, time() - 2 * HOUR_IN_SECONDS ) ) );
		$this->assertSame( 410, $old['status'] );
		$this->assertStringContainsString( 'This statement link has expired.', $old['html'] );
	}

	public function test_the_self_service_filter_lists_one_link_per_year_and_organisation_with_a_statement(): void {
		$email = $this->email( 'regular' );
		$this->gift( $email, '2018-08-01 09:00:00', 1000 );
		$this->gift( $email, '2020-02-01 09:00:00', 3000 );
		$this->gift(
			$email,
			'2020-03-01 09:00:00',
			3000,
			array(
				'donate_as'         => 'organisation',
				'organisation_name' => 'Acme Pty Ltd',
			)
		);
		// Below $2 in 2020–21: no link. This year has not ended: no link.
		$this->gift( $email, '2020-08-01 09:00:00', 100 );
		$this->gift( $email, current_time( 'Y-m-d H:i:s' ), 5000 );

		$links = apply_filters( 'donation_widget_statement_links', array(), $email );
		$this->assertSame( array( '2019–20 tax statement', '2019–20 tax statement (Acme Pty Ltd)', '2018–19 tax statement' ), array_column( $links, 'label' ) );
		$page = $this->service( \DonationWidget\Statements\StatementPage::class );
		foreach ( $links as $link ) {
			$query = wp_parse_args( (string) wp_parse_url( $link['url'], PHP_URL_QUERY ) );
			$this->assertSame( 200, $page->answer( (string) $query['donation-widget-statement'] )['status'], $link['label'] );
		}
		$this->assertSame( array(), apply_filters( 'donation_widget_statement_links', array(), $this->email( 'nobody' ) ) );
		$this->assertSame( array(), apply_filters( 'donation_widget_statement_links', array(), 'not an email' ) );
	}

	public function test_the_privacy_eraser_deletes_the_donors_statement_records(): void {
		$this->log_in_as( 'administrator' );
		$year = new FinancialYear( 2019 );
		$this->gift( $this->email( 'forget' ), '2018-08-01 09:00:00', 5000 );
		$this->gift( $this->email( 'keep' ), '2018-08-01 09:00:00', 5000 );
		$this->send_all( $year );
		$erasers = apply_filters( 'wp_privacy_personal_data_erasers', array() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, as the Tools → Erase screen runs it.
		$this->assertArrayHasKey( 'donation-widget-statements', $erasers );
		$answer = call_user_func( $erasers['donation-widget-statements']['callback'], $this->email( 'forget' ), 1 );
		$this->assertTrue( $answer['items_removed'] );
		$this->assertNull( $this->log()->find_for( $year, $this->email( 'forget' ), '' ) );
		$this->assertNotNull( $this->log()->find_for( $year, $this->email( 'keep' ), '' ) );
	}

	public function test_a_link_parameter_that_is_not_text_is_refused_without_a_warning(): void {
		$page = $this->service( \DonationWidget\Statements\StatementPage::class );
		$this->assertSame( 403, $page->answer( '' )['status'] );
		$this->assertSame( 403, $page->answer( str_repeat( 'a', 5000 ) . '.' . str_repeat( 'b', 64 ) )['status'] );
	}
}
