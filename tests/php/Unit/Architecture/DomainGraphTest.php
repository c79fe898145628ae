<?php
/**
 * The graph of the plugin's folders: which node a class is in, and the cycles between nodes.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Architecture;

use DonationWidget\Tests\Architecture\DomainGraph;
use PHPUnit\Framework\TestCase;

final class DomainGraphTest extends TestCase {

	/**
	 * A graph of "From\Class uses To\Class" pairs.
	 *
	 * @param list<array{0: string, 1: string}> $uses Short class names under DonationWidget.
	 */
	private function graph( array $uses ): DomainGraph {
		$graph = new DomainGraph();
		foreach ( $uses as $line => list( $user, $used ) ) {
			$graph->add_use( 'DonationWidget\\' . $user, '\\DonationWidget\\' . $used, '/plugin/includes/' . $user . '.php', $line + 1 );
		}
		return $graph;
	}

	public function test_a_node_is_a_top_level_folder_or_an_admin_screens_folder(): void {
		$this->assertSame( 'Donations', DomainGraph::node_of( 'DonationWidget\Donations\DonationRepository' ) );
		$this->assertSame( 'Books', DomainGraph::node_of( '\DonationWidget\Books\Payouts\PayoutRepository' ) );
		$this->assertSame( 'Gateways', DomainGraph::node_of( 'DonationWidget\Gateways\Stripe\StripeGateway' ) );
		$this->assertSame( 'Admin\Donations', DomainGraph::node_of( 'DonationWidget\Admin\Donations\DonationDetail' ) );
		$this->assertSame( 'Admin\Donations', DomainGraph::node_of( 'DonationWidget\Admin\Donations\Export\ExportJob' ) );
		$this->assertSame( 'Admin', DomainGraph::node_of( 'DonationWidget\Admin\AdminServiceProvider' ) );
		$this->assertSame( 'Plugin', DomainGraph::node_of( 'DonationWidget\Plugin' ) );
		$this->assertNull( DomainGraph::node_of( 'DonationWidget\Tests\Architecture\LayeringTest' ) );
		$this->assertNull( DomainGraph::node_of( 'PHPUnit\Framework\TestCase' ) );
	}

	public function test_uses_one_way_and_inside_a_folder_are_no_cycle(): void {
		$graph = $this->graph(
			array(
				array( 'Reports\ReportQuery', 'Donations\GiftFigures' ),
				array( 'Donations\DonationTotals', 'Donations\ReportTotals' ),
				array( 'Admin\Payouts\PayoutsPage', 'Admin\Donations\DonationsCapability' ),
				array( 'Admin\Donations\DonationDetail', 'Admin\Donations\Export\ExportJob' ),
			)
		);

		$this->assertSame( array(), $graph->cycles() );
		$this->assertSame( array(), $graph->tangles() );
		$this->assertNull( $graph->edge( 'Donations', 'Reports' ) );
	}

	public function test_a_cycle_is_found_with_where_each_of_its_uses_is(): void {
		$graph = $this->graph(
			array(
				array( 'Donations\DonationTotals', 'Reports\LocalDays' ),
				array( 'Donations\SubscriptionRepository', 'Reports\RecurringMovements' ),
				array( 'Reports\ReportQuery', 'Receipts\DonationFormat' ),
				array( 'Receipts\CancellationEmail', 'Donations\Donation' ),
				array( 'Reports\RecurringMovements', 'Donations\DonationStatus' ),
			)
		);

		$this->assertSame( array( array( 'Donations', 'Receipts', 'Reports' ) ), $graph->tangles() );
		$this->assertSame(
			array(
				array( 'Donations', 'Reports', 'Donations' ),
				array( 'Donations', 'Reports', 'Receipts', 'Donations' ),
			),
			$graph->cycles()
		);
		$this->assertSame(
			array(
				'file' => '/plugin/includes/Donations\DonationTotals.php',
				'line' => 1,
				'uses' => 'DonationWidget\Reports\LocalDays',
			),
			$graph->edge( 'Donations', 'Reports' ),
			'the first use found is the one reported'
		);
	}

	public function test_separate_cycles_are_each_found(): void {
		$graph = $this->graph(
			array(
				array( 'CardUpdate\CardUpdateController', 'Subscriptions\CardChange' ),
				array( 'Subscriptions\CardSetup', 'CardUpdate\CardDetails' ),
				array( 'Admin\Donations\DonationDetail', 'Admin\Payouts\PayoutsPage' ),
				array( 'Admin\Payouts\PayoutsPage', 'Admin\Donations\DonationsCapability' ),
				array( 'Admin\Subscriptions\SubscriptionQuery', 'Subscriptions\RecurringPayments' ),
			)
		);

		$this->assertSame(
			array(
				array( 'Admin\Donations', 'Admin\Payouts', 'Admin\Donations' ),
				array( 'CardUpdate', 'Subscriptions', 'CardUpdate' ),
			),
			$graph->cycles()
		);
	}
}
