<?php
/**
 * A refund's figures and a status move written by two servers in either interleaving move the
 * reports' figures exactly once: each write compares what the other changes.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Reports;

use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\LocalDays;
use DonationWidget\Donations\ReportTotals;
use DonationWidget\Reports\ReportQuery;
use DonationWidget\Reports\ReportRequest;
use DonationWidget\Tests\Integration\PaymentTestCase;

final class InterleavedWritesTest extends PaymentTestCase {

	/**
	 * Today's figures of one UTM source: donations, gross, refunded.
	 *
	 * @param string $source The source.
	 * @return list<int|string>
	 */
	private function figures_of( string $source ): array {
		$request = ReportRequest::from_params(
			array(
				'from'  => LocalDays::today(),
				'to'    => LocalDays::today(),
				'group' => 'utm_source',
			)
		);
		$this->assertInstanceOf( ReportRequest::class, $request );
		$row = array_column( $this->service( ReportQuery::class )->report( $request )['rows'], null, 'key' )[ $source ] ?? array();
		return array( $row['donations'] ?? 0, $row['gross_cents'] ?? 0, $row['refunded_cents'] ?? 0 );
	}

	/**
	 * Runs $other once, just before the first query after $trigger matches one.
	 *
	 * @param callable(string): bool $trigger Whether a query is the moment.
	 * @param callable(): void       $other   The other server's write.
	 * @param bool                   $before  Run it before the matching query itself (else before the next one).
	 */
	private function interleave( callable $trigger, callable $other, bool $before ): void {
		$state = array(
			'armed' => false,
			'done'  => false,
		);
		add_filter(
			'query',
			static function ( string $query ) use ( $trigger, $other, $before, &$state ): string {
				if ( $state['done'] ) {
					return $query;
				}
				if ( $state['armed'] || ( $before && $trigger( $query ) ) ) {
					$state['done'] = true;
					$other();
					return $query;
				}
				if ( $trigger( $query ) ) {
					$state['armed'] = true;
				}
				return $query;
			}
		);
	}

	/**
	 * The two interleavings that each counted a refund of $10 on a $52.50 gift wrongly before
	 * the writes compared each other's columns (-$42.50 and $62.50).
	 *
	 * @return array<string, array{bool}>
	 */
	public function interleavings(): array {
		return array(
			'a move lands between the refund\'s write and its read-back' => array( false ),
			'the refund lands between the move\'s read and its write'    => array( true ),
		);
	}

	/**
	 * @dataProvider interleavings
	 *
	 * @param bool $refund_inside_the_move Whether the refund is written inside the move (else the move inside the refund).
	 */
	public function test_a_refund_and_a_move_count_once_in_either_order( bool $refund_inside_the_move ): void {
		$source     = 'interleave-' . strtolower( wp_generate_password( 6, false ) );
		$repository = $this->service( DonationRepository::class );
		$gift       = $repository->create( wp_generate_uuid4(), DonationForm::from_json( $this->form_data( array( 'utm_source' => $source ) ) ), 'stripe', 'card', 'http://127.0.0.1:8891/donate/' );
		$this->assertNotNull( $gift );
		$this->assertTrue( $repository->move( $gift->id(), DonationStatus::SUCCEEDED ) );
		$refund = static fn () => $repository->record_amounts( $gift->id(), array( 'refunded_cents' => 1000 ) );
		$move   = static fn () => $repository->move( $gift->id(), DonationStatus::PARTIALLY_REFUNDED );

		if ( $refund_inside_the_move ) {
			$this->interleave( static fn ( string $query ): bool => str_starts_with( ltrim( $query ), 'UPDATE' ) && str_contains( $query, "`status` = 'partially_refunded'" ), $refund, true );
			$move();
		} else {
			$this->interleave( static fn ( string $query ): bool => str_starts_with( ltrim( $query ), 'UPDATE' ) && str_contains( $query, 'refunded_cents = 1000' ), $move, false );
			$refund();
		}

		$this->assertSame( DonationStatus::PARTIALLY_REFUNDED, $repository->find( $gift->id() )?->status() );
		$kept_on_write = $this->figures_of( $source );
		$this->assertSame( array( 1, 5250, 1000 ), $kept_on_write, 'one $52.50 gift, $10 refunded' );
		$this->service( ReportTotals::class )->rederive( LocalDays::today(), LocalDays::today() );
		$this->assertSame( $kept_on_write, $this->figures_of( $source ), 'the figures kept on write are what the rows say' );
	}
}
