<?php
/**
 * The donor's printable statement, opened from a signed link.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A front-end address (the home page with the statement's signed token) answers with the
 * statement as a plain, printable HTML page: no login, no theme, not indexed, not cached, no
 * referrer sent on. A changed or made-up link is refused (403) and an expired one says so (410);
 * neither says whether the address has donations.
 *
 * A year that has ended shows the statements as issued: opening the donor's link (not a staff
 * preview) issues the statement on first view, as a download, and from then on the page shows
 * it exactly as issued, with every amended statement sent since (the latest first).
 */
final class StatementPage {

	/**
	 * Builds the page.
	 *
	 * @param StatementQuery      $query      Reads the statement.
	 * @param StatementDocument   $document   Renders it.
	 * @param IssuedStatements    $issued     Statements as issued.
	 * @param StatementAmendments $amendments Finds a change not yet followed (and a statement sent before schema 14).
	 */
	public function __construct( private readonly StatementQuery $query, private readonly StatementDocument $document, private readonly IssuedStatements $issued, private readonly StatementAmendments $amendments ) {
	}

	/**
	 * The answer to a token.
	 *
	 * @param string $token The link's token.
	 * @return array{status: int, html: string}
	 */
	public function answer( string $token ): array {
		$opened = StatementLinks::verify( $token );
		if ( 'expired' === $opened ) {
			return $this->refusal( 410, __( 'This statement link has expired. Ask for a new one from the "Manage my donation" page, or open the link in your latest statement email.', 'donation-widget' ) );
		}
		if ( ! is_array( $opened ) ) {
			return $this->refusal( 403, __( 'This statement link is not valid. Please check that you copied the whole link.', 'donation-widget' ) );
		}
		$issued = array();
		if ( $opened['year']->has_ended() ) {
			$this->amendments->prepare( $opened['year'], $opened['email'], $opened['organisation'] );
			$issued = $this->issued_of( $opened['email'], $opened['organisation'], $opened['year'] );
		}
		if ( array() !== $issued ) {
			return array(
				'status' => 200,
				'html'   => $this->document->page_issued( $issued ),
			);
		}
		$statement = $this->query->statement( $opened['email'], $opened['organisation'], $opened['year'] );
		if ( null !== $statement && $opened['year']->has_ended() && ! $opened['preview'] ) {
			return array(
				'status' => 200,
				'html'   => $this->document->page_issued( array( $this->issued->issue_original( $statement, IssuedStatement::BY_DOWNLOAD ) ) ),
			);
		}
		if ( null === $statement ) {
			return $this->refusal( 404, __( 'There is no statement for this year any more: the gifts it listed were refunded.', 'donation-widget' ) );
		}
		return array(
			'status' => 200,
			'html'   => $this->document->page( $statement ),
		);
	}

	/**
	 * The statements issued to a donor for one year and organisation, oldest first.
	 *
	 * @param string        $email        Donor.
	 * @param string        $organisation '' for the donor's own.
	 * @param FinancialYear $year         The year.
	 * @return list<IssuedStatement>
	 */
	private function issued_of( string $email, string $organisation, FinancialYear $year ): array {
		return array_values( array_filter( $this->issued->of_donor( $email, $year, true ), static fn ( IssuedStatement $issued ): bool => 0 === strcasecmp( $issued->statement->organisation, $organisation ) ) );
	}

	/**
	 * The template_redirect hook: answers a statement link, and ends the request.
	 */
	public function maybe_render(): void {
		if ( ! isset( $_GET[ StatementLinks::QUERY_VAR ] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the signed token is the authorisation; viewing changes nothing.
			return;
		}
		$value  = wp_unslash( $_GET[ StatementLinks::QUERY_VAR ] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- as above; sanitised just below.
		$token  = is_string( $value ) ? sanitize_text_field( $value ) : '';
		$answer = $this->answer( $token );
		status_header( $answer['status'] );
		nocache_headers();
		// WordPress before 6.8 leaves no-store out of nocache_headers(); the page carries a link token.
		header( 'Cache-Control: no-cache, must-revalidate, max-age=0, no-store, private' );
		header( 'Content-Type: text/html; charset=utf-8' );
		header( 'X-Robots-Tag: noindex, nofollow' );
		header( 'Referrer-Policy: no-referrer' );
		echo $answer['html']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a whole page built by StatementDocument and refusal(), every value escaped there.
		exit;
	}

	/**
	 * A small page that says why the statement cannot be shown.
	 *
	 * @param int    $status  HTTP status.
	 * @param string $message What the donor is told.
	 * @return array{status: int, html: string}
	 */
	private function refusal( int $status, string $message ): array {
		$title = __( 'Tax statement', 'donation-widget' );
		return array(
			'status' => $status,
			'html'   => '<!DOCTYPE html><html lang="' . esc_attr( get_bloginfo( 'language' ) ) . '"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>' . esc_html( $title ) . '</title><style>body{font-family:Arial,Helvetica,sans-serif;max-width:640px;margin:48px auto;padding:0 16px;color:#1e1e1e}</style></head><body><main><h1>' . esc_html( $title ) . '</h1><p>' . esc_html( $message ) . '</p></main></body></html>',
		);
	}
}
