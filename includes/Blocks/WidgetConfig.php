<?php
/**
 * The widget configuration of docs/widget-contract.md#31-widget-configuration-from-the-host-element, from block attributes or shortcode attributes.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Blocks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\Money;

/**
 * Normalises what an editor chose into the JSON the front end reads from the host element.
 * Booleans travel as the strings "true"/"false", as docs/widget-contract.md#31-widget-configuration-from-the-host-element says.
 */
final class WidgetConfig {

	public const POSITIONS = array( 'left', 'center', 'right' );

	public const DONATION_TYPES = array( '4weekly', 'Oneoff' );

	/**
	 * Block attribute name => configuration field.
	 */
	private const BLOCK_ATTRIBUTES = array(
		'widgetType'    => 'type',
		'modal'         => 'modal',
		'position'      => 'position',
		'hideAddress'   => 'hide_address',
		'hideMobile'    => 'hide_mobile',
		'hideInMemory'  => 'hide_inmemory',
		'amountValues'  => 'amount_values',
		'defaultAmount' => 'default_amount',
		'iterationId'   => 'iteration_id',
		'donationType'  => 'donation_type',
	);

	/**
	 * The longest trigger button text kept: a button label, not a paragraph.
	 */
	public const TRIGGER_TEXT_MAX = 60;

	/**
	 * Defaults, in configuration field names.
	 */
	public const DEFAULTS = array(
		'type'           => 'donation',
		'modal'          => 'false',
		'position'       => 'center',
		'hide_address'   => 'false',
		'hide_mobile'    => 'false',
		'hide_inmemory'  => 'false',
		'amount_values'  => '',
		'default_amount' => '',
		'iteration_id'   => '',
		'donation_type'  => '',
		'trigger_text'   => '',
	);

	/**
	 * Configuration from the block's attributes.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 * @return array<string, string>
	 */
	public static function from_block_attributes( array $attributes ): array {
		$fields = array();
		foreach ( self::BLOCK_ATTRIBUTES as $attribute => $field ) {
			if ( array_key_exists( $attribute, $attributes ) ) {
				$fields[ $field ] = $attributes[ $attribute ];
			}
		}
		// The block keeps its button text while the button is switched off, so switching it back
		// on restores the text; only a switched-on button reaches the page.
		if ( ! empty( $attributes['trigger'] ) ) {
			$text                   = self::text( $attributes['triggerText'] ?? '' );
			$fields['trigger_text'] = '' !== $text ? $text : __( 'Donate', 'donation-widget' );
		}
		return self::normalise( $fields );
	}

	/**
	 * Configuration from [donation_widget] attributes, which use the SPEC's own names.
	 *
	 * @param mixed $atts Shortcode attributes (WordPress passes '' when there are none).
	 * @return array<string, string>
	 */
	public static function from_shortcode_attributes( mixed $atts ): array {
		$atts = shortcode_atts( self::DEFAULTS, is_array( $atts ) ? $atts : array(), 'donation_widget' );
		return self::normalise( $atts );
	}

	/**
	 * Every field checked and given its canonical form.
	 *
	 * @param array<string, mixed> $fields Configuration fields.
	 * @return array<string, string>
	 */
	public static function normalise( array $fields ): array {
		$fields = array_merge( self::DEFAULTS, $fields );
		$type   = self::text( $fields['type'] );

		return array(
			// docs/widget-contract.md#21-widget-configuration-and-container: "donation" is the donation widget; anything else is the update-card widget.
			'type'           => 'donation' === $type ? 'donation' : 'update-card',
			'modal'          => self::flag( $fields['modal'] ),
			'position'       => in_array( $fields['position'], self::POSITIONS, true ) ? (string) $fields['position'] : 'center',
			'hide_address'   => self::flag( $fields['hide_address'] ),
			'hide_mobile'    => self::flag( $fields['hide_mobile'] ),
			'hide_inmemory'  => self::flag( $fields['hide_inmemory'] ),
			'amount_values'  => self::amounts( $fields['amount_values'] ),
			'default_amount' => self::amount( $fields['default_amount'] ),
			'iteration_id'   => substr( self::text( $fields['iteration_id'] ), 0, 64 ),
			'donation_type'  => in_array( $fields['donation_type'], self::DONATION_TYPES, true ) ? (string) $fields['donation_type'] : '',
			// A button on the page that opens the modal again after it was closed: only a modal has one.
			'trigger_text'   => 'true' === self::flag( $fields['modal'] ) ? mb_substr( self::text( $fields['trigger_text'] ), 0, self::TRIGGER_TEXT_MAX ) : '',
		);
	}

	/**
	 * "true" or "false".
	 *
	 * @param mixed $value A boolean, or a string such as "true", "1", "yes".
	 */
	private static function flag( mixed $value ): string {
		if ( is_string( $value ) ) {
			$value = in_array( strtolower( trim( $value ) ), array( 'true', '1', 'yes', 'on' ), true );
		}
		return $value ? 'true' : 'false';
	}

	/**
	 * Plain single-line text.
	 *
	 * @param mixed $value Anything.
	 */
	private static function text( mixed $value ): string {
		return is_scalar( $value ) ? sanitize_text_field( (string) $value ) : '';
	}

	/**
	 * One amount in dollars a donor could give (docs/widget-contract.md#51-amount: $5 to $999,999.99, at most two
	 * decimals), or empty, so the page never offers what the widget would refuse; the editor's
	 * preview reads its configuration with the same rules (src/shared/amount-limits.ts).
	 *
	 * @param mixed $value Anything.
	 */
	private static function amount( mixed $value ): string {
		// Checked as given, not after stripping markup: "<b>30</b>" is no amount, in the widget either.
		$text = is_scalar( $value ) ? trim( (string) $value ) : '';
		if ( ! preg_match( '/^\d{1,9}(\.\d{1,2})?$/D', $text ) ) {
			return '';
		}
		$cents = Money::cents( $text );
		return $cents >= DonationForm::MIN_TOTAL_CENTS && $cents <= DonationForm::MAX_AMOUNT_CENTS ? $text : '';
	}

	/**
	 * A comma-separated list of amounts; kept only when it holds exactly three valid ones.
	 *
	 * @param mixed $value Anything.
	 */
	private static function amounts( mixed $value ): string {
		$parts = array_map( 'trim', explode( ',', is_scalar( $value ) ? (string) $value : '' ) );
		$valid = array_filter( $parts, static fn ( string $part ): bool => '' !== self::amount( $part ) );
		return 3 === count( $parts ) && 3 === count( $valid ) ? implode( ',', $parts ) : '';
	}
}
