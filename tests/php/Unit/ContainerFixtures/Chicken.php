<?php
/**
 * A class for ContainerTest: needs an Egg, which needs a Chicken.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\ContainerFixtures;

/**
 * Half of a cycle.
 */
final class Chicken {

	/**
	 * Needs an egg.
	 *
	 * @param Egg $egg The other half.
	 */
	public function __construct( public readonly Egg $egg ) {
	}
}
