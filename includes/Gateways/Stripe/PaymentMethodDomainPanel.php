<?php
/**
 * The wallets' domain on the Stripe section of the settings screen, and its retry button.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Settings\Settings;

/**
 * Registers the site's domain when the Stripe keys or mode are saved, shows the last answer
 * beside the Stripe fields, and registers again when staff press "Register the domain again".
 */
final class PaymentMethodDomainPanel {

	public const ACTION = 'donation_widget_register_stripe_domain';

	private const NONCE_FIELD = 'donation_widget_domain_nonce';

	/**
	 * Builds the panel.
	 *
	 * @param PaymentMethodDomains $domains  The registrar.
	 * @param Settings             $settings The settings.
	 */
	public function __construct( private readonly PaymentMethodDomains $domains, private readonly Settings $settings ) {
	}

	/**
	 * The update_option hook of the settings: when staff save a new Stripe mode or secret key
	 * of the new mode (the screen or the REST route; not code updating the option), registers
	 * the domain.
	 *
	 * @param mixed $old_value Settings before.
	 * @param mixed $new_value Settings after.
	 */
	public function on_settings_saved( mixed $old_value, mixed $new_value ): void {
		$old_value = is_array( $old_value ) ? $old_value : array();
		$new_value = is_array( $new_value ) ? $new_value : array();
		$mode      = ( $new_value['stripe_mode'] ?? 'test' ) === 'live' ? 'live' : 'test';
		$secret    = 'stripe_' . $mode . '_secret_key';
		$changed   = ( $old_value['stripe_mode'] ?? 'test' ) !== ( $new_value['stripe_mode'] ?? 'test' ) || ( $old_value[ $secret ] ?? '' ) !== ( $new_value[ $secret ] ?? '' );
		if ( $changed && '' !== ( new StripeSettings( $this->settings ) )->secret_key() && current_user_can( Settings::CAPABILITY ) ) {
			$this->domains->register();
		}
	}

	/**
	 * Prints the last answer and the retry button under the Stripe section's heading. The
	 * button submits the settings form to admin-post.php (formaction), with its own nonce.
	 *
	 * @param string $section The section being printed.
	 */
	public function render( string $section ): void {
		if ( 'stripe' !== $section ) {
			return;
		}
		$state = $this->domains->last();
		echo '<div class="donation-widget-wallet-domain">';
		printf( '<h3>%s</h3>', esc_html__( 'Apple Pay and Google Pay on this site', 'donation-widget' ) );
		printf(
			'<p>%s</p>',
			esc_html(
				null === $state
					/* translators: %s: the site's domain. */
					? sprintf( __( 'The domain %s is not registered with Stripe yet: it is registered when the Stripe keys are saved or tested.', 'donation-widget' ), PaymentMethodDomains::site_domain() )
					: PaymentMethodDomains::describe( $state )
			)
		);
		wp_nonce_field( self::ACTION, self::NONCE_FIELD, false );
		printf(
			'<p><button type="submit" class="button" name="action" value="%s" formaction="%s" formnovalidate="formnovalidate">%s</button></p>',
			esc_attr( self::ACTION ),
			esc_url( admin_url( 'admin-post.php' ) ),
			esc_html__( 'Register the domain again', 'donation-widget' )
		);
		echo '</div>';
	}

	/**
	 * The admin-post handler of the retry button: registers again, then goes back to the
	 * settings screen with the answer as a notice.
	 */
	public function handle_retry(): void {
		if ( ! current_user_can( Settings::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage Donation Widget settings.', 'donation-widget' ), 403 );
		}
		check_admin_referer( self::ACTION, self::NONCE_FIELD );
		$state = $this->domains->register();
		$all   = '' === $state['error'] && array() === array_filter( $state['wallets'], static fn ( array $wallet ): bool => 'active' !== $wallet['status'] );
		add_settings_error( Settings::OPTION, 'donation_widget_wallet_domain', PaymentMethodDomains::describe( $state ), $all ? 'success' : 'warning' );
		set_transient( 'settings_errors', get_settings_errors(), 30 );
		$back = wp_get_referer();
		wp_safe_redirect( add_query_arg( 'settings-updated', 'true', false !== $back ? $back : admin_url( 'admin.php?page=donation-widget' ) ) );
		exit;
	}
}
