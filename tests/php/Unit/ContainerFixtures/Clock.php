<?php
/**
 * A class for ContainerTest: a service with no constructor.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\ContainerFixtures;

final class Clock {
}
