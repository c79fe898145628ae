<?php
/**
 * A class for ContainerTest: an interface with an implementation bound to it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\ContainerFixtures;

interface Ledger {
}
