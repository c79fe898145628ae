<?php
/**
 * PHPStan rule: the folders of includes/ form no cycle.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Architecture;

use PhpParser\Node;
use PHPStan\Analyser\Scope;
use PHPStan\Node\CollectedDataNode;
use PHPStan\Rules\IdentifierRuleError;
use PHPStan\Rules\Rule;
use PHPStan\Rules\RuleErrorBuilder;

/**
 * When two domains need each other, neither can change alone: the shared piece belongs to
 * one of them, or one tells the other by an action. phpat checks one selector against
 * another, not a graph, so this rule builds the graph of DomainGraph's nodes from what
 * DomainDependencies collected and reports each cycle with the lines that make it.
 *
 * @implements Rule<CollectedDataNode>
 */
final class NoDomainCycles implements Rule {

	/**
	 * Once, after every file was read.
	 */
	public function getNodeType(): string { // phpcs:ignore WordPress.NamingConventions.ValidFunctionName.MethodNameInvalid -- PHPStan's Rule interface.
		return CollectedDataNode::class;
	}

	/**
	 * One error per cycle, on the line of its first use.
	 *
	 * @param CollectedDataNode $node  The collected uses.
	 * @param Scope             $scope Where PHPStan is.
	 * @return list<IdentifierRuleError>
	 */
	public function processNode( Node $node, Scope $scope ): array { // phpcs:ignore WordPress.NamingConventions.ValidFunctionName.MethodNameInvalid -- PHPStan's Rule interface.
		$graph = new DomainGraph();
		$files = $node->get( DomainDependencies::class );
		ksort( $files );
		foreach ( $files as $file => $per_file ) {
			foreach ( $per_file as $uses ) {
				foreach ( $uses as $use ) {
					$graph->add_use( $use['user'], $use['used'], $file, $use['line'] );
				}
			}
		}

		$errors = array();
		foreach ( $graph->cycles() as $cycle ) {
			$steps = array();
			$first = null;
			foreach ( array_slice( $cycle, 1 ) as $i => $next ) {
				$edge = $graph->edge( $cycle[ $i ], $next );
				if ( null === $edge ) {
					continue;
				}
				$first ??= $edge;
				$steps[] = sprintf( '%s uses %s (%s:%d)', $cycle[ $i ], $this->short( $edge['uses'] ), $this->relative( $edge['file'] ), $edge['line'] );
			}
			if ( null === $first ) {
				continue;
			}
			$errors[] = RuleErrorBuilder::message(
				sprintf(
					'Domains form a cycle: %s. %s. Move the shared piece to the folder that owns it, or have one tell the other by an action (docs/architecture.md#domains-form-no-cycle).',
					implode( ' → ', $cycle ),
					implode( '; ', $steps )
				)
			)->file( $first['file'] )->line( $first['line'] )->identifier( 'donationWidget.domainCycle' )->build();
		}
		return $errors;
	}

	/**
	 * A class's name under the plugin's namespace, as the docs write it.
	 *
	 * @param string $name A fully-qualified name.
	 */
	private function short( string $name ): string {
		return str_starts_with( $name, 'DonationWidget\\' ) ? substr( $name, strlen( 'DonationWidget\\' ) ) : $name;
	}

	/**
	 * A path from the plugin's folder, as the docs write it.
	 *
	 * @param string $file An absolute path.
	 */
	private function relative( string $file ): string {
		$at = strpos( $file, '/includes/' );
		return false === $at ? $file : substr( $file, $at + 1 );
	}
}
