<?php
/**
 * The providers' names on the payouts screens.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Payouts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Payouts\KeepsBalance;
use DonationWidget\Books\Payouts\PayoutSource;
use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayRegistry;

/**
 * Texts name the provider with its gateway's label(), so the screens name no provider of their own.
 */
final class ProviderLabels {

	/**
	 * Builds the labels.
	 *
	 * @param GatewayRegistry $gateways The gateways.
	 */
	public function __construct( private readonly GatewayRegistry $gateways ) {
	}

	/**
	 * The name of a stored provider id (the id itself when its gateway is gone).
	 *
	 * @param string $provider The stored provider id.
	 */
	public function of( string $provider ): string {
		return $this->gateways->label( $provider );
	}

	/**
	 * The names of the providers that make bank deposits, such as the card provider's.
	 */
	public function paying_out(): string {
		return implode( ', ', array_map( static fn ( Gateway $gateway ): string => $gateway->label(), $this->gateways->implementing( PayoutSource::class ) ) );
	}

	/**
	 * The gateways whose money stays in their balance.
	 *
	 * @return list<Gateway>
	 */
	public function keeping_balance(): array {
		return $this->gateways->implementing( KeepsBalance::class );
	}
}
