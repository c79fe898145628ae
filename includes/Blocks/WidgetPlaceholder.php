<?php
/**
 * The space a widget will take, reserved in the server's HTML so nothing moves when it mounts.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Blocks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Prints, inside the host element, an empty box as tall as the widget's first screen will be,
 * and the small stylesheet that sizes it. The front end replaces the box when it mounts.
 *
 * The heights were measured in Chromium with the twentytwentyfive theme (Manrope, 16px root):
 * the widget's height only changes where a line of text wraps or the preset buttons
 * (flex, 6rem minimum) take another row, and that depends on the width the widget gets, not on
 * the viewport. So the box is a size container and the heights follow its own width through
 * container queries. A theme with another font wraps elsewhere: the box is then a few lines
 * off, and the front end still keeps the reserved height until the widget has filled it (see
 * src/shared/reserved-space.ts).
 */
final class WidgetPlaceholder {

	/**
	 * The element id of the printed stylesheet.
	 */
	public const STYLE_ID = 'donation-widget-placeholder-css';

	/**
	 * Box height in px from a widget width in px up: the amount step (tabs, three presets,
	 * custom amount, frequency, the donate button) with the widget's 1rem padding. Measured in
	 * Chromium by widening the host one pixel at a time; the tabs stay on one line at every width.
	 */
	private const DONATION_HEIGHTS = array(
		0   => 841,
		105 => 817,
		126 => 793,
		133 => 769,
		136 => 745,
		140 => 721,
		154 => 697,
		167 => 673,
		168 => 649,
		170 => 625,
		232 => 545,
		249 => 521,
		263 => 497,
		283 => 473,
		309 => 449,
		336 => 397,
	);

	/**
	 * The update-card widget opened from a link (a requestID in the URL): title, current card and
	 * the card form.
	 */
	private const CARD_FORM_HEIGHTS = array(
		0   => 609.5625,
		114 => 585.5625,
		136 => 561.5625,
		144 => 535.5625,
		180 => 511.5625,
		185 => 487.5625,
		215 => 461.5625,
		253 => 437.5625,
		320 => 413.5625,
		341 => 348.375,
	);

	/**
	 * The update-card widget without a requestID: the link-expired screen, shown at once.
	 */
	private const CARD_EXPIRED_HEIGHTS = array(
		0   => 872,
		116 => 848,
		117 => 824,
		118 => 800,
		119 => 752,
		128 => 702,
		130 => 678,
		137 => 654,
		139 => 630,
		143 => 604,
		144 => 580,
		147 => 556,
		156 => 532,
		168 => 508,
		170 => 458,
		182 => 434,
		191 => 410,
		196 => 386,
		219 => 362,
		222 => 336,
		250 => 312,
		257 => 288,
		281 => 264,
		342 => 240,
		392 => 216,
		404 => 190,
		454 => 166,
	);

	/**
	 * The demo-mode notice above the first screen (two lines below 287px, one above).
	 */
	private const DEMO_NOTICE_HEIGHTS = array(
		0   => 80,
		287 => 56,
	);

	/**
	 * What goes inside the host element before the front end mounts.
	 *
	 * A modal widget opens over the page (docs/widget-contract.md#21-widget-configuration-and-container), fixed, so it takes no room in the page's flow:
	 * it gets no box (a box would leave a gap that closes when the dialog mounts). Every kind gets
	 * a short message for a browser without JavaScript.
	 *
	 * @param array<string, string> $config         Normalised configuration.
	 * @param bool                  $demo_mode      Whether the widget will show the demo notice.
	 * @param bool                  $has_request_id Whether the page URL carries a card-update link.
	 */
	public static function markup( array $config, bool $demo_mode, bool $has_request_id ): string {
		$update_card = 'donation' !== ( $config['type'] ?? 'donation' );
		$box         = '';
		if ( 'true' !== ( $config['modal'] ?? 'false' ) ) {
			$classes = array(
				'dw-placeholder',
				'dw-placeholder--' . ( $update_card ? ( $has_request_id ? 'card-form' : 'card-expired' ) : 'donation' ),
				'dw-placeholder--' . ( $config['position'] ?? 'center' ),
			);
			if ( $demo_mode ) {
				$classes[] = 'dw-placeholder--demo';
			}
			// Empty and hidden from assistive technology: the host says it is busy meanwhile.
			$box = sprintf( '<div class="%s" aria-hidden="true"><div class="dw-placeholder__box"></div></div>', esc_attr( implode( ' ', $classes ) ) );
		}
		$message = $update_card
			? __( 'Please turn on JavaScript in your browser to update your card.', 'donation-widget' )
			: __( 'Please turn on JavaScript in your browser to donate.', 'donation-widget' );
		// Without JavaScript the reserved space would stay empty: the message takes its place.
		return $box . '<noscript><style>.dw-placeholder{display:none}</style><p class="dw-noscript">' . esc_html( $message ) . '</p></noscript>';
	}

	/**
	 * The stylesheet that sizes the boxes: a few hundred bytes, printed with the page so the space
	 * is there at first paint, whatever happens to the widget's own stylesheet.
	 */
	public static function css(): string {
		$css = '.dw-placeholder{box-sizing:border-box;width:100%;max-width:560px;margin:0 auto;container-type:inline-size}'
			. '.dw-placeholder--left{margin-left:0}.dw-placeholder--right{margin-right:0}'
			. '.dw-placeholder__box{box-sizing:content-box}'
			// A modal's trigger button (WidgetRenderer) is styled here, not in the widget's stylesheet,
			// so it has its final size at first paint. #1d4f91 on white: 8.6:1.
			. '.dw-trigger-wrap{max-width:560px;margin:0 auto 1rem}.dw-trigger-wrap--left{margin-left:0}.dw-trigger-wrap--right{margin-right:0}.dw-trigger-wrap--center{text-align:center}.dw-trigger-wrap--right{text-align:right}'
			. '.dw-trigger{box-sizing:border-box;min-height:44px;padding:.6em 1.6em;border:2px solid #1d4f91;border-radius:4px;background:#1d4f91;color:#fff;font:inherit;font-weight:600;line-height:1.4;cursor:pointer}'
			. '.dw-trigger:hover{background:#153a6b}.dw-trigger:focus-visible{outline:3px solid #1d4f91;outline-offset:2px}.dw-trigger:disabled{cursor:default}';
		$css .= self::rules( '.dw-placeholder--donation .dw-placeholder__box', 'min-height', self::DONATION_HEIGHTS );
		$css .= self::rules( '.dw-placeholder--card-form .dw-placeholder__box', 'min-height', self::CARD_FORM_HEIGHTS );
		$css .= self::rules( '.dw-placeholder--card-expired .dw-placeholder__box', 'min-height', self::CARD_EXPIRED_HEIGHTS );
		$css .= self::rules( '.dw-placeholder--demo .dw-placeholder__box', 'padding-top', self::DEMO_NOTICE_HEIGHTS );
		return $css;
	}

	/**
	 * One declaration per width range. The widest range is the plain rule (what a browser without
	 * container queries uses); narrower ones follow, narrowest last, each for widths below the next.
	 *
	 * @param string                $selector Selector of the box.
	 * @param string                $property CSS property.
	 * @param array<int, int|float> $heights  Width from which => px.
	 */
	private static function rules( string $selector, string $property, array $heights ): string {
		$widths = array_keys( $heights );
		$count  = count( $widths );
		$css    = sprintf( '%s{%s:%spx}', $selector, $property, $heights[ $widths[ $count - 1 ] ] );
		for ( $index = $count - 2; $index >= 0; $index-- ) {
			$css .= sprintf( '@container (width < %dpx){%s{%s:%spx}}', $widths[ $index + 1 ], $selector, $property, $heights[ $widths[ $index ] ] );
		}
		return $css;
	}
}
