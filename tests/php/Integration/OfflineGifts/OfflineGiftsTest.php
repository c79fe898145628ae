<?php
/**
 * Gifts received offline: recorded once, receipted in the same sequence, counted where money
 * received counts and nowhere a provider's payment is expected, edited with an audit, voided
 * but never deleted.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\OfflineGifts;

use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Admin\OfflineGifts\DonorPrefill;
use DonationWidget\Admin\OfflineGifts\PrintableReceipt;
use DonationWidget\Admin\OfflineGifts\RecordGiftPage;
use DonationWidget\Books\Export\ExportRefused;
use DonationWidget\Books\Export\PayoutLines;
use DonationWidget\Books\Payouts\HeldBalance;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\OfflineGifts\OfflineGiftRecords;
use DonationWidget\OfflineGifts\OfflineGifts;
use DonationWidget\Receipts\ReceiptLog;
use DonationWidget\Receipts\ReceiptSender;
use DonationWidget\Reports\ReportQuery;
use DonationWidget\Reports\ReportRequest;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementQuery;
use DonationWidget\Tests\Integration\Admin\AdminTestCase;
use DonationWidget\Tests\Support\ImportFiles;
use DonationWidget\Admin\BooksExport\BooksExportDownload;

final class OfflineGiftsTest extends AdminTestCase {

	protected function setUp(): void {
		parent::setUp();
		update_option( 'date_format', 'j F Y' );
		$this->log_in_as( 'administrator' );
	}

	protected function tearDown(): void {
		unset( $_SERVER['REQUEST_METHOD'] );
		parent::tearDown();
	}

	/**
	 * A new screen, as each request has (the screen keeps a refused form for its render).
	 */
	private function page(): RecordGiftPage {
		return new RecordGiftPage(
			$this->service( OfflineGifts::class ),
			$this->service( OfflineGiftRecords::class ),
			$this->service( DonationRepository::class ),
			$this->service( ReceiptSender::class ),
			$this->service( ReceiptLog::class ),
			$this->service( DonorPrefill::class )
		);
	}

	/**
	 * A site day some days ago, as the site writes dates.
	 *
	 * @param int $days Days back.
	 */
	private static function day_ago( int $days ): string {
		return (string) wp_date( 'j F Y', time() - $days * DAY_IN_SECONDS );
	}

	/**
	 * The record form's fields for a cheque from Jane Citizen.
	 *
	 * @param array<string, mixed> $overrides Field => value.
	 * @return array<string, mixed>
	 */
	private function cheque( array $overrides = array() ): array {
		return array_merge(
			array(
				'gift_token'        => wp_generate_uuid4(),
				'kind'              => 'cheque',
				'received'          => self::day_ago( 3 ),
				'amount'            => '250.00',
				'donate_as'         => 'individual',
				'first_name'        => 'Jane',
				'last_name'         => 'Citizen',
				'organisation_name' => '',
				'email'             => $this->email(),
				'address_line1'     => '1/23 Example St',
				'address_line2'     => '',
				'city'              => 'Sydney',
				'state'             => 'NSW',
				'postcode'          => '2000',
				'country'           => 'Australia',
				'reference'         => '000123',
				'iteration_id'      => 'APPEAL-2026',
				'note'              => 'Posted with a card.',
			),
			$overrides
		);
	}

	/**
	 * Posts the record (or edit) form to a screen, as the browser does.
	 *
	 * @param array<string, mixed> $fields Form fields.
	 * @param int                  $id     The gift edited (0: record).
	 * @param RecordGiftPage|null  $page   The screen (a new one when null).
	 * @return array{output: string, stop: \DonationWidget\Tests\Integration\Admin\AdminStop|null}
	 */
	private function post( array $fields, int $id = 0, ?RecordGiftPage $page = null ): array {
		$page                      = $page ?? $this->page();
		$query                     = array( 'page' => RecordGiftPage::SLUG ) + ( $id > 0 ? array( 'donation' => (string) $id ) : array() );
		$form                      = wp_slash( $fields + array( '_wpnonce' => wp_create_nonce( RecordGiftPage::NONCE . '_' . $id ) ) );
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_GET                      = $query;
		$_POST                     = $form;
		$_REQUEST                  = $query + $form;
		return $this->run_stoppable( static fn () => $page->handle_post() );
	}

	/**
	 * Records a gift through the screen and returns its donation.
	 *
	 * @param array<string, mixed> $fields Form fields.
	 */
	private function record( array $fields ): Donation {
		$args = $this->redirected_to( $this->post( $fields ) );
		$this->assertSame( 'recorded', $args['done'] ?? '' );
		$donation = $this->service( DonationRepository::class )->find( (int) $args['donation'] );
		$this->assertNotNull( $donation );
		return $donation;
	}

	/**
	 * How many rows a table holds now.
	 *
	 * @param string $short_name Short table name.
	 */
	private function count_rows( string $short_name ): int {
		global $wpdb;
		return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( $short_name ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * The Reports' totals of the last fortnight, by payment method.
	 *
	 * @return array{rows: list<array<string, int|string>>, totals: array<string, int>}
	 */
	private function report_by_method(): array {
		$request = ReportRequest::from_params(
			array(
				'from'  => (string) wp_date( 'Y-m-d', time() - 14 * DAY_IN_SECONDS ),
				'to'    => (string) wp_date( 'Y-m-d' ),
				'group' => 'method',
			)
		);
		$this->assertInstanceOf( ReportRequest::class, $request );
		return $this->service( ReportQuery::class )->report( $request );
	}

	public function test_a_recorded_cheque_takes_the_next_receipt_number_and_the_donor_is_emailed_the_same_receipt(): void {
		$online = $this->insert_donation();
		$gift   = $this->record( $this->cheque() );

		$this->assertSame( array( GiftOrigin::OFFLINE, 'cheque', DonationStatus::SUCCEEDED, 25000, 'Oneoff' ), array( $gift->provider(), $gift->method(), $gift->status(), $gift->total_cents(), $gift->frequency() ) );
		$this->assertStringStartsWith( OfflineGifts::ATTEMPT_PREFIX, $gift->attempt_id() );
		$this->assertSame( $gift->receipt_seq(), $this->service( DonationRepository::class )->find( $online )?->receipt_seq() + 1, 'The next number of the one sequence.' );
		// The day received, from the start of that site day.
		$day = \DateTimeImmutable::createFromFormat( '!j F Y', self::day_ago( 3 ), wp_timezone() );
		$this->assertNotFalse( $day );
		$this->assertSame( $day->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' ), $gift->value( 'created_at' ) );

		$this->run_mail_queue();
		$mail = $this->mailbox();
		$this->assertCount( 1, $mail );
		$this->assertSame( array( $this->email() ), $mail[0]['to'] );
		$number = $this->receipt_number_of( $gift->id() );
		$this->assertSame( 'Your receipt from Helping Hands Australia (' . $number . ')', $mail[0]['subject'] );
		$this->assertStringContainsString( 'Payment method: Cheque', (string) $mail[0]['text'] );
		$this->assertStringContainsString( 'Amount: $250.00 AUD', (string) $mail[0]['text'] );

		$screen = $this->run_stoppable(
			function () use ( $gift ): void {
				$_GET = array(
					'donation' => (string) $gift->id(),
					'done'     => 'recorded',
				);
				$this->page()->render();
			}
		)['output'];
		$this->assertStringContainsString( 'Gift recorded with receipt number ' . $number . '.', $screen );
		$this->assertStringContainsString( 'Offline gift (cheque 000123)', $screen );
	}

	public function test_without_an_email_nothing_is_sent_and_the_receipt_prints_for_the_post(): void {
		$gift = $this->record( $this->cheque( array( 'email' => '' ) ) );
		$this->run_mail_queue();
		$this->assertSame( array(), $this->mailbox() );

		$_GET  = array( 'donation' => (string) $gift->id() );
		$print = $this->run_stoppable( fn () => $this->service( PrintableReceipt::class )->handle() );
		$this->assertNull( $print['stop'] );
		$this->assertStringContainsString( $this->receipt_number_of( $gift->id() ), $print['output'] );
		$this->assertStringContainsString( '1/23 Example St', $print['output'], 'The postal address, for the envelope.' );
		$this->assertStringContainsString( 'Received from', $print['output'] );
		$this->assertStringNotContainsString( 'VOID', $print['output'] );
	}

	public function test_it_counts_in_reports_by_method_and_on_the_donors_statement_with_its_receipt_number(): void {
		$before = $this->report_by_method();
		$gift   = $this->record( $this->cheque() );
		$after  = $this->report_by_method();

		$this->assertSame( 25000, $after['totals']['gross_cents'] - $before['totals']['gross_cents'] );
		$cheque = array_values( array_filter( $after['rows'], static fn ( array $row ): bool => 'cheque' === $row['key'] ) );
		$this->assertCount( 1, $cheque );
		$this->assertSame( array( 'Cheque', 25000, 1 ), array( $cheque[0]['label'], $cheque[0]['gross_cents'], $cheque[0]['donations'] ) );

		$statements = $this->service( StatementQuery::class )->statements_of( $this->email(), FinancialYear::of( $gift->value( 'created_at' ) ) );
		$this->assertCount( 1, $statements );
		$this->assertSame( 25000, $statements[0]->total_cents() );
		$this->assertSame( $this->receipt_number_of( $gift->id() ), $statements[0]->gifts[0]['receipt_number'] );
		$this->assertSame( 'Cheque', $statements[0]->gifts[0]['method'] );
	}

	public function test_it_is_never_asked_of_a_provider_nor_in_payouts_fees_or_the_deposit_lines(): void {
		$gift = $this->record( $this->cheque() );
		$day  = (string) wp_date( 'Y-m-d', strtotime( $gift->value( 'created_at' ) . ' UTC' ) );

		$open = $this->service( DonationRepository::class )->find_open( gmdate( 'Y-m-d H:i:s', time() + DAY_IN_SECONDS ), gmdate( 'Y-m-d H:i:s', time() + DAY_IN_SECONDS ), 1000 );
		$this->assertNotContains( $gift->id(), array_map( static fn ( Donation $d ): int => $d->id(), $open ), 'Reconciliation asks about open payments only.' );
		foreach ( array( 'stripe', 'paypal' ) as $provider ) {
			foreach ( $this->service( HeldBalance::class )->captures( $provider, gmdate( 'Y-m-d H:i:s', time() - 30 * DAY_IN_SECONDS ), gmdate( 'Y-m-d H:i:s', time() + DAY_IN_SECONDS ) ) as $capture ) {
				$this->assertNotSame( $gift->id(), $capture->id(), 'No provider holds it.' );
			}
		}
		$this->set_settings(
			array(
				'books_donations_account'    => '200',
				'books_fees_account'         => '404',
				'books_refunds_account'      => '200',
				'books_other_income_account' => '260',
			)
		);
		try {
			$lines = $this->service( PayoutLines::class )->of_range( $day, $day );
		} catch ( ExportRefused $none ) {
			$lines = array();
		}
		foreach ( $lines as $line ) {
			$this->assertStringNotContainsString( '000123', $line->reference . $line->description );
		}
		$fees = $this->service( \DonationWidget\Books\Fees\FeeCatchUp::class )->run();
		$this->assertNull( $this->service( DonationRepository::class )->find( $gift->id() )?->fee_cents(), 'No fee is asked for: no provider took it.' );
		$this->assertIsArray( $fees );
	}

	/**
	 * Bad values of each field, and the field the message is beside.
	 *
	 * @return array<string, array{0: array<string, mixed>, 1: string}>
	 */
	public static function bad_inputs(): array {
		return array(
			'amount with a dollar sign'  => array( array( 'amount' => '$250' ), 'amount' ),
			'amount with a comma'        => array( array( 'amount' => '1,250.00' ), 'amount' ),
			'amount with three decimals' => array( array( 'amount' => '12.505' ), 'amount' ),
			'amount negative'            => array( array( 'amount' => '-5' ), 'amount' ),
			'amount zero'                => array( array( 'amount' => '0.00' ), 'amount' ),
			'amount empty'               => array( array( 'amount' => '' ), 'amount' ),
			'amount as a list'           => array( array( 'amount' => array( '5' ) ), 'amount' ),
			'amount with an exponent'    => array( array( 'amount' => '1e3' ), 'amount' ),
			'31 February'                => array( array( 'received' => '31 February 2026' ), 'received' ),
			'a day that is not a date'   => array( array( 'received' => 'last Tuesday' ), 'received' ),
			'an American date'           => array( array( 'received' => '12/31/2025' ), 'received' ),
			'tomorrow'                   => array( array( 'received' => 'TOMORROW' ), 'received' ),
			'no date'                    => array( array( 'received' => '' ), 'received' ),
			'the year 1899'              => array( array( 'received' => '1 July 1899' ), 'received' ),
			'an unknown kind'            => array( array( 'kind' => 'card' ), 'kind' ),
			'no kind'                    => array( array( 'kind' => '' ), 'kind' ),
			'an email without a domain'  => array( array( 'email' => 'jane@' ), 'email' ),
			'a person without a name'    => array( array( 'last_name' => '' ), 'last_name' ),
			'an organisation unnamed'    => array(
				array(
					'donate_as'         => 'organisation',
					'organisation_name' => '',
				),
				'organisation_name',
			),
			'a name with a formula'      => array( array( 'first_name' => '=HYPERLINK("x")' ), 'first_name' ),
			'a reference with a tab'     => array( array( 'reference' => "12\t3" ), 'reference' ),
			'a reference too long'       => array( array( 'reference' => str_repeat( '9', 65 ) ), 'reference' ),
			'a note with a control'      => array( array( 'note' => "ok\x07" ), 'note' ),
			'a campaign with spaces'     => array( array( 'iteration_id' => 'WINTER APPEAL' ), 'iteration_id' ),
			'who gave, unknown'          => array( array( 'donate_as' => 'company' ), 'donate_as' ),
			'a form token made up'       => array( array( 'gift_token' => 'offline-1' ), 'form' ),
			'invalid UTF-8 in a name'    => array( array( 'last_name' => "Citizen\xC3" ), 'last_name' ),
		);
	}

	/**
	 * @dataProvider bad_inputs
	 *
	 * @param array<string, mixed> $bad   The bad fields.
	 * @param string               $field The field refused.
	 */
	public function test_a_bad_value_is_refused_beside_its_field_and_nothing_is_written( array $bad, string $field ): void {
		if ( 'received' === $field && 'TOMORROW' === $bad['received'] ) {
			$bad['received'] = (string) wp_date( 'j F Y', time() + DAY_IN_SECONDS );
		}
		$donations = $this->count_rows( 'donations' );
		$gifts     = $this->count_rows( 'offline_gifts' );
		$page      = $this->page();
		$result    = $this->post( $this->cheque( $bad ), 0, $page );

		$this->assertNull( $result['stop'], 'A refused form is shown again, not redirected.' );
		$this->assertSame( array( $donations, $gifts ), array( $this->count_rows( 'donations' ), $this->count_rows( 'offline_gifts' ) ), 'Nothing written.' );
		$_GET   = array( 'page' => RecordGiftPage::SLUG );
		$screen = $this->run_stoppable( static fn () => $page->render() )['output'];
		$this->assertStringContainsString( 'Nothing was saved.', $screen );
		if ( 'form' !== $field ) {
			$this->assertMatchesRegularExpression( '/id="donation-widget-gift-' . $field . '-error"/', $screen, 'The message sits beside the field.' );
		}
		$this->run_mail_queue();
		$this->assertSame( array(), $this->mailbox() );
	}

	public function test_the_site_date_format_and_iso_days_are_both_read(): void {
		update_option( 'date_format', 'd/m/Y' );
		$gift = $this->record( $this->cheque( array( 'received' => (string) wp_date( 'd/m/Y', time() - 2 * DAY_IN_SECONDS ) ) ) );
		$this->assertSame( (string) wp_date( 'Y-m-d', time() - 2 * DAY_IN_SECONDS ), OfflineGifts::received_day( $gift ) );
		$iso = $this->record( $this->cheque( array( 'received' => (string) wp_date( 'Y-m-d', time() - 5 * DAY_IN_SECONDS ) ) ) );
		$this->assertSame( (string) wp_date( 'Y-m-d', time() - 5 * DAY_IN_SECONDS ), OfflineGifts::received_day( $iso ) );
		$refused = $this->post( $this->cheque( array( 'received' => '30/02/2026' ) ) );
		$this->assertNull( $refused['stop'], '30 February does not exist in any format.' );
	}

	public function test_a_double_submit_records_one_gift_and_sends_one_receipt(): void {
		$fields = $this->cheque();
		$first  = $this->redirected_to( $this->post( $fields ) );
		$second = $this->redirected_to( $this->post( $fields ) );

		$this->assertSame( array( 'recorded', 'duplicate' ), array( $first['done'], $second['done'] ) );
		$this->assertSame( $first['donation'], $second['donation'] );
		global $wpdb;
		$this->assertSame( '1', $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'donations' ) . ' WHERE attempt_id = %s', OfflineGifts::ATTEMPT_PREFIX . $fields['gift_token'] ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->run_mail_queue();
		$this->assertCount( 1, $this->mailbox() );
	}

	public function test_names_addresses_reference_and_note_are_corrected_in_place_with_an_audit(): void {
		$gift   = $this->record( $this->cheque() );
		$number = $this->receipt_number_of( $gift->id() );
		$count  = $this->count_rows( 'donations' );
		$result = $this->redirected_to(
			$this->post(
				$this->cheque(
					array(
						'last_name'     => 'Citizen-Smith',
						'address_line1' => '45 Other Rd',
						'reference'     => '000124',
						'note'          => 'Cheque number was mistyped.',
						'kind'          => 'bank_transfer',
					)
				),
				$gift->id()
			)
		);

		$this->assertSame( array( OfflineGifts::EDITED, (string) $gift->id() ), array( $result['done'], $result['donation'] ) );
		$this->assertSame( $count, $this->count_rows( 'donations' ), 'No gift recorded: the receipt stays true.' );
		$now = $this->service( DonationRepository::class )->find( $gift->id() );
		$this->assertSame( array( 'Citizen-Smith', '45 Other Rd', 'bank_transfer', DonationStatus::SUCCEEDED ), array( $now?->value( 'last_name' ), $now?->value( 'address_line1' ), $now?->method(), $now?->status() ) );
		$this->assertSame( $number, $this->receipt_number_of( $gift->id() ) );
		$audit = array_map( static fn ( array $e ): string => $e['field'] . ': ' . $e['before'] . ' → ' . $e['after'], $this->service( OfflineGiftRecords::class )->audit_of( $gift->id() ) );
		$this->assertSame(
			array(
				'recorded:  → ',
				'last_name: Citizen → Citizen-Smith',
				'address_line1: 1/23 Example St → 45 Other Rd',
				'method: cheque → bank_transfer',
				'reference: 000123 → 000124',
				'note: Posted with a card. → Cheque number was mistyped.',
			),
			$audit
		);
		foreach ( $this->service( OfflineGiftRecords::class )->audit_of( $gift->id() ) as $entry ) {
			$this->assertSame( get_current_user_id(), $entry['user_id'] );
		}
		$gross = array();
		foreach ( $this->report_by_method()['rows'] as $row ) {
			$gross[ (string) $row['key'] ] = (int) $row['gross_cents'];
		}
		$this->assertSame( array( 25000, 0 ), array( $gross['bank_transfer'] ?? 0, $gross['cheque'] ?? 0 ), 'Reports follow the method.' );
	}

	public function test_a_new_amount_voids_the_gift_and_records_the_correction_with_a_new_receipt_number(): void {
		$before = $this->report_by_method()['totals']['gross_cents'];
		$gift   = $this->record( $this->cheque() );
		$number = $this->receipt_number_of( $gift->id() );
		$fields = $this->cheque( array( 'amount' => '205.00' ) );
		$result = $this->redirected_to( $this->post( $fields, $gift->id() ) );

		$this->assertSame( OfflineGifts::CORRECTED, $result['done'] );
		$new = $this->service( DonationRepository::class )->find( (int) $result['donation'] );
		$old = $this->service( DonationRepository::class )->find( $gift->id() );
		$this->assertSame( array( DonationStatus::VOID, $number ), array( $old?->status(), $this->receipt_number_of( $gift->id() ) ), 'The voided gift keeps its number.' );
		$this->assertSame( array( DonationStatus::SUCCEEDED, 20500 ), array( $new?->status(), $new?->total_cents() ) );
		$this->assertSame( $gift->receipt_seq() + 1, $new?->receipt_seq() );
		$this->assertSame( 20500, $this->report_by_method()['totals']['gross_cents'] - $before, 'Only the correction counts.' );
		$this->assertSame( $new?->id(), $this->service( OfflineGiftRecords::class )->find( $gift->id() )['corrected_by_id'] ?? 0 );
		$this->assertSame( $gift->id(), $this->service( OfflineGiftRecords::class )->find( (int) $new?->id() )['corrects_id'] ?? 0 );

		// The same correction posted again changes nothing more.
		$again = $this->redirected_to( $this->post( $fields, $gift->id() ) );
		$this->assertSame( array( OfflineGifts::CORRECTED, (string) $new?->id() ), array( $again['done'], $again['donation'] ) );
		$this->assertSame( 20500, $this->report_by_method()['totals']['gross_cents'] - $before );
		$this->run_mail_queue();
		$this->assertCount( 2, $this->mailbox(), 'The first receipt, then the corrected one.' );
	}

	public function test_a_voided_gift_keeps_its_number_leaves_every_total_and_shows_void(): void {
		$before    = $this->report_by_method()['totals'];
		$gift      = $this->record( $this->cheque() );
		$number    = $this->receipt_number_of( $gift->id() );
		$year      = FinancialYear::of( $gift->value( 'created_at' ) );
		$statement = $this->service( StatementQuery::class );
		$this->assertCount( 1, $statement->statements_of( $this->email(), $year ) );

		$refused = $this->page();
		$this->post( array( 'void_gift' => '1' ) + array( '_wpnonce' => wp_create_nonce( RecordGiftPage::VOID_NONCE . '_' . $gift->id() ) ), $gift->id(), $refused );
		$this->assertSame( DonationStatus::SUCCEEDED, $this->service( DonationRepository::class )->find( $gift->id() )?->status(), 'A void needs its reason.' );

		$query                     = array(
			'page'     => RecordGiftPage::SLUG,
			'donation' => (string) $gift->id(),
		);
		$form                      = array(
			'void_gift'   => '1',
			'void_reason' => 'Cheque bounced',
			'_wpnonce'    => wp_create_nonce( RecordGiftPage::VOID_NONCE . '_' . $gift->id() ),
		);
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_GET                      = $query;
		$_POST                     = $form;
		$_REQUEST                  = $query + $form;
		$page                      = $this->page();
		$args                      = $this->redirected_to( $this->run_stoppable( static fn () => $page->handle_post() ) );
		$this->assertSame( OfflineGifts::VOIDED, $args['done'] );

		$void = $this->service( DonationRepository::class )->find( $gift->id() );
		$this->assertSame( array( DonationStatus::VOID, $number ), array( $void?->status(), $this->receipt_number_of( $gift->id() ) ) );
		$this->assertSame( $before, $this->report_by_method()['totals'], 'Reports drop it.' );
		$this->assertSame( array(), $statement->statements_of( $this->email(), $year ), 'The statement drops it.' );
		$this->assertSame( OfflineGifts::ALREADY_VOID, $this->service( OfflineGifts::class )->void( $gift->id(), get_current_user_id(), 'again' ) );
		$audit = $this->service( OfflineGiftRecords::class )->audit_of( $gift->id() );
		$this->assertSame( array( 'status', 'succeeded', 'void: Cheque bounced' ), array( end( $audit )['field'], end( $audit )['before'], end( $audit )['after'] ) );

		$_GET   = array( 'donation' => (string) $gift->id() );
		$detail = $this->run_stoppable( fn () => $this->service( DonationsPage::class )->render() )['output'];
		$this->assertStringContainsString( 'Void', $detail );
		$this->assertStringContainsString( $number, $detail );
		$this->assertStringContainsString( 'Offline gift (cheque 000123)', $detail );
		$this->assertStringNotContainsString( 'Resend receipt', $detail );
		$print = $this->run_stoppable( fn () => $this->service( PrintableReceipt::class )->handle() );
		$this->assertStringContainsString( 'VOID', $print['output'] );
		$this->assertStringContainsString( $number, $print['output'] );

		global $wpdb;
		$this->assertSame( '1', $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'donations' ) . ' WHERE id = %d', $gift->id() ) ), 'Never deleted.' ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	public function test_only_an_offline_gift_may_be_voided_and_void_is_reached_only_from_succeeded(): void {
		$online = $this->insert_donation();
		$this->assertSame( OfflineGifts::NOT_VOIDABLE, $this->service( OfflineGifts::class )->void( $online, get_current_user_id(), 'no' ) );
		$this->assertSame( DonationStatus::SUCCEEDED, $this->service( DonationRepository::class )->find( $online )?->status() );
		foreach ( array( DonationStatus::PENDING, DonationStatus::FAILED, DonationStatus::REFUNDED, DonationStatus::PARTIALLY_REFUNDED, DonationStatus::REVIEW ) as $status ) {
			$this->assertFalse( DonationStatus::may_move( $status, DonationStatus::VOID ), $status );
		}
		$this->assertFalse( DonationStatus::may_move( DonationStatus::VOID, DonationStatus::SUCCEEDED ), 'A void gift stays void.' );
	}

	public function test_the_donation_screen_says_offline_gift_and_offers_no_refund(): void {
		$gift = $this->record( $this->cheque() );
		$_GET = array( 'donation' => (string) $gift->id() );
		$html = $this->run_stoppable( fn () => $this->service( DonationsPage::class )->render() )['output'];
		$this->assertStringContainsString( 'Offline gift (cheque 000123)', $html );
		$this->assertStringContainsString( 'Posted with a card.', $html );
		$this->assertStringNotContainsString( 'id="donation-widget-refunds"', $html );
		$this->assertStringNotContainsString( 'Provider references', $html );
		$this->assertStringContainsString( 'Resend receipt', $html );
	}

	public function test_staff_without_the_capability_and_bad_nonces_are_refused(): void {
		$donations = $this->count_rows( 'donations' );
		$this->log_in_as( 'editor' );
		$this->assertDied( 403, $this->post( $this->cheque() ) );
		$this->assertDied( 403, $this->run_stoppable( fn () => $this->page()->render() ) );
		$_GET = array( 'donation' => '1' );
		$this->assertDied( 403, $this->run_stoppable( fn () => $this->service( PrintableReceipt::class )->handle() ) );
		$this->log_in_as( 'administrator' );
		$page                      = $this->page();
		$query                     = array( 'page' => RecordGiftPage::SLUG );
		$form                      = $this->cheque( array( '_wpnonce' => 'not-a-nonce' ) );
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_GET                      = $query;
		$_POST                     = $form;
		$_REQUEST                  = $query + $form;
		$this->assertDied( 403, $this->run_stoppable( static fn () => $page->handle_post() ) );
		$this->assertSame( $donations, $this->count_rows( 'donations' ) );
	}

	public function test_the_form_is_prefilled_from_the_donors_latest_gift(): void {
		$this->insert_donation(
			array(
				'first_name'    => 'Ngaire',
				'last_name'     => 'Walker',
				'address_line1' => '9 Bay Rd',
			)
		);
		$_GET = array(
			'page'  => RecordGiftPage::SLUG,
			'email' => $this->email(),
		);
		$html = $this->run_stoppable( fn () => $this->page()->render() )['output'];
		$this->assertStringContainsString( 'value="Ngaire"', $html );
		$this->assertStringContainsString( 'value="9 Bay Rd"', $html );
		$this->assertStringContainsString( 'value="' . esc_attr( (string) wp_date( 'j F Y' ) ) . '"', $html, 'Today, as the site writes dates.' );
	}
	public function test_a_donors_page_prefills_that_donor_even_when_an_organisation_shares_the_email(): void {
		$person       = $this->insert_donation( array( 'first_name' => 'Ngaire' ) );
		$organisation = $this->insert_donation(
			array(
				'donate_as'         => 'organisation',
				'organisation_name' => 'Bay Rowing Club',
				'created_at'        => gmdate( 'Y-m-d H:i:s', time() - DAY_IN_SECONDS ),
			)
		);
		// As DonationRepository's writes do: the Donors domain places each gift with its donor.
		do_action( 'donation_widget_donation_changed', $person );
		do_action( 'donation_widget_donation_changed', $organisation );
		global $wpdb;
		$club = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT donor_id FROM ' . Schema::table( 'donor_gifts' ) . ' WHERE donation_id = %d', $organisation ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertGreaterThan( 0, $club );

		$_GET = array(
			'page'  => RecordGiftPage::SLUG,
			'donor' => (string) $club,
		);
		$html = $this->run_stoppable( fn () => $this->page()->render() )['output'];

		$this->assertStringContainsString( 'value="Bay Rowing Club"', $html, 'The club, although the person gave last with the same email.' );
	}

	/**
	 * Three cheques (two days, one voided) and the export set up for a package.
	 *
	 * @param string $format xero or myob.
	 * @return array{from: string, to: string}
	 */
	private function offline_gifts_to_export( string $format ): array {
		$this->set_settings(
			'myob' === $format
				? array(
					'books_donations_account'     => '4-1100',
					'books_fees_account'          => '6-1100',
					'books_refunds_account'       => '4-1100',
					'books_other_income_account'  => '8-1000',
					'books_clearing_account'      => '1-1180',
					'books_bank_deposits_account' => '1-1110',
					'books_donations_tax'         => 'bas_excluded',
				)
				: array(
					'books_donations_account'     => '200',
					'books_fees_account'          => '404',
					'books_refunds_account'       => '200',
					'books_other_income_account'  => '260',
					'books_bank_deposits_account' => '090',
					'books_donations_tax'         => 'bas_excluded',
				)
		);
		$this->record( $this->cheque() );
		$this->record(
			$this->cheque(
				array(
					'received'          => self::day_ago( 2 ),
					'amount'            => '1000',
					'donate_as'         => 'organisation',
					'organisation_name' => 'Rotary Club of Example',
					'reference'         => '778899',
					'kind'              => 'bank_transfer',
				)
			)
		);
		$void = $this->record( $this->cheque( array( 'amount' => '99.99' ) ) );
		$this->assertSame( OfflineGifts::VOIDED, $this->service( OfflineGifts::class )->void( $void->id(), get_current_user_id(), 'recorded twice' ) );
		return array(
			'from' => (string) wp_date( 'Y-m-d', time() - 7 * DAY_IN_SECONDS ),
			'to'   => (string) wp_date( 'Y-m-d' ),
		);
	}

	/**
	 * Downloads the offline gifts' file.
	 *
	 * @param array<string, string> $fields Request fields.
	 * @return array{output: string, stop: \DonationWidget\Tests\Integration\Admin\AdminStop|null}
	 */
	private function export_offline( array $fields ): array {
		return $this->admin_post(
			BooksExportDownload::ACTION,
			$fields + array(
				'scope'    => 'offline',
				'_wpnonce' => wp_create_nonce( BooksExportDownload::ACTION ),
			)
		);
	}

	public function test_the_xero_file_of_offline_gifts_imports_and_codes_each_gift_to_donations_income(): void {
		$range  = $this->offline_gifts_to_export( 'xero' );
		$result = $this->export_offline( $range + array( 'format' => 'xero' ) );
		$this->assertNull( $result['stop'], $result['stop']?->detail ?? '' );
		$checked = ImportFiles::check( 'xero', $result['output'], 'offline.csv' );
		$this->assertSame( array(), $checked['files'][0]['problems'] );
		$this->assertSame( array( 2, 125000 ), array( $checked['files'][0]['lines'], $checked['files'][0]['sum_cents'] ), 'Two gifts; the void one left out.' );
		$rows = array_map( static fn ( string $line ): array => str_getcsv( $line, ',', '"', '' ), array_filter( explode( "\n", $result['output'] ) ) );
		$this->assertSame( array( '*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Account Code', 'Tax Rate' ), $rows[0] );
		$this->assertSame( array( '250.00', 'Jane Citizen', 'Cheque 000123', '200', 'BAS Excluded' ), array( $rows[1][1], $rows[1][2], $rows[1][3], $rows[1][5], $rows[1][6] ) );
		$this->assertMatchesRegularExpression( '/^REC-\d{8}$/', $rows[1][4], 'The receipt number, to match the bank statement.' );
		$this->assertSame( array( '1000.00', 'Rotary Club of Example', 'Bank transfer 778899' ), array( $rows[2][1], $rows[2][2], $rows[2][3] ) );
		$this->assertSame( (string) wp_date( 'd/m/Y', time() - 2 * DAY_IN_SECONDS ), $rows[2][0] );
	}

	public function test_the_myob_file_of_offline_gifts_is_a_receive_money_per_day_into_the_bank_deposits_account(): void {
		$range  = $this->offline_gifts_to_export( 'myob' );
		$result = $this->export_offline( $range + array( 'format' => 'myob' ) );
		$this->assertNull( $result['stop'], $result['stop']?->detail ?? '' );
		$checked = ImportFiles::check( 'myob', $result['output'], 'offline.txt' );
		$this->assertSame( array(), $checked['files'][0]['problems'] );
		$this->assertSame( 125000, $checked['files'][0]['sum_cents'] );
		$rows = array_values( array_filter( array_map( static fn ( string $line ): array => explode( "\t", $line ), explode( "\r\n", $result['output'] ) ), static fn ( array $row ): bool => count( $row ) > 1 ) );
		array_shift( $rows );
		$this->assertCount( 2, $rows );
		foreach ( $rows as $row ) {
			$this->assertSame( array( '1-1110', 'Offline gifts', 'X', '4-1100', 'N-T' ), array( $row[0], $row[2], $row[4], $row[5], $row[7] ) );
			$this->assertStringStartsWith( 'Offline gifts received ', $row[3] );
		}
		$this->assertNotSame( $rows[0][1], $rows[1][1], 'One Receive Money per day received.' );
	}

	public function test_the_offline_gifts_file_is_refused_until_the_bank_deposits_account_is_set(): void {
		$range = $this->offline_gifts_to_export( 'xero' );
		$this->set_settings( array( 'books_bank_deposits_account' => '' ) );
		$result = $this->export_offline( $range + array( 'format' => 'xero' ) );
		$this->assertDied( 409, $result );
		$this->assertStringContainsString( 'Bank deposits account', $result['stop']?->detail ?? '' );
		$this->set_settings( array( 'books_bank_deposits_account' => '090' ) );
		$none = $this->export_offline(
			array(
				'format' => 'xero',
				'from'   => '2020-01-01',
				'to'     => '2020-01-31',
			)
		);
		$this->assertDied( 404, $none );
		$this->assertDied(
			400,
			$this->export_offline(
				array(
					'format' => 'xero',
					'from'   => '2026-02-30',
					'to'     => '2026-03-01',
				)
			)
		);
	}
	public function test_a_privacy_erasure_empties_the_notes_and_the_names_in_the_audit_and_keeps_the_financial_record(): void {
		$gift = $this->record( $this->cheque() );
		$this->redirected_to( $this->post( $this->cheque( array( 'last_name' => 'Citizen-Smith' ) ), $gift->id() ) );
		$erasers = apply_filters( 'wp_privacy_personal_data_erasers', array() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter.
		$keys    = array_keys( $erasers );
		$this->assertLessThan( array_search( 'donation-widget', $keys, true ), array_search( 'donation-widget-offline-gifts', $keys, true ), 'Run while the gifts still carry the email.' );
		foreach ( $erasers as $eraser ) {
			for ( $page = 1; $page < 10; $page++ ) {
				if ( call_user_func( $eraser['callback'], $this->email(), $page )['done'] ) {
					break;
				}
			}
		}
		$own = $this->service( OfflineGiftRecords::class )->find( $gift->id() );
		$this->assertSame( array( '', '000123' ), array( $own['note'] ?? null, $own['reference'] ?? null ) );
		$values = array();
		foreach ( $this->service( OfflineGiftRecords::class )->audit_of( $gift->id() ) as $entry ) {
			$values[] = $entry['field'] . ':' . $entry['before'] . $entry['after'];
		}
		$this->assertSame( array( 'recorded:', 'last_name:' ), $values );
		$after = $this->service( DonationRepository::class )->find( $gift->id() );
		$this->assertSame( array( '', 25000, $gift->receipt_seq() ), array( $after?->value( 'last_name' ), $after?->total_cents(), $after?->receipt_seq() ) );
	}
	public function test_after_recording_correcting_editing_and_voiding_the_totals_equal_a_fresh_recomputation(): void {
		$list   = fn (): array => $this->service( \DonationWidget\Admin\Donations\DonationQuery::class )->totals( \DonationWidget\Admin\Donations\DonationFilters::from_request( array() ) );
		$before = $list();
		$gift   = $this->record( $this->cheque() );
		$moved  = $this->redirected_to( $this->post( $this->cheque( array( 'received' => self::day_ago( 1 ) ) ), $gift->id() ) );
		$this->assertSame( OfflineGifts::CORRECTED, $moved['done'], 'A new day changes the receipt.' );
		$this->redirected_to(
			$this->post(
				$this->cheque(
					array(
						'received' => self::day_ago( 1 ),
						'kind'     => 'cash',
					)
				),
				(int) $moved['donation']
			)
		);
		$other = $this->record( $this->cheque( array( 'amount' => '40' ) ) );
		$this->assertSame( OfflineGifts::VOIDED, $this->service( OfflineGifts::class )->void( $other->id(), get_current_user_id(), 'recorded twice' ) );

		// A key whose gifts all left keeps a row of zeros until recomputed: only figures compare.
		$report = function (): array {
			$report         = $this->report_by_method();
			$report['rows'] = array_values( array_filter( $report['rows'], static fn ( array $row ): bool => 0 !== $row['donations'] || 0 !== $row['gross_cents'] ) );
			return $report;
		};
		$kept   = array(
			'list'    => $list(),
			'reports' => $report(),
		);
		$this->assertSame( $before['succeeded_cents'] + 25000, $kept['list']['succeeded_cents'], 'Only the standing correction counts.' );
		$this->assertSame( $before['count'] + 3, $kept['list']['count'], 'Every gift is listed, the void ones too.' );
		$this->service( \DonationWidget\Donations\DonationTotals::class )->rederive( gmdate( 'Y-m-d', time() - 10 * DAY_IN_SECONDS ), gmdate( 'Y-m-d', time() + DAY_IN_SECONDS ) );
		$this->assertSame(
			$kept,
			array(
				'list'    => $list(),
				'reports' => $report(),
			),
			'The totals kept on write are what the rows say.'
		);
	}
}
