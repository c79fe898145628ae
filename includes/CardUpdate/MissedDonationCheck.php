<?php
/**
 * A second look at each card update's missed donations, from the reconciliation pass.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Subscriptions\MissedDonation;
use DonationWidget\Subscriptions\ProviderRefused;
use DonationWidget\Subscriptions\RecurringPayments;

/**
 * A card update pays a past-due subscription's missed donations with the new card and records
 * each renewal as it is paid. When the provider's answer to a payment is lost (or it is still
 * working), the PHP process ends right after the provider took the money, or the renewal's row
 * cannot be written, the money is taken but no renewal is recorded until the provider's webhook,
 * if it comes. So once each card update is past the grace period, the provider is asked again
 * (RecurringPayments::recheck_missed()), every paid renewal not yet recorded is recorded, and a
 * PAST_DUE_CHECKED row says it was done; while a missed donation is still open, each pass looks
 * again, for a day.
 */
final class MissedDonationCheck {

	/** After this, a card update is not looked at again. */
	private const LOOK_BACK_SECONDS = DAY_IN_SECONDS;

	/**
	 * Builds the check.
	 *
	 * @param CardUpdateAudit   $audit    The card updates made, and where the checks are noted.
	 * @param RecurringPayments $provider The card provider's side.
	 */
	public function __construct(
		private readonly CardUpdateAudit $audit,
		private readonly RecurringPayments $provider
	) {
	}

	/**
	 * Looks again at the card updates made between a day and $older_than_seconds ago that have
	 * not been looked at again yet.
	 *
	 * @param int $older_than_seconds A card update younger than this may still be at work.
	 * @param int $limit              Card updates at most.
	 * @return list<array{subscription_id: string, outcome: MissedDonation|null, unavailable: string}>
	 */
	public function run( int $older_than_seconds, int $limit ): array {
		if ( ! $this->provider->available() ) {
			return array();
		}
		$lines  = array();
		$before = gmdate( 'Y-m-d H:i:s', time() - max( 1, $older_than_seconds ) );
		$after  = gmdate( 'Y-m-d H:i:s', time() - self::LOOK_BACK_SECONDS );
		foreach ( $this->audit->updates_not_checked( $before, $after, $limit ) as $update ) {
			try {
				$missed = $this->provider->recheck_missed( $update->subscription_id );
			} catch ( ProviderRefused | ProviderUnavailable $error ) {
				// Looked at again by the next pass.
				$lines[] = array(
					'subscription_id' => $update->subscription_id,
					'outcome'         => null,
					'unavailable'     => $error->getMessage(),
				);
				continue;
			}
			if ( null === $missed || $missed->recovered() ) {
				// Done with. An invoice still open is looked at again by the next pass (for a
				// day): a payment the provider was still working on may yet complete.
				$detail = null === $missed ? '' : $missed->outcome . ': ' . implode( ', ', $missed->invoices );
				$this->audit->record( AuditEntry::PAST_DUE_CHECKED, CardUpdateActor::RECONCILIATION, null, $detail, '', $update->subscription_id );
			}
			$lines[] = array(
				'subscription_id' => $update->subscription_id,
				'outcome'         => $missed,
				'unavailable'     => '',
			);
		}//end foreach
		return $lines;
	}
}
