<?php
/**
 * What a gateway does for a 4-weekly donation it collects.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Subscriptions;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\ProviderUnavailable;

/**
 * The subscription contract between the plugin and the provider that collects the donations:
 * read one, change its amount, skip the next donation, pause, resume, cancel, and replace the
 * card it is charged to. The domain services (Cancellation, the self-service changes, the card
 * update) decide and record; an implementation only talks to its provider.
 *
 * Every call may throw ProviderRefused (the provider said no) or ProviderUnavailable (it could
 * not be reached); the card calls may also throw CardDeclined and PaymentMethodMismatch.
 */
interface RecurringPayments {

	/**
	 * The stored provider id of the subscriptions it collects (a donation's provider()).
	 */
	public function provider(): string;

	/**
	 * The provider's name for people, such as in "%s refused to cancel it".
	 */
	public function label(): string;

	/**
	 * Whether the keys are set, so calls can be made at all.
	 */
	public function available(): bool;

	/**
	 * The subscription as the provider has it now; null when it cannot be read or belongs to
	 * another customer.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @param string $customer_id     The customer it must belong to.
	 */
	public function subscription( string $subscription_id, string $customer_id ): ?RecurringSubscription;

	/**
	 * Charges a new amount from the next donation on, nothing prorated.
	 *
	 * @param RecurringSubscription $subscription As subscription() read it.
	 * @param int                   $cents        The new amount.
	 * @return bool False when this subscription's amount cannot be changed (nothing was sent).
	 * @throws ProviderRefused     When the provider refuses.
	 * @throws ProviderUnavailable When it cannot be reached.
	 */
	public function change_amount( RecurringSubscription $subscription, int $cents ): bool;

	/**
	 * Moves the next donation to a later date, nothing prorated.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @param int    $next            Unix time of the donation after the skipped one.
	 * @throws ProviderRefused     When the provider refuses.
	 * @throws ProviderUnavailable When it cannot be reached.
	 */
	public function skip_next( string $subscription_id, int $next ): void;

	/**
	 * Takes no donation until a time.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @param int    $resumes_at      Unix time collection starts again.
	 * @throws ProviderRefused     When the provider refuses.
	 * @throws ProviderUnavailable When it cannot be reached.
	 */
	public function pause( string $subscription_id, int $resumes_at ): void;

	/**
	 * Ends a pause now.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @throws ProviderRefused     When the provider refuses.
	 * @throws ProviderUnavailable When it cannot be reached.
	 */
	public function resume( string $subscription_id ): void;

	/**
	 * Cancels at once: no further donation is taken.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @param string $reason          The donor's reason, or ''.
	 * @throws ProviderRefused     When the provider refuses.
	 * @throws ProviderUnavailable When it cannot be reached.
	 */
	public function cancel( string $subscription_id, string $reason = '' ): void;

	/**
	 * The card the subscription is charged to now, or null (none, or unknown right now).
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @param string $customer_id     The customer it must belong to.
	 */
	public function current_card( string $subscription_id, string $customer_id ): ?CardDetails;

	/**
	 * Saves a new card for the customer of a card change.
	 *
	 * @param CardChange $change The change.
	 * @param string     $token  The card the browser made.
	 * @throws CardDeclined        When the bank or the provider turns the card down.
	 * @throws ProviderRefused     When the provider refuses otherwise.
	 * @throws ProviderUnavailable When it cannot be reached.
	 */
	public function save_card( CardChange $change, string $token ): CardSetup;

	/**
	 * A card setup the browser finished authenticating, checked against the change.
	 *
	 * @param CardChange $change   The change.
	 * @param string     $setup_id The setup id the browser sent back.
	 * @throws PaymentMethodMismatch When it was not made for this change.
	 * @throws ProviderRefused       When the provider refuses.
	 * @throws ProviderUnavailable   When it cannot be reached.
	 */
	public function authenticated_card( CardChange $change, string $setup_id ): CardSetup;

	/**
	 * Makes a saved card the one the subscription (and the customer's invoices) are charged to.
	 *
	 * @param CardChange $change         The change.
	 * @param string     $payment_method The saved card.
	 * @return string The subscription's status at the provider.
	 * @throws PaymentMethodMismatch When the subscription belongs to another customer.
	 * @throws ProviderRefused       When the provider refuses.
	 * @throws ProviderUnavailable   When it cannot be reached.
	 */
	public function make_default( CardChange $change, string $payment_method ): string;

	/**
	 * Pays a past-due subscription's missed donations with the new card; null when none was missed.
	 *
	 * @param CardChange $change         The change.
	 * @param string     $payment_method The new card.
	 * @param string     $status         What make_default() returned.
	 * @throws ProviderRefused     When the provider refuses.
	 * @throws ProviderUnavailable When it cannot be reached.
	 */
	public function collect_missed( CardChange $change, string $payment_method, string $status ): ?MissedDonation;

	/**
	 * Looks again, after a card update, at what the subscription's missed donations came to, and
	 * records every renewal paid that is not recorded yet (the update's answer was lost, its
	 * process ended, or its write failed): for the reconciliation pass. Null when none was missed.
	 *
	 * @param string $subscription_id The provider's subscription id.
	 * @throws ProviderRefused     When the provider refuses.
	 * @throws ProviderUnavailable When it cannot be reached.
	 */
	public function recheck_missed( string $subscription_id ): ?MissedDonation;
}
