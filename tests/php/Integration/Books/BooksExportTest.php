<?php
/**
 * The accounting export: Xero and MYOB files of a Stripe deposit that add up to it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Books;

use DonationWidget\Database\Schema;
use DonationWidget\Settings\SettingsSanitizer;
use DonationWidget\Tests\Integration\Admin\AdminTestCase;

final class BooksExportTest extends AdminTestCase {

	private const ACTION = 'donation_widget_books_export';

	protected function setUp(): void {
		parent::setUp();
		$this->set_settings(
			array(
				'books_donations_account' => '260',
				'books_fees_account'      => '404',
				'books_refunds_account'   => '4-1200',
				'books_clearing_account'  => '1-1180',
				'books_donations_tax'     => 'bas_excluded',
				'books_fees_tax'          => 'gst_on_expenses',
			)
		);
		$this->log_in_as( 'administrator' );
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
		$jane     = $this->insert_donation( array( 'total_cents' => 5250 ) );
		$trust    = $this->insert_donation(
			array(
				'total_cents'       => 10000,
				'amount_cents'      => 10000,
				'donate_as'         => 'organisation',
				'organisation_name' => 'Smith Family Trust',
				'frequency'         => '4weekly',
			)
		);
		$refunded = $this->insert_donation(
			array(
				'total_cents'  => 3000,
				'amount_cents' => 3000,
				'first_name'   => 'Ravi',
				'last_name'    => 'Kumar',
			)
		);
		$disputed = $this->insert_donation(
			array(
				'total_cents'  => 2500,
				'amount_cents' => 2500,
				'first_name'   => 'Mei',
				'last_name'    => 'Chen',
			)
		);
		$payout   = $this->payout(
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
					'source_id'          => 'du_' . wp_generate_password( 14, false ),
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
		return $this->admin_post( self::ACTION, $fields + array( '_wpnonce' => wp_create_nonce( self::ACTION ) ), $method );
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
		$dispute = $by_description[ 'Chargeback (dispute) of donation #' . $books['disputed'] ];
		$this->assertSame( array( '-25.00', 'Mei Chen' ), array_slice( $dispute, 1, 2 ) );
		$this->assertSame( array( '4-1200', 'BAS Excluded' ), array_slice( $dispute, 5 ) );
		$fees = $by_description[ 'Stripe fees on the gifts in payout ' . $books['payout'] ];
		$this->assertSame( array( '-29.73', 'Stripe' ), array_slice( $fees, 1, 2 ) );
		$this->assertSame( array( '404', 'GST on Expenses' ), array_slice( $fees, 5 ) );
		$other = $by_description['Stripe: Invoice 0042 from the op shop'];
		$this->assertSame( '9.53', $other[1] );
		$this->assertSame( array( '', '' ), array_slice( $other, 5 ), 'Money not from this site is left for the treasurer to code.' );
		$this->assertCount( 8, $rows, 'Four gifts, a refund, a chargeback, the payment from elsewhere and one fee line.' );
	}

	public function test_the_myob_file_of_a_date_range_is_one_receive_money_per_deposit_each_adding_up_to_it(): void {
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
		$rows   = $this->rows( $result['output'] );
		$header = array_shift( $rows );
		$this->assertSame( array( 'Deposit Account No.', 'Date', 'Co./Last Name', 'Memo', 'Inclusive', 'Allocation Account No.', 'Amount', 'Tax Code', 'Allocation Memo' ), $header );
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
			}
		}
		$codes = array_map( static fn ( array $row ): string => $row[5] . ' ' . $row[7], $records[1] );
		$this->assertSame( array( '260 N-T', '404 GST' ), $codes );
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
				array( '-50.00', '4-1200' ),
				array( '50.00', '4-1200' ),
				array( '50.00', '260' ),
				array( '-24.42', '404' ),
				array( '-1.15', '404' ),
			),
			array_map( static fn ( array $row ): array => array( $row[1], $row[5] ), $rows ),
			'The dispute fee Stripe took and gave back nets to nothing in the fee line.'
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
}
