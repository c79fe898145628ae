<?php
/**
 * The accounting export: Xero and MYOB files of a Stripe deposit that add up to it. Every file
 * a test downloads also goes through the publishers' import rules (Tests\Support's
 * XeroImportChecker and MyobImportChecker, written from Xero's and MYOB's help pages).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Books;

use DonationWidget\Admin\Payouts\PayoutsPage;
use DonationWidget\Admin\SettingsPage;
use DonationWidget\Database\Schema;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSanitizer;
use DonationWidget\Tests\Integration\Admin\AdminTestCase;
use DonationWidget\Tests\Support\ImportFiles;

final class BooksExportTest extends AdminTestCase {

	private const ACTION = 'donation_widget_books_export';

	protected function setUp(): void {
		parent::setUp();
		$this->set_settings(
			array(
				'books_donations_account'    => '260',
				'books_fees_account'         => '404',
				'books_refunds_account'      => '4-1200',
				'books_other_income_account' => '270',
				'books_clearing_account'     => '1-1180',
				'books_donations_tax'        => 'bas_excluded',
				'books_fees_tax'             => 'gst_on_expenses',
			)
		);
		$this->log_in_as( 'administrator' );
	}

	/**
	 * MYOB account numbers for every line (MYOB's are five digits, such as 4-1100).
	 */
	private function use_myob_codes(): void {
		$this->set_settings(
			array(
				'books_donations_account'    => '4-1100',
				'books_fees_account'         => '6-1100',
				'books_refunds_account'      => '4-1200',
				'books_other_income_account' => '8-1000',
			)
		);
	}

	/**
	 * A lost dispute as the disputes screen stores it.
	 *
	 * @param int    $donation_id Its donation.
	 * @param string $dispute_id  du_… id.
	 */
	private function lost_dispute( int $donation_id, string $dispute_id ): void {
		global $wpdb;
		$now = current_time( 'mysql', true );
		$this->assertSame(
			1,
			$wpdb->insert(
				Schema::table( 'disputes' ),
				array(
					'donation_id'         => $donation_id,
					'provider'            => 'stripe',
					'provider_dispute_id' => $dispute_id,
					'amount_cents'        => 2500,
					'fee_cents'           => 2500,
					'status'              => 'lost',
					'outcome'             => 'lost',
					'created_at'          => $now,
					'updated_at'          => $now,
				)
			)
		);
	}

	/**
	 * A stored payout and its balance transactions (the deposit's own one included, as Stripe
	 * lists it).
	 *
	 * @param int                              $deposit      The payout's amount in cents.
	 * @param list<array<string, string|int>>  $transactions type, reporting_category, amount_cents, fee_cents, donation_id.
	 * @param string                           $arrival      Arrival date.
	 * @param string                           $status       Payout status.
	 * @return string Its po_… id.
	 */
	private function payout( int $deposit, array $transactions, string $arrival = '2026-11-20', string $status = 'paid' ): string {
		global $wpdb;
		$id  = 'po_' . wp_generate_password( 16, false );
		$now = current_time( 'mysql', true );
		$this->assertSame(
			1,
			$wpdb->insert(
				Schema::table( 'payouts' ),
				array(
					'provider'     => 'stripe',
					'payout_id'    => $id,
					'amount_cents' => $deposit,
					'currency'     => 'AUD',
					'status'       => $status,
					'arrival_date' => $arrival,
					'created_at'   => $now,
					'updated_at'   => $now,
				)
			)
		);
		$transactions[] = array(
			'type'               => 'payout',
			'reporting_category' => 'payout',
			'amount_cents'       => -$deposit,
			'fee_cents'          => 0,
			'donation_id'        => 0,
			'source_id'          => $id,
		);
		foreach ( $transactions as $transaction ) {
			$amount = (int) $transaction['amount_cents'];
			$fee    = (int) $transaction['fee_cents'];
			$this->assertSame(
				1,
				$wpdb->insert(
					Schema::table( 'balance_transactions' ),
					array(
						'provider'            => 'stripe',
						'transaction_id'      => 'txn_' . wp_generate_password( 16, false ),
						'payout_id'           => $id,
						'type'                => $transaction['type'],
						'reporting_category'  => $transaction['reporting_category'],
						'amount_cents'        => $amount,
						'fee_cents'           => $fee,
						'net_cents'           => $amount - $fee,
						'currency'            => 'AUD',
						'source_id'           => $transaction['source_id'] ?? 'ch_' . wp_generate_password( 14, false ),
						'donation_id'         => (int) $transaction['donation_id'],
						'description'         => (string) ( $transaction['description'] ?? '' ),
						'provider_created_at' => $now,
						'created_at'          => $now,
					)
				)
			);
		}
		return $id;
	}

	/**
	 * A payout of gifts, their fees, a refund, a lost chargeback (with its fee) and a payment
	 * that did not come from this site. Deposit: 207.50 − 4.73 fees − 10.00 − 25.00 − 25.00 dispute
	 * fee + 9.53 = 152.30.
	 *
	 * @return array{payout: string, jane: int, trust: int, refunded: int, disputed: int}
	 */
	private function mixed_payout( string $arrival = '2026-11-20' ): array {
		$jane       = $this->insert_donation( array( 'total_cents' => 5250 ) );
		$trust      = $this->insert_donation(
			array(
				'total_cents'       => 10000,
				'amount_cents'      => 10000,
				'donate_as'         => 'organisation',
				'organisation_name' => 'Smith Family Trust',
				'frequency'         => '4weekly',
			)
		);
		$refunded   = $this->insert_donation(
			array(
				'total_cents'  => 3000,
				'amount_cents' => 3000,
				'first_name'   => 'Ravi',
				'last_name'    => 'Kumar',
			)
		);
		$disputed   = $this->insert_donation(
			array(
				'total_cents'  => 2500,
				'amount_cents' => 2500,
				'first_name'   => 'Mei',
				'last_name'    => 'Chen',
			)
		);
		$dispute_id = 'du_' . wp_generate_password( 14, false );
		$this->lost_dispute( $disputed, $dispute_id );
		$payout = $this->payout(
			15230,
			array(
				$this->charge( $jane, 5250, 119 ),
				$this->charge( $trust, 10000, 200 ),
				$this->charge( $refunded, 3000, 81 ),
				$this->charge( $disputed, 2500, 73 ),
				array(
					'type'               => 'refund',
					'reporting_category' => 'refund',
					'amount_cents'       => -1000,
					'fee_cents'          => 0,
					'donation_id'        => $refunded,
					'source_id'          => 're_' . wp_generate_password( 14, false ),
				),
				array(
					'type'               => 'adjustment',
					'reporting_category' => 'dispute',
					'amount_cents'       => -2500,
					'fee_cents'          => 2500,
					'donation_id'        => $disputed,
					'source_id'          => $dispute_id,
				),
				array(
					'type'               => 'charge',
					'reporting_category' => 'charge',
					'amount_cents'       => 1000,
					'fee_cents'          => 47,
					'donation_id'        => 0,
					'description'        => 'Invoice 0042 from the op shop',
				),
			),
			$arrival
		);
		return compact( 'payout', 'jane', 'trust', 'refunded', 'disputed' );
	}

	/**
	 * A charge balance transaction of a donation.
	 *
	 * @return array<string, string|int>
	 */
	private function charge( int $donation_id, int $amount, int $fee ): array {
		return array(
			'type'               => 'charge',
			'reporting_category' => 'charge',
			'amount_cents'       => $amount,
			'fee_cents'          => $fee,
			'donation_id'        => $donation_id,
		);
	}

	/**
	 * Runs the export as the payout page's link (GET) or the range form (POST) would.
	 *
	 * @param array<string, string> $fields Request fields.
	 * @return array{output: string, stop: \DonationWidget\Tests\Integration\Admin\AdminStop|null}
	 */
	private function export( array $fields, string $method = 'GET' ): array {
		$result = $this->admin_post( self::ACTION, $fields + array( '_wpnonce' => wp_create_nonce( self::ACTION ) ), $method );
		if ( null === $result['stop'] && '' !== $result['output'] ) {
			$this->assertImports( (string) $fields['format'], $result['output'] );
		}
		return $result;
	}

	/**
	 * Asserts every file of a download passes its publisher's import rules.
	 *
	 * @param string $format xero or myob.
	 * @param string $bytes  The download (a file or a zip of parts).
	 * @return array{files: list<array{name: string, problems: list<string>, lines: int, sum_cents: int}>, readme: string|null}
	 */
	private function assertImports( string $format, string $bytes ): array {
		$checked = ImportFiles::check( $format, $bytes, 'download' );
		$this->assertNotSame( array(), $checked['files'] );
		foreach ( $checked['files'] as $file ) {
			$this->assertSame( array(), $file['problems'], $file['name'] . ' would not import as it is.' );
		}
		return $checked;
	}

	/**
	 * The file's rows (header first), blank lines kept as empty rows.
	 *
	 * @return list<list<string>>
	 */
	private function rows( string $csv ): array {
		$rows  = array();
		$lines = explode( "\n", $csv );
		$this->assertSame( '', array_pop( $lines ), 'The file ends with a line break.' );
		foreach ( $lines as $line ) {
			$rows[] = '' === $line ? array() : str_getcsv( $line, ',', '"', '' );
		}
		return $rows;
	}

	/**
	 * A MYOB file's rows (header first), blank lines kept as empty rows: tab-delimited, CRLF.
	 *
	 * @return list<list<string>>
	 */
	private function myob_rows( string $text ): array {
		$lines = explode( "\r\n", $text );
		$this->assertSame( '', array_pop( $lines ), 'The file ends with a line end.' );
		return array_map( static fn ( string $line ): array => '' === $line ? array() : explode( "\t", $line ), $lines );
	}

	/**
	 * A signed decimal amount as cents, read as text (never through a float).
	 */
	private function cents( string $amount ): int {
		$this->assertMatchesRegularExpression( '/^-?\d+\.\d{2}$/', $amount );
		$negative = str_starts_with( $amount, '-' );
		$cents    = (int) str_replace( array( '-', '.' ), '', $amount );
		return $negative ? -$cents : $cents;
	}

	public function test_the_xero_file_of_a_payout_adds_up_to_the_deposit_to_the_cent_with_each_line_coded(): void {
		$books = $this->mixed_payout();

		$result = $this->export(
			array(
				'payout' => $books['payout'],
				'format' => 'xero',
			)
		);

		$this->assertNull( $result['stop'], $result['stop']?->detail ?? '' );
		$rows = $this->rows( $result['output'] );
		$this->assertSame( array( '*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Account Code', 'Tax Rate' ), array_shift( $rows ) );
		$this->assertSame( 15230, array_sum( array_map( fn ( array $row ): int => $this->cents( $row[1] ), $rows ) ) );
		$by_description = array();
		foreach ( $rows as $row ) {
			$this->assertSame( '20/11/2026', $row[0], 'Every line is dated the day the deposit arrived.' );
			$by_description[ $row[3] ] = $row;
		}
		$this->assertSame( array( '20/11/2026', '52.50', 'Jane Citizen', 'Donation #' . $books['jane'] . ' (One-off)' ), array_slice( $by_description[ 'Donation #' . $books['jane'] . ' (One-off)' ], 0, 4 ) );
		$this->assertSame( array( '260', 'BAS Excluded' ), array_slice( $by_description[ 'Donation #' . $books['jane'] . ' (One-off)' ], 5 ) );
		$trust = $by_description[ 'Donation #' . $books['trust'] . ' (Every 4 weeks)' ];
		$this->assertSame( array( '100.00', 'Smith Family Trust' ), array_slice( $trust, 1, 2 ) );
		$refund = $by_description[ 'Refund of donation #' . $books['refunded'] ];
		$this->assertSame( array( '-10.00', 'Ravi Kumar' ), array_slice( $refund, 1, 2 ) );
		$this->assertStringStartsWith( 're_', $refund[4] );
		$this->assertSame( array( '4-1200', 'BAS Excluded' ), array_slice( $refund, 5 ) );
		$dispute = $by_description[ 'Chargeback of donation #' . $books['disputed'] . ' (dispute lost)' ];
		$this->assertSame( array( '-25.00', 'Mei Chen' ), array_slice( $dispute, 1, 2 ) );
		$this->assertSame( array( '4-1200', 'BAS Excluded' ), array_slice( $dispute, 5 ) );
		$dispute_fee = $by_description[ 'Stripe dispute fee on donation #' . $books['disputed'] ];
		$this->assertSame( array( '-25.00', 'Stripe' ), array_slice( $dispute_fee, 1, 2 ) );
		$this->assertSame( array( '404', 'GST on Expenses' ), array_slice( $dispute_fee, 5 ) );
		$fees = $by_description[ 'Stripe fees on the gifts in payout ' . $books['payout'] ];
		$this->assertSame( array( '-4.73', 'Stripe' ), array_slice( $fees, 1, 2 ) );
		$this->assertSame( array( '404', 'GST on Expenses' ), array_slice( $fees, 5 ) );
		$other = $by_description['Stripe: Invoice 0042 from the op shop'];
		$this->assertSame( '9.53', $other[1] );
		$this->assertSame( array( '270', '' ), array_slice( $other, 5 ), 'Money not from this site goes to the other income account, taxed as that account is.' );
		$this->assertCount( 9, $rows, 'Four gifts, a refund, a chargeback and its fee, the payment from elsewhere and one fee line.' );
	}

	public function test_the_myob_file_of_a_date_range_is_one_receive_money_per_deposit_each_adding_up_to_it(): void {
		$this->use_myob_codes();
		$first  = $this->mixed_payout( '2026-10-02' );
		$gift   = $this->insert_donation( array( 'total_cents' => 4000 ) );
		$second = $this->payout( 3902, array( $this->charge( $gift, 4000, 98 ) ), '2026-10-30' );
		$this->payout( 999, array( $this->charge( $gift, 1000, 1 ) ), '2026-11-01' );

		$result = $this->export(
			array(
				'from'   => '2026-10-01',
				'to'     => '2026-10-31',
				'format' => 'myob',
			),
			'POST'
		);

		$this->assertNull( $result['stop'], $result['stop']?->detail ?? '' );
		$this->assertDoesNotMatchRegularExpression( '/[^\x09\x0A\x0D\x20-\x7E]/', $result['output'], 'Plain ASCII, as MYOB reads it.' );
		$this->assertDoesNotMatchRegularExpression( '/(?<!\r)\n/', $result['output'], 'Every line ends in CRLF.' );
		$rows   = $this->myob_rows( $result['output'] );
		$header = array_shift( $rows );
		$this->assertSame( array( 'Deposit Account #', 'Date', 'Co./Last Name', 'Memo', 'Inclusive', 'Allocation Account #', 'Inc-Tax Amount', 'Tax Code', 'Allocation Memo' ), $header );
		$records = array( array() );
		foreach ( $rows as $row ) {
			if ( array() === $row ) {
				$records[] = array();
				continue;
			}
			$records[ count( $records ) - 1 ][] = $row;
		}
		$this->assertSame( array(), array_pop( $records ), 'A blank line ends the last transaction.' );
		$this->assertCount( 2, $records, 'One Receive Money per deposit in October; the one of 1 November is left out.' );
		$expected = array(
			array( $first['payout'], '02/10/2026', 15230 ),
			array( $second, '30/10/2026', 3902 ),
		);
		foreach ( $records as $i => $record ) {
			$this->assertSame( $expected[ $i ][2], array_sum( array_map( fn ( array $row ): int => $this->cents( $row[6] ), $record ) ) );
			foreach ( $record as $row ) {
				$this->assertSame( array( '1-1180', $expected[ $i ][1], 'Stripe', 'Stripe payout ' . $expected[ $i ][0], 'X' ), array_slice( $row, 0, 5 ) );
				$this->assertNotSame( '', $row[5], 'Every allocation line has its account: MYOB requires one.' );
			}
		}
		$other = array_values( array_filter( $records[0], static fn ( array $row ): bool => str_starts_with( $row[8], 'Stripe: Invoice 0042' ) ) );
		$this->assertSame( array( '8-1000', '9.53', '' ), array( $other[0][5], $other[0][6], $other[0][7] ), 'Money not from this site goes to the other income account.' );
		$codes = array_map( static fn ( array $row ): string => $row[5] . ' ' . $row[7], $records[1] );
		$this->assertSame( array( '4-1100 N-T', '6-1100 GST' ), $codes );
	}

	public function test_the_myob_file_is_ascii_whatever_the_donors_names(): void {
		$this->use_myob_codes();
		$gift   = $this->insert_donation(
			array(
				'total_cents' => 2000,
				'first_name'  => 'José',
				'last_name'   => 'Núñez–O’Brien',
			)
		);
		$payout = $this->payout( 1966, array( $this->charge( $gift, 2000, 34 ) ) );

		$result = $this->export(
			array(
				'payout' => $payout,
				'format' => 'myob',
			)
		);

		$this->assertNull( $result['stop'], $result['stop']?->detail ?? '' );
		$rows = $this->myob_rows( $result['output'] );
		$this->assertSame( 'Donation #' . $gift . " (One-off) - Jose Nunez-O'Brien - ", substr( $rows[1][8], 0, strlen( 'Donation #' . $gift . " (One-off) - Jose Nunez-O'Brien - " ) ) );
		$this->assertStringNotContainsString( '·', $result['output'] );
	}

	public function test_a_donor_name_written_as_a_formula_is_defused_but_amounts_stay_numbers(): void {
		$gift   = $this->insert_donation(
			array(
				'total_cents' => 2000,
				'first_name'  => '=HYPERLINK("http://evil.example/"',
				'last_name'   => '"Click")',
			)
		);
		$refund = array(
			'type'               => 'refund',
			'reporting_category' => 'refund',
			'amount_cents'       => -500,
			'fee_cents'          => 0,
			'donation_id'        => $gift,
		);
		$payout = $this->payout( 1466, array( $this->charge( $gift, 2000, 34 ), $refund ) );

		$result = $this->export(
			array(
				'payout' => $payout,
				'format' => 'xero',
			)
		);

		$rows = $this->rows( $result['output'] );
		$this->assertSame( "'=HYPERLINK(\"http://evil.example/\" \"Click\")", $rows[1][2] );
		$this->assertSame( array( '20.00', '-5.00', '-0.34' ), array_column( array_slice( $rows, 1 ), 1 ) );
	}

	public function test_a_won_chargeback_and_stripes_own_fees_are_lines_that_still_add_up(): void {
		$gift   = $this->insert_donation( array( 'total_cents' => 5000 ) );
		$payout = $this->payout(
			2443,
			array(
				array(
					'type'               => 'adjustment',
					'reporting_category' => 'dispute',
					'amount_cents'       => -5000,
					'fee_cents'          => 2500,
					'donation_id'        => $gift,
				),
				array(
					'type'               => 'adjustment',
					'reporting_category' => 'dispute_reversal',
					'amount_cents'       => 5000,
					'fee_cents'          => -2500,
					'donation_id'        => $gift,
				),
				$this->charge( $gift, 5000, 115 ),
				array(
					'type'               => 'stripe_fee',
					'reporting_category' => 'fee',
					'amount_cents'       => -2442,
					'fee_cents'          => 0,
					'donation_id'        => 0,
					'description'        => 'Radar (November)',
				),
			)
		);

		$result = $this->export(
			array(
				'payout' => $payout,
				'format' => 'xero',
			)
		);

		$this->assertNull( $result['stop'], $result['stop']?->detail ?? '' );
		$rows = array_slice( $this->rows( $result['output'] ), 1 );
		$this->assertSame(
			array(
				array( '-50.00', 'Chargeback of donation #' . $gift . ' (dispute opened)', '4-1200' ),
				array( '-25.00', 'Stripe dispute fee on donation #' . $gift, '404' ),
				array( '50.00', 'Chargeback of donation #' . $gift . ' reversed (dispute won)', '4-1200' ),
				array( '25.00', 'Stripe dispute fee on donation #' . $gift . ' returned (dispute won)', '404' ),
				array( '50.00', 'Donation #' . $gift . ' (One-off)', '260' ),
				array( '-24.42', 'Stripe: Radar (November)', '404' ),
				array( '-1.15', 'Stripe fees on the gifts in payout ' . $payout, '404' ),
			),
			array_map( static fn ( array $row ): array => array( $row[1], $row[3], $row[5] ), $rows ),
			'A won dispute reads as taken back then returned, each with its fee, never two lines both called "Chargeback".'
		);
		$this->assertSame( 2443, array_sum( array_map( fn ( array $row ): int => $this->cents( $row[1] ), $rows ) ) );
	}

	public function test_a_payout_with_a_missing_piece_is_refused_not_exported(): void {
		global $wpdb;
		$books = $this->mixed_payout();
		$wpdb->delete(
			Schema::table( 'balance_transactions' ),
			array(
				'payout_id'   => $books['payout'],
				'donation_id' => $books['refunded'],
				'type'        => 'refund',
			)
		);

		$result = $this->export(
			array(
				'payout' => $books['payout'],
				'format' => 'xero',
			)
		);

		$this->assertDied( 409, $result );
		$this->assertStringContainsString( 'does not add up yet: the deposit is $152.30 but its stored transactions come to $162.30', $result['stop']->detail );
		$this->assertSame( '', $result['output'] );
	}

	/**
	 * @dataProvider bad_requests
	 */
	public function test_bad_input_is_refused_with_words_to_act_on_and_never_a_file( array $fields, int $status, string $words ): void {
		$this->mixed_payout( '2026-09-15' );

		$result = $this->export( $fields );

		$this->assertDied( $status, $result );
		$this->assertStringContainsString( $words, html_entity_decode( $result['stop']->detail, ENT_QUOTES ) );
		$this->assertSame( '', $result['output'] );
	}

	public static function bad_requests(): array {
		return array(
			'unknown payout'      => array(
				array(
					'payout' => 'po_doesNotExist123',
					'format' => 'xero',
				),
				404,
				'This deposit was not found',
			),
			'not a payout id'     => array(
				array(
					'payout' => '../../etc/passwd',
					'format' => 'xero',
				),
				400,
				'not a Stripe payout ID',
			),
			'unknown format'      => array(
				array(
					'payout' => 'po_doesNotExist123',
					'format' => 'quickbooks',
				),
				400,
				'Xero or MYOB',
			),
			'no format'           => array( array( 'from' => '2026-09-01' ), 400, 'Xero or MYOB' ),
			'nothing chosen'      => array( array( 'format' => 'xero' ), 400, 'Choose a deposit' ),
			'impossible date'     => array(
				array(
					'from'   => '2026-02-30',
					'to'     => '2026-03-31',
					'format' => 'xero',
				),
				400,
				'calendar dates',
			),
			'missing end'         => array(
				array(
					'from'   => '2026-09-01',
					'format' => 'myob',
				),
				400,
				'calendar dates',
			),
			'backwards range'     => array(
				array(
					'from'   => '2026-09-30',
					'to'     => '2026-09-01',
					'format' => 'xero',
				),
				400,
				'after the "To" date',
			),
			'longer than a year'  => array(
				array(
					'from'   => '2025-01-01',
					'to'     => '2026-09-30',
					'format' => 'xero',
				),
				400,
				'at most 366 days',
			),
			'no deposit in range' => array(
				array(
					'from'   => '2030-01-01',
					'to'     => '2030-01-31',
					'format' => 'xero',
				),
				404,
				'No Stripe deposit arrived',
			),
		);
	}

	public function test_a_failed_payout_has_nothing_to_reconcile(): void {
		$gift   = $this->insert_donation( array( 'total_cents' => 4000 ) );
		$payout = $this->payout( 3902, array( $this->charge( $gift, 4000, 98 ) ), '2026-11-20', 'failed' );

		$result = $this->export(
			array(
				'payout' => $payout,
				'format' => 'xero',
			)
		);

		$this->assertDied( 409, $result );
		$this->assertStringContainsString( 'never reached your bank', $result['stop']->detail );
	}

	public function test_staff_without_the_donations_capability_and_bad_nonces_are_refused(): void {
		$books = $this->mixed_payout();
		$this->log_in_as( 'editor' );
		$refused = $this->export(
			array(
				'payout' => $books['payout'],
				'format' => 'xero',
			)
		);
		$this->assertDied( 403, $refused );
		$this->assertStringNotContainsString( 'Jane', $refused['output'] );

		$this->log_in_as( 'administrator' );
		$guessed = $this->admin_post(
			self::ACTION,
			array(
				'payout'   => $books['payout'],
				'format'   => 'xero',
				'_wpnonce' => 'guessed',
			),
			'GET'
		);
		$this->assertDied( 403, $guessed );
		$this->assertSame( '', $guessed['output'] );
	}

	public function test_the_settings_screen_takes_account_codes_as_the_charts_write_them_and_refuses_others(): void {
		$sanitizer = $this->service( SettingsSanitizer::class );

		$values = $sanitizer->sanitise(
			array(
				'books_donations_account' => ' 4-1100 ',
				'books_fees_account'      => '404',
				'books_fees_tax'          => 'gst_free_expenses',
			)
		);

		$this->assertSame( array(), $sanitizer->errors() );
		$this->assertSame( array( '4-1100', '404', 'gst_free_expenses' ), array( $values['books_donations_account'], $values['books_fees_account'], $values['books_fees_tax'] ) );

		$values = $sanitizer->sanitise(
			array(
				'books_refunds_account' => '=1+1',
				'books_donations_tax'   => 'GST on Income',
			)
		);

		$this->assertSame( '4-1200', $values['books_refunds_account'], 'The stored code is kept.' );
		$this->assertSame( 'bas_excluded', $values['books_donations_tax'] );
		$this->assertCount( 2, $sanitizer->errors() );
		$this->assertStringStartsWith( 'Refunds and chargebacks account code: enter the account code exactly as your chart of accounts shows it', $sanitizer->errors()[0] );
	}

	/**
	 * A deposit of exactly $lines statement lines: gifts of three donors and the one fee line.
	 *
	 * @param int    $lines   How many lines its file has.
	 * @param string $arrival Arrival date.
	 * @return array{payout: string, deposit: int}
	 */
	private function payout_of_lines( int $lines, string $arrival = '2026-11-20' ): array {
		$donors       = array(
			$this->insert_donation( array( 'total_cents' => 1000 ) ),
			$this->insert_donation( array( 'total_cents' => 2550 ) ),
			$this->insert_donation( array( 'total_cents' => 500 ) ),
		);
		$transactions = array();
		$deposit      = 0;
		for ( $i = 0; $i < $lines - 1; $i++ ) {
			$amount         = array( 1000, 2550, 500 )[ $i % 3 ];
			$transactions[] = $this->charge( $donors[ $i % 3 ], $amount, 37 );
			$deposit       += $amount - 37;
		}
		return array(
			'payout'  => $this->payout( $deposit, $transactions, $arrival ),
			'deposit' => $deposit,
		);
	}

	/**
	 * @dataProvider line_counts
	 */
	public function test_a_xero_download_over_1000_lines_is_split_into_files_that_each_import_and_add_up_to_the_deposit( int $lines, array $parts ): void {
		$books = $this->payout_of_lines( $lines );

		$result = $this->export(
			array(
				'payout' => $books['payout'],
				'format' => 'xero',
			)
		);

		$this->assertNull( $result['stop'], $result['stop']?->detail ?? '' );
		$checked = $this->assertImports( 'xero', $result['output'] );
		$this->assertSame( $parts, array_column( $checked['files'], 'lines' ) );
		$this->assertSame( $books['deposit'], array_sum( array_column( $checked['files'], 'sum_cents' ) ), 'The parts add up to the deposit.' );
		if ( 1 === count( $parts ) ) {
			$this->assertStringStartsWith( '*Date,*Amount,', $result['output'], 'Under the limit: one CSV file, not a zip.' );
			$this->assertNull( $checked['readme'] );
			return;
		}
		$count = count( $parts );
		$names = array();
		for ( $i = 1; $i <= $count; $i++ ) {
			$names[] = sprintf( 'xero-%s-part-%d-of-%d.csv', $books['payout'], $i, $count );
		}
		$this->assertSame( $names, array_column( $checked['files'], 'name' ) );
		$readme = (string) $checked['readme'];
		$this->assertStringContainsString( 'Deposit ' . $books['payout'] . ': total ' . $this->aud( $books['deposit'] ) . '.', $readme );
		foreach ( $checked['files'] as $i => $file ) {
			$this->assertStringContainsString( sprintf( 'Part %d of %d, %s: %s %s, summing to %s.', $i + 1, $count, $file['name'], number_format( $file['lines'] ), 1 === $file['lines'] ? 'line' : 'lines', $this->aud( $file['sum_cents'] ) ), $readme );
		}
		$this->assertStringContainsString( 'The parts together sum to ' . $this->aud( $books['deposit'] ) . ', the deposits\' total.', $readme );

		// Where zip is not at hand, each numbered part downloads on its own and imports alone.
		$second = $this->export(
			array(
				'payout' => $books['payout'],
				'format' => 'xero',
				'part'   => '2',
			)
		);
		$this->assertNull( $second['stop'], $second['stop']?->detail ?? '' );
		$this->assertSame( $parts[1], $this->assertImports( 'xero', $second['output'] )['files'][0]['lines'] );
	}

	/**
	 * Cents as the note writes Australian dollars: A$1,234.56, -A$3.70.
	 */
	private function aud( int $cents ): string {
		return ( $cents < 0 ? '-' : '' ) . 'A$' . number_format( intdiv( abs( $cents ), 100 ) ) . '.' . str_pad( (string) ( abs( $cents ) % 100 ), 2, '0', STR_PAD_LEFT );
	}

	public static function line_counts(): array {
		return array(
			'1,000 lines: one file'  => array( 1000, array( 1000 ) ),
			'1,001 lines: two files' => array( 1001, array( 1000, 1 ) ),
			'2,000 lines: two files' => array( 2000, array( 1000, 1000 ) ),
			'2,001 lines: three'     => array( 2001, array( 1000, 1000, 1 ) ),
		);
	}

	public function test_a_range_keeps_each_deposit_whole_in_one_part_when_it_fits(): void {
		$first  = $this->payout_of_lines( 600, '2026-10-05' );
		$second = $this->payout_of_lines( 600, '2026-10-12' );

		$result = $this->export(
			array(
				'from'   => '2026-10-01',
				'to'     => '2026-10-31',
				'format' => 'xero',
			),
			'POST'
		);

		$this->assertNull( $result['stop'], $result['stop']?->detail ?? '' );
		$checked = $this->assertImports( 'xero', $result['output'] );
		$this->assertSame( array( 600, 600 ), array_column( $checked['files'], 'lines' ) );
		$this->assertSame( array( $first['deposit'], $second['deposit'] ), array_column( $checked['files'], 'sum_cents' ), 'Each file is one whole deposit.' );
	}

	public function test_a_part_that_does_not_exist_is_refused(): void {
		$books = $this->payout_of_lines( 1001 );

		$result = $this->export(
			array(
				'payout' => $books['payout'],
				'format' => 'xero',
				'part'   => '3',
			)
		);

		$this->assertDied( 400, $result );
		$this->assertStringContainsString( 'This download has 2 parts', $result['stop']->detail );
	}

	/**
	 * @dataProvider unset_codes
	 */
	public function test_an_export_is_refused_until_the_codes_it_needs_are_set( string $format, string $key, string $label ): void {
		$books = $this->mixed_payout();
		$this->set_settings( array( $key => '' ) );

		$result = $this->export(
			array(
				'payout' => $books['payout'],
				'format' => $format,
			)
		);

		$this->assertDied( 409, $result );
		$this->assertSame( '', $result['output'], 'No uncoded file goes out.' );
		$this->assertStringContainsString( 'export is not set up yet', $result['stop']->detail );
		$this->assertStringContainsString( $label, $result['stop']->detail );
		$this->assertStringContainsString( esc_url( SettingsPage::section_url( 'books' ) ), $result['stop']->detail );
		$this->assertStringContainsString( 'Set up the accounting export', $result['stop']->detail );

		// The payout's page says the same where the download link would be.
		$_GET = array( 'payout' => $books['payout'] );
		ob_start();
		$this->service( PayoutsPage::class )->render();
		$page = (string) ob_get_clean();
		$this->assertStringContainsString( $label, $page );
		$this->assertStringContainsString( 'Set up the accounting export', $page );
		$this->assertStringNotContainsString( 'format=' . $format, $page, 'No link to a file that would be refused.' );
		$this->assertStringNotContainsString( 'value="' . $format . '"', $page, 'No range button for it either.' );
	}

	public static function unset_codes(): array {
		return array(
			'xero, no other income account' => array( 'xero', 'books_other_income_account', 'Other income account code' ),
			'xero, no donations account'    => array( 'xero', 'books_donations_account', 'Donations income account code' ),
			'myob, no deposit account'      => array( 'myob', 'books_clearing_account', 'MYOB deposit account number' ),
			'myob, no fees account'         => array( 'myob', 'books_fees_account', 'Payment fees expense account code' ),
		);
	}

	public function test_a_new_sites_codes_are_empty_and_the_suggested_ones_are_shown_filled_in_for_the_treasurer_to_save(): void {
		delete_option( Settings::OPTION );
		$books = $this->mixed_payout();
		$this->assertDied(
			409,
			$this->export(
				array(
					'payout' => $books['payout'],
					'format' => 'xero',
				)
			)
		);
		$this->set_settings( array( 'books_donations_account' => '4-1900' ) );

		$_GET = array(
			'page'          => 'donation-widget',
			'section'       => 'books',
			'suggest_codes' => 'myob',
		);
		ob_start();
		$this->service( SettingsPage::class )->render();
		$screen = (string) ob_get_clean();

		$shown = array();
		foreach ( array( 'donations', 'fees', 'refunds', 'other-income', 'clearing' ) as $name ) {
			$this->assertMatchesRegularExpression( '/id="donation-widget-books-' . $name . '-account" name="[^"]+" value="([^"]*)"/', $screen );
			preg_match( '/id="donation-widget-books-' . $name . '-account" name="[^"]+" value="([^"]*)"/', $screen, $value );
			$shown[] = $value[1];
		}
		$this->assertSame( array( '4-1900', '6-1100', '4-1100', '8-1000', '1-1180' ), $shown, 'Empty codes shown filled with MYOB\'s suggestions; the typed one kept.' );
		$this->assertStringContainsString( 'nothing is stored until you do', $screen );
		$this->assertSame( '', $this->service( Settings::class )->string( 'books_fees_account' ), 'Nothing is stored until the treasurer saves.' );
		$this->assertDied(
			409,
			$this->export(
				array(
					'payout' => $books['payout'],
					'format' => 'myob',
				)
			)
		);
	}

	public function test_the_setup_names_the_suggested_codes_and_what_is_missing(): void {
		$this->set_settings( array( 'books_other_income_account' => '' ) );
		ob_start();
		do_action( 'donation_widget_settings_section_intro', 'books' );
		$intro = (string) ob_get_clean();

		$this->assertStringContainsString( 'Xero export:</strong> not set up yet (refused until these are set: Other income account code).', $intro );
		$this->assertStringContainsString( '<td>8-1000</td>', $intro );
		$this->assertMatchesRegularExpression( '/<a class="button" href="[^"]*section=books&#038;suggest_codes=xero">Fill in the suggested Xero codes<\/a>/', $intro );
		$this->assertMatchesRegularExpression( '/<a class="button" href="[^"]*section=books&#038;suggest_codes=myob">Fill in the suggested MYOB codes<\/a>/', $intro );
	}
}
