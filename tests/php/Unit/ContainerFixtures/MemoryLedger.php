<?php
/**
 * A class for ContainerTest: the implementation bound to Ledger.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\ContainerFixtures;

final class MemoryLedger implements Ledger {
}
