<?php
/**
 * Collects, file by file, which classes of the plugin a file's code names.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Architecture;

use PhpParser\Comment\Doc;
use PhpParser\Node;
use PhpParser\Node\Name;
use PhpParser\Node\Stmt\ClassLike;
use PhpParser\Node\Stmt\GroupUse;
use PhpParser\Node\Stmt\Namespace_;
use PhpParser\Node\Stmt\Use_;
use PhpParser\NodeFinder;
use PHPStan\Analyser\Scope;
use PHPStan\Collectors\Collector;
use PHPStan\Node\FileNode;

/**
 * A use of another class counts wherever it is written: a `use` statement, a name in the
 * code (already resolved to its full name by PHPStan, `Foo::class` included) or a
 * fully-qualified name in a docblock tag (`@param \DonationWidget\…`).
 *
 * @implements Collector<FileNode, list<array{user: string, used: string, line: int}>>
 */
final class DomainDependencies implements Collector {

	/**
	 * A fully-qualified name of the plugin in a docblock's tag line.
	 */
	private const DOC_NAME = '/\\\\?(DonationWidget(?:\\\\[A-Za-z_][A-Za-z0-9_]*)+)/';

	/**
	 * The whole file at once, so its namespace and imports are at hand.
	 */
	public function getNodeType(): string { // phpcs:ignore WordPress.NamingConventions.ValidFunctionName.MethodNameInvalid -- PHPStan's Collector interface.
		return FileNode::class;
	}

	/**
	 * The plugin's names the file uses.
	 *
	 * @param FileNode $node  The file.
	 * @param Scope    $scope Where PHPStan is.
	 * @return list<array{user: string, used: string, line: int}>|null
	 */
	public function processNode( Node $node, Scope $scope ): ?array { // phpcs:ignore WordPress.NamingConventions.ValidFunctionName.MethodNameInvalid -- PHPStan's Collector interface.
		$finder = new NodeFinder();
		$uses   = array();
		foreach ( $finder->findInstanceOf( $node->getNodes(), Namespace_::class ) as $namespace ) {
			if ( null === $namespace->name ) {
				continue;
			}
			$user = $this->user_in( $namespace );
			foreach ( $this->names_in( $namespace, $finder ) as $used ) {
				$uses[] = array(
					'user' => $user,
					'used' => $used['name'],
					'line' => $used['line'],
				);
			}
		}
		return array() === $uses ? null : $uses;
	}

	/**
	 * The first class declared in a namespace block, or the namespace when there is none.
	 *
	 * @param Namespace_ $namespace The block.
	 */
	private function user_in( Namespace_ $namespace ): string {
		$name = (string) $namespace->name;
		foreach ( $namespace->stmts as $statement ) {
			if ( $statement instanceof ClassLike && null !== $statement->name ) {
				return $name . '\\' . $statement->name->toString();
			}
		}
		return $name;
	}

	/**
	 * Every name in the block: imports, resolved names in code, names in docblock tags.
	 *
	 * @param Namespace_ $namespace The block.
	 * @param NodeFinder $finder    Walks the tree.
	 * @return list<array{name: string, line: int}>
	 */
	private function names_in( Namespace_ $namespace, NodeFinder $finder ): array {
		$names = array();
		foreach ( $finder->find( $namespace->stmts, static fn ( Node $inner ): bool => $inner instanceof Use_ || $inner instanceof GroupUse ) as $import ) {
			if ( ! $import instanceof Use_ && ! $import instanceof GroupUse ) {
				continue;
			}
			$prefix = $import instanceof GroupUse ? $import->prefix->toString() . '\\' : '';
			foreach ( $import->uses as $item ) {
				$names[] = array(
					'name' => $prefix . $item->name->toString(),
					'line' => $item->getStartLine(),
				);
			}
		}
		foreach ( $finder->findInstanceOf( $namespace->stmts, Name\FullyQualified::class ) as $name ) {
			$names[] = array(
				'name' => $name->toString(),
				'line' => $name->getStartLine(),
			);
		}
		foreach ( $finder->find( $namespace->stmts, static fn ( Node $inner ): bool => null !== $inner->getDocComment() ) as $documented ) {
			$doc = $documented->getDocComment();
			if ( $doc instanceof Doc ) {
				array_push( $names, ...$this->names_in_tags( $doc ) );
			}
		}
		return $names;
	}

	/**
	 * The plugin's fully-qualified names in a docblock's `@` lines (types, not prose).
	 *
	 * @param Doc $doc The docblock.
	 * @return list<array{name: string, line: int}>
	 */
	private function names_in_tags( Doc $doc ): array {
		$names = array();
		foreach ( explode( "\n", $doc->getText() ) as $offset => $text ) {
			if ( ! preg_match( '/^\s*\*?\s*@/', $text ) || ! preg_match_all( self::DOC_NAME, $text, $found ) ) {
				continue;
			}
			foreach ( $found[1] as $name ) {
				$names[] = array(
					'name' => $name,
					'line' => $doc->getStartLine() + $offset,
				);
			}
		}
		return $names;
	}
}
