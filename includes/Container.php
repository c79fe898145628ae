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
 * Holds one instance per id. A class whose constructor asks only for other classes (or has
 * defaults for the rest) is built without a factory; a factory is needed only for interfaces,
 * settings-driven values and scalars, so providers wire and do not repeat constructors.
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
	 * Ids being built right now, to name a constructor cycle instead of recursing forever.
	 *
	 * @var array<string, true>
	 */
	private array $building = array();

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
	 * Answers an interface with the shared instance of one of its implementations.
	 *
	 * @param string $id             The interface (or abstract class).
	 * @param string $implementation The class that answers it.
	 * @phpstan-param class-string $id
	 * @phpstan-param class-string $implementation
	 */
	public function bind( string $id, string $implementation ): void {
		$this->set( $id, static fn ( Container $container ): object => $container->get( $implementation ) );
	}

	/**
	 * Returns the shared object for an id.
	 *
	 * @template T of object
	 *
	 * @param string $id Class name.
	 * @phpstan-param class-string<T> $id
	 * @return T
	 * @throws \LogicException When the id has no factory and cannot be built from its constructor.
	 */
	public function get( string $id ): object {
		if ( ! isset( $this->instances[ $id ] ) ) {
			if ( isset( $this->building[ $id ] ) ) {
				throw new \LogicException( esc_html( "{$id} needs itself to be built: " . implode( ' → ', array_keys( $this->building ) ) . '.' ) );
			}
			$this->building[ $id ] = true;
			try {
				$this->instances[ $id ] = isset( $this->factories[ $id ] ) ? ( $this->factories[ $id ] )( $this ) : $this->build( $id );
			} finally {
				unset( $this->building[ $id ] );
			}
		}
		/**
		 * The factory registered under a class name makes that class.
		 *
		 * @var T $instance
		 */
		$instance = $this->instances[ $id ];
		return $instance;
	}

	/**
	 * A callable that builds the service only when called: hooks that may never fire on a
	 * request (an admin screen, a cron event) cost nothing until they do.
	 *
	 * @param string $id     Class name of the service.
	 * @param string $method Its public method the callable runs.
	 * @phpstan-param class-string $id
	 * @return \Closure(mixed...): mixed
	 */
	public function lazy( string $id, string $method ): \Closure {
		return function ( mixed ...$args ) use ( $id, $method ): mixed {
			$callable = array( $this->get( $id ), $method );
			if ( ! is_callable( $callable ) ) {
				throw new \LogicException( esc_html( "{$id} has no public method {$method}." ) );
			}
			return $callable( ...$args );
		};
	}

	/**
	 * Makes a class from its constructor: each class-typed parameter is the container's shared
	 * instance, every other parameter takes its default.
	 *
	 * @param string $id Class name.
	 * @return object
	 * @throws \LogicException When the class is unknown, abstract, or needs a value without a default.
	 */
	private function build( string $id ): object {
		if ( ! class_exists( $id ) && ! interface_exists( $id ) ) {
			throw new \LogicException( esc_html( "Nothing registered as {$id}." ) );
		}
		$class = new \ReflectionClass( $id );
		if ( ! $class->isInstantiable() ) {
			throw new \LogicException( esc_html( "{$id} is not a class the container can build; register a factory for it." ) );
		}
		$constructor = $class->getConstructor();
		if ( null === $constructor ) {
			return $class->newInstance();
		}
		$arguments = array();
		foreach ( $constructor->getParameters() as $parameter ) {
			$type = $parameter->getType();
			if ( $type instanceof \ReflectionNamedType && ! $type->isBuiltin() && ! $parameter->isDefaultValueAvailable() ) {
				/**
				 * A named, non-built-in type is a class or an interface.
				 *
				 * @var class-string $dependency
				 */
				$dependency  = $type->getName();
				$arguments[] = $this->get( $dependency );
			} elseif ( $parameter->isDefaultValueAvailable() ) {
				$arguments[] = $parameter->getDefaultValue();
			} else {
				throw new \LogicException( esc_html( "{$id} needs \${$parameter->getName()}, which the container cannot guess; register a factory for it." ) );
			}
		}
		return $class->newInstanceArgs( $arguments );
	}
}
