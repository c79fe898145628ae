<?php
/**
 * Prints the host element a widget mounts into.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Blocks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Http\ProviderEndpoints;
use DonationWidget\Settings\Settings;

/**
 * Shared by the block and the shortcode: an element carrying the configuration JSON and holding
 * a placeholder as tall as the widget's first screen (no layout shift when it mounts), plus the
 * widget's script with the public settings preloaded (no round trip before paint).
 */
final class WidgetRenderer {

	public const SCRIPT_HANDLE = 'donation-widget-view';

	public const CONFIG_ATTRIBUTE = 'data-donation-widget';

	/**
	 * Names the id of a modal widget's trigger button, on its host.
	 */
	public const TRIGGER_ATTRIBUTE = 'data-donation-widget-trigger';

	/**
	 * The placeholder's inline stylesheet: in <head>, unlike the widget's own.
	 */
	public const PLACEHOLDER_STYLE_HANDLE = 'donation-widget-placeholder';

	/**
	 * Whether the placeholder's stylesheet went out with a host already (pages whose head was
	 * printed before the first widget). One renderer serves one request.
	 *
	 * @var bool
	 */
	private bool $placeholder_style_printed = false;

	/**
	 * Builds the renderer.
	 *
	 * @param Settings          $settings           Public settings to preload.
	 * @param ChunkTranslations $chunk_translations The lazily loaded steps' translations.
	 * @param GatewayRegistry   $gateways           Gateways whose browser scripts load first.
	 */
	public function __construct( private readonly Settings $settings, private readonly ChunkTranslations $chunk_translations, private readonly GatewayRegistry $gateways ) {
	}

	/**
	 * The block's server render (its render_callback, wired by the Blocks provider).
	 *
	 * @param mixed $attributes Block attributes.
	 */
	public function render_block( mixed $attributes ): string {
		$config = WidgetConfig::from_block_attributes( is_array( $attributes ) ? $attributes : array() );
		return $this->render( $config, get_block_wrapper_attributes( array( 'class' => 'donation-widget-host' ) ) );
	}

	/**
	 * The [donation_widget] shortcode.
	 *
	 * @param mixed $atts Shortcode attributes.
	 */
	public function shortcode( mixed $atts ): string {
		return $this->render( WidgetConfig::from_shortcode_attributes( $atts ), 'class="donation-widget-host"' );
	}

	/**
	 * The host element, and the script enqueued once for the page.
	 *
	 * @param array<string, string> $config             Normalised configuration.
	 * @param string                $wrapper_attributes Already-escaped attributes for the element.
	 */
	public function render( array $config, string $wrapper_attributes ): string {
		$this->enqueue();
		$trigger = '';
		if ( '' !== ( $config['trigger_text'] ?? '' ) ) {
			// The button that opens the modal again is printed with the page, outside the host: it is
			// there at first paint (nothing moves when the widget mounts) and the host of a modal
			// still takes no room. Disabled until the widget script takes it over.
			$trigger_id          = wp_unique_id( 'dw-trigger-' );
			$trigger             = sprintf(
				'<div class="dw-trigger-wrap dw-trigger-wrap--%s"><button type="button" id="%s" class="dw-trigger" aria-haspopup="dialog" disabled>%s</button></div>',
				esc_attr( $config['position'] ?? 'center' ),
				esc_attr( $trigger_id ),
				esc_html( $config['trigger_text'] )
			);
			$wrapper_attributes .= sprintf( ' %s="%s"', self::TRIGGER_ATTRIBUTE, esc_attr( $trigger_id ) );
		}
		// The host is busy until the front end has replaced the placeholder with the widget.
		return sprintf(
			'%s%s<div %s %s="%s" aria-busy="true">%s</div>',
			$this->placeholder_style(),
			$trigger,
			$wrapper_attributes,
			self::CONFIG_ATTRIBUTE,
			// Hex-escaping leaves no quote, ampersand or angle bracket for esc_attr() to touch, so text
			// that merely looks like an entity ("&quot;") survives the trip into the browser intact.
			esc_attr( (string) wp_json_encode( $config, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT ) ),
			WidgetPlaceholder::markup( $config, $this->settings->is_demo_mode(), $this->has_request_id() || '' !== ( $config['request_id'] ?? '' ) )
		);
	}

	/**
	 * The placeholder's stylesheet, once per page, where it applies before first paint: in <head>
	 * when the page's head is still to come (block themes render their templates first), otherwise
	 * printed just before the first host.
	 */
	private function placeholder_style(): string {
		if ( ! did_action( 'wp_head' ) ) {
			if ( ! wp_style_is( self::PLACEHOLDER_STYLE_HANDLE, 'registered' ) ) {
				wp_register_style( self::PLACEHOLDER_STYLE_HANDLE, false, array(), DONATION_WIDGET_VERSION );
				wp_add_inline_style( self::PLACEHOLDER_STYLE_HANDLE, WidgetPlaceholder::css() );
			}
			wp_enqueue_style( self::PLACEHOLDER_STYLE_HANDLE );
			return '';
		}
		if ( $this->placeholder_style_printed ) {
			return '';
		}
		$this->placeholder_style_printed = true;
		return sprintf( '<style id="%s">%s</style>', esc_attr( WidgetPlaceholder::STYLE_ID ), WidgetPlaceholder::css() );
	}

	/**
	 * Whether this page was opened from a card-update link (docs/widget-contract.md#28-update-card-widget): then the update-card widget
	 * opens on its form rather than on the link-expired screen. Only the size of the placeholder
	 * depends on it; the front end checks the link itself.
	 */
	private function has_request_id(): bool {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a public link's parameter, only tested for presence.
		$request_id = isset( $_GET['requestID'] ) && is_string( $_GET['requestID'] ) ? sanitize_text_field( wp_unslash( $_GET['requestID'] ) ) : '';
		return '' !== trim( $request_id );
	}

	/**
	 * What the page gives the widget script: public settings and where to reach things.
	 *
	 * @return array<string, mixed>
	 */
	public function page_data(): array {
		return array(
			'ajaxUrl'         => admin_url( 'admin-ajax.php' ),
			'settingsUrl'     => rest_url( 'my-plugin/v1/settings' ),
			'settings'        => $this->settings->public_settings(),
			'demoMode'        => $this->settings->is_demo_mode(),
			'providerScripts' => ProviderEndpoints::script_urls(),
		);
	}

	/**
	 * The inline script that sets window.donationWidget before the widget script runs.
	 */
	public function page_data_script(): string {
		return 'window.donationWidget = ' . wp_json_encode( $this->page_data(), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) . ';';
	}

	/**
	 * Enqueues the widget script and stylesheet once per page, with the page data before the script.
	 */
	public function enqueue(): void {
		if ( wp_script_is( self::SCRIPT_HANDLE, 'enqueued' ) || ! wp_script_is( self::SCRIPT_HANDLE, 'registered' ) ) {
			return;
		}
		wp_add_inline_script( self::SCRIPT_HANDLE, $this->page_data_script(), 'before' );
		$this->load_after_gateway_scripts();
		// The widget's later steps are chunks WordPress does not know of: their strings ride with view.js.
		$chunk_translations = $this->chunk_translations->inline_script( Assets::entry_names() );
		if ( '' !== $chunk_translations ) {
			wp_add_inline_script( self::SCRIPT_HANDLE, $chunk_translations, 'before' );
		}
		// Printed as WordPress prints them: the scripts at the end of the page (view.js deferred),
		// the stylesheet in the head when the head is still to come, otherwise before the scripts,
		// which wait for it. A donor can use tab 1 once these have run: holding them back until the
		// page had painted, preloading them from the head or asking for them at high priority each
		// made a phone donor wait longer, and the stylesheet printed just before the scripts instead
		// of in the head painted the page later for no gain (bin/benchmark.mjs --donor-wait).
		wp_enqueue_script( self::SCRIPT_HANDLE );
		wp_enqueue_style( self::SCRIPT_HANDLE );
	}

	/**
	 * Makes the view script wait for the browser scripts of gateways outside the bundle, which
	 * register their payment methods before the widget reads them.
	 */
	private function load_after_gateway_scripts(): void {
		$handles = $this->gateways->browser_scripts();
		$script  = wp_scripts()->query( self::SCRIPT_HANDLE, 'registered' );
		if ( array() !== $handles && $script instanceof \_WP_Dependency ) {
			$script->deps = array_values( array_unique( array_merge( $script->deps, $handles ) ) );
		}
	}
}
