<?php
/**
 * The server's own check of the widget's formData (docs/widget-contract.md#34-formdata-sent-to-the-server and docs/widget-contract.md#5-validation-rules).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Donations;

use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Donations\Money;
use PHPUnit\Framework\TestCase;

final class DonationFormTest extends TestCase {

	private const VALID = array(
		'email'            => 'jane@example.org.au',
		'firstName'        => 'Jane',
		'lastName'         => 'Citizen',
		'mobile'           => '',
		'address'          => array(
			'addressLine1' => '',
			'addressLine2' => '',
			'city'         => '',
			'state'        => '',
			'postalCode'   => '',
			'country'      => 'Australia',
		),
		'totalAmount'      => '50',
		'currency'         => 'AUD',
		'frequency'        => '4weekly',
		'utm_campaign'     => '',
		'utm_source'       => '',
		'utm_medium'       => '',
		'utm_content'      => '',
		'utm_term'         => '',
		'inMemoryOf'       => '',
		'organisationName' => '',
		'iteration_id'     => '',
	);

	private static function json( array $overrides = array(), array $address = array() ): string {
		$form            = array_merge( self::VALID, $overrides );
		$form['address'] = array_merge( self::VALID['address'], $address );
		return (string) json_encode( $form );
	}

	private function refusal( string $json ): InvalidDonationRequest {
		try {
			DonationForm::from_json( $json );
		} catch ( InvalidDonationRequest $error ) {
			return $error;
		}
		$this->fail( 'The form was accepted.' );
	}

	public function test_a_complete_form_is_read_into_columns(): void {
		$form = DonationForm::from_json(
			self::json(
				array(
					'mobile'           => '0412345678',
					'totalAmount'      => '52.50',
					'utm_campaign'     => 'Winter appeal 2026',
					'inMemoryOf'       => 'Nan O’Hara',
					'organisationName' => '7-Eleven Staff & Friends',
					'iteration_id'     => 'APPEAL-2026',
				),
				array(
					'addressLine1' => 'Unit 3/12 St. Kilda Rd, Level 2',
					'city'         => 'St. Kilda',
					'state'        => 'VIC',
					'postalCode'   => '3182',
				)
			)
		);

		$this->assertSame( 5250, $form->total_cents );
		$this->assertSame( '52.50', $form->total_dollars() );
		$this->assertTrue( $form->is_four_weekly() );
		$this->assertSame( 'Jane Citizen', $form->full_name() );
		$columns = $form->columns();
		$this->assertSame( 'organisation', $columns['donate_as'] );
		$this->assertSame( 5250, $columns['amount_cents'] );
		$this->assertSame( 0, $columns['cover_cents'] );
		$this->assertSame( 'Winter appeal 2026', $columns['utm_campaign'] );
		$this->assertSame( '3182', $columns['postcode'] );
	}

	/**
	 * @return array<string, array{0: mixed, 1: int, 2?: string}>
	 */
	public static function totals(): array {
		return array(
			'whole dollars as text'   => array( '25', 2500 ),
			'one decimal'             => array( '52.5', 5250 ),
			'JSON number'             => array( 52.5, 5250 ),
			'JSON integer'            => array( 20, 2000 ),
			'float that prints oddly' => array( 19.99, 1999 ),
			'minimum'                 => array( '5', 500 ),
			'largest custom amount'   => array( '999999.99', 99999999 ),
			'largest total, cover in' => array( '999999.99', 99999999, '9.99' ),
			'surrounding spaces'      => array( ' 30.00 ', 3000 ),
		);
	}

	/**
	 * @dataProvider totals
	 */
	public function test_total_amount_is_read_in_cents_without_floating_point( $total, int $cents, string $cover = '0' ): void {
		$this->assertSame( $cents, DonationForm::from_json( self::json( array( 'totalAmount' => $total ) ), $cover )->total_cents );
	}

	public function test_the_total_splits_into_gift_and_cover(): void {
		$form = DonationForm::from_json( self::json( array( 'totalAmount' => 36.75 ) ), '1.75' );
		$this->assertSame( array( 3500, 175, 3675 ), array( $form->amount_cents, $form->cover_cents, $form->total_cents ) );
		$columns = $form->columns();
		$this->assertSame( array( 3500, 175, 3675 ), array( $columns['amount_cents'], $columns['cover_cents'], $columns['total_cents'] ) );

		$plain = DonationForm::from_json( self::json( array( 'totalAmount' => '35' ) ) );
		$this->assertSame( array( 3500, 0, 3500 ), array( $plain->amount_cents, $plain->cover_cents, $plain->total_cents ) );
	}

	public function test_no_total_passes_the_maximum_not_even_with_the_cover(): void {
		foreach ( array( '0', '20.00' ) as $cover ) {
			try {
				DonationForm::from_json( self::json( array( 'totalAmount' => '1000019.99' ) ), $cover );
				$this->fail( "A \$1,000,019.99 total with cover {$cover} was accepted." );
			} catch ( InvalidDonationRequest $error ) {
				$this->assertSame( 'Please choose or enter a donation amount less than $999,999.99', $error->errors['formData.totalAmount'] );
			}
		}
	}

	/**
	 * @return array<string, array{string, string, int}>
	 */
	public static function covers_near_the_maximum(): array {
		return array(
			'full $20 still fits'     => array( '999999.99', '20.00', 99997999 ),
			'shrunk to the room left' => array( '999999.99', '9.99', 99999000 ),
			'a cent of room'          => array( '999999.99', '0.01', 99999998 ),
			'far below: 5 % of $100'  => array( '105.00', '5.00', 10000 ),
		);
	}

	/**
	 * A gift near the maximum keeps its amount; the cover takes only the room left under $999,999.99.
	 *
	 * @dataProvider covers_near_the_maximum
	 */
	public function test_the_cover_shrinks_to_the_room_under_the_maximum( string $total, string $cover, int $gift ): void {
		$form = DonationForm::from_json( self::json( array( 'totalAmount' => $total ) ), $cover );
		$this->assertSame( array( $gift, Money::cents( $cover ), Money::cents( $total ) ), array( $form->amount_cents, $form->cover_cents, $form->total_cents ) );
	}

	public function test_a_full_20_dollar_cover_on_a_gift_near_the_maximum_is_refused(): void {
		// $999,990 leaves $9.99 of room: the widget offers $9.99, so a claimed $20 does not add up.
		$this->expectException( InvalidDonationRequest::class );
		DonationForm::from_json( self::json( array( 'totalAmount' => '1000010.00' ) ), '20.00' );
	}

	public function test_names_may_use_any_alphabet(): void {
		$form = DonationForm::from_json(
			self::json(
				array(
					'firstName' => 'Zoë-Thảo',
					'lastName'  => 'Nguyễn & Müller',
				)
			)
		);
		$this->assertSame( 'Nguyễn & Müller', $form->last_name );
	}

	public function test_email_is_checked_case_insensitively_and_fields_may_be_absent(): void {
		$form = DonationForm::from_json( '{"email":"JANE@EXAMPLE.ORG.AU","firstName":"Jane","lastName":"Citizen","totalAmount":"10","currency":"aud","frequency":"Oneoff"}' );
		$this->assertSame( 'JANE@EXAMPLE.ORG.AU', $form->email );
		$this->assertSame( '', $form->city );
		$this->assertSame( 'AUD', $form->currency );
	}

	/**
	 * @return array<string, array{string, string}>
	 */
	public static function refused_forms(): array {
		$long = static fn ( int $length, string $char = 'a' ): string => str_repeat( $char, $length );
		return array(
			'first name missing'        => array( self::json( array( 'firstName' => '  ' ) ), 'formData.firstName' ),
			'first name of 51 letters'  => array( self::json( array( 'firstName' => $long( 51 ) ) ), 'formData.firstName' ),
			'first name with markup'    => array( self::json( array( 'firstName' => '<b>Jane</b>' ) ), 'formData.firstName' ),
			'first name with a NUL'     => array( self::json( array( 'firstName' => "Ja\u{0000}ne" ) ), 'formData.firstName' ),
			'last name with digits'     => array( self::json( array( 'lastName' => 'Citizen2' ) ), 'formData.lastName' ),
			'last name as a list'       => array( self::json( array( 'lastName' => array( 'Citizen' ) ) ), 'formData.lastName' ),
			'last name as true'         => array( self::json( array( 'lastName' => true ) ), 'formData.lastName' ),
			'email missing'             => array( self::json( array( 'email' => '' ) ), 'formData.email' ),
			'email with a 5-letter TLD' => array( self::json( array( 'email' => 'jane@example.codes' ) ), 'formData.email' ),
			'email with a 1-letter TLD' => array( self::json( array( 'email' => 'jane@example.c' ) ), 'formData.email' ),
			'email of 101 characters'   => array( self::json( array( 'email' => $long( 89 ) . '@example.com' ) ), 'formData.email' ),
			'mobile of 11 digits'       => array( self::json( array( 'mobile' => '04123456789' ) ), 'formData.mobile' ),
			'mobile with spaces'        => array( self::json( array( 'mobile' => '0412 345 678' ) ), 'formData.mobile' ),
			'mobile of 9 digits'        => array( self::json( array( 'mobile' => '041234567' ) ), 'formData.mobile' ),
			'organisation of 161'       => array( self::json( array( 'organisationName' => $long( 161 ) ) ), 'formData.organisationName' ),
			'organisation with markup'  => array( self::json( array( 'organisationName' => 'Acme <i>' ) ), 'formData.organisationName' ),
			'in memory with digits'     => array( self::json( array( 'inMemoryOf' => 'R2D2' ) ), 'formData.inMemoryOf' ),
			'in memory of 101'          => array( self::json( array( 'inMemoryOf' => $long( 101 ) ) ), 'formData.inMemoryOf' ),
			'address as text'           => array( str_replace( '"address":{', '"address":"1 Main St","x":{', self::json() ), 'formData.address' ),
			'address as a list'         => array( str_replace( '"address":{', '"address":["1 Main St"],"x":{', self::json() ), 'formData.address' ),
			'street with a hash'        => array( self::json( array(), array( 'addressLine1' => '#3 Main St' ) ), 'formData.address.addressLine1' ),
			'street of 101'             => array( self::json( array(), array( 'addressLine2' => $long( 101 ) ) ), 'formData.address.addressLine2' ),
			'city with digits'          => array( self::json( array(), array( 'city' => 'Sydney 2000' ) ), 'formData.address.city' ),
			'city of 81'                => array( self::json( array(), array( 'city' => $long( 81 ) ) ), 'formData.address.city' ),
			'state of 51'               => array( self::json( array(), array( 'state' => $long( 51 ) ) ), 'formData.address.state' ),
			'postcode with letters'     => array( self::json( array(), array( 'postalCode' => '2OOO' ) ), 'formData.address.postalCode' ),
			'postcode of 21 digits'     => array( self::json( array(), array( 'postalCode' => $long( 21, '1' ) ) ), 'formData.address.postalCode' ),
			'country of 81'             => array( self::json( array(), array( 'country' => $long( 81 ) ) ), 'formData.address.country' ),
			'utm of 192'                => array( self::json( array( 'utm_source' => $long( 192 ) ) ), 'formData.utm_source' ),
			'utm with markup'           => array( self::json( array( 'utm_term' => '<script>' ) ), 'formData.utm_term' ),
			'utm as an object'          => array( self::json( array( 'utm_medium' => array( 'a' => 'b' ) ) ), 'formData.utm_medium' ),
			'iteration id of 65'        => array( self::json( array( 'iteration_id' => $long( 65 ) ) ), 'formData.iteration_id' ),
			'total missing'             => array( self::json( array( 'totalAmount' => '' ) ), 'formData.totalAmount' ),
			'total below $5'            => array( self::json( array( 'totalAmount' => '4.99' ) ), 'formData.totalAmount' ),
			'total as JSON 4.99'        => array( self::json( array( 'totalAmount' => 4.99 ) ), 'formData.totalAmount' ),
			'total negative'            => array( self::json( array( 'totalAmount' => '-50' ) ), 'formData.totalAmount' ),
			'total with 3 decimals'     => array( self::json( array( 'totalAmount' => '5.001' ) ), 'formData.totalAmount' ),
			'total as JSON 3 decimals'  => array( self::json( array( 'totalAmount' => 10.125 ) ), 'formData.totalAmount' ),
			'total in exponent form'    => array( self::json( array( 'totalAmount' => '1e3' ) ), 'formData.totalAmount' ),
			'total with a comma'        => array( self::json( array( 'totalAmount' => '1,000' ) ), 'formData.totalAmount' ),
			'total with a dollar sign'  => array( self::json( array( 'totalAmount' => '$50' ) ), 'formData.totalAmount' ),
			'total above the maximum'   => array( self::json( array( 'totalAmount' => '1000020.00' ) ), 'formData.totalAmount' ),
			'total as true'             => array( self::json( array( 'totalAmount' => true ) ), 'formData.totalAmount' ),
			'total as a list'           => array( self::json( array( 'totalAmount' => array( 50 ) ) ), 'formData.totalAmount' ),
			'currency USD'              => array( self::json( array( 'currency' => 'USD' ) ), 'formData.currency' ),
			'currency missing'          => array( self::json( array( 'currency' => null ) ), 'formData.currency' ),
			'frequency of another case' => array( self::json( array( 'frequency' => '4Weekly' ) ), 'formData.frequency' ),
			'frequency monthly'         => array( self::json( array( 'frequency' => 'monthly' ) ), 'formData.frequency' ),
			'JSON list'                 => array( '[1,2,3]', 'formData' ),
			'JSON number'               => array( '50', 'formData' ),
			'truncated JSON'            => array( '{"email":"jane@example.org.au"', 'formData' ),
			'not UTF-8'                 => array( "{\"firstName\":\"\xff\"}", 'formData' ),
			'empty'                     => array( '', 'formData' ),
			'too long'                  => array( self::json( array( 'utm_content' => $long( 17000 ) ) ), 'formData' ),
		);
	}

	/**
	 * @dataProvider refused_forms
	 */
	public function test_a_form_failing_the_rules_names_the_field( string $json, string $field ): void {
		$error = $this->refusal( $json );
		$this->assertSame( $field, $error->field(), (string) wp_json_encode( $error->errors ) );
		$this->assertNotSame( '', $error->first_message() );
	}

	public function test_every_failing_field_is_reported_at_once(): void {
		$error = $this->refusal(
			self::json(
				array(
					'email'  => 'nope',
					'mobile' => '123',
				)
			)
		);
		$this->assertSame( array( 'formData.email', 'formData.mobile' ), array_keys( $error->errors ) );
		$this->assertSame( 'Invalid email address', $error->errors['formData.email'] );
		$this->assertSame( 'Mobile number must be exactly 10 digits!', $error->errors['formData.mobile'] );
	}

	public function test_the_spec_messages_are_used_for_amounts_and_required_fields(): void {
		$this->assertSame( 'Please choose or enter a donation amount greater than $5', $this->refusal( self::json( array( 'totalAmount' => '2' ) ) )->first_message() );
		$this->assertSame( 'Please choose or enter a donation amount less than $999,999.99', $this->refusal( self::json( array( 'totalAmount' => '2000000' ) ) )->first_message() );
		$this->assertSame( 'Please enter a valid number', $this->refusal( self::json( array( 'totalAmount' => 'abc' ) ) )->first_message() );
		$this->assertSame( 'This field is required', $this->refusal( self::json( array( 'lastName' => '' ) ) )->first_message() );
	}
}
