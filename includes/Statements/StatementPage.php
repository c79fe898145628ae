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
 */
final class StatementPage {

	/**
	 * Builds the page.
	 *
	 * @param StatementQuery    $query    Reads the statement.
	 * @param StatementDocument $document Renders it.
	 */
	public function __construct( private readonly StatementQuery $query, private readonly StatementDocument $document ) {
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
		$statement = $this->query->statement( $opened['email'], $opened['organisation'], $opened['year'] );
		if ( null === $statement ) {
			return $this->refusal( 404, __( 'There is no statement for this year any more: the gifts it listed were refunded.', 'donation-widget' ) );
		}
		return array(
			'status' => 200,
			'html'   => $this->document->page( $statement ),
		);
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
