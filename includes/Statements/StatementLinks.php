<?php
/**
 * Signed links to a statement's printable page.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A link carries the statement it opens (email, organisation, year) and when it stops working,
 * signed with an HMAC-SHA256 keyed by the site's salt: nothing is stored, any server can check
 * it, and changing any part (another donor, another year, a later expiry) breaks the signature.
 * A donor needs no login: whoever holds an unexpired link sees that one statement, as whoever
 * holds the email it came in could. Links from the "Manage my donation" page last an hour;
 * links in a statement email last 30 days.
 */
final class StatementLinks {

	/**
	 * The query variable of the printable page.
	 */
	public const QUERY_VAR = 'donation-widget-statement';

	/**
	 * The filter the self-service page reads.
	 */
	public const FILTER = 'donation_widget_statement_links';

	public const PAGE_SECONDS = HOUR_IN_SECONDS;

	public const EMAIL_SECONDS = 30 * DAY_IN_SECONDS;

	/**
	 * Builds the links.
	 *
	 * @param StatementQuery   $query  Which statements an address has.
	 * @param IssuedStatements $issued Which statements it was issued.
	 */
	public function __construct( private readonly StatementQuery $query, private readonly IssuedStatements $issued ) {
	}

	/**
	 * The signed URL of a statement's printable page.
	 *
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 * @param FinancialYear $year         The year.
	 * @param int           $lifetime     Seconds it works for.
	 * @param int|null      $now          Unix time; now when null.
	 * @param bool          $preview      A staff preview: opening it issues nothing to the donor.
	 */
	public function url( string $email, string $organisation, FinancialYear $year, int $lifetime = self::PAGE_SECONDS, ?int $now = null, bool $preview = false ): string {
		$data    = array( $email, $organisation, $year->ending, ( $now ?? time() ) + $lifetime );
		$payload = self::encode( (string) wp_json_encode( $preview ? array_merge( $data, array( 1 ) ) : $data ) );
		return add_query_arg( self::QUERY_VAR, rawurlencode( $payload . '.' . self::signature( $payload ) ), home_url( '/' ) );
	}

	/**
	 * What a link's token opens.
	 *
	 * @param string   $token The query variable's value.
	 * @param int|null $now   Unix time; now when null.
	 * @return array{email: string, organisation: string, year: FinancialYear, preview: bool}|string The statement, or 'invalid' or 'expired'.
	 */
	public static function verify( string $token, ?int $now = null ): array|string {
		$parts = explode( '.', $token );
		if ( 2 !== count( $parts ) || ! hash_equals( self::signature( $parts[0] ), $parts[1] ) ) {
			return 'invalid';
		}
		$json = ctype_xdigit( $parts[0] ) ? hex2bin( $parts[0] ) : false;
		$data = false !== $json ? json_decode( $json, true ) : null;
		if ( ! is_array( $data ) || ! in_array( count( $data ), array( 4, 5 ), true ) || ( 5 === count( $data ) && 1 !== ( $data[4] ?? null ) ) || ! is_string( $data[0] ?? null ) || ! is_string( $data[1] ?? null ) || ! is_int( $data[2] ?? null ) || ! is_int( $data[3] ?? null ) ) {
			return 'invalid';
		}
		if ( $data[3] < ( $now ?? time() ) ) {
			return 'expired';
		}
		return array(
			'email'        => $data[0],
			'organisation' => $data[1],
			'year'         => new FinancialYear( $data[2] ),
			'preview'      => 5 === count( $data ),
		);
	}

	/**
	 * The donation_widget_statement_links filter: one link a year (and organisation) the address
	 * has a statement for, latest first.
	 *
	 * @param mixed $links Links other code added.
	 * @param mixed $email The supporter's address.
	 * @return list<array{label: string, url: string}>
	 */
	public function links_for( mixed $links, mixed $email = '' ): array {
		$found = array();
		if ( is_array( $links ) ) {
			foreach ( $links as $link ) {
				if ( is_array( $link ) && is_string( $link['label'] ?? null ) && is_string( $link['url'] ?? null ) ) {
					$found[] = array(
						'label' => $link['label'],
						'url'   => $link['url'],
					);
				}
			}
		}
		if ( ! is_string( $email ) || ! is_email( $email ) ) {
			return $found;
		}
		// Years issued stay listed even when refunds took them below the threshold since; an
		// amended one says so (its page shows the amendment and the statement it replaces).
		$years = array();
		foreach ( array_merge( $this->issued->years_of( $email ), $this->query->years_of( $email ) ) as $statement ) {
			$years[ $statement['year']->ending . '|' . strtolower( $statement['organisation'] ) ] ??= $statement + array( 'amended' => false );
		}
		uasort( $years, static fn ( array $a, array $b ): int => array( $b['year']->ending, $a['organisation'] ) <=> array( $a['year']->ending, $b['organisation'] ) );
		foreach ( $years as $statement ) {
			$label = '' === $statement['organisation']
				/* translators: %s: a financial year, such as 2025–26. */
				? sprintf( __( '%s tax statement', 'donation-widget' ), $statement['year']->label() )
				/* translators: 1: a financial year, such as 2025–26; 2: an organisation's name. */
				: sprintf( __( '%1$s tax statement (%2$s)', 'donation-widget' ), $statement['year']->label(), $statement['organisation'] );
			if ( $statement['amended'] ) {
				/* translators: %s: a statement's link text, such as "2025–26 tax statement". */
				$label = sprintf( __( '%s, amended', 'donation-widget' ), $label );
			}
			$found[] = array(
				'label' => $label,
				'url'   => $this->url( $email, $statement['organisation'], $statement['year'] ),
			);
		}
		return $found;
	}

	/**
	 * The signature of a payload.
	 *
	 * @param string $payload Encoded payload.
	 */
	private static function signature( string $payload ): string {
		return hash_hmac( 'sha256', 'statement|' . $payload, wp_salt( 'auth' ) );
	}

	/**
	 * The payload as hexadecimal, safe in a URL as it is.
	 *
	 * @param string $data Bytes.
	 */
	private static function encode( string $data ): string {
		return bin2hex( $data );
	}
}
