<?php
/**
 * The totals kept on write say what the rows say: after inserts, status moves, refunds and
 * abandonment, through the repository and through the real payment, webhook and
 * reconciliation paths.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationFilters;
use DonationWidget\Admin\Donations\DonationQuery;
use DonationWidget\Reconciliation\Reconciler;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class DonationTotalsTest extends PaymentTestCase {

	/**
	 * The filter sets compared: everything, each status, some methods, each frequency, today.
	 *
	 * @return array<string, DonationFilters>
	 */
	private static function filter_sets(): array {
		$today = (string) wp_date( 'Y-m-d' );
		$sets  = array( 'all' => new DonationFilters() );
		foreach ( array( 'pending', 'requires_action', 'succeeded', 'failed', 'refunded', 'partially_refunded', 'abandoned' ) as $status ) {
			$sets[ $status ] = new DonationFilters( '', $status );
		}
		foreach ( array( 'card', 'google_pay', 'paypal', 'au_becs_debit' ) as $method ) {
			$sets[ $method ] = new DonationFilters( '', '', '', $method );
		}
		$sets['oneoff']          = new DonationFilters( '', '', DonationForm::FREQUENCY_ONE_OFF );
		$sets['4weekly']         = new DonationFilters( '', '', DonationForm::FREQUENCY_FOUR_WEEKLY );
		$sets['today']           = new DonationFilters( '', '', '', '', $today, $today );
		$sets['succeeded today'] = new DonationFilters( '', 'succeeded', '', 'card', $today );
		return $sets;
	}

	/**
	 * What the rows say for some filters: the pre-aggregate query, straight over the table.
	 *
	 * @param DonationFilters $filters Filters without a search.
	 * @return array{count: int, succeeded_count: int, succeeded_cents: int}
	 */
	private static function from_rows( DonationFilters $filters ): array {
		global $wpdb;
		$clauses = array( '1=1' );
		$kept    = array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED, DonationForm::CURRENCY );
		$args    = array_merge( $kept, $kept );
		foreach ( array(
			'status'    => $filters->status,
			'frequency' => $filters->frequency,
			'method'    => $filters->method,
		) as $column => $value ) {
			if ( '' !== $value ) {
				$clauses[] = "{$column} = %s";
				$args[]    = $value;
			}
		}
		if ( '' !== $filters->date_from ) {
			$clauses[] = 'created_at >= %s';
			$args[]    = get_gmt_from_date( $filters->date_from . ' 00:00:00' );
		}
		if ( '' !== $filters->date_to ) {
			$clauses[] = 'created_at < %s';
			$args[]    = get_gmt_from_date( gmdate( 'Y-m-d', (int) strtotime( $filters->date_to . ' +1 day' ) ) . ' 00:00:00' );
		}
		// Paid and kept (succeeded, partly refunded), net of refunds and lost disputes.
		$sql = 'SELECT COUNT(*) AS c, COALESCE(SUM(CASE WHEN status IN (%s, %s) AND currency = %s THEN 1 ELSE 0 END), 0) AS sc,
			COALESCE(SUM(CASE WHEN status IN (%s, %s) AND currency = %s THEN CAST(total_cents AS SIGNED) - CAST(refunded_cents AS SIGNED) - CAST(dispute_lost_cents AS SIGNED) ELSE 0 END), 0) AS sum
			FROM ' . Schema::table( 'donations' ) . ' WHERE ' . implode( ' AND ', $clauses );
		$row = $wpdb->get_row( $wpdb->prepare( $sql, $args ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		return array(
			'count'           => (int) $row['c'],
			'succeeded_count' => (int) $row['sc'],
			'succeeded_cents' => (int) $row['sum'],
		);
	}

	/**
	 * Both views of every filter set.
	 *
	 * @return array<string, array{aggregates: array<string, int>, rows: array<string, int>}>
	 */
	private function snapshot(): array {
		$query = $this->service( DonationQuery::class );
		$found = array();
		foreach ( self::filter_sets() as $name => $filters ) {
			$found[ $name ] = array(
				'aggregates' => $query->totals( $filters ),
				'rows'       => self::from_rows( $filters ),
			);
		}
		return $found;
	}

	/**
	 * Asserts the totals moved exactly as the rows did since $before, and returns the rows' change.
	 *
	 * @param array  $before  A snapshot().
	 * @param string $context What just happened.
	 * @return array<string, array<string, int>> Filter set => change of the rows' figures.
	 */
	private function assertTotalsFollowRows( array $before, string $context ): array {
		$changes = array();
		foreach ( $this->snapshot() as $name => $now ) {
			$rows       = array();
			$aggregates = array();
			foreach ( $now['rows'] as $key => $value ) {
				$rows[ $key ]       = $value - $before[ $name ]['rows'][ $key ];
				$aggregates[ $key ] = $now['aggregates'][ $key ] - $before[ $name ]['aggregates'][ $key ];
			}
			$this->assertSame( $rows, $aggregates, "{$context}: the totals of \"{$name}\" moved unlike the rows." );
			$changes[ $name ] = $rows;
		}
		return $changes;
	}

	private function card( array $request ): AjaxResult {
		return $this->payment_call( 'process_payment_method', $request );
	}

	private function last_event( string $type, string $object_id ): array {
		$events = $this->control( 'GET', '/__control/stripe/events?type=' . rawurlencode( $type ) )['body'];
		$events = array_values( array_filter( $events, static fn ( array $event ): bool => $object_id === $event['data']['object']['id'] ) );
		$this->assertNotEmpty( $events, "The stand-in emitted no {$type} event." );
		return end( $events );
	}

	public function test_inserts_moves_refunds_and_abandonment_through_the_repository_move_the_totals_once(): void {
		$repository = $this->service( DonationRepository::class );
		$form       = DonationForm::from_json( $this->form_data() );
		$before     = $this->snapshot();

		$paid    = $repository->create( wp_generate_uuid4(), $form, 'stripe', 'card', 'http://127.0.0.1:8891/donate/' );
		$wallet  = $repository->create( wp_generate_uuid4(), $form, 'stripe', '', 'http://127.0.0.1:8891/donate/' );
		$left    = $repository->create( wp_generate_uuid4(), $form, 'stripe', 'card', 'http://127.0.0.1:8891/donate/' );
		$changes = $this->assertTotalsFollowRows( $before, 'three new attempts' );
		$this->assertSame( 3, $changes['pending']['count'] );

		$this->assertTrue( $repository->move( $paid->id(), DonationStatus::SUCCEEDED ) );
		$this->assertTrue( $repository->move( $paid->id(), DonationStatus::SUCCEEDED ), 'a second report of the same payment' );
		// A wallet is known once paid: the method changes with the status.
		$this->assertTrue( $repository->move( $wallet->id(), DonationStatus::SUCCEEDED, array( 'method' => 'google_pay' ) ) );
		$this->assertTrue( $repository->move( $left->id(), DonationStatus::REQUIRES_ACTION ) );
		$this->assertTrue( $repository->move( $left->id(), DonationStatus::ABANDONED ) );
		$this->assertFalse( $repository->move( $left->id(), DonationStatus::FAILED ), 'abandoned cannot fail' );
		$changes = $this->assertTotalsFollowRows( $before, 'paid, paid again, paid by wallet, abandoned' );
		$this->assertSame( 2, $changes['succeeded']['succeeded_count'] );
		$this->assertSame( 2 * $paid->total_cents(), $changes['succeeded']['succeeded_cents'] );
		$this->assertSame( 1, $changes['google_pay']['count'] );
		$this->assertSame( 1, $changes['abandoned']['count'] );
		$this->assertSame( 0, $changes['pending']['count'] );

		$this->assertTrue( $repository->move( $paid->id(), DonationStatus::PARTIALLY_REFUNDED ) );
		$this->assertNotNull( $repository->record_amounts( $paid->id(), array( 'refunded_cents' => 1000 ) ) );
		$changes = $this->assertTotalsFollowRows( $before, 'partly refunded' );
		$this->assertSame( 2 * $paid->total_cents() - 1000, $changes['all']['succeeded_cents'], 'the list totals are net of the refund' );
		$this->assertNotNull(
			$repository->record_amounts(
				$wallet->id(),
				array(
					'dispute_status'     => 'lost',
					'dispute_lost_cents' => 500,
				)
			)
		);
		$changes = $this->assertTotalsFollowRows( $before, 'a lost dispute' );
		$this->assertSame( 2 * $paid->total_cents() - 1500, $changes['all']['succeeded_cents'], 'and of the lost dispute' );
		$this->assertTrue( $repository->move( $paid->id(), DonationStatus::REFUNDED ) );
		$this->assertNotNull( $repository->record_amounts( $paid->id(), array( 'refunded_cents' => $paid->total_cents() ) ) );
		$this->assertFalse( $repository->move( $paid->id(), DonationStatus::SUCCEEDED ), 'a late success does not undo a refund' );
		$repository->update( $wallet->id(), array( 'method' => 'apple_pay' ) );
		$changes = $this->assertTotalsFollowRows( $before, 'refunded, and a wallet corrected' );
		$this->assertSame( 1, $changes['succeeded']['count'] );
		$this->assertSame( 1, $changes['refunded']['count'] );
		$this->assertSame( 0, $changes['google_pay']['count'] );
		$this->assertSame( 3, $changes['all']['count'] );
	}

	public function test_card_payments_refund_webhooks_and_the_reconciliation_pass_move_the_totals_as_the_rows(): void {
		$before = $this->snapshot();

		$one_off = $this->card_request();
		$this->assertAnswer( 200, '', $this->card( $one_off ) );
		$declined = $this->card_request( array( 'token' => 'pm_card_chargeDeclinedInsufficientFunds' ) );
		$this->card( $declined );
		$four_weekly = $this->card_request( array(), array( 'frequency' => '4weekly' ) );
		$this->assertAnswer( 200, '', $this->card( $four_weekly ) );
		$changes = $this->assertTotalsFollowRows( $before, 'a one-off, a declined card and a 4-weekly donation' );
		$this->assertSame( 2, $changes['succeeded']['count'] );
		$this->assertSame( 1, $changes['failed']['count'] );
		$this->assertSame( 1, $changes['4weekly']['succeeded_count'] );

		// Stripe refunds the one-off; its webhook arrives twice.
		$row = $this->donation_row( $one_off['attemptId'] );
		$this->stripe( 'POST', '/v1/refunds', array( 'charge' => $row['provider_reference'] ), self::SECRET_KEY );
		$event = $this->last_event( 'charge.refunded', $row['provider_reference'] );
		$this->assertSame( 200, $this->deliver( $event )->get_status() );
		$this->deliver( $event );
		$changes = $this->assertTotalsFollowRows( $before, 'a refund webhook, delivered twice' );
		$this->assertSame( 1, $changes['refunded']['count'] );
		$this->assertSame( 1, $changes['succeeded']['count'] );

		// 3-D Secure never completed: the reconciliation pass abandons it (after a second here,
		// not a day, so its row keeps the day it was made on).
		$abandon = static fn (): int => 1;
		add_filter( 'donation_widget_reconcile_grace_seconds', $abandon );
		add_filter( 'donation_widget_abandon_after_seconds', $abandon );
		try {
			$three_ds = $this->card_request( array( 'token' => 'pm_card_authenticationRequired' ) );
			$this->card( $three_ds );
			sleep( 2 );
			$this->service( Reconciler::class )->run();
		} finally {
			remove_filter( 'donation_widget_reconcile_grace_seconds', $abandon );
			remove_filter( 'donation_widget_abandon_after_seconds', $abandon );
		}
		$this->assertSame( 'abandoned', $this->donation_row( $three_ds['attemptId'] )['status'] );
		$changes = $this->assertTotalsFollowRows( $before, 'an abandoned 3-D Secure payment' );
		$this->assertSame( 1, $changes['abandoned']['count'] );
		$this->assertSame( 0, $changes['requires_action']['count'] );
	}

	public function test_rederiving_days_repairs_totals_a_crash_left_wrong_and_the_list_totals_use_whole_days_plus_edges(): void {
		global $wpdb;
		update_option( 'timezone_string', 'Australia/Sydney' );
		$repository = $this->service( DonationRepository::class );
		$form       = DonationForm::from_json( $this->form_data() );
		$donation   = $repository->create( wp_generate_uuid4(), $form, 'stripe', 'card', 'http://127.0.0.1:8891/donate/' );
		$before     = $this->snapshot();

		// A request that died between its two writes: the row moved, the totals did not.
		$wpdb->update( Schema::table( 'donations' ), array( 'status' => DonationStatus::SUCCEEDED ), array( 'id' => $donation->id() ) );
		$broken = $this->snapshot();
		$this->assertSame( 1, $broken['succeeded']['rows']['count'] - $before['succeeded']['rows']['count'] );
		$this->assertSame( 0, $broken['succeeded']['aggregates']['count'] - $before['succeeded']['aggregates']['count'], 'the totals missed the move' );

		$this->service( DonationTotals::class )->rederive_recent();
		$changes = $this->assertTotalsFollowRows( $before, 'after the safety net' );
		$this->assertSame( 1, $changes['succeeded']['count'] );
		$this->assertSame( 1, $changes['succeeded today']['succeeded_count'] );
	}
}
