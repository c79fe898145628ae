<?php
/**
 * Donation Widget → Tax statements: preview, test, send, resend, send all with progress, CSV.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Statements;

use DonationWidget\Admin\Statements\StatementsPage;
use DonationWidget\Admin\Statements\StatementTotalsCsv;
use DonationWidget\Database\Schema;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementDocument;
use DonationWidget\Statements\StatementLog;
use DonationWidget\Statements\StatementQuery;
use DonationWidget\Statements\StatementSender;

final class StatementsScreenTest extends StatementTestCase {

	private function screen( array $query ): string {
		$_GET = wp_slash( array( 'page' => StatementsPage::SLUG ) + $query );
		$run  = $this->run_stoppable( fn () => $this->service( StatementsPage::class )->render() );
		$this->assertNull( $run['stop'], 'the screen stopped' );
		return $run['output'];
	}

	private function act( string $what, string $email, string $organisation = '', string $nonce = '' ): array {
		return $this->admin_post(
			StatementsPage::ACTION,
			array(
				'do'           => $what,
				'year'         => '2019',
				'email'        => $email,
				'organisation' => $organisation,
				'_wpnonce'     => '' !== $nonce ? $nonce : wp_create_nonce( StatementsPage::ACTION ),
			)
		);
	}

	public function test_an_admin_previews_a_donors_statement_sends_a_test_then_sends_and_resends_it(): void {
		$admin = get_userdata( $this->log_in_as( 'administrator' ) );
		$email = $this->email( 'preview' );
		$this->gift(
			$email,
			'2018-08-01 09:00:00',
			5250,
			array(
				'first_name' => 'Priya',
				'last_name'  => 'Nair',
			)
		);
		$this->gift(
			$email,
			'2018-11-01 09:00:00',
			1000,
			array(
				'donate_as'         => 'organisation',
				'organisation_name' => 'Nair & Co',
			)
		);

		$html = $this->screen(
			array(
				'year'  => '2019',
				'email' => $email,
			)
		);
		$this->assertStringContainsString( 'Statement for Priya Nair: $52.50', $html );
		$this->assertStringContainsString( 'Statement for Nair &amp; Co: $10.00', $html );
		$this->assertStringContainsString( 'Tax statement for the 2018–19 financial year', $html );
		$this->assertStringContainsString( 'Send a test to me (' . $admin->user_email . ')', $html );
		$this->assertSame( 2, substr_count( $html, 'Not sent yet.' ) );

		$this->assertSame( 'test', $this->redirected_to( $this->act( 'test', $email ) )['done'] );
		global $wpdb;
		$tests = $wpdb->get_col( $wpdb->prepare( 'SELECT subject FROM ' . Schema::table( 'mail_queue' ) . ' WHERE kind = %s AND recipient = %s', StatementSender::TEST_KIND, $admin->user_email ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertSame( array( '[Test] Your 2018–19 tax statement from Helping Hands Australia' ), $tests );
		$this->assertSame( array(), $this->statement_mail(), 'a test goes to staff only' );
		$this->assertNull( $this->log()->find_for( new FinancialYear( 2019 ), $email, '' ), 'a test does not count as sent' );

		$this->assertSame( 'sent', $this->redirected_to( $this->act( 'send', $email ) )['done'] );
		$this->assertSame( 'already_sent', $this->redirected_to( $this->act( 'send', $email ) )['done'] );
		$this->assertSame( 'sent', $this->redirected_to( $this->act( 'send', $email, 'Nair & Co' ) )['done'] );
		$this->assertCount( 2, $this->statement_mail() );
		$this->assertStringContainsString(
			'Resend statement',
			$this->screen(
				array(
					'year'  => '2019',
					'email' => $email,
				)
			)
		);
		$this->assertSame( 'sent', $this->redirected_to( $this->act( 'resend', $email ) )['done'] );
		$this->assertCount( 3, $this->statement_mail() );

		$this->assertSame( 'none', $this->redirected_to( $this->act( 'send', $this->email( 'stranger' ) ) )['done'] );
		$this->assertStringContainsString(
			'No statement for',
			$this->screen(
				array(
					'year'  => '2019',
					'email' => $this->email( 'stranger' ),
				)
			)
		);
	}

	public function test_every_action_needs_a_nonce_and_the_capability(): void {
		$email = $this->email( 'guarded' );
		$this->gift( $email, '2018-08-01 09:00:00', 5250 );
		$this->log_in_as( 'administrator' );
		$this->assertDied( 403, $this->act( 'send', $email, '', 'forged' ) );
		$this->assertDied(
			403,
			$this->admin_post(
				StatementsPage::START_ACTION,
				array(
					'year'     => '2019',
					'_wpnonce' => 'forged',
				)
			)
		);
		$this->assertDied(
			403,
			$this->admin_post(
				StatementsPage::CSV_ACTION,
				array(
					'year'     => '2019',
					'_wpnonce' => 'forged',
				),
				'GET'
			)
		);

		$this->log_in_as( 'editor' );
		$this->assertDied( 403, $this->act( 'send', $email ) );
		$this->assertDied(
			403,
			$this->admin_post(
				StatementsPage::START_ACTION,
				array(
					'year'     => '2019',
					'_wpnonce' => wp_create_nonce( StatementsPage::START_ACTION ),
				)
			)
		);
		$this->assertDied(
			403,
			$this->admin_post(
				StatementsPage::CSV_ACTION,
				array(
					'year'     => '2019',
					'_wpnonce' => wp_create_nonce( StatementsPage::CSV_ACTION ),
				),
				'GET'
			)
		);
		$this->assertSame( 403, $this->rest( 'POST', '/donation-widget/v1/statements/2019/batch' )->get_status() );
		$this->assertSame( array(), $this->statement_mail() );
	}

	public function test_send_all_is_followed_to_done_by_the_progress_route(): void {
		$this->log_in_as( 'administrator' );
		$this->gift( $this->email( 'one' ), '2018-08-01 09:00:00', 5250 );
		$this->gift( $this->email( 'two' ), '2019-06-30 23:00:00', 1000 );
		$this->assertSame( 404, $this->rest( 'POST', '/donation-widget/v1/statements/2019/batch' )->get_status(), 'not started' );

		$start = $this->admin_post(
			StatementsPage::START_ACTION,
			array(
				'year'     => '2019',
				'_wpnonce' => wp_create_nonce( StatementsPage::START_ACTION ),
			)
		);
		$this->assertSame( 'started', $this->redirected_to( $start )['done'] );
		$this->assertNotFalse( wp_next_scheduled( \DonationWidget\Statements\StatementSchedule::HOOK ), 'WP-Cron carries on without the page' );
		$this->assertStringContainsString( '<progress id="donation-widget-statement-bar"', $this->screen( array( 'year' => '2019' ) ) );

		$labels = array();
		for ( $i = 0; $i < 50; $i++ ) {
			$answer   = $this->rest( 'POST', '/donation-widget/v1/statements/2019/batch' );
			$progress = $answer->get_data();
			$this->assertSame( 200, $answer->get_status() );
			$labels[] = $progress['label'];
			if ( 'done' === $progress['status'] ) {
				break;
			}
		}
		$this->assertSame( 'done', $progress['status'] );
		$this->assertSame( $progress['total'], $progress['done'] );
		$this->assertMatchesRegularExpression( '/^Done: \d+ statements? for 2018–19 (is|are) sent\.$/', end( $labels ) );
		$this->assertSame( array( $this->email( 'one' ), $this->email( 'two' ) ), array_column( $this->statement_mail(), 'recipient' ) );

		// The year that has not ended cannot be sent.
		$current = (string) FinancialYear::current()->ending;
		$this->assertDied(
			400,
			$this->admin_post(
				StatementsPage::START_ACTION,
				array(
					'year'     => $current,
					'_wpnonce' => wp_create_nonce( StatementsPage::START_ACTION ),
				)
			)
		);
	}

	public function test_the_csv_has_one_line_per_statement_with_its_total_and_whether_it_was_sent(): void {
		$this->log_in_as( 'administrator' );
		$year = new FinancialYear( 2019 );
		$this->gift( $this->email( 'csv-a' ), '2018-08-01 09:00:00', 5250 );
		// The latest name is the one shown, defused for spreadsheets.
		$this->gift(
			$this->email( 'csv-a' ),
			'2018-09-01 09:00:00',
			1000,
			array(
				'first_name' => '=SUM(A1)',
				'last_name'  => 'Jones',
			)
		);
		$this->gift(
			$this->email( 'csv-a' ),
			'2018-09-02 09:00:00',
			100000,
			array(
				'donate_as'         => 'organisation',
				'organisation_name' => 'Acme, "Big" Pty Ltd',
			)
		);
		$this->gift( $this->email( 'csv-b' ), '2018-08-01 09:00:00', 150 );
		$this->gift( $this->email( 'csv-c' ), '2018-08-01 09:00:00', 999, array( 'status' => 'refunded' ) );
		$this->sender()->send( $this->service( StatementQuery::class )->statement( $this->email( 'csv-a' ), '', $year ) );

		$out = fopen( 'php://memory', 'w+b' );
		( new StatementTotalsCsv( $this->service( StatementQuery::class ), $this->log() ) )->write( $year, $out );
		rewind( $out );
		$lines = array_values( array_filter( explode( "\n", (string) stream_get_contents( $out ) ), fn ( $line ) => '' !== $line && ( str_starts_with( $line, '"Financial' ) || str_contains( $line, $this->domain ) ) ) );
		$today = current_time( 'Y-m-d' );
		$this->assertSame(
			array(
				'"Financial year",Email,Name,Organisation,Gifts,"Total (AUD)","Statement sent"',
				'2018–19,' . $this->email( 'csv-a' ) . ',"\'=SUM(A1) Jones",,2,62.50,' . $today,
				'2018–19,' . $this->email( 'csv-a' ) . ',"Acme, ""Big"" Pty Ltd","Acme, ""Big"" Pty Ltd",1,1000.00,',
			),
			$lines
		);
		$this->assertSame( 'tax-statements-2018-19.csv', StatementTotalsCsv::filename( $year ) );
	}

	public function test_the_year_under_way_is_offered_to_date_and_shows_its_gifts_so_far(): void {
		$this->log_in_as( 'administrator' );
		$current = FinancialYear::current();
		$email   = $this->email( 'to-date' );
		// Today on the site's clock: inside the year under way whatever the date of the run.
		$this->gift( $email, wp_date( 'Y-m-d' ) . ' 00:30:00', 4200 );

		$menu = $this->screen( array() );
		$this->assertStringContainsString( sprintf( '<option value="%d">%s (to date)</option>', $current->ending, $current->label() ), $menu );
		// The year shown by default is still the latest that has ended.
		$this->assertStringContainsString( sprintf( '<option value="%d" selected=\'selected\'>%s</option>', $current->ending - 1, FinancialYear::latest_completed()->label() ), $menu );

		$html = $this->screen(
			array(
				'year'  => (string) $current->ending,
				'email' => $email,
			)
		);
		$this->assertStringContainsString( 'Every statement for ' . $current->label() . ' (to date)', $html );
		$this->assertStringContainsString( ': $42.00', $html );
		$this->assertStringContainsString( 'This financial year has not ended yet', $html );
		$this->assertStringNotContainsString( 'Send all statements', $html );
	}

	public function test_send_all_first_asks_naming_how_many_statements_go_out(): void {
		$this->log_in_as( 'administrator' );
		$year = new FinancialYear( 2012 );
		$this->gift( $this->email( 'a' ), '2011-08-01 09:00:00', 5000 );
		$this->gift(
			$this->email( 'a' ),
			'2011-09-01 09:00:00',
			2500,
			array(
				'donate_as'         => 'organisation',
				'organisation_name' => 'A Pty Ltd',
			)
		);
		$this->gift( $this->email( 'b' ), '2012-06-30 20:00:00', 300 );
		$this->gift( $this->email( 'tiny' ), '2011-10-01 09:00:00', 150 );
		$this->gift( $this->email( 'next-year' ), '2012-07-01 09:00:00', 9900 );

		// The button asks first: its form goes to the question, not to sending.
		$html = $this->screen( array( 'year' => '2012' ) );
		$this->assertMatchesRegularExpression( '#<form method="get"[^>]*><input type="hidden" name="page" value="[^"]+" /><input type="hidden" name="year" value="2012" /><input type="hidden" name="confirm" value="send-all" />.*?<button type="submit" class="button button-primary">Send all statements for 2011–12</button>#s', $html );
		$this->assertStringNotContainsString( 'value="' . StatementsPage::START_ACTION . '"', $html );

		$this->assertSame( 3, $this->service( StatementQuery::class )->count_of( $year ) );
		$question = $this->screen(
			array(
				'year'    => '2012',
				'confirm' => 'send-all',
			)
		);
		$this->assertStringContainsString( 'Send all statements for 2011–12?', $question );
		$this->assertStringContainsString( '2011–12 has 3 statements', $question );
		$this->assertStringContainsString( '>Send 3 statements for 2011–12</button>', $question );
		$this->assertStringContainsString( 'value="' . StatementsPage::START_ACTION . '"', $question );
		$this->assertStringContainsString( '>Cancel</a>', $question );
		$this->assertNull( $this->runs()->find( $year ), 'asking sends nothing' );

		// Once some went out, the count to send says so.
		$this->send_all( $year );
		$again = $this->screen(
			array(
				'year'    => '2012',
				'confirm' => 'send-all',
			)
		);
		$this->assertStringContainsString( '3 of them were already sent and are not sent again.', $again );
		$this->assertStringContainsString( '>Send 0 statements for 2011–12</button>', $again );
	}

	public function test_statements_use_the_sites_date_format(): void {
		$email = $this->email( 'format' );
		$this->gift( $email, '2018-08-01 09:00:00', 5250 );
		$statement = $this->query()->statements_of( $email, new FinancialYear( 2019 ) )[0];
		$document  = $this->service( StatementDocument::class );

		foreach ( array( 'd/m/Y', 'F j, Y', 'j F Y' ) as $format ) {
			update_option( 'date_format', $format );
			$expected = sprintf( '%s to %s', wp_date( $format, strtotime( '2018-07-01 12:00:00 Australia/Sydney' ) ), wp_date( $format, strtotime( '2019-06-30 12:00:00 Australia/Sydney' ) ) );
			$this->assertStringContainsString( esc_html( $expected ), $document->html( $statement ), $format );
		}
		// And each gift's date.
		update_option( 'date_format', 'd/m/Y' );
		$this->assertStringContainsString( '01/08/2018', $document->html( $statement ) );
	}
}
