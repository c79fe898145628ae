<?php
/**
 * The fields an imported gift is made of, and the columns that hold them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * GiveWP's donations export (Donations → Tools → Export → Export Donation History) names its
 * columns by label: "Donation ID", "First Name", "Email Address", "Donation Total", "Currency
 * Code", "Donation Status", "Payment Gateway", "Form Title", "Donation Date", "Donation Time"…;
 * a file with its ID, total and date columns is recognised and needs no mapping. Any other CSV
 * gets a mapping step, prefilled from column names that say what they hold.
 */
final class ImportFields {

	/**
	 * Fields a mapping must have (plus an email or a name).
	 */
	public const REQUIRED = array( 'date', 'amount' );

	/**
	 * Fields that name the donor: at least one is needed.
	 */
	public const DONOR = array( 'email', 'first_name', 'last_name', 'name' );

	/**
	 * Fields kept as text on the gift: a cell of these beginning with a formula character is refused.
	 */
	public const TEXT = array( 'email', 'first_name', 'last_name', 'name', 'organisation', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country', 'campaign', 'method', 'reference' );

	/**
	 * GiveWP's export column labels => field.
	 */
	private const GIVEWP = array(
		'donation id'     => 'reference',
		'first name'      => 'first_name',
		'last name'       => 'last_name',
		'email address'   => 'email',
		'company name'    => 'organisation',
		'address 1'       => 'address_line1',
		'address 2'       => 'address_line2',
		'city'            => 'city',
		'state'           => 'state',
		'zip'             => 'postcode',
		'country'         => 'country',
		'donation total'  => 'amount',
		'currency code'   => 'currency',
		'donation status' => 'status',
		'payment gateway' => 'method',
		'form title'      => 'campaign',
		'donation date'   => 'date',
		'donation time'   => 'time',
	);

	/**
	 * Column names of other files that suggest a field (lower case, spaces for punctuation).
	 */
	private const SUGGESTIONS = array(
		'date'          => array( 'date', 'donation date', 'gift date', 'date received', 'received', 'created', 'created at', 'payment date', 'transaction date' ),
		'time'          => array( 'time', 'donation time' ),
		'amount'        => array( 'amount', 'total', 'donation amount', 'gift amount', 'donation total', 'value', 'gross' ),
		'email'         => array( 'email', 'email address', 'e mail', 'donor email' ),
		'first_name'    => array( 'first name', 'firstname', 'given name', 'first' ),
		'last_name'     => array( 'last name', 'lastname', 'surname', 'family name', 'last' ),
		'name'          => array( 'name', 'full name', 'donor', 'donor name' ),
		'organisation'  => array( 'organisation', 'organization', 'company', 'company name', 'business' ),
		'address_line1' => array( 'address', 'address 1', 'address line 1', 'street' ),
		'address_line2' => array( 'address 2', 'address line 2' ),
		'city'          => array( 'city', 'suburb', 'town' ),
		'state'         => array( 'state', 'region' ),
		'postcode'      => array( 'postcode', 'post code', 'zip', 'postal code' ),
		'country'       => array( 'country' ),
		'status'        => array( 'status', 'payment status', 'donation status' ),
		'currency'      => array( 'currency', 'currency code' ),
		'reference'     => array( 'id', 'reference', 'donation id', 'transaction id', 'receipt', 'receipt number' ),
		'campaign'      => array( 'campaign', 'appeal', 'fund', 'form', 'form title' ),
		'method'        => array( 'method', 'payment method', 'gateway', 'payment gateway' ),
	);

	/**
	 * The fields, labelled for the mapping step, in its order.
	 *
	 * @return array<string, string>
	 */
	public static function labels(): array {
		return array(
			'date'          => __( 'Date of the gift', 'donation-widget' ),
			'time'          => __( 'Time of the gift', 'donation-widget' ),
			'amount'        => __( 'Amount', 'donation-widget' ),
			'email'         => __( 'Email', 'donation-widget' ),
			'first_name'    => __( 'First name', 'donation-widget' ),
			'last_name'     => __( 'Last name', 'donation-widget' ),
			'name'          => __( 'Full name', 'donation-widget' ),
			'organisation'  => __( 'Organisation', 'donation-widget' ),
			'address_line1' => __( 'Address line 1', 'donation-widget' ),
			'address_line2' => __( 'Address line 2', 'donation-widget' ),
			'city'          => __( 'Suburb or city', 'donation-widget' ),
			'state'         => __( 'State', 'donation-widget' ),
			'postcode'      => __( 'Postcode', 'donation-widget' ),
			'country'       => __( 'Country', 'donation-widget' ),
			'status'        => __( 'Status', 'donation-widget' ),
			'currency'      => __( 'Currency', 'donation-widget' ),
			'reference'     => __( 'Donation ID or reference', 'donation-widget' ),
			'campaign'      => __( 'Campaign or form', 'donation-widget' ),
			'method'        => __( 'Payment method', 'donation-widget' ),
		);
	}

	/**
	 * The mapping of a GiveWP donations export, or null when the header is not one.
	 *
	 * @param string[] $header The header row.
	 * @return array<string, int>|null
	 * @phpstan-param list<string> $header
	 */
	public static function givewp( array $header ): ?array {
		$mapping = array();
		foreach ( $header as $index => $name ) {
			$field = self::GIVEWP[ self::normal( $name ) ] ?? null;
			if ( null !== $field && ! isset( $mapping[ $field ] ) ) {
				$mapping[ $field ] = $index;
			}
		}
		$is_givewp = isset( $mapping['reference'], $mapping['amount'], $mapping['date'] ) && ( isset( $mapping['email'] ) || isset( $mapping['first_name'] ) );
		return $is_givewp ? $mapping : null;
	}

	/**
	 * A mapping suggested by the column names of any other file.
	 *
	 * @param string[] $header The header row.
	 * @return array<string, int>
	 * @phpstan-param list<string> $header
	 */
	public static function suggest( array $header ): array {
		$mapping = array();
		foreach ( self::SUGGESTIONS as $field => $names ) {
			foreach ( $header as $index => $name ) {
				if ( in_array( self::normal( $name ), $names, true ) && ! in_array( $index, $mapping, true ) ) {
					$mapping[ $field ] = $index;
					break;
				}
			}
		}
		return $mapping;
	}

	/**
	 * What is wrong with a mapping, by field ('' key for the donor as a whole).
	 *
	 * @param array<string, int> $mapping Field => column index.
	 * @param int                $columns Columns in the file.
	 * @return array<string, string>
	 */
	public static function problems( array $mapping, int $columns ): array {
		$problems = array();
		foreach ( self::REQUIRED as $field ) {
			if ( ! isset( $mapping[ $field ] ) ) {
				$problems[ $field ] = __( 'Choose the column that holds this: it is needed.', 'donation-widget' );
			}
		}
		if ( array() === array_intersect_key( $mapping, array_flip( self::DONOR ) ) ) {
			$problems['email'] = __( 'Choose the column of the donor\'s email, or of their name: one of them is needed.', 'donation-widget' );
		}
		$used = array();
		foreach ( $mapping as $field => $column ) {
			if ( $column < 0 || $column >= $columns ) {
				$problems[ $field ] = __( 'This column is not in the file.', 'donation-widget' );
			} elseif ( isset( $used[ $column ] ) ) {
				$problems[ $field ] = __( 'This column is already chosen for another field.', 'donation-widget' );
			}
			$used[ $column ] = true;
		}
		return $problems;
	}

	/**
	 * A column name compared loosely: lower case, punctuation as spaces.
	 *
	 * @param string $name The column's name.
	 */
	private static function normal( string $name ): string {
		return trim( (string) preg_replace( '/[^a-z0-9]+/', ' ', strtolower( $name ) ) );
	}
}
