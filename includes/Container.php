<?php
/**
 * A minimal container of shared objects, built lazily.
 *
 * @package DonationWidget
 */

namespace DonationWidget;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Holds one instance per id; each is made by its factory on first use.
 */
final class Container {

	/**
	 * Factories by id.
	 *
	 * @var array<string, callable(Container): object>
	 */
	private array $factories = array();

	/**
	 * Instances already made, by id.
	 *
	 * @var array<string, object>
	 */
	private array $instances = array();

	/**
	 * Registers how to make an object.
	 *
	 * @param string                      $id      Usually the class name.
	 * @param callable(Container): object $factory Makes it.
	 */
	public function set( string $id, callable $factory ): void {
		$this->factories[ $id ] = $factory;
		unset( $this->instances[ $id ] );
	}

	/**
	 * Returns the shared object for an id.
	 *
	 * @template T of object
	 *
	 * @param string $id Class name.
	 * @phpstan-param class-string<T> $id
	 * @return T
	 * @throws \LogicException When nothing was registered under the id.
	 */
	public function get( string $id ): object {
		if ( ! isset( $this->instances[ $id ] ) ) {
			if ( ! isset( $this->factories[ $id ] ) ) {
				throw new \LogicException( esc_html( "Nothing registered as {$id}." ) );
			}
			$this->instances[ $id ] = ( $this->factories[ $id ] )( $this );
		}
		/**
		 * The factory registered under a class name makes that class.
		 *
		 * @var T $instance
		 */
		$instance = $this->instances[ $id ];
		return $instance;
	}
}
