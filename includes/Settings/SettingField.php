<?php
/**
 * One setting the admin can change.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Describes a setting once, for the screen that edits it, the sanitiser that checks it,
 * and the public settings answer that may expose it.
 */
final class SettingField {

	public const TEXT     = 'text';
	public const SECRET   = 'secret';
	public const URL      = 'url';
	public const EMAIL    = 'email';
	public const PHONE    = 'phone';
	public const INTEGER  = 'integer';
	public const AMOUNT   = 'amount';
	public const AMOUNTS  = 'amounts';
	public const CHOICE   = 'choice';
	public const CHECKBOX = 'checkbox';
	public const PAGE     = 'page';
	public const NETWORKS = 'networks';

	/**
	 * Describes the field.
	 *
	 * @param string                $key         Key inside the stored option.
	 * @param string                $label       Label on the settings screen.
	 * @param string                $type        One of the constants above.
	 * @param string                $section     Settings screen section id.
	 * @param mixed                 $default     Value when nothing is stored.
	 * @param string                $description Help text under the field.
	 * @param array<string, string> $choices     Value => label, for CHOICE fields.
	 * @param int                   $min         Smallest value, for INTEGER fields.
	 * @param int                   $max         Largest value, for INTEGER fields.
	 * @param \Closure|null         $check       The field's own rule for a non-empty TEXT or SECRET
	 *                                           value (a key's shape): throws InvalidSetting.
	 * @phpstan-param (\Closure(string): void)|null $check
	 */
	public function __construct(
		public readonly string $key,
		public readonly string $label,
		public readonly string $type,
		public readonly string $section,
		public readonly mixed $default = '',
		public readonly string $description = '',
		public readonly array $choices = array(),
		public readonly int $min = 0,
		public readonly int $max = PHP_INT_MAX,
		public readonly ?\Closure $check = null
	) {
	}

	/**
	 * Whether the value must never be printed back or sent to a browser.
	 */
	public function is_secret(): bool {
		return self::SECRET === $this->type;
	}

	/**
	 * A non-empty text value that passes the field's own rule, if it has one.
	 *
	 * @param string $text Sanitised text.
	 * @throws InvalidSetting When the value breaks the rule.
	 */
	public function check( string $text ): void {
		if ( null !== $this->check ) {
			( $this->check )( $text );
		}
	}

	/**
	 * The wp-config.php constant that may hold this value instead of the database.
	 */
	public function constant_name(): string {
		return 'DONATION_WIDGET_' . strtoupper( $this->key );
	}
}
