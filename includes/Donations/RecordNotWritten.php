<?php
/**
 * The database refused a write the payment depends on.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A write that decides something about a payment (a claim on a provider's payment, a counted
 * card try) did not happen because the database refused it, not because the rule said no. It
 * must never read as the rule's answer ("already recorded for another donation", "too many
 * cards"): the payment call answers that its outcome is not known yet, a webhook is redelivered,
 * and the reconciliation pass asks again.
 */
final class RecordNotWritten extends \RuntimeException {
}
