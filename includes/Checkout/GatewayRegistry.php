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
 * Filled in one place (Gateways\GatewaysServiceProvider, through the donation_widget_gateways
 * filter); everything else asks it, and names no gateway.
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
	 * The registry of the plugin's gateways and those the donation_widget_gateways filter adds
	 * (a gateway outside the plugin, such as the tests' example gateway).
	 *
	 * @param array $gateways The plugin's own gateways.
	 * @phpstan-param list<Gateway> $gateways
	 */
	public static function with_added( array $gateways ): self {
		/**
		 * Filters the payment gateways the plugin runs, in the order the widget shows them.
		 *
		 * @param list<Gateway> $gateways The gateways.
		 */
		$filtered = apply_filters( 'donation_widget_gateways', $gateways );
		return new self( array_values( array_filter( is_array( $filtered ) ? $filtered : $gateways, static fn ( mixed $gateway ): bool => $gateway instanceof Gateway ) ) );
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
	 * @param string $id A gateway id.
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
	 * A gateway's name for people, or the id itself for a provider no gateway runs now (old
	 * records).
	 *
	 * @param string $id Such as the stored provider of a donation.
	 */
	public function label( string $id ): string {
		return $this->gateway( $id )?->label() ?? $id;
	}

	/**
	 * The ids of every gateway (or of those implementing a capability), as stored in the
	 * donations' provider column.
	 *
	 * @param string $capability An interface a gateway may implement, such as Books\Fees\ReadsFees.
	 * @phpstan-param class-string $capability
	 * @return list<string>
	 */
	public function ids( string $capability = Gateway::class ): array {
		return array_map( static fn ( Gateway $gateway ): string => $gateway->id(), $this->implementing( $capability ) );
	}

	/**
	 * The gateways implementing a capability (an interface such as Books\Payouts\PayoutSource), in
	 * list order.
	 *
	 * @template T of object
	 * @param string $capability The interface.
	 * @phpstan-param class-string<T> $capability
	 * @return list<Gateway&T>
	 */
	public function implementing( string $capability ): array {
		return array_values( array_filter( $this->gateways, static fn ( Gateway $gateway ): bool => $gateway instanceof $capability ) );
	}

	/**
	 * The script handles of gateways whose browser code is outside the widget's bundle: the
	 * widget's view script loads after them.
	 *
	 * @return list<string>
	 */
	public function browser_scripts(): array {
		$handles = array();
		foreach ( $this->gateways as $gateway ) {
			array_push( $handles, ...$gateway->browser_scripts() );
		}
		return array_values( array_unique( $handles ) );
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
	 * provider's method that stores the donation's method value (such as card or au_becs_debit),
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
	 * @param string $method Such as card or google_pay.
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
