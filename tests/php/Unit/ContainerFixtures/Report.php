<?php
/**
 * A class for ContainerTest: asks for another class and a value with a default.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\ContainerFixtures;

/**
 * Keeps what it was given.
 */
final class Report {

	/**
	 * Keeps what it was given.
	 *
	 * @param Clock $clock A class: the container's shared instance.
	 * @param int   $limit A value: its default.
	 */
	public function __construct( public readonly Clock $clock, public readonly int $limit = 25 ) {
	}

	/**
	 * Doubles a number, to show lazy() passes the hook's arguments.
	 *
	 * @param int $value The hook's argument.
	 */
	public function twice( int $value ): int {
		return 2 * $value;
	}
}
