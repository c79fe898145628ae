<?php
/**
 * The site's domain registered with Stripe, so Apple Pay and Google Pay can appear on it.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\Settings;

/**
 * Stripe shows the wallets in Elements only on a registered payment method domain
 * (`/v1/payment_method_domains`). Registering is idempotent here: the domain is looked up first,
 * created only when missing, and validated again when a wallet is still inactive on it. The last
 * answer is kept per mode, for the settings screen.
 *
 * @phpstan-type DomainState array{domain: string, mode: string, checked_at: int, error: string, wallets: array<string, array{status: string, reason: string}>}
 */
final class PaymentMethodDomains {

	public const OPTION = 'donation_widget_stripe_domain';

	public const WALLETS = array(
		'apple_pay'  => 'Apple Pay',
		'google_pay' => 'Google Pay',
	);

	/**
	 * Builds the registrar.
	 *
	 * @param StripeClient $stripe   The client.
	 * @param Settings     $settings The mode.
	 */
	public function __construct( private readonly StripeClient $stripe, private readonly Settings $settings ) {
	}

	/**
	 * The domain donors use: the host of the site's home URL.
	 */
	public static function site_domain(): string {
		return strtolower( (string) wp_parse_url( home_url(), PHP_URL_HOST ) );
	}

	/**
	 * Registers (or validates again) the site's domain in the current mode and keeps the answer.
	 *
	 * @return array
	 * @phpstan-return DomainState
	 */
	public function register(): array {
		$domain = self::site_domain();
		$state  = array(
			'domain'     => $domain,
			'mode'       => $this->mode(),
			'checked_at' => time(),
			'error'      => '',
			'wallets'    => array(),
		);
		if ( ! $this->stripe->is_configured() ) {
			$state['error'] = __( 'Enter and save the Stripe secret key first.', 'donation-widget' );
			return $this->keep( $state );
		}
		try {
			$found  = $this->stripe->get( '/v1/payment_method_domains', array( 'domain_name' => $domain ) );
			$object = is_array( $found['data'][0] ?? null ) ? $found['data'][0] : null;
			if ( null === $object ) {
				$object = $this->stripe->post( '/v1/payment_method_domains', array( 'domain_name' => $domain ), 'pmd-' . wp_generate_uuid4() );
			} elseif ( ! $this->all_active( $object ) ) {
				$object = $this->stripe->post( '/v1/payment_method_domains/' . rawurlencode( (string) $object['id'] ) . '/validate', array(), 'pmd-validate-' . wp_generate_uuid4() );
			}
		} catch ( StripeError $error ) {
			/* translators: %s: Stripe's own message. */
			$state['error'] = sprintf( __( 'Stripe did not register the domain: %s', 'donation-widget' ), $error->stripe_message );
			return $this->keep( $state );
		} catch ( ProviderUnavailable $error ) {
			/* translators: %s: what went wrong. */
			$state['error'] = sprintf( __( 'Stripe could not be reached to register the domain (%s).', 'donation-widget' ), $error->getMessage() );
			return $this->keep( $state );
		}
		foreach ( array_keys( self::WALLETS ) as $wallet ) {
			$state['wallets'][ $wallet ] = array(
				'status' => ! empty( $object['enabled'] ) && 'active' === ( $object[ $wallet ]['status'] ?? '' ) ? 'active' : 'inactive',
				'reason' => (string) ( $object[ $wallet ]['status_details']['error_message'] ?? '' ),
			);
		}
		return $this->keep( $state );
	}

	/**
	 * The answer in words: "Apple Pay: active. Google Pay: inactive (reason)." on the domain.
	 *
	 * @param array $state An answer of register().
	 * @phpstan-param DomainState $state
	 */
	public static function describe( array $state ): string {
		if ( '' !== $state['error'] ) {
			return $state['error'];
		}
		$parts = array();
		foreach ( self::WALLETS as $wallet => $name ) {
			$wallet_state = $state['wallets'][ $wallet ] ?? array(
				'status' => 'inactive',
				'reason' => '',
			);
			$parts[]      = 'active' === $wallet_state['status']
				/* translators: %s: Apple Pay or Google Pay. */
				? sprintf( __( '%s is enabled.', 'donation-widget' ), $name )
				: trim(
					/* translators: %s: Apple Pay or Google Pay. */
					sprintf( __( '%s is not enabled.', 'donation-widget' ), $name ) . ' ' . $wallet_state['reason']
				);
		}
		/* translators: 1: the site's domain, 2: one sentence per wallet. */
		return sprintf( __( 'Wallets on %1$s: %2$s', 'donation-widget' ), $state['domain'], implode( ' ', $parts ) );
	}

	/**
	 * The last answer in the current mode, if any.
	 *
	 * @return array|null
	 * @phpstan-return DomainState|null
	 */
	public function last(): ?array {
		$stored = get_option( self::OPTION, array() );
		$state  = is_array( $stored ) ? ( $stored[ $this->mode() ] ?? null ) : null;
		if ( ! is_array( $state ) || ( $state['domain'] ?? '' ) !== self::site_domain() ) {
			return null;
		}
		/**
		 * Written by keep() only.
		 *
		 * @var DomainState $state
		 */
		return $state;
	}

	/**
	 * Whether every wallet is active on the domain.
	 *
	 * @param array<string, mixed> $object A payment_method_domain.
	 */
	private function all_active( array $object ): bool {
		if ( empty( $object['enabled'] ) ) {
			return false;
		}
		foreach ( array_keys( self::WALLETS ) as $wallet ) {
			if ( 'active' !== ( $object[ $wallet ]['status'] ?? '' ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Stores the answer under its mode and returns it.
	 *
	 * @param array $state The answer.
	 * @phpstan-param DomainState $state
	 * @return array
	 * @phpstan-return DomainState
	 */
	private function keep( array $state ): array {
		$stored                   = get_option( self::OPTION, array() );
		$stored                   = is_array( $stored ) ? $stored : array();
		$stored[ $state['mode'] ] = $state;
		update_option( self::OPTION, $stored, false );
		return $state;
	}

	/**
	 * The current Stripe mode.
	 */
	private function mode(): string {
		return ( new StripeSettings( $this->settings ) )->is_live() ? 'live' : 'test';
	}
}
