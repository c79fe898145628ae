<?php
/**
 * The folders of includes/ as a graph of who uses whom, and the cycles in it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Architecture;

/**
 * A node is a top-level folder under includes/ (`Donations`, `Books`, `Gateways` …), each
 * admin screen's folder (`Admin\Donations`, `Admin\Payouts` …: the screens are separate rooms
 * that may link to each other, but never both ways) or a class at the root (`Plugin`,
 * `Container`). An edge A → B means some code in A names a class of B; it remembers the
 * first place that does, so a cycle can be reported with the lines that make it.
 */
final class DomainGraph {

	private const PLUGIN_NAMESPACE = 'DonationWidget\\';

	/**
	 * The edges: from node => to node => where (file, line, the name used).
	 *
	 * @var array<string, array<string, array{file: string, line: int, uses: string}>>
	 */
	private array $edges = array();

	/**
	 * The node a class (or namespace) of the plugin belongs to; null outside the plugin
	 * and for the tests.
	 *
	 * @param string $name A fully-qualified class or namespace name, with or without the leading backslash.
	 */
	public static function node_of( string $name ): ?string {
		$name = ltrim( $name, '\\' );
		if ( ! str_starts_with( $name, self::PLUGIN_NAMESPACE ) ) {
			return null;
		}
		$parts = explode( '\\', substr( $name, strlen( self::PLUGIN_NAMESPACE ) ) );
		if ( 'Tests' === $parts[0] || '' === $parts[0] ) {
			return null;
		}
		if ( 'Admin' === $parts[0] && count( $parts ) > 2 ) {
			return 'Admin\\' . $parts[1];
		}
		return $parts[0];
	}

	/**
	 * Records that code in one place names a class; uses inside one node are no edge.
	 *
	 * @param string $user The class (or namespace) whose code names it.
	 * @param string $used The name used.
	 * @param string $file The file it is in.
	 * @param int    $line The line it is on.
	 */
	public function add_use( string $user, string $used, string $file, int $line ): void {
		$from = self::node_of( $user );
		$to   = self::node_of( $used );
		if ( null === $from || null === $to || $from === $to || isset( $this->edges[ $from ][ $to ] ) ) {
			return;
		}
		$this->edges[ $from ][ $to ] = array(
			'file' => $file,
			'line' => $line,
			'uses' => ltrim( $used, '\\' ),
		);
	}

	/**
	 * Where A first names a class of B, or null when it does not.
	 *
	 * @param string $from A node.
	 * @param string $to   Another node.
	 * @return array{file: string, line: int, uses: string}|null
	 */
	public function edge( string $from, string $to ): ?array {
		return $this->edges[ $from ][ $to ] ?? null;
	}

	/**
	 * The cycles, each as its path of nodes from its first node (in sort order) back to it:
	 * for every group of nodes that reach each other, the shortest cycle through each of its
	 * nodes, without repeats. Empty when the folders form no cycle.
	 *
	 * @return list<list<string>>
	 */
	public function cycles(): array {
		$cycles = array();
		foreach ( $this->tangles() as $tangle ) {
			foreach ( $tangle as $start ) {
				$path = $this->shortest_cycle_through( $start, $tangle );
				$key  = $this->canonical( $path );
				if ( ! isset( $cycles[ $key ] ) ) {
					$cycles[ $key ] = $this->rotated_to_first( $path );
				}
			}
		}
		ksort( $cycles );
		return array_values( $cycles );
	}

	/**
	 * The groups of two or more nodes that all reach each other (strongly connected
	 * components, by Tarjan's algorithm), each sorted.
	 *
	 * @return list<list<string>>
	 */
	public function tangles(): array {
		$nodes = array();
		foreach ( $this->edges as $from => $targets ) {
			$nodes[ $from ] = true;
			foreach ( array_keys( $targets ) as $to ) {
				$nodes[ $to ] = true;
			}
		}
		$nodes = array_keys( $nodes );
		sort( $nodes );

		$state = array(
			'index'    => 0,
			'indices'  => array(),
			'lowlinks' => array(),
			'stack'    => array(),
			'on_stack' => array(),
			'tangles'  => array(),
		);
		foreach ( $nodes as $node ) {
			if ( ! isset( $state['indices'][ $node ] ) ) {
				$this->connect( $node, $state );
			}
		}
		usort( $state['tangles'], static fn ( array $a, array $b ): int => strcmp( $a[0], $b[0] ) );
		return $state['tangles'];
	}

	/**
	 * One step of Tarjan's algorithm.
	 *
	 * @param string                                                                                                                                                                      $node  The node to visit.
	 * @param array{index: int, indices: array<string, int>, lowlinks: array<string, int>, stack: list<string>, on_stack: array<string, bool>, tangles: list<list<string>>} $state The walk so far.
	 */
	private function connect( string $node, array &$state ): void {
		$state['indices'][ $node ]  = $state['index'];
		$state['lowlinks'][ $node ] = $state['index'];
		++$state['index'];
		$state['stack'][]           = $node;
		$state['on_stack'][ $node ] = true;

		foreach ( $this->targets_of( $node ) as $next ) {
			if ( ! isset( $state['indices'][ $next ] ) ) {
				$this->connect( $next, $state );
				$state['lowlinks'][ $node ] = min( $state['lowlinks'][ $node ], $state['lowlinks'][ $next ] );
			} elseif ( ! empty( $state['on_stack'][ $next ] ) ) {
				$state['lowlinks'][ $node ] = min( $state['lowlinks'][ $node ], $state['indices'][ $next ] );
			}
		}

		if ( $state['lowlinks'][ $node ] !== $state['indices'][ $node ] ) {
			return;
		}
		$tangle = array();
		do {
			$member                       = (string) array_pop( $state['stack'] );
			$state['on_stack'][ $member ] = false;
			$tangle[]                     = $member;
		} while ( $member !== $node );
		if ( count( $tangle ) > 1 ) {
			sort( $tangle );
			$state['tangles'][] = $tangle;
		}
	}

	/**
	 * The shortest path from a node back to itself inside its tangle (breadth first).
	 *
	 * @param string       $start  The node.
	 * @param list<string> $tangle The nodes that reach each other, the start among them.
	 * @return list<string> The path, starting and ending with the start.
	 */
	private function shortest_cycle_through( string $start, array $tangle ): array {
		$inside  = array_fill_keys( $tangle, true );
		$came_of = array();
		$queue   = array( $start );
		while ( array() !== $queue ) {
			$node = array_shift( $queue );
			foreach ( $this->targets_of( $node ) as $next ) {
				if ( ! isset( $inside[ $next ] ) ) {
					continue;
				}
				if ( $next === $start ) {
					$path = array( $start );
					for ( $step = $node; $step !== $start; $step = $came_of[ $step ] ) {
						array_unshift( $path, $step );
					}
					array_unshift( $path, $start );
					return $path;
				}
				if ( ! isset( $came_of[ $next ] ) ) {
					$came_of[ $next ] = $node;
					$queue[]          = $next;
				}
			}
		}
		// Unreachable: every node of a tangle lies on a cycle inside it.
		return array( $start, $start );
	}

	/**
	 * The nodes a node uses, in sort order.
	 *
	 * @param string $node A node.
	 * @return list<string>
	 */
	private function targets_of( string $node ): array {
		$targets = array_keys( $this->edges[ $node ] ?? array() );
		sort( $targets );
		return $targets;
	}

	/**
	 * The cycle turned to start at its first node in sort order.
	 *
	 * @param list<string> $path A cycle, its first node repeated at the end.
	 * @return list<string>
	 */
	private function rotated_to_first( array $path ): array {
		$ring  = array_slice( $path, 0, -1 );
		$first = 0;
		foreach ( $ring as $at => $node ) {
			if ( strcmp( $node, $ring[ $first ] ) < 0 ) {
				$first = $at;
			}
		}
		$ring   = array_merge( array_slice( $ring, $first ), array_slice( $ring, 0, $first ) );
		$ring[] = $ring[0] ?? '';
		return $ring;
	}

	/**
	 * One key for a cycle, whichever of its nodes it was found from.
	 *
	 * @param list<string> $path A cycle, its first node repeated at the end.
	 */
	private function canonical( array $path ): string {
		return implode( ' → ', $this->rotated_to_first( $path ) );
	}
}
