<?php
/**
 * One row of a file read as a gift: checked, and turned into a donation's columns.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\Donations\ImportedGift;

/**
 * Reads a row through its import's mapping and date format. The same reading decides the dry
 * run's verdict and writes the gift, so the import creates exactly what the dry run listed.
 *
 * A gift's identity is what makes importing twice create nothing twice: a GiveWP gift is its
 * donation ID on its site; a row of another file is its reference when the file has one, else a
 * fingerprint of its date, amount and donor. The gift's attempt id is "import:" and the sha1 of it.
 */
final class GiftRow {

	/**
	 * Statuses (lower case) of gifts the previous system received.
	 */
	private const COMPLETED = array( 'complete', 'completed', 'publish', 'succeeded', 'success', 'successful', 'paid', 'renewal', 'give_subscription', 'approved', 'received' );

	/**
	 * Statuses of gifts received and refunded in full.
	 */
	private const REFUNDED = array( 'refunded' );

	/**
	 * Column widths of the donations table.
	 */
	private const WIDTHS = array(
		'first_name'    => 50,
		'last_name'     => 50,
		'organisation'  => 160,
		'address_line1' => 100,
		'address_line2' => 100,
		'city'          => 80,
		'state'         => 50,
		'postcode'      => 20,
		'country'       => 80,
		'campaign'      => 64,
		'method'        => 30,
	);

	/**
	 * Reads rows of one import.
	 *
	 * @param ImportJob $job The import (its mapping, date format, source and site).
	 */
	public function __construct( private readonly ImportJob $job ) {
	}

	/**
	 * The dry run's verdict on a row, before duplicates are looked for.
	 *
	 * @param string[] $cells The row.
	 * @return array{verdict: string, detail: string, identity: string}
	 * @phpstan-param list<string> $cells
	 */
	public function check( array $cells ): array {
		$refused = fn ( string $verdict, string $detail ): array => array(
			'verdict'  => $verdict,
			'detail'   => mb_substr( $detail, 0, 200 ),
			'identity' => '',
		);
		foreach ( ImportFields::TEXT as $field ) {
			$value = $this->cell( $cells, $field );
			if ( '' !== $value && 1 === preg_match( '/^[=+\-@\t\r]/', $value ) ) {
				return $refused( RowVerdict::FORMULA, $value );
			}
		}
		$status = strtolower( $this->cell( $cells, 'status' ) );
		if ( isset( $this->job->mapping['status'] ) && ! in_array( $status, array_merge( self::COMPLETED, self::REFUNDED ), true ) ) {
			return $refused( RowVerdict::NOT_COMPLETED, $this->cell( $cells, 'status' ) );
		}
		$currency = strtoupper( $this->cell( $cells, 'currency' ) );
		if ( '' !== $currency && DonationForm::CURRENCY !== $currency ) {
			return $refused( RowVerdict::WRONG_CURRENCY, $this->cell( $cells, 'currency' ) );
		}
		if ( null === $this->received_at( $cells ) ) {
			return $refused( RowVerdict::BAD_DATE, trim( $this->cell( $cells, 'date' ) . ' ' . $this->cell( $cells, 'time' ) ) );
		}
		if ( null === self::cents( $this->cell( $cells, 'amount' ) ) ) {
			return $refused( RowVerdict::BAD_AMOUNT, $this->cell( $cells, 'amount' ) );
		}
		$email = $this->cell( $cells, 'email' );
		if ( '' !== $email && ( strlen( $email ) > 100 || false === is_email( $email ) ) ) {
			return $refused( RowVerdict::BAD_EMAIL, $email );
		}
		$names = $this->names( $cells );
		if ( '' === $email && '' === $names['first_name'] . $names['last_name'] . $this->cell( $cells, 'organisation' ) ) {
			return $refused( RowVerdict::NO_DONOR, '' );
		}
		return array(
			'verdict'  => RowVerdict::OK,
			'detail'   => '',
			'identity' => $this->identity( $cells ),
		);
	}

	/**
	 * The attempt id of a row's gift.
	 *
	 * @param string $identity The row's identity (check()).
	 */
	public static function attempt_id( string $identity ): string {
		return 'import:' . $identity;
	}

	/**
	 * The donation columns of a row the dry run accepted.
	 *
	 * @param string[] $cells The row.
	 * @return array{columns: array<string, string|int>, received_at: string}|null Null when it no longer reads.
	 * @phpstan-param list<string> $cells
	 */
	public function gift( array $cells ): ?array {
		$received_at = $this->received_at( $cells );
		$cents       = self::cents( $this->cell( $cells, 'amount' ) );
		if ( null === $received_at || null === $cents ) {
			return null;
		}
		$names        = $this->names( $cells );
		$organisation = $this->text( $cells, 'organisation' );
		$refunded     = in_array( strtolower( $this->cell( $cells, 'status' ) ), self::REFUNDED, true );
		$method       = sanitize_key( $this->cell( $cells, 'method' ) );
		$columns      = array(
			'status'             => $refunded ? DonationStatus::REFUNDED : DonationStatus::SUCCEEDED,
			'frequency'          => DonationForm::FREQUENCY_ONE_OFF,
			'method'             => mb_substr( '' !== $method ? $method : 'imported', 0, self::WIDTHS['method'] ),
			'currency'           => DonationForm::CURRENCY,
			'amount_cents'       => $cents,
			'cover_cents'        => 0,
			'total_cents'        => $cents,
			'donate_as'          => '' !== $organisation ? 'organisation' : 'individual',
			'organisation_name'  => $organisation,
			'first_name'         => $names['first_name'],
			'last_name'          => $names['last_name'],
			'email'              => strtolower( $this->cell( $cells, 'email' ) ),
			'address_line1'      => $this->text( $cells, 'address_line1' ),
			'address_line2'      => $this->text( $cells, 'address_line2' ),
			'city'               => $this->text( $cells, 'city' ),
			'state'              => $this->text( $cells, 'state' ),
			'postcode'           => $this->text( $cells, 'postcode' ),
			'country'            => $this->text( $cells, 'country' ),
			'iteration_id'       => $this->text( $cells, 'campaign' ),
			'provider'           => GiftOrigin::IMPORTED,
			'provider_reference' => ImportedGift::reference( $this->job->source, $this->cell( $cells, 'reference' ) ),
		);
		if ( $refunded ) {
			$columns['refunded_cents'] = $cents;
		}
		return array(
			'columns'     => $columns,
			'received_at' => $received_at,
		);
	}

	/**
	 * An amount of money in cents, or null: "1,250.00", "1.250,00", "$50", "AUD 50.5"; above zero.
	 *
	 * @param string $amount The amount cell.
	 */
	public static function cents( string $amount ): ?int {
		$amount = (string) preg_replace( '/^(?:AUD|A\$|AU\$|\$)\s*|\s*(?:AUD)$/i', '', trim( str_replace( array( "\u{00A0}", ' ' ), '', $amount ) ) );
		$amount = (string) preg_replace( '/^\$/', '', $amount );
		if ( 1 === preg_match( '/^\d{1,3}(,\d{3})+(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/D', $amount ) ) {
			$amount = str_replace( ',', '', $amount );
		} elseif ( 1 === preg_match( '/^\d{1,3}(\.\d{3})+(,\d{1,2})?$|^\d+,\d{1,2}$/D', $amount ) ) {
			$amount = str_replace( array( '.', ',' ), array( '', '.' ), $amount );
		} else {
			return null;
		}
		$parts = explode( '.', $amount );
		if ( strlen( $parts[0] ) > 9 ) {
			return null;
		}
		$cents = (int) $parts[0] * 100 + (int) str_pad( $parts[1] ?? '0', 2, '0' );
		return $cents > 0 && $cents <= DonationForm::MAX_AMOUNT_CENTS ? $cents : null;
	}

	/**
	 * The gift's date in UTC, or null.
	 *
	 * @param string[] $cells The row.
	 * @phpstan-param list<string> $cells
	 */
	private function received_at( array $cells ): ?string {
		return GiftDates::utc( $this->cell( $cells, 'date' ), $this->cell( $cells, 'time' ), $this->job->date_format );
	}

	/**
	 * First and last name: their own columns, or a full name split at its last space.
	 *
	 * @param string[] $cells The row.
	 * @return array{first_name: string, last_name: string}
	 * @phpstan-param list<string> $cells
	 */
	private function names( array $cells ): array {
		$first = $this->text( $cells, 'first_name' );
		$last  = $this->text( $cells, 'last_name' );
		$full  = $this->cell( $cells, 'name' );
		if ( '' === $first && '' === $last && '' !== $full ) {
			$space = mb_strrpos( $full, ' ' );
			$first = mb_substr( false === $space ? $full : mb_substr( $full, 0, $space ), 0, self::WIDTHS['first_name'] );
			$last  = false === $space ? '' : mb_substr( mb_substr( $full, $space + 1 ), 0, self::WIDTHS['last_name'] );
		}
		return array(
			'first_name' => $first,
			'last_name'  => $last,
		);
	}

	/**
	 * What makes a gift the same gift in any file (see the class comment), hashed.
	 *
	 * @param string[] $cells The row.
	 * @phpstan-param list<string> $cells
	 */
	private function identity( array $cells ): string {
		$site      = strtolower( $this->job->source_site );
		$reference = $this->cell( $cells, 'reference' );
		if ( '' !== $reference ) {
			return sha1( $this->job->source . "\n" . $site . "\n" . $reference );
		}
		$names = $this->names( $cells );
		return sha1(
			implode(
				"\n",
				array(
					'row',
					$site,
					(string) $this->received_at( $cells ),
					(string) self::cents( $this->cell( $cells, 'amount' ) ),
					strtolower( $this->cell( $cells, 'email' ) ),
					mb_strtolower( $names['first_name'] . ' ' . $names['last_name'] ),
					mb_strtolower( $this->cell( $cells, 'organisation' ) ),
				)
			)
		);
	}

	/**
	 * A mapped cell, trimmed and cut to its column's width.
	 *
	 * @param string[] $cells The row.
	 * @param string   $field A field.
	 * @phpstan-param list<string> $cells
	 */
	private function text( array $cells, string $field ): string {
		return mb_substr( sanitize_text_field( $this->cell( $cells, $field ) ), 0, self::WIDTHS[ $field ] ?? 191 );
	}

	/**
	 * A mapped cell, trimmed ('' when the field is not mapped or the row is short).
	 *
	 * @param string[] $cells The row.
	 * @param string   $field A field.
	 * @phpstan-param list<string> $cells
	 */
	private function cell( array $cells, string $field ): string {
		$column = $this->job->mapping[ $field ] ?? null;
		return null === $column ? '' : trim( $cells[ $column ] ?? '' );
	}
}
