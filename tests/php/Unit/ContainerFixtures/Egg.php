<?php
/**
 * A class for ContainerTest: needs a Chicken, which needs an Egg.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\ContainerFixtures;

/**
 * The other half of the cycle.
 */
final class Egg {

	/**
	 * Needs a chicken.
	 *
	 * @param Chicken $chicken The first half.
	 */
	public function __construct( public readonly Chicken $chicken ) {
	}
}
