<?php
/**
 * One month of gifts, read back from every place that shows fees, net and kept: the reports'
 * REST answer, the dashboard widget, each donation's screen, the payouts page (and PayPal's
 * balance on it), the statements' query and the accounting export's lines. Each must equal the
 * sums worked out here from what the stand-ins say they charged, refunded and took back.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Books;

use DonationWidget\Admin\Dashboard\DonationsSummaryWidget;
use DonationWidget\Admin\Donations\DonationDetail;
use DonationWidget\Admin\Donations\DonationExport;
use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Admin\Payouts\PayoutsPage;
use DonationWidget\Books\Export\PayoutLines;
use DonationWidget\Books\Export\StatementLine;
use DonationWidget\Books\Fees\FeeCatchUp;
use DonationWidget\Books\Payouts\HeldBalance;
use DonationWidget\Books\Refunds\RefundOutcome;
use DonationWidget\Books\Refunds\Refunds;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Donations\DonorLastGifts;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementQuery;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class FiguresAgreeTest extends PaymentTestCase {

	/**
	 * Every gift of the month: donation id => what the test knows of it.
	 *
	 * @var array<int, array{email: string, total: int, provider: string}>
	 */
	private array $gifts = array();

	protected function setUp(): void {
		parent::setUp();
		$this->set_settings(
			array(
				'stripe_becs_enabled'     => true,
				'books_donations_account' => '260',
				'books_fees_account'      => '404',
				'books_refunds_account'   => '4-1200',
				'books_clearing_account'  => '1-1180',
				'books_donations_tax'     => 'bas_excluded',
				'books_fees_tax'          => 'gst_on_expenses',
			)
		);
		$this->gifts = array();
	}

	protected function tearDown(): void {
		unset( $_GET['payout'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a test resets the query.
		parent::tearDown();
	}

	/**
	 * A donor's own address, so the statements read only this test's gifts.
	 *
	 * @param string $who A name.
	 */
	private function email( string $who ): string {
		return $who . '.' . strtolower( wp_generate_password( 8, false ) ) . '@example.org.au';
	}

	/**
	 * Remembers a paid gift.
	 *
	 * @param array<string, string>|null $row      Its row.
	 * @param string                     $provider stripe or paypal.
	 * @return array<string, string> The row.
	 */
	private function remember( ?array $row, string $provider = 'stripe' ): array {
		$this->assertNotNull( $row );
		$this->assertSame( 'succeeded', $row['status'] );
		$this->gifts[ (int) $row['id'] ] = array(
			'email'    => $row['email'],
			'total'    => (int) $row['total_cents'],
			'provider' => $provider,
		);
		return $row;
	}

	/**
	 * A card gift through the widget's call.
	 *
	 * @param string      $total Dollars.
	 * @param array       $form  formData overrides.
	 * @param string|null $cover The help cover beside formData.
	 * @return array<string, string>
	 */
	private function card( string $total, array $form = array(), ?string $cover = null ): array {
		$request = $this->card_request(
			array(),
			array(
				'totalAmount' => $total,
				'email'       => $this->email( 'card' ),
			) + $form
		);
		if ( null !== $cover ) {
			$request['coverAmount'] = $cover;
		}
		$this->assertAnswer( 200, '', $this->payment_call( 'process_payment_method', $request ) );
		return $this->remember( $this->donation_row( $request['attemptId'] ) );
	}

	/**
	 * A step of a dispute at the stand-in, its events delivered.
	 *
	 * @param array<string, string> $body The control call.
	 * @return array<string, mixed> The dispute.
	 */
	private function dispute( array $body ): array {
		$answer = $this->control( 'POST', '/__control/stripe/dispute', $body );
		$this->assertSame( 200, $answer['status'], (string) wp_json_encode( $answer['body'] ) );
		foreach ( $answer['body']['events'] as $event ) {
			$this->assertSame( 200, $this->deliver( $event )->get_status(), "Event {$event['type']} was not accepted." );
		}
		return $answer['body']['dispute'];
	}

	/**
	 * The latest event of a type about an object.
	 *
	 * @param string $type      Event type.
	 * @param string $object_id Its data.object id.
	 * @return array<string, mixed>
	 */
	private function event( string $type, string $object_id ): array {
		$events = $this->control( 'GET', '/__control/stripe/events?type=' . rawurlencode( $type ) )['body'];
		$events = array_values( array_filter( $events, static fn ( array $event ): bool => $object_id === $event['data']['object']['id'] ) );
		$this->assertNotEmpty( $events, "The stand-in sent no {$type} for {$object_id}." );
		return end( $events );
	}

	/**
	 * Dollars as a screen prints them ($1,234.56, -$25.00) in cents.
	 *
	 * @param string $text The amount.
	 */
	private static function cents( string $text ): int {
		$negative = str_starts_with( trim( $text ), '-' );
		$digits   = preg_replace( '/[^0-9.]/', '', $text );
		$parts    = explode( '.', (string) $digits ) + array( '0', '0' );
		$cents    = (int) $parts[0] * 100 + (int) str_pad( substr( $parts[1], 0, 2 ), 2, '0' );
		return $negative ? -$cents : $cents;
	}

	/**
	 * The cell beside a row heading of some HTML.
	 *
	 * @param string $html  The HTML.
	 * @param string $label The row heading.
	 */
	private function cell( string $html, string $label ): string {
		$this->assertSame( 1, preg_match( '#<th scope="row"[^>]*>' . preg_quote( esc_html( $label ), '#' ) . '</th><td[^>]*>(.*?)</td>#s', $html, $found ), "No row {$label}." );
		return wp_strip_all_tags( $found[1] );
	}

	/**
	 * What the dashboard widget prints.
	 */
	private function dashboard(): string {
		ob_start();
		$this->service( DonationsSummaryWidget::class )->render();
		return (string) ob_get_clean();
	}

	/**
	 * The dashboard's kept, fees and net and donors.
	 *
	 * @return array{kept: int, fees: int, net: int, donors: int}
	 */
	private function dashboard_figures(): array {
		$html = $this->dashboard();
		$this->assertSame( 1, preg_match( '#<th scope="row">Raised in [^<]+</th><td>(\S+) from#', $html, $raised ) );
		$this->assertSame( 1, preg_match( '#^(\S+) in fees, (\S+) net to the bank$#', $this->cell( $html, 'Fees and net this month' ), $fees ) );
		return array(
			'kept'   => self::cents( $raised[1] ),
			'fees'   => self::cents( $fees[1] ),
			'net'    => self::cents( $fees[2] ),
			'donors' => (int) str_replace( ',', '', $this->cell( $html, 'Donors this month' ) ),
		);
	}

	/**
	 * The reports' REST answer for this month.
	 *
	 * @return array<string, int>
	 */
	private function report(): array {
		$today    = (string) wp_date( 'Y-m-d' );
		$response = $this->rest(
			'GET',
			'/donation-widget/v1/reports',
			array(
				'from' => substr( $today, 0, 8 ) . '01',
				'to'   => $today,
			)
		);
		$this->assertSame( 200, $response->get_status() );
		return $response->get_data()['totals'];
	}

	/**
	 * A figure's change between two readings.
	 *
	 * @param array<string, int> $before Before.
	 * @param array<string, int> $after  After.
	 * @return array<string, int>
	 */
	private static function change( array $before, array $after ): array {
		$change = array();
		foreach ( $after as $key => $value ) {
			$change[ $key ] = (int) $value - (int) ( $before[ $key ] ?? 0 );
		}
		return $change;
	}

	public function test_fees_net_and_kept_agree_on_every_screen_and_in_every_file_for_one_month(): void {
		$admin     = $this->log_in_as( 'administrator' );
		$report    = $this->report();
		$dashboard = $this->dashboard_figures();

		// The month: a card gift, one with the help cover, a 4-weekly first gift, a BECS debit, a
		// PayPal gift, a gift partly refunded from the admin and one refunded in full in Stripe's
		// dashboard, a dispute lost (with its A$25 fee) and one won (its fee kept by Stripe).
		$plain   = $this->card( '52.50' );
		$covered = $this->card( '36.75', array(), '1.75' );
		$weekly  = $this->card( '100.00', array( 'frequency' => '4weekly' ) );
		$partly  = $this->card( '50.00' );
		$wholly  = $this->card( '30.00' );
		$lost    = $this->card( '75.00' );
		$won     = $this->card( '75.00' );
		$becs    = $this->becs_request(
			'000123456',
			array(),
			array(
				'totalAmount' => '500',
				'email'       => $this->email( 'becs' ),
			)
		);
		$this->assertAnswer( 202, 'pending', $this->payment_call( 'process_becs_debit', $becs ) );
		foreach ( $this->control( 'POST', '/__control/stripe/becs/settle', array() )['body']['events'] as $event ) {
			$this->assertSame( 200, $this->deliver( $event )->get_status() );
		}
		$becs_row = $this->remember( $this->donation_row( $becs['attemptId'] ) );
		$attempt  = wp_generate_uuid4();
		$capture  = $this->paypal_capture( $attempt );
		$this->assertAnswer(
			200,
			'',
			$this->payment_call(
				'process_paypal_payment',
				array(
					'transaction_id' => $capture['id'],
					'formData'       => $this->form_data( array( 'email' => $this->email( 'paypal' ) ) ),
					'attemptId'      => $attempt,
					'captchaToken'   => $this->captcha_token(),
				)
			)
		);
		$paypal = $this->remember( $this->donation_row( $attempt ), 'paypal' );
		$this->service( FeeCatchUp::class )->run();

		$this->assertSame( RefundOutcome::REFUNDED, $this->service( Refunds::class )->request( (int) $partly['id'], 1250, 'Gave more than meant', 0, $admin )->kind );
		$this->stripe( 'POST', '/v1/refunds', array( 'charge' => $wholly['provider_reference'] ), self::SECRET_KEY );
		$this->assertSame( 200, $this->deliver( $this->event( 'charge.refunded', $wholly['provider_reference'] ) )->get_status() );
		$dispute = $this->dispute( array( 'charge' => $lost['provider_reference'] ) );
		$this->dispute(
			array(
				'dispute' => $dispute['id'],
				'action'  => 'lost',
			)
		);
		$dispute = $this->dispute( array( 'charge' => $won['provider_reference'] ) );
		$this->dispute(
			array(
				'dispute' => $dispute['id'],
				'action'  => 'won',
			)
		);

		// Stripe pays out the month; its transactions are what Stripe says it took.
		$made = $this->control(
			'POST',
			'/__control/stripe/payout',
			array(
				'at'     => time() + 7 * DAY_IN_SECONDS,
				'status' => 'paid',
			)
		);
		$this->assertSame( 200, $made['status'], (string) wp_json_encode( $made['body'] ) );
		$payout_id = $made['body']['payout']['id'];
		$this->assertSame( 'processed', $this->deliver( $this->event( 'payout.paid', $payout_id ) )->get_data()['status'] );

		// The sums worked out here, from the stand-ins' own answers.
		$stripe_fees = 0;
		foreach ( $made['body']['transactions'] as $transaction ) {
			$stripe_fees += 'payout' === $transaction['type'] ? 0 : $transaction['fee'];
		}
		$paypal_fee = (int) round( (float) $capture['seller_receivable_breakdown']['paypal_fee']['value'] * 100 );
		$stripe     = array(
			'gross'    => 5250 + 3675 + 10000 + 5000 + 3000 + 7500 + 7500 + 50000,
			'fees'     => $stripe_fees,
			'refunded' => 1250 + 3000,
			'lost'     => 7500,
		);
		$this->assertSame( $stripe['gross'], array_sum( array_column( array_filter( $this->gifts, static fn ( array $gift ): bool => 'stripe' === $gift['provider'] ), 'total' ) ) );
		$this->assertGreaterThan( 2 * 2500, $stripe_fees, 'Both disputes\' A$25 fees are among Stripe\'s fees.' );
		$all            = array(
			'gross'    => $stripe['gross'] + 5250,
			'fees'     => $stripe['fees'] + $paypal_fee,
			'refunded' => $stripe['refunded'],
			'lost'     => $stripe['lost'],
		);
		$all['kept']    = $all['gross'] - $all['refunded'] - $all['lost'];
		$all['net']     = $all['kept'] - $all['fees'];
		$stripe['kept'] = $stripe['gross'] - $stripe['refunded'] - $stripe['lost'];
		$stripe['net']  = $stripe['kept'] - $stripe['fees'];
		$this->assertSame( $stripe['net'], $made['body']['payout']['amount'], 'Stripe deposits the Stripe gifts\' net.' );

		// Reports.
		$reported = self::change( $report, $this->report() );
		$this->assertSame(
			array( $all['gross'], $all['fees'], $all['refunded'], $all['lost'], $all['net'], $all['kept'] ),
			array( $reported['gross_cents'], $reported['fee_cents'], $reported['refunded_cents'], $reported['dispute_lost_cents'], $reported['net_cents'], $reported['kept_cents'] ),
			'Reports: gross, fees (dispute fees too), refunded, lost, net, kept.'
		);

		// The dashboard.
		$shown = self::change( $dashboard, $this->dashboard_figures() );
		$this->assertSame( array( $all['kept'], $all['fees'], $all['net'] ), array( $shown['kept'], $shown['fees'], $shown['net'] ), 'Dashboard: kept, fees, net.' );

		// Each donation's screen, summed.
		$screens = array(
			'kept' => 0,
			'net'  => 0,
		);
		foreach ( array_keys( $this->gifts ) as $id ) {
			ob_start();
			$this->service( DonationDetail::class )->render( $id );
			$html             = (string) ob_get_clean();
			$screens['kept'] += self::cents( $this->cell( $html, 'Kept (gift less refunds and lost disputes)' ) );
			$screens['net']  += self::cents( $this->cell( $html, 'Net received' ) );
			if ( $id === (int) $partly['id'] ) {
				$fee = (int) $this->donation_row( $partly['attempt_id'] )['fee_cents'];
				$this->assertSame( 5000 - 1250 - $fee, self::cents( $this->cell( $html, 'Net received' ) ), 'The $12.50 refund leaves the net received.' );
			}
			if ( $id === (int) $lost['id'] ) {
				$this->assertSame( '$25.00', $this->cell( $html, 'Dispute fees' ) );
			}
		}
		$this->assertSame( array( $all['kept'], $all['net'] ), array( $screens['kept'], $screens['net'] ), 'Donation screens: kept, net.' );

		// The payouts page: Stripe's deposit, and what PayPal keeps.
		$_GET['payout'] = $payout_id;
		ob_start();
		$this->service( PayoutsPage::class )->render();
		$page = (string) ob_get_clean();
		$this->assertSame(
			array( $stripe['gross'], -$stripe['fees'], $stripe['kept'], $stripe['net'] ),
			array( self::cents( $this->cell( $page, 'Gifts (gross)' ) ), self::cents( $this->cell( $page, 'Fees' ) ), self::cents( $this->cell( $page, 'Kept of the gifts (less refunds and lost disputes)' ) ), self::cents( $this->cell( $page, 'Net of the gifts (kept less fees)' ) ) ),
			'Payout page: gross, fees, kept, net.'
		);
		$this->assertMatchesRegularExpression( '#>\#' . $lost['id'] . '</a></td>.*?<td>Disputed — lost</td></tr>#s', $page, 'A lost dispute\'s gift is not "Succeeded".' );
		$this->assertMatchesRegularExpression( '#>\#' . $won['id'] . '</a></td>.*?<td>Dispute won \(Succeeded\)</td></tr>#s', $page );
		$this->assertStringContainsString( 'Dispute won: money returned', $page );
		$this->assertStringContainsString( 'Dispute: money taken back', $page );

		// The Donations list and its CSV say the same of the disputed gifts.
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		$_GET = wp_slash( array( 'page' => DonationsPage::SLUG ) );
		set_current_screen( 'donation-widget_page_' . DonationsPage::SLUG );
		ob_start();
		$this->service( DonationsPage::class )->render();
		$list = (string) ob_get_clean();
		$this->assertMatchesRegularExpression( '#donation-widget-status-succeeded">Disputed — lost</span>#', $list, 'The Donations list names the lost dispute.' );
		$this->assertMatchesRegularExpression( '#donation-widget-status-succeeded">Dispute won \(Succeeded\)</span>#', $list );
		$repository = $this->service( DonationRepository::class );
		$csv        = $this->service( DonationExport::class )->lines( array( $repository->find( (int) $lost['id'] ), $repository->find( (int) $won['id'] ) ) );
		$this->assertStringContainsString( ',"Disputed — lost",', $csv, 'The Donations CSV names the lost dispute.' );
		$this->assertStringContainsString( ',"Dispute won (Succeeded)",', $csv );
		$held = $this->service( HeldBalance::class )->months( 'paypal', gmdate( 'Y-m-d H:i:s', time() - DAY_IN_SECONDS ), gmdate( 'Y-m-d H:i:s', time() + DAY_IN_SECONDS ) );
		$this->assertSame( array( 5250, $paypal_fee, 5250 - $paypal_fee ), array( array_sum( array_column( $held, 'gross_cents' ) ), array_sum( array_column( $held, 'fee_cents' ) ), array_sum( array_column( $held, 'waiting_cents' ) ) ), 'PayPal balance: gross, fees, net.' );

		// The accounting export's lines, by kind.
		$lines = array_fill_keys( array( StatementLine::GIFT, StatementLine::FEE, StatementLine::REFUND, StatementLine::DISPUTE, StatementLine::OTHER ), 0 );
		foreach ( $this->service( PayoutLines::class )->of_payout( $payout_id ) as $line ) {
			$lines[ $line->kind ] += $line->amount_cents;
		}
		$this->assertSame(
			array( $stripe['gross'], -$stripe['fees'], -$stripe['refunded'], -$stripe['lost'], 0, $stripe['net'] ),
			array( $lines[ StatementLine::GIFT ], $lines[ StatementLine::FEE ], $lines[ StatementLine::REFUND ], $lines[ StatementLine::DISPUTE ], $lines[ StatementLine::OTHER ], array_sum( $lines ) ),
			'Export: gifts, fees, refunds, disputes, other, and their sum.'
		);
		$this->assertSame( $stripe['kept'], $lines[ StatementLine::GIFT ] + $lines[ StatementLine::REFUND ] + $lines[ StatementLine::DISPUTE ] );

		// The statements' query: what each donor's statement would say they gave.
		$year       = FinancialYear::of( current_time( 'mysql', true ) );
		$statements = 0;
		foreach ( array_unique( array_column( $this->gifts, 'email' ) ) as $email ) {
			foreach ( $this->service( StatementQuery::class )->statements_of( $email, $year ) as $statement ) {
				$statements += $statement->total_cents();
			}
		}
		$this->assertSame( $all['kept'], $statements, 'Statements: kept.' );
		$this->assertSame( array(), $this->service( StatementQuery::class )->statements_of( $lost['email'], $year ), 'A gift lost to its dispute is on no statement.' );
		$this->assertSame( 5000 - 1250, $this->service( StatementQuery::class )->statements_of( $partly['email'], $year )[0]->total_cents() );
		unset( $plain, $covered, $weekly, $becs_row, $paypal );
	}

	public function test_a_donor_whose_gift_was_partly_refunded_still_gave_this_month(): void {
		$admin = $this->log_in_as( 'administrator' );
		// The safety net first, so its run below changes nothing but what this test does.
		$this->service( DonationTotals::class )->rederive_recent();
		$before = $this->service( DonorLastGifts::class )->donors_since( get_gmt_from_date( wp_date( 'Y-m-01' ) . ' 00:00:00' ) );
		$shown  = $this->dashboard_figures()['donors'];
		$gift   = $this->card( '50.00' );
		$this->assertSame( $shown + 1, $this->dashboard_figures()['donors'] );

		$this->assertSame( RefundOutcome::REFUNDED, $this->service( Refunds::class )->request( (int) $gift['id'], 1250, 'Gave more than meant', 0, $admin )->kind );

		$this->assertSame( 'partially_refunded', $this->donation_row( $gift['attempt_id'] )['status'] );
		$this->assertSame( $shown + 1, $this->dashboard_figures()['donors'], 'A partly refunded gift is still given.' );
		$this->assertSame( $before + 1, $this->service( DonorLastGifts::class )->donors_since( get_gmt_from_date( wp_date( 'Y-m-01' ) . ' 00:00:00' ) ) );
		// The daily safety net reads the donors again from their gifts, and agrees.
		$this->service( DonationTotals::class )->rederive_recent();
		$this->assertSame( $shown + 1, $this->dashboard_figures()['donors'] );

		// The rest refunded too: the donor gave nothing this month after all.
		$this->assertSame( RefundOutcome::REFUNDED, $this->service( Refunds::class )->request( (int) $gift['id'], 3750, 'Asked for the rest back', 1250, $admin )->kind );
		$this->assertSame( 'refunded', $this->donation_row( $gift['attempt_id'] )['status'] );
		$this->assertSame( $shown, $this->dashboard_figures()['donors'] );
	}
}
