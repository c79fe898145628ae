<?php
/**
 * The container builds class-typed constructors itself, so providers only wire.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit;

use DonationWidget\Container;
use DonationWidget\Tests\Unit\ContainerFixtures\Chicken;
use DonationWidget\Tests\Unit\ContainerFixtures\Clock;
use DonationWidget\Tests\Unit\ContainerFixtures\Ledger;
use DonationWidget\Tests\Unit\ContainerFixtures\MemoryLedger;
use DonationWidget\Tests\Unit\ContainerFixtures\NeedsKey;
use DonationWidget\Tests\Unit\ContainerFixtures\Report;
use PHPUnit\Framework\TestCase;

final class ContainerTest extends TestCase {

	public function test_a_class_typed_constructor_is_built_once_and_shared(): void {
		$container = new Container();

		$report = $container->get( Report::class );

		$this->assertSame( $container->get( Clock::class ), $report->clock );
		$this->assertSame( 25, $report->limit );
		$this->assertSame( $report, $container->get( Report::class ) );
	}

	public function test_a_factory_wins_over_building(): void {
		$container = new Container();
		$container->set( Report::class, static fn ( Container $c ): Report => new Report( $c->get( Clock::class ), 3 ) );

		$this->assertSame( 3, $container->get( Report::class )->limit );
	}

	public function test_an_interface_answers_with_its_bound_implementation(): void {
		$container = new Container();
		$container->bind( Ledger::class, MemoryLedger::class );

		$this->assertSame( $container->get( MemoryLedger::class ), $container->get( Ledger::class ) );
	}

	public function test_an_unbound_interface_says_a_factory_is_needed(): void {
		$this->expectException( \LogicException::class );
		$this->expectExceptionMessage( 'register a factory' );

		( new Container() )->get( Ledger::class );
	}

	public function test_a_value_without_a_default_names_the_parameter(): void {
		$this->expectException( \LogicException::class );
		$this->expectExceptionMessage( '$key' );

		( new Container() )->get( NeedsKey::class );
	}

	public function test_a_constructor_cycle_is_named_instead_of_recursing(): void {
		$this->expectException( \LogicException::class );
		$this->expectExceptionMessage( 'needs itself' );

		( new Container() )->get( Chicken::class );
	}

	public function test_lazy_builds_the_service_only_when_the_hook_runs(): void {
		$container = new Container();
		$built     = 0;
		$container->set(
			Report::class,
			static function ( Container $c ) use ( &$built ): Report {
				++$built;
				return new Report( $c->get( Clock::class ) );
			}
		);

		$twice = $container->lazy( Report::class, 'twice' );
		$this->assertSame( 0, $built );

		$this->assertSame( 14, $twice( 7 ) );
		$this->assertSame( 8, $twice( 4 ) );
		$this->assertSame( 1, $built );
	}
}
