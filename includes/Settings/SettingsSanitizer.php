<?php
/**
 * Checks what the admin submits on the settings screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\IpNetwork;

/**
 * Sanitises and validates each submitted value. A value that fails keeps what was stored,
 * and the problem is reported by field name, so one typo never wipes a working setting.
 *
 * A stored secret is never shown, so an empty secret field keeps it; removing one takes an
 * explicit request: its key listed in remove_secrets (the screen's "Remove the stored key"
 * box, or the REST route's remove_secrets field). A new value typed at the same time wins.
 */
final class SettingsSanitizer {

	/**
	 * The submitted field that lists the secrets to remove.
	 */
	public const REMOVE_SECRETS = 'remove_secrets';

	private const MAX_TEXT = 191;

	/**
	 * Trusted proxy ranges at most (Cloudflare publishes 22; nobody needs a hundred).
	 */
	private const MAX_NETWORKS = 100;

	/**
	 * What the last call returned: update_option() sanitises again what a caller already
	 * sanitised, and a second pass would read a removed secret's empty value as "keep".
	 *
	 * @var array<string, mixed>|null
	 */
	private ?array $last_values = null;

	/**
	 * Problems found in the last call, as "Field label: problem".
	 *
	 * @var list<string>
	 */
	private array $errors = array();

	/**
	 * Builds the sanitiser.
	 *
	 * @param Settings $settings Field definitions and stored values.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * The problems found by the last sanitise() call.
	 *
	 * @return list<string>
	 */
	public function errors(): array {
		return $this->errors;
	}

	/**
	 * Turns submitted values into the values to store.
	 *
	 * @param mixed $input The submitted option array.
	 * @return array<string, mixed> Every field's value to store.
	 */
	public function sanitise( mixed $input ): array {
		if ( null !== $this->last_values && is_array( $input ) && ! isset( $input[ self::REMOVE_SECRETS ] ) && array_intersect_key( $input, $this->last_values ) === $this->last_values ) {
			return $this->last_values;
		}
		$this->errors = array();
		$input        = is_array( $input ) ? $input : array();
		$stored       = $this->settings->stored();
		$values       = array();
		$remove       = $this->secrets_to_remove( $input[ self::REMOVE_SECRETS ] ?? array() );

		foreach ( $this->settings->fields() as $key => $field ) {
			$previous = array_key_exists( $key, $stored ) ? $stored[ $key ] : $field->default;
			if ( $this->settings->is_from_constant( $key ) ) {
				// wp-config.php owns it; never copy a constant's value into the database.
				$values[ $key ] = $stored[ $key ] ?? $field->default;
				if ( in_array( $key, $remove, true ) ) {
					/* translators: %s: the constant's name. */
					$this->errors[] = sprintf( '%s: %s', $field->label, sprintf( __( 'it is set by %s in wp-config.php; remove it there.', 'donation-widget' ), $field->constant_name() ) );
				}
				continue;
			}
			$raw = $input[ $key ] ?? null;
			if ( in_array( $key, $remove, true ) && ( null === $raw || '' === trim( is_scalar( $raw ) ? (string) $raw : 'x' ) ) ) {
				$values[ $key ] = '';
				continue;
			}
			if ( null === $raw ) {
				$values[ $key ] = $previous;
				continue;
			}
			try {
				$values[ $key ] = $this->sanitise_field( $field, $raw, $previous );
			} catch ( InvalidSetting $problem ) {
				// Messages are escaped where thrown (the directory's rule); the list is plain text.
				$this->errors[] = sprintf( '%s: %s', $field->label, wp_specialchars_decode( $problem->getMessage(), ENT_QUOTES ) );
				$values[ $key ] = $previous;
			}
		}//end foreach

		foreach ( SettingsSchema::registered_sections() as $section ) {
			array_push( $this->errors, ...$section->problems( $values, $this->settings ) );
		}
		$this->last_values = $values;
		return $values;
	}

	/**
	 * The secret fields named in remove_secrets; any other name is reported.
	 *
	 * @param mixed $names A list of field keys (a single key is accepted too).
	 * @return list<string>
	 */
	private function secrets_to_remove( mixed $names ): array {
		$names   = is_array( $names ) ? $names : array( $names );
		$fields  = $this->settings->fields();
		$secrets = array();
		foreach ( $names as $name ) {
			$name = is_string( $name ) ? sanitize_key( $name ) : '';
			if ( '' === $name ) {
				continue;
			}
			if ( ! isset( $fields[ $name ] ) || ! $fields[ $name ]->is_secret() ) {
				/* translators: %s: the name that was sent. */
				$this->errors[] = sprintf( __( 'Remove stored key: %s is not a secret setting.', 'donation-widget' ), $name );
				continue;
			}
			$secrets[] = $name;
		}
		return $secrets;
	}

	/**
	 * The keys of every secret field.
	 *
	 * @return list<string>
	 */
	public function secret_keys(): array {
		return array_keys( array_filter( $this->settings->fields(), static fn ( SettingField $field ): bool => $field->is_secret() ) );
	}

	/**
	 * One field's value.
	 *
	 * @param SettingField $field    The field.
	 * @param mixed        $raw      Submitted value.
	 * @param mixed        $previous Stored value.
	 * @return mixed
	 * @throws InvalidSetting When the value cannot be stored.
	 */
	private function sanitise_field( SettingField $field, mixed $raw, mixed $previous ): mixed {
		if ( is_array( $raw ) && ! in_array( $field->type, array( SettingField::AMOUNTS, SettingField::NETWORKS ), true ) ) {
			throw new InvalidSetting( esc_html__( 'must be a single value.', 'donation-widget' ) );
		}
		$text = is_array( $raw ) ? implode( ',', array_map( 'strval', $raw ) ) : trim( sanitize_text_field( wp_unslash( (string) $raw ) ) );
		if ( mb_strlen( $text ) > 2000 ) {
			throw new InvalidSetting( esc_html__( 'is too long.', 'donation-widget' ) );
		}

		switch ( $field->type ) {
			case SettingField::CHECKBOX:
				// The screen sends "0" from a hidden field when the box is unticked, so a value
				// that is absent (another caller, an older form) leaves the stored choice alone.
				return '1' === $text;
			case SettingField::SECRET:
				// An empty secret field means "keep what is stored": the screen never shows it.
				return '' === $text ? $previous : $this->secret( $field, $text );
			case SettingField::CHOICE:
				if ( ! ( array_key_exists( $text, $field->choices ) ) ) {
					throw new InvalidSetting( esc_html__( 'choose one of the offered options.', 'donation-widget' ) );
				}
				return $text;
			case SettingField::URL:
				return $this->url( $text );
			case SettingField::EMAIL:
				if ( ! ( '' === $text || is_email( $text ) ) ) {
					throw new InvalidSetting( esc_html__( 'enter a valid email address, such as care@example.org.au.', 'donation-widget' ) );
				}
				return $text;
			case SettingField::PHONE:
				return $this->phone( $text );
			case SettingField::INTEGER:
				if ( ! preg_match( '/^\d+$/D', $text ) || (int) $text < $field->min || (int) $text > $field->max ) {
					/* translators: 1: smallest allowed number, 2: largest allowed number. */
					throw new InvalidSetting( esc_html( sprintf( __( 'enter a whole number from %1$d to %2$d.', 'donation-widget' ), $field->min, $field->max ) ) );
				}
				return (int) $text;
			case SettingField::AMOUNT:
				if ( ! ( self::is_amount( $text ) ) ) {
					throw new InvalidSetting( esc_html__( 'enter an amount from $5 to $999,999.99, with at most two decimals.', 'donation-widget' ) );
				}
				return self::normalise_amount( $text );
			case SettingField::AMOUNTS:
				return $this->amounts( $text );
			case SettingField::NETWORKS:
				return $this->networks( $text );
			case SettingField::PAGE:
				if ( '' === $text || '0' === $text ) {
					return 0;
				}
				if ( ! ( ctype_digit( $text ) && 'page' === get_post_type( (int) $text ) ) ) {
					throw new InvalidSetting( esc_html__( 'choose a published page.', 'donation-widget' ) );
				}
				return (int) $text;
			default:
				return $this->text( $field, $text );
		}//end switch
	}

	/**
	 * Plain text, with the key-shaped fields checked.
	 *
	 * @param SettingField $field The field.
	 * @param string       $text  Sanitised text.
	 * @return string
	 * @throws InvalidSetting When the value cannot be stored.
	 */
	private function text( SettingField $field, string $text ): string {
		if ( mb_strlen( $text ) > self::MAX_TEXT ) {
			/* translators: %d: maximum number of characters. */
			throw new InvalidSetting( esc_html( sprintf( __( 'use at most %d characters.', 'donation-widget' ), self::MAX_TEXT ) ) );
		}
		if ( '' === $text ) {
			return '';
		}
		$field->check( $text );
		// Xero account codes are up to 10 letters or digits; MYOB's are like 4-1100.
		if ( str_starts_with( $field->key, 'books_' ) && str_ends_with( $field->key, '_account' ) && ! preg_match( '/^[A-Za-z0-9][A-Za-z0-9.-]{0,9}$/D', $text ) ) {
			throw new InvalidSetting( esc_html__( 'enter the account code exactly as your chart of accounts shows it: up to 10 letters or digits (a hyphen or full stop allowed, as in MYOB\'s 4-1100).', 'donation-widget' ) );
		}
		if ( 'abn' === $field->key && ! self::is_abn( $text ) ) {
			throw new InvalidSetting( esc_html__( 'an ABN is 11 digits with a valid check digit, such as 51 824 753 556.', 'donation-widget' ) );
		}
		return $text;
	}

	/**
	 * A secret, checked for the shape its provider gives.
	 *
	 * @param SettingField $field The field.
	 * @param string       $text  Submitted secret.
	 * @return string
	 * @throws InvalidSetting When the value cannot be stored.
	 */
	private function secret( SettingField $field, string $text ): string {
		if ( preg_match( '/\s/', $text ) || strlen( $text ) > self::MAX_TEXT ) {
			throw new InvalidSetting( esc_html__( 'paste the key exactly as the provider shows it, without spaces.', 'donation-widget' ) );
		}
		$field->check( $text );
		return $text;
	}

	/**
	 * An http(s) URL, or empty.
	 *
	 * @param string $text Submitted URL.
	 * @return string
	 * @throws InvalidSetting When the value cannot be stored.
	 */
	private function url( string $text ): string {
		if ( '' === $text ) {
			return '';
		}
		if ( ! preg_match( '#^https?://#i', $text ) ) {
			throw new InvalidSetting( esc_html__( 'enter a full web address starting with https://.', 'donation-widget' ) );
		}
		$url    = esc_url_raw( $text, array( 'http', 'https' ) );
		$scheme = wp_parse_url( $url, PHP_URL_SCHEME );
		$host   = wp_parse_url( $url, PHP_URL_HOST );
		if ( '' === $url || ! in_array( $scheme, array( 'http', 'https' ), true ) || empty( $host ) ) {
			throw new InvalidSetting( esc_html__( 'enter a full web address starting with https://.', 'donation-widget' ) );
		}
		return $url;
	}

	/**
	 * A phone number a supporter can dial, or empty.
	 *
	 * @param string $text Submitted number.
	 * @return string
	 * @throws InvalidSetting When the value cannot be stored.
	 */
	private function phone( string $text ): string {
		if ( '' === $text ) {
			return '';
		}
		$digits = preg_replace( '/\D/', '', $text );
		if ( ! preg_match( '/^\+?[0-9 ()\-]+$/D', $text ) || strlen( (string) $digits ) < 6 || strlen( (string) $digits ) > 15 ) {
			throw new InvalidSetting( esc_html__( 'enter a phone number of 6 to 15 digits, such as 1800 123 456.', 'donation-widget' ) );
		}
		return $text;
	}

	/**
	 * Exactly three preset amounts.
	 *
	 * @param string $text Comma-separated amounts.
	 * @return list<string>
	 * @throws InvalidSetting When the value cannot be stored.
	 */
	private function amounts( string $text ): array {
		$parts = array_values( array_filter( array_map( 'trim', explode( ',', str_replace( '$', '', $text ) ) ), static fn ( string $part ): bool => '' !== $part ) );
		if ( 3 !== count( $parts ) ) {
			throw new InvalidSetting( esc_html__( 'enter exactly three amounts, separated by commas, such as 25, 50, 100.', 'donation-widget' ) );
		}
		foreach ( $parts as $part ) {
			if ( ! self::is_amount( $part ) ) {
				throw new InvalidSetting( esc_html__( 'each amount must be from $5 to $999,999.99, with at most two decimals.', 'donation-widget' ) );
			}
		}
		return array_map( array( self::class, 'normalise_amount' ), $parts );
	}

	/**
	 * IP addresses and ranges (the trusted proxies), each once, written back canonically.
	 *
	 * @param string $text Addresses or CIDR ranges, separated by commas, spaces or line breaks.
	 * @return list<string>
	 * @throws InvalidSetting When an entry is not one, or trusts every address.
	 */
	private function networks( string $text ): array {
		list( $networks, $invalid ) = IpNetwork::parse_list( $text );
		if ( array() !== $invalid ) {
			/* translators: %s: the entry as typed. */
			throw new InvalidSetting( esc_html( sprintf( __( '"%s" is not an IP address or range; write addresses such as 192.0.2.10 and ranges such as 10.0.0.0/8 or 2001:db8::/32.', 'donation-widget' ), $invalid[0] ) ) );
		}
		foreach ( $networks as $network ) {
			if ( $network->is_everything() ) {
				/* translators: %s: the range, such as 0.0.0.0/0. */
				throw new InvalidSetting( esc_html( sprintf( __( '%s would trust every address, so any visitor could choose the address they are counted under. Name only your proxies\' own ranges.', 'donation-widget' ), (string) $network ) ) );
			}
		}
		if ( count( $networks ) > self::MAX_NETWORKS ) {
			/* translators: %d: the most ranges allowed. */
			throw new InvalidSetting( esc_html( sprintf( __( 'name at most %d addresses or ranges.', 'donation-widget' ), self::MAX_NETWORKS ) ) );
		}
		return array_map( 'strval', $networks );
	}

	/**
	 * Whether text is a donation amount the widget accepts (docs/widget-contract.md#9-business-constants-and-limits).
	 *
	 * @param string $text Amount in dollars.
	 */
	public static function is_amount( string $text ): bool {
		return (bool) preg_match( '/^\d+(\.\d{1,2})?$/D', $text ) && (float) $text >= 5 && (float) $text <= 999999.99;
	}

	/**
	 * "50.00" => "50", "12.5" => "12.5": the way the widget shows money.
	 *
	 * @param string $text A valid amount.
	 */
	private static function normalise_amount( string $text ): string {
		$normal = rtrim( rtrim( number_format( (float) $text, 2, '.', '' ), '0' ), '.' );
		return '' === $normal ? '0' : $normal;
	}

	/**
	 * Whether text is a valid Australian Business Number (weighted checksum, modulus 89).
	 *
	 * @param string $text ABN with or without spaces.
	 */
	public static function is_abn( string $text ): bool {
		$digits = preg_replace( '/\s+/', '', $text );
		if ( ! is_string( $digits ) || ! preg_match( '/^\d{11}$/D', $digits ) ) {
			return false;
		}
		$weights = array( 10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 );
		$sum     = 0;
		foreach ( str_split( $digits ) as $index => $digit ) {
			$value = (int) $digit - ( 0 === $index ? 1 : 0 );
			$sum  += $value * $weights[ $index ];
		}
		return 0 === $sum % 89;
	}
}
