<?php
/**
 * The checked fields of an offline gift, as staff entered them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\Money;

/**
 * Reads the record / edit form strictly: every field is checked, and each one refused gets a
 * message for staff beside it (errors, field => message). Nothing is coerced: an amount such as
 * "$1,000" or "12.505", a day such as 31 February or tomorrow, an email without a domain are
 * refused, not guessed at. A form with any error writes nothing.
 */
final class OfflineGiftForm {

	/**
	 * The earliest day a gift may be recorded as received: older is a typing mistake.
	 */
	private const EARLIEST_DAY = '2000-01-01';

	private const CONTROL_PATTERN = '/[\p{Cc}\p{Cf}]/u';

	/**
	 * Field => why it was refused.
	 *
	 * @var array<string, string>
	 */
	public array $errors = array();

	/**
	 * Field => the text as entered (trimmed), to show the form again.
	 *
	 * @var array<string, string>
	 */
	public array $values = array();

	/**
	 * OfflineGiftKind method.
	 *
	 * @var string
	 */
	public string $kind = '';

	/**
	 * The day received, Y-m-d in the site's time zone.
	 *
	 * @var string
	 */
	public string $received_day = '';

	/**
	 * The gift in cents.
	 *
	 * @var int
	 */
	public int $amount_cents = 0;

	/**
	 * The form's text fields.
	 */
	private const TEXT_FIELDS = array(
		'first_name'        => 50,
		'last_name'         => 50,
		'organisation_name' => 160,
		'email'             => 100,
		'address_line1'     => 100,
		'address_line2'     => 100,
		'city'              => 80,
		'state'             => 50,
		'postcode'          => 20,
		'country'           => 80,
		'reference'         => 64,
		'iteration_id'      => 64,
	);

	/**
	 * The most characters of a note.
	 */
	public const NOTE_LENGTH = 2000;

	/**
	 * Checks a submitted form.
	 *
	 * @param array<mixed> $input The request's fields, unslashed.
	 */
	public static function from_input( array $input ): self {
		$form = new self();
		$form->read( $input );
		return $form;
	}

	/**
	 * Whether every field passed.
	 */
	public function is_valid(): bool {
		return array() === $this->errors;
	}

	/**
	 * A field's checked value ('' when empty or refused).
	 *
	 * @param string $field Field name.
	 */
	public function value( string $field ): string {
		return isset( $this->errors[ $field ] ) ? '' : ( $this->values[ $field ] ?? '' );
	}

	/**
	 * Whether the gift is an organisation's.
	 */
	public function is_organisation(): bool {
		return 'organisation' === ( $this->values['donate_as'] ?? '' );
	}

	/**
	 * The day received as UTC, MySQL format: the start of that day in the site's time zone.
	 */
	public function received_at_utc(): string {
		$day = \DateTimeImmutable::createFromFormat( '!Y-m-d', $this->received_day, wp_timezone() );
		return false === $day ? '' : $day->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' );
	}

	/**
	 * The donation row's columns of a checked form (one-off, no cover, AUD).
	 *
	 * @return array<string, string|int>
	 */
	public function donation_columns(): array {
		return array(
			'frequency'    => DonationForm::FREQUENCY_ONE_OFF,
			'currency'     => DonationForm::CURRENCY,
			'amount_cents' => $this->amount_cents,
			'cover_cents'  => 0,
			'total_cents'  => $this->amount_cents,
			'method'       => $this->kind,
			'iteration_id' => $this->value( 'iteration_id' ),
			'email'        => strtolower( $this->value( 'email' ) ),
		) + $this->donor_columns() + array( 'donate_as' => $this->is_organisation() ? 'organisation' : 'individual' );
	}

	/**
	 * The donor's name and address, which may be corrected in place.
	 *
	 * @return array<string, string>
	 */
	public function donor_columns(): array {
		$columns = array();
		foreach ( array( 'first_name', 'last_name', 'organisation_name', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country' ) as $field ) {
			$columns[ $field ] = $this->value( $field );
		}
		if ( ! $this->is_organisation() ) {
			$columns['organisation_name'] = '';
		}
		return $columns;
	}

	/**
	 * Reads and checks every field.
	 *
	 * @param array<mixed> $input The request's fields, unslashed.
	 */
	private function read( array $input ): void {
		foreach ( self::TEXT_FIELDS as $field => $most ) {
			$this->text( $input, $field, $most );
		}
		$this->note( $input );

		$kind                 = $this->scalar( $input, 'kind' );
		$this->values['kind'] = $kind;
		if ( ! OfflineGiftKind::is_offline( $kind ) ) {
			$this->errors['kind'] = __( 'Choose how the gift was received: cheque, bank transfer or cash.', 'donation-widget' );
		}
		$this->kind = $kind;

		$donate_as                 = $this->scalar( $input, 'donate_as' );
		$this->values['donate_as'] = $donate_as;
		if ( ! in_array( $donate_as, array( 'individual', 'organisation' ), true ) ) {
			$this->errors['donate_as'] = __( 'Choose whether the gift is from a person or an organisation.', 'donation-widget' );
		}

		$amount                 = $input['amount'] ?? '';
		$this->values['amount'] = is_string( $amount ) ? trim( $amount ) : '';
		$cents                  = Money::parse_dollars( $amount );
		if ( null === $cents ) {
			$this->errors['amount'] = __( 'Enter the amount in dollars and cents as digits, such as 150 or 150.50, with no $ sign, commas or spaces, more than zero.', 'donation-widget' );
		}
		$this->amount_cents = (int) $cents;

		$this->received( $input );
		$this->donor();
	}

	/**
	 * The day received: in the site's date format (or as 2026-12-07), a real day, not in the
	 * future (the site's today).
	 *
	 * @param array<mixed> $input The request's fields.
	 */
	private function received( array $input ): void {
		$typed                    = $this->scalar( $input, 'received' );
		$this->values['received'] = $typed;
		$format                   = (string) get_option( 'date_format', 'j F Y' );
		/* translators: %s: today's date in the site's date format. */
		$example = sprintf( __( 'such as %s', 'donation-widget' ), (string) wp_date( $format ) );
		if ( '' === $typed ) {
			/* translators: %s: an example, such as "such as 7 December 2026". */
			$this->errors['received'] = sprintf( __( 'Enter the day the gift was received, %s.', 'donation-widget' ), $example );
			return;
		}
		$day = self::parse_day( $typed, $format ) ?? self::parse_day( $typed, 'Y-m-d' );
		if ( null === $day ) {
			/* translators: %s: an example, such as "such as 7 December 2026". */
			$this->errors['received'] = sprintf( __( 'This is not a day of the calendar: enter the date as the site writes dates, %s.', 'donation-widget' ), $example );
			return;
		}
		if ( $day > (string) wp_date( 'Y-m-d' ) ) {
			$this->errors['received'] = __( 'This day is in the future: record a gift once it has been received.', 'donation-widget' );
			return;
		}
		if ( $day < self::EARLIEST_DAY ) {
			$this->errors['received'] = __( 'This day is before the year 2000: check the year.', 'donation-widget' );
			return;
		}
		$this->received_day = $day;
	}

	/**
	 * A typed day in one format as Y-m-d, or null when it is not exactly a day of the calendar
	 * in that format (31 February, a time, text after it).
	 *
	 * @param string $typed  What was typed.
	 * @param string $format PHP date format.
	 */
	private static function parse_day( string $typed, string $format ): ?string {
		$day    = \DateTimeImmutable::createFromFormat( '!' . $format, self::english_months( $typed ), wp_timezone() );
		$errors = \DateTimeImmutable::getLastErrors();
		if ( false === $day || ( is_array( $errors ) && ( $errors['warning_count'] > 0 || $errors['error_count'] > 0 ) ) ) {
			return null;
		}
		return $day->format( 'Y-m-d' );
	}

	/**
	 * A typed date with the site language's month and weekday names as PHP reads them (English):
	 * the form shows dates as wp_date() writes them, in the site's language.
	 *
	 * @param string $typed What was typed.
	 */
	private static function english_months( string $typed ): string {
		global $wp_locale;
		if ( ! $wp_locale instanceof \WP_Locale ) {
			return $typed;
		}
		$names = array();
		for ( $month = 1; $month <= 12; $month++ ) {
			$number                                    = str_pad( (string) $month, 2, '0', STR_PAD_LEFT );
			$time                                      = (int) gmmktime( 0, 0, 0, $month, 1, 2001 );
			$names[ $wp_locale->get_month( $number ) ] = gmdate( 'F', $time );
			$names[ $wp_locale->get_month_abbrev( $wp_locale->get_month( $number ) ) ] = gmdate( 'M', $time );
		}
		for ( $weekday = 0; $weekday < 7; $weekday++ ) {
			$time = (int) gmmktime( 0, 0, 0, 1, 7 + $weekday, 2001 );
			$names[ $wp_locale->get_weekday( $weekday ) ]                                   = gmdate( 'l', $time );
			$names[ $wp_locale->get_weekday_abbrev( $wp_locale->get_weekday( $weekday ) ) ] = gmdate( 'D', $time );
		}
		// Longest first, so "June" is not read as "Jun" + "e".
		uksort( $names, static fn ( string $a, string $b ): int => mb_strlen( $b ) <=> mb_strlen( $a ) );
		return strtr( $typed, array_filter( $names, static fn ( string $english, string $local ): bool => '' !== $local && $english !== $local, ARRAY_FILTER_USE_BOTH ) );
	}

	/**
	 * Who gave: a person's first and last name, or an organisation's name; an email only if
	 * valid (without one, the receipt is printed for the post).
	 */
	private function donor(): void {
		if ( isset( $this->errors['donate_as'] ) ) {
			return;
		}
		$name = "/^[\\p{L}\\p{M} '\u{2019}&.-]*$/u";
		foreach ( array( 'first_name', 'last_name' ) as $field ) {
			if ( ! isset( $this->errors[ $field ] ) && 1 !== preg_match( $name, $this->values[ $field ] ) ) {
				$this->errors[ $field ] = __( 'Please use only letters, spaces, apostrophes, full stops and hyphens.', 'donation-widget' );
			}
		}
		if ( $this->is_organisation() ) {
			if ( '' === $this->value( 'organisation_name' ) && ! isset( $this->errors['organisation_name'] ) ) {
				$this->errors['organisation_name'] = __( 'Enter the organisation\'s name: the receipt is made out to it.', 'donation-widget' );
			}
		} else {
			if ( '' === $this->value( 'first_name' ) && ! isset( $this->errors['first_name'] ) ) {
				$this->errors['first_name'] = __( 'Enter the donor\'s first name: the receipt is made out to them.', 'donation-widget' );
			}
			if ( '' === $this->value( 'last_name' ) && ! isset( $this->errors['last_name'] ) ) {
				$this->errors['last_name'] = __( 'Enter the donor\'s last name: the receipt is made out to them.', 'donation-widget' );
			}
		}
		$email = $this->value( 'email' );
		if ( '' !== $email && false === is_email( $email ) ) {
			$this->errors['email'] = __( 'Enter a whole email address, such as name@example.org, or leave it empty to print the receipt for the post.', 'donation-widget' );
		}
		if ( ! isset( $this->errors['postcode'] ) && 1 !== preg_match( '/^[0-9A-Za-z -]*$/D', $this->values['postcode'] ) ) {
			$this->errors['postcode'] = __( 'Please use only digits and letters in the postcode.', 'donation-widget' );
		}
		if ( ! isset( $this->errors['iteration_id'] ) && 1 !== preg_match( '/^[A-Za-z0-9._:-]*$/D', $this->values['iteration_id'] ) ) {
			$this->errors['iteration_id'] = __( 'A campaign id holds only letters, digits, full stops, colons, hyphens and underscores.', 'donation-widget' );
		}
	}

	/**
	 * A one-line text field: text, no control characters, at most $most characters.
	 *
	 * @param array<mixed> $input The request's fields.
	 * @param string       $field Field name.
	 * @param int          $most  Most characters.
	 */
	private function text( array $input, string $field, int $most ): void {
		$value = $input[ $field ] ?? '';
		if ( ! is_string( $value ) ) {
			$this->values[ $field ] = '';
			$this->errors[ $field ] = __( 'This field must be text.', 'donation-widget' );
			return;
		}
		$value                  = trim( $value );
		$this->values[ $field ] = $value;
		if ( 1 === preg_match( self::CONTROL_PATTERN, $value ) || ! mb_check_encoding( $value, 'UTF-8' ) ) {
			$this->errors[ $field ] = __( 'This field contains characters we cannot accept (such as a tab or a line break).', 'donation-widget' );
		} elseif ( mb_strlen( $value ) > $most ) {
			/* translators: %d: the most characters allowed. */
			$this->errors[ $field ] = sprintf( __( 'Please use at most %d characters.', 'donation-widget' ), $most );
		}
	}

	/**
	 * The note: several lines allowed, no other control characters.
	 *
	 * @param array<mixed> $input The request's fields.
	 */
	private function note( array $input ): void {
		$value = $input['note'] ?? '';
		if ( ! is_string( $value ) ) {
			$this->values['note'] = '';
			$this->errors['note'] = __( 'This field must be text.', 'donation-widget' );
			return;
		}
		$value                = trim( str_replace( "\r\n", "\n", $value ) );
		$this->values['note'] = $value;
		if ( 1 === preg_match( '/[^\P{Cc}\n]|\p{Cf}/u', $value ) || ! mb_check_encoding( $value, 'UTF-8' ) ) {
			$this->errors['note'] = __( 'This field contains characters we cannot accept (such as a tab).', 'donation-widget' );
		} elseif ( mb_strlen( $value ) > self::NOTE_LENGTH ) {
			/* translators: %d: the most characters allowed. */
			$this->errors['note'] = sprintf( __( 'Please use at most %d characters.', 'donation-widget' ), self::NOTE_LENGTH );
		}
	}

	/**
	 * A choice or short text as sent ('' when missing or not text).
	 *
	 * @param array<mixed> $input The request's fields.
	 * @param string       $field Field name.
	 */
	private function scalar( array $input, string $field ): string {
		$value = $input[ $field ] ?? '';
		return is_string( $value ) ? trim( $value ) : '';
	}
}
