<?php
/**
 * A class for ContainerTest: asks for a value the container cannot guess.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\ContainerFixtures;

/**
 * Keeps the key.
 */
final class NeedsKey {

	/**
	 * Keeps the key.
	 *
	 * @param string $key No default.
	 */
	public function __construct( public readonly string $key ) {
	}
}
