<?php
/**
 * The donor's form, as the server accepts it (docs/widget-contract.md#34-formdata-sent-to-the-server and docs/widget-contract.md#5-validation-rules).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Parses and checks the widget's formData JSON again on the server: the browser's own checks
 * are a convenience for the donor, never a guarantee.
 *
 * The formData carries the total only (gift plus the optional help cover), and a total cannot be
 * split back into the two (a $52.50 total is either $50 plus cover or a $52.50 gift). So the
 * widget sends the cover in its own POST field beside formData (coverAmount, "0" or absent
 * without cover); the server works the cover out again from the gift and refuses a call whose
 * cover or total does not add up.
 */
final class DonationForm {

	public const FREQUENCY_FOUR_WEEKLY = '4weekly';

	public const FREQUENCY_ONE_OFF = 'Oneoff';

	public const CURRENCY = 'AUD';

	/**
	 * The smallest donation (docs/widget-contract.md#9-business-constants-and-limits): $5.
	 */
	public const MIN_TOTAL_CENTS = 500;

	/**
	 * The largest custom amount (docs/widget-contract.md#9-business-constants-and-limits).
	 */
	public const MAX_AMOUNT_CENTS = 99999999;

	/**
	 * The largest total, cover included: the cover never takes a gift past $999,999.99
	 * (HelpCover::cents_for() shrinks it to the room left).
	 */
	public const MAX_TOTAL_CENTS = HelpCover::MAX_TOTAL_CENTS;

	/**
	 * Longest formData accepted, in bytes; the real one is well under 2 KB.
	 */
	public const MAX_JSON_BYTES = 16384;

	private const NAME_PATTERN         = "/^[\\p{L}\\p{M} '\u{2019}&-]*$/u";
	private const ORGANISATION_PATTERN = "/^[\\p{L}\\p{M}0-9 '\u{2019}&-]*$/u";
	// Street and place names also allow a full stop: verified addresses ("St. Kilda Rd") are
	// filled in from the address service, not typed through the widget's character filter.
	private const STREET_PATTERN  = "/^[\\p{L}\\p{M}0-9 '\u{2019},&\\/.-]*$/u";
	private const PLACE_PATTERN   = "/^[\\p{L}\\p{M} '\u{2019}&.-]*$/u";
	private const EMAIL_PATTERN   = '/^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i';
	private const POSTCODE_REGEX  = '/^[0-9]*$/D';
	private const MOBILE_PATTERN  = '/^[0-9]{10}$/D';
	private const AMOUNT_PATTERN  = '/^[0-9]{1,9}(\.[0-9]{1,2})?$/D';
	private const CONTROL_PATTERN = '/[\p{Cc}\p{Cf}]/u';

	/**
	 * Fields that failed, while parsing.
	 *
	 * @var array<string, string>
	 */
	private array $errors = array();

	/**
	 * Email address.
	 *
	 * @var string
	 */
	public readonly string $email;

	/**
	 * First name.
	 *
	 * @var string
	 */
	public readonly string $first_name;

	/**
	 * Last name.
	 *
	 * @var string
	 */
	public readonly string $last_name;

	/**
	 * Mobile: empty or 10 digits.
	 *
	 * @var string
	 */
	public readonly string $mobile;

	/**
	 * Street, first line.
	 *
	 * @var string
	 */
	public readonly string $address_line1;

	/**
	 * Street, second line.
	 *
	 * @var string
	 */
	public readonly string $address_line2;

	/**
	 * City or suburb.
	 *
	 * @var string
	 */
	public readonly string $city;

	/**
	 * State.
	 *
	 * @var string
	 */
	public readonly string $state;

	/**
	 * Postcode.
	 *
	 * @var string
	 */
	public readonly string $postcode;

	/**
	 * Country.
	 *
	 * @var string
	 */
	public readonly string $country;

	/**
	 * Amount plus help cover, in cents.
	 *
	 * @var int
	 */
	public readonly int $total_cents;

	/**
	 * The gift without the cover, in cents.
	 *
	 * @var int
	 */
	public readonly int $amount_cents;

	/**
	 * The fundraising cost cover, in cents (0 when not ticked).
	 *
	 * @var int
	 */
	public readonly int $cover_cents;

	/**
	 * Always AUD.
	 *
	 * @var string
	 */
	public readonly string $currency;

	/**
	 * FREQUENCY_FOUR_WEEKLY or FREQUENCY_ONE_OFF.
	 *
	 * @var string
	 */
	public readonly string $frequency;

	/**
	 * Campaign tracking: utm_campaign, utm_source, utm_medium, utm_content, utm_term.
	 *
	 * @var array{utm_campaign: string, utm_source: string, utm_medium: string, utm_content: string, utm_term: string}
	 */
	public readonly array $utm;

	/**
	 * "In honour of".
	 *
	 * @var string
	 */
	public readonly string $in_memory_of;

	/**
	 * Organisation name; empty for individuals.
	 *
	 * @var string
	 */
	public readonly string $organisation_name;

	/**
	 * Campaign iteration id.
	 *
	 * @var string
	 */
	public readonly string $iteration_id;

	/**
	 * Parses the widget's formData and the cover sent beside it.
	 *
	 * @param mixed $raw   The formData POST field.
	 * @param mixed $cover The coverAmount POST field: dollars such as "1.75"; "0", "" or null for none.
	 * @throws InvalidDonationRequest Naming every field that failed.
	 */
	public static function from_json( mixed $raw, mixed $cover = null ): self {
		if ( ! is_string( $raw ) || '' === trim( $raw ) ) {
			throw new InvalidDonationRequest( array( 'formData' => esc_html__( 'The donation details are missing. Please reload the page and try again.', 'donation-widget' ) ) );
		}
		if ( strlen( $raw ) > self::MAX_JSON_BYTES ) {
			throw new InvalidDonationRequest( array( 'formData' => esc_html__( 'The donation details are too long.', 'donation-widget' ) ) );
		}
		if ( ! mb_check_encoding( $raw, 'UTF-8' ) ) {
			throw new InvalidDonationRequest( array( 'formData' => esc_html__( 'The donation details contain characters we cannot read. Please type them again.', 'donation-widget' ) ) );
		}
		try {
			$data = json_decode( $raw, true, 8, JSON_THROW_ON_ERROR );
		} catch ( \JsonException $error ) {
			$data = null;
		}
		if ( ! is_array( $data ) || array_is_list( $data ) ) {
			throw new InvalidDonationRequest( array( 'formData' => esc_html__( 'The donation details could not be read. Please reload the page and try again.', 'donation-widget' ) ) );
		}
		return new self( $data, $cover );
	}

	/**
	 * Checks every field; the constructor of a form that passed.
	 *
	 * @param array<mixed> $data  Decoded formData.
	 * @param mixed        $cover The coverAmount POST field.
	 * @throws InvalidDonationRequest Naming every field that failed.
	 */
	private function __construct( array $data, mixed $cover ) {
		$required    = __( 'This field is required', 'donation-widget' );
		$name_chars  = __( 'Please use only letters, spaces, apostrophes, ampersands (&) and hyphens.', 'donation-widget' );
		$place_chars = __( 'Please use only letters, spaces, full stops, apostrophes, ampersands (&) and hyphens.', 'donation-widget' );

		$this->first_name        = $this->text( $data, 'firstName', 50, self::NAME_PATTERN, $name_chars, $required );
		$this->last_name         = $this->text( $data, 'lastName', 50, self::NAME_PATTERN, $name_chars, $required );
		$this->email             = $this->text( $data, 'email', 100, self::EMAIL_PATTERN, __( 'Invalid email address', 'donation-widget' ), $required );
		$this->mobile            = $this->text( $data, 'mobile', 10, self::MOBILE_PATTERN, __( 'Mobile number must be exactly 10 digits!', 'donation-widget' ) );
		$this->organisation_name = $this->text( $data, 'organisationName', 160, self::ORGANISATION_PATTERN, __( 'Please use only letters, digits, spaces, apostrophes, ampersands (&) and hyphens.', 'donation-widget' ) );
		$this->in_memory_of      = $this->text( $data, 'inMemoryOf', 100, self::NAME_PATTERN, $name_chars );
		$this->iteration_id      = $this->plain_text( $data, 'iteration_id', 64 );

		$utm = array();
		foreach ( array( 'utm_campaign', 'utm_source', 'utm_medium', 'utm_content', 'utm_term' ) as $key ) {
			$utm[ $key ] = $this->plain_text( $data, $key, 191 );
		}
		$this->utm = $utm;

		// A missing or null address is an empty one (the widget may hide the address fields).
		$address = $data['address'] ?? array();
		if ( ! is_array( $address ) || ( array() !== $address && array_is_list( $address ) ) ) {
			$this->errors['formData.address'] = __( 'The address could not be read.', 'donation-widget' );
			$address                          = array();
		}
		$street_chars        = __( 'Please use only letters, digits, spaces and , . / \' & -', 'donation-widget' );
		$this->address_line1 = $this->text( $address, 'addressLine1', 100, self::STREET_PATTERN, $street_chars, null, 'formData.address.' );
		$this->address_line2 = $this->text( $address, 'addressLine2', 100, self::STREET_PATTERN, $street_chars, null, 'formData.address.' );
		$this->city          = $this->text( $address, 'city', 80, self::PLACE_PATTERN, $place_chars, null, 'formData.address.' );
		$this->state         = $this->text( $address, 'state', 50, self::PLACE_PATTERN, $place_chars, null, 'formData.address.' );
		$this->postcode      = $this->text( $address, 'postalCode', 20, self::POSTCODE_REGEX, __( 'A postcode has digits only.', 'donation-widget' ), null, 'formData.address.' );
		$this->country       = $this->text( $address, 'country', 80, self::PLACE_PATTERN, $place_chars, null, 'formData.address.' );

		// The total is at most $999,999.99 (total()), so the gift within it is too.
		$this->total_cents  = $this->total( $data['totalAmount'] ?? null );
		$this->cover_cents  = $this->cover( $cover, $this->total_cents );
		$this->amount_cents = $this->total_cents - $this->cover_cents;

		$currency = $data['currency'] ?? '';
		if ( ! is_string( $currency ) || self::CURRENCY !== strtoupper( trim( $currency ) ) ) {
			$this->errors['formData.currency'] = __( 'Donations are taken in Australian dollars (AUD) only.', 'donation-widget' );
		}
		$this->currency = self::CURRENCY;

		$frequency = $data['frequency'] ?? '';
		if ( self::FREQUENCY_FOUR_WEEKLY !== $frequency && self::FREQUENCY_ONE_OFF !== $frequency ) {
			$this->errors['formData.frequency'] = __( 'Please choose "Every 4 weeks" or "Once only".', 'donation-widget' );
			$frequency                          = self::FREQUENCY_ONE_OFF;
		}
		$this->frequency = $frequency;

		if ( array() !== $this->errors ) {
			throw new InvalidDonationRequest( array_map( 'esc_html', $this->errors ) );
		}
	}

	/**
	 * Whether the donation repeats every 4 weeks.
	 */
	public function is_four_weekly(): bool {
		return self::FREQUENCY_FOUR_WEEKLY === $this->frequency;
	}

	/**
	 * First and last name.
	 */
	public function full_name(): string {
		return trim( $this->first_name . ' ' . $this->last_name );
	}

	/**
	 * The total in dollars with two decimals, such as "52.50".
	 */
	public function total_dollars(): string {
		return Money::dollars( $this->total_cents );
	}

	/**
	 * Columns of a donation row (without status, provider or references).
	 *
	 * @return array<string, string|int>
	 */
	public function columns(): array {
		return array(
			'frequency'         => $this->frequency,
			'currency'          => $this->currency,
			'amount_cents'      => $this->amount_cents,
			'cover_cents'       => $this->cover_cents,
			'total_cents'       => $this->total_cents,
			// formData has no donateAs: a donation with an organisation name is the organisation's.
			'donate_as'         => '' === $this->organisation_name ? 'individual' : 'organisation',
			'organisation_name' => $this->organisation_name,
			'first_name'        => $this->first_name,
			'last_name'         => $this->last_name,
			'email'             => $this->email,
			'mobile'            => $this->mobile,
			'address_line1'     => $this->address_line1,
			'address_line2'     => $this->address_line2,
			'city'              => $this->city,
			'state'             => $this->state,
			'postcode'          => $this->postcode,
			'country'           => $this->country,
			'in_memory_of'      => $this->in_memory_of,
			'iteration_id'      => $this->iteration_id,
		) + $this->utm;
	}

	/**
	 * Reads one text field: checks type, control characters, length and characters.
	 *
	 * @param array<mixed> $data          Where the field is.
	 * @param string       $key           Field name.
	 * @param int          $max           Most characters.
	 * @param string|null  $pattern       Characters allowed (whole-string regex), or null.
	 * @param string       $pattern_error Message when the pattern fails.
	 * @param string|null  $required      Message when empty, or null when optional.
	 * @param string       $prefix        Path prefix, for the error's field name.
	 */
	private function text( array $data, string $key, int $max, ?string $pattern, string $pattern_error, ?string $required = null, string $prefix = 'formData.' ): string {
		$path  = $prefix . $key;
		$value = $data[ $key ] ?? '';
		if ( is_int( $value ) ) {
			$value = (string) $value;
		}
		if ( ! is_string( $value ) ) {
			$this->errors[ $path ] = __( 'This field must be text.', 'donation-widget' );
			return '';
		}
		$value = trim( $value );
		if ( '' === $value ) {
			if ( null !== $required ) {
				$this->errors[ $path ] = $required;
			}
			return '';
		}
		if ( preg_match( self::CONTROL_PATTERN, $value ) ) {
			$this->errors[ $path ] = __( 'This field contains characters we cannot accept.', 'donation-widget' );
			return '';
		}
		if ( mb_strlen( $value ) > $max ) {
			/* translators: %d: the maximum number of characters. */
			$this->errors[ $path ] = sprintf( __( 'Please use at most %d characters.', 'donation-widget' ), $max );
			return '';
		}
		if ( null !== $pattern && ! preg_match( $pattern, $value ) ) {
			$this->errors[ $path ] = $pattern_error;
			return '';
		}
		return $value;
	}

	/**
	 * Reads a tracking field: any printable text without markup.
	 *
	 * @param array<mixed> $data Where the field is.
	 * @param string       $key  Field name.
	 * @param int          $max  Most characters.
	 */
	private function plain_text( array $data, string $key, int $max ): string {
		return $this->text( $data, $key, $max, '/^[^<>]*$/u', __( 'This field cannot contain < or >.', 'donation-widget' ) );
	}

	/**
	 * Reads totalAmount: a number or a numeric string, at most 2 decimals, within the limits.
	 *
	 * @param mixed $value The totalAmount field.
	 * @return int Cents (0 when invalid; the error is recorded).
	 */
	private function total( mixed $value ): int {
		$path = 'formData.totalAmount';
		if ( is_int( $value ) ) {
			$value = (string) $value;
		} elseif ( is_float( $value ) && is_finite( $value ) ) {
			// JSON numbers arrive as floats: print enough digits to see a third decimal.
			$value = rtrim( rtrim( sprintf( '%.6F', $value ), '0' ), '.' );
		}
		if ( ! is_string( $value ) || '' === trim( $value ) ) {
			$this->errors[ $path ] = __( 'Please choose or enter a donation amount greater than $5', 'donation-widget' );
			return 0;
		}
		$value = trim( $value );
		if ( ! preg_match( self::AMOUNT_PATTERN, $value ) ) {
			$this->errors[ $path ] = __( 'Please enter a valid number', 'donation-widget' );
			return 0;
		}
		$cents = Money::cents( $value );
		if ( $cents < self::MIN_TOTAL_CENTS ) {
			$this->errors[ $path ] = __( 'Please choose or enter a donation amount greater than $5', 'donation-widget' );
			return 0;
		}
		if ( $cents > self::MAX_TOTAL_CENTS ) {
			$this->errors[ $path ] = __( 'Please choose or enter a donation amount less than $999,999.99', 'donation-widget' );
			return 0;
		}
		return $cents;
	}

	/**
	 * Reads coverAmount and checks it against the gift it implies: the gift is the total less
	 * the cover, and the cover must be exactly HelpCover::cents_for() of that gift, so
	 * totalAmount = gift + cover holds to the cent and the gift keeps docs/widget-contract.md#9-business-constants-and-limits's limits.
	 *
	 * @param mixed $value       The coverAmount field.
	 * @param int   $total_cents The checked total (0 when it failed).
	 * @return int Cents (0 when none or invalid; the error is recorded).
	 */
	private function cover( mixed $value, int $total_cents ): int {
		$path = 'coverAmount';
		if ( null === $value || '' === $value ) {
			$value = '0';
		}
		if ( is_int( $value ) ) {
			$value = (string) $value;
		}
		if ( ! is_string( $value ) || ! preg_match( self::AMOUNT_PATTERN, trim( $value ) ) ) {
			$this->errors[ $path ] = __( 'The fundraising cost cover could not be read. Please reload the page and try again.', 'donation-widget' );
			return 0;
		}
		$cents = Money::cents( trim( $value ) );
		if ( 0 === $cents || 0 === $total_cents ) {
			return 0;
		}
		$amount = $total_cents - $cents;
		if ( $amount < self::MIN_TOTAL_CENTS ) {
			$this->errors['formData.totalAmount'] = __( 'Please choose or enter a donation amount greater than $5', 'donation-widget' );
			return 0;
		}
		if ( HelpCover::cents_for( $amount ) !== $cents ) {
			$this->errors[ $path ] = __( 'The fundraising cost cover does not match the donation amount. Please reload the page and try again.', 'donation-widget' );
			return 0;
		}
		return $cents;
	}
}
