<?php
/**
 * The address calls, process_address_search and process_validate_address against the Experian stand-in.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\AddressLookup;

use DonationWidget\AddressLookup\AddressLookupController;
use DonationWidget\Tests\Integration\IntegrationTestCase;
use DonationWidget\Tests\Integration\StandIns;

final class AddressLookupTest extends IntegrationTestCase {

	protected function setUp(): void {
		parent::setUp();
		StandIns::reset();
		$this->set_settings( array( 'rate_limit_address' => 100 ) );
	}

	private function controller(): AddressLookupController {
		return $this->service( AddressLookupController::class );
	}

	private function first_key( string $text ): string {
		$result = $this->controller()->search( array( 'addressText' => $text ) );
		$this->assertTrue( $result->is_success() );
		return $result->data()['result']['suggestions'][0]['global_address_key'];
	}

	public function test_a_search_answers_suggestions_in_the_spec_shape(): void {
		$result = $this->controller()->search( array( 'addressText' => '1 Example St' ) );

		$this->assertSame( 200, $result->status );
		$this->assertTrue( $result->body['success'] );
		$suggestions = $result->body['data']['result']['suggestions'];
		$this->assertNotEmpty( $suggestions );
		$this->assertSame( array( 'text', 'global_address_key' ), array_keys( $suggestions[0] ) );
		$this->assertStringContainsString( 'Example Street', $suggestions[0]['text'] );
		$this->assertIsString( $result->body['data']['result']['confidence'] );
	}

	public function test_the_token_goes_to_experian_in_its_header_and_never_into_the_answer(): void {
		$result = $this->controller()->search( array( 'addressText' => 'Pitt Street' ) );

		$requests = StandIns::requests( 'experian' );
		$this->assertCount( 1, $requests );
		$this->assertSame( 'local-stand-in-token', $requests[0]['headers']['auth-token'] );
		$this->assertSame( 'AUS', $requests[0]['body']['country_iso'] );
		$this->assertSame( array( 'Pitt Street' ), $requests[0]['body']['components']['unspecified'] );
		$this->assertStringNotContainsString( 'local-stand-in-token', (string) wp_json_encode( $result->body ) );
	}

	public function test_no_matches_is_answered_as_such(): void {
		$result = $this->controller()->search( array( 'addressText' => 'Nowhere Lane Atlantis' ) );
		$this->assertTrue( $result->is_success() );
		$this->assertSame( 'No matches', $result->data()['result']['confidence'] );
		$this->assertSame( array(), $result->data()['result']['suggestions'] );
	}

	public function test_a_verified_match_answers_the_address_parts(): void {
		$result = $this->controller()->validate( array( 'global_address_key' => $this->first_key( '1 Example Street' ) ) );

		$this->assertTrue( $result->is_success() );
		$this->assertSame( 'Verified match', $result->data()['result']['confidence'] );
		$address = $result->data()['result']['address'];
		$this->assertSame( array( 'address_line_1', 'address_line_2', 'locality', 'region', 'postal_code', 'country' ), array_keys( $address ) );
		$this->assertSame( '1 Example Street', $address['address_line_1'] );
		$this->assertSame( '2000', $address['postal_code'] );
		$this->assertSame( 'Australia', $address['country'] );
	}

	public function test_a_partial_match_keeps_experians_confidence_for_the_widget_to_refuse(): void {
		StandIns::next( 'experian', 'partial_match', array( 'path' => '/format/' ) );
		$result = $this->controller()->validate( array( 'global_address_key' => $this->first_key( '42 Wallaby Way' ) ) );
		$this->assertTrue( $result->is_success() );
		$this->assertSame( 'Partial match', $result->data()['result']['confidence'] );
	}

	public function test_an_unknown_key_is_not_a_verified_match(): void {
		$result = $this->controller()->validate( array( 'global_address_key' => 'bm90LWEtcmVhbC1rZXk' ) );
		$this->assertTrue( $result->is_success() );
		$this->assertSame( 'No matches', $result->data()['result']['confidence'] );
	}

	/**
	 * @return array<string, array{mixed, string}>
	 */
	public static function bad_searches(): array {
		return array(
			'too short'   => array( 'abc', 'Type at least 4 characters to search for an address.' ),
			'spaces only' => array( '      ', 'Type at least 4 characters to search for an address.' ),
			'oversize'    => array( str_repeat( 'a', 201 ), 'An address search can be at most 200 characters.' ),
			'not UTF-8'   => array( "1 Ex\xC3\x28ample St", 'The address contains characters we cannot read. Please type it again.' ),
			'an array'    => array( array( 'x' ), 'The address contains characters we cannot read. Please type it again.' ),
		);
	}

	/**
	 * @dataProvider bad_searches
	 */
	public function test_bad_searches_are_refused_without_calling_experian( mixed $text, string $message ): void {
		$result = $this->controller()->search( array( 'addressText' => $text ) );
		$this->assertSame( 400, $result->status );
		$this->assertSame( 'validation', $result->type() );
		$this->assertSame( $message, $result->data()['message'] );
		$this->assertSame( array(), StandIns::requests( 'experian' ) );
	}

	public function test_the_minimum_length_follows_the_setting(): void {
		$this->set_settings( array( 'experian_min_search_char' => 6 ) );
		$result = $this->controller()->search( array( 'addressText' => '1 Exam' ) );
		$this->assertTrue( $result->is_success() );
		$result = $this->controller()->search( array( 'addressText' => '1 Exa' ) );
		$this->assertSame( 'Type at least 6 characters to search for an address.', $result->data()['message'] );
	}

	public function test_a_malformed_key_is_refused(): void {
		$result = $this->controller()->validate( array( 'global_address_key' => '../../etc/passwd?x=<y>' ) );
		$this->assertSame( 400, $result->status );
		$this->assertSame( 'Please choose an address from the list.', $result->data()['message'] );
		$this->assertSame( array(), StandIns::requests( 'experian' ) );
	}

	public function test_the_same_search_soon_after_is_answered_from_the_cache(): void {
		$first  = $this->controller()->search( array( 'addressText' => 'Collins Street' ) );
		$second = $this->controller()->search( array( 'addressText' => '  collins   STREET ' ) );

		$this->assertSame( $first->body, $second->body );
		$this->assertCount( 1, StandIns::requests( 'experian' ) );
	}

	public function test_a_provider_error_is_a_clear_json_error(): void {
		StandIns::next( 'experian', 'server_error' );
		$result = $this->controller()->search( array( 'addressText' => 'Queen Street' ) );
		$this->assertSame( 502, $result->status );
		$this->assertSame( 'provider', $result->type() );
		$this->assertSame( 'The address service is not answering right now. Please enter your address manually.', $result->data()['message'] );
	}

	public function test_a_provider_timeout_is_a_clear_json_error(): void {
		StandIns::next( 'experian', 'timeout' );
		// A one-second wait instead of eight keeps the test quick; the code path is the same.
		$short_timeout = static fn ( array $args ): array => array_merge( $args, array( 'timeout' => 1 ) );
		add_filter( 'http_request_args', $short_timeout );
		$result        = $this->controller()->search( array( 'addressText' => 'Hay Street' ) );
		remove_filter( 'http_request_args', $short_timeout );

		$this->assertSame( 504, $result->status );
		$this->assertSame( 'provider', $result->type() );
	}

	public function test_a_token_experian_refuses_is_a_provider_error(): void {
		$this->set_settings( array( 'experian_token' => 'invalid-token' ) );
		$result = $this->controller()->search( array( 'addressText' => 'Sample Road' ) );
		$this->assertSame( 502, $result->status );
		$this->assertSame( 'provider', $result->type() );
	}

	public function test_without_a_token_the_donor_is_told_to_enter_the_address_manually(): void {
		$this->set_settings( array( 'experian_token' => '' ) );
		$result = $this->controller()->search( array( 'addressText' => 'Sample Road' ) );
		$this->assertSame( 503, $result->status );
		$this->assertSame( 'Address lookup is not available. Please enter your address manually.', $result->data()['message'] );
		$this->assertSame( array(), StandIns::requests( 'experian' ) );
	}

	public function test_too_many_searches_from_one_visitor_are_refused(): void {
		$this->set_settings( array( 'rate_limit_address' => 2 ) );
		$_SERVER['REMOTE_ADDR'] = '203.0.113.9';
		$this->assertTrue( $this->controller()->search( array( 'addressText' => 'Example Street 1' ) )->is_success() );
		$this->assertTrue( $this->controller()->search( array( 'addressText' => 'Example Street 2' ) )->is_success() );
		$third = $this->controller()->search( array( 'addressText' => 'Example Street 3' ) );
		$this->assertSame( 429, $third->status );
		$this->assertSame( 'rate_limited', $third->type() );

		$_SERVER['REMOTE_ADDR'] = '203.0.113.10';
		$this->assertTrue( $this->controller()->search( array( 'addressText' => 'Example Street 4' ) )->is_success(), 'Another visitor has a limit of their own.' );
		unset( $_SERVER['REMOTE_ADDR'] );
	}
}
