<?php
/**
 * The gateways the plugin runs, and their ways to pay.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;

/**
 * Filled in one place (Gateways\GatewaysServiceProvider); everything else asks it.
 */
final class GatewayRegistry {

	/**
	 * Names for people of stored method values, gathered once per request (the CSV export asks
	 * for one per row).
	 *
	 * @var array<string, string>|null
	 */
	private ?array $method_names = null;

	/**
	 * Builds the registry.
	 *
	 * @param array $gateways In the order the widget and the settings screen show them.
	 * @phpstan-param list<Gateway> $gateways
	 */
	public function __construct( private readonly array $gateways ) {
	}

	/**
	 * Every gateway.
	 *
	 * @return list<Gateway>
	 */
	public function gateways(): array {
		return $this->gateways;
	}

	/**
	 * A gateway by id.
	 *
	 * @param string $id Such as stripe.
	 */
	public function gateway( string $id ): ?Gateway {
		foreach ( $this->gateways as $gateway ) {
			if ( $gateway->id() === $id ) {
				return $gateway;
			}
		}
		return null;
	}

	/**
	 * Every way to pay, of every gateway.
	 *
	 * @return list<PaymentMethod>
	 */
	public function payment_methods(): array {
		$methods = array();
		foreach ( $this->gateways as $gateway ) {
			array_push( $methods, ...$gateway->payment_methods() );
		}
		return $methods;
	}

	/**
	 * The way to pay a stored donation was made with, to ask its provider about it: the
	 * provider's method that stores the donation's method value (card, au_becs_debit, paypal),
	 * or that names it (a wallet such as google_pay, once paid), or, for a record that does not
	 * know its method yet (an express checkout before the wallet paid), the provider's method
	 * that stores none.
	 *
	 * @param Donation $donation The donation.
	 */
	public function method_for( Donation $donation ): ?PaymentMethod {
		$candidates = array_values( array_filter( $this->payment_methods(), static fn ( PaymentMethod $method ): bool => $method->provider() === $donation->provider() ) );
		$stored     = $donation->method();
		foreach ( $candidates as $method ) {
			if ( $method->method() === $stored ) {
				return $method;
			}
		}
		foreach ( $candidates as $method ) {
			if ( '' !== $stored && array_key_exists( $stored, $method->names() ) ) {
				return $method;
			}
		}
		return null;
	}

	/**
	 * The ids of the ways to pay donors may use now, for the widget.
	 *
	 * @return list<string>
	 */
	public function available_method_ids(): array {
		$ids = array();
		foreach ( $this->payment_methods() as $method ) {
			if ( $method->is_available() ) {
				$ids[] = $method->id();
			}
		}
		return $ids;
	}

	/**
	 * A name for people of a stored method value, or '' when no gateway knows it.
	 *
	 * @param string $method Such as card, google_pay or paypal.
	 */
	public function method_name( string $method ): string {
		if ( null === $this->method_names ) {
			$this->method_names = array();
			foreach ( $this->payment_methods() as $candidate ) {
				$this->method_names += $candidate->names();
			}
		}
		return $this->method_names[ $method ] ?? '';
	}
}
