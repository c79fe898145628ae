<?php
/**
 * The accounting export's download (admin-post.php).
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\BooksExport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Admin\SettingsPage;
use DonationWidget\Books\Export\AccountCodes;
use DonationWidget\Books\Export\AccountingFormat;
use DonationWidget\Books\Export\ExportParts;
use DonationWidget\Books\Export\ExportRefused;
use DonationWidget\Books\Export\PayoutLines;
use DonationWidget\OfflineGifts\OfflineGiftLines;

/**
 * The admin-post.php action donation_widget_books_export, given payout=po_… (a link) or
 * from/to (a form), and format=xero|myob: the deposit(s) as a file the accounting package imports
 * (over Xero's 1,000 lines: a zip of numbered parts, or part=N of them). Refused (409, with the
 * way to the setup) while the account codes the format needs are not set.
 * Anything it cannot answer with a file that adds up is refused with a status and words the
 * treasurer can act on, never a 200 and never a half-written file.
 */
final class BooksExportDownload {

	public const ACTION = 'donation_widget_books_export';

	/**
	 * Format name => layout.
	 *
	 * @var array<string, AccountingFormat>
	 */
	private array $formats = array();

	/**
	 * Builds the download.
	 *
	 * @param PayoutLines      $lines      The deposits' lines.
	 * @param AccountCodes     $codes      Whether the export is set up.
	 * @param OfflineGiftLines $offline    The offline gifts' lines (scope=offline).
	 * @param AccountingFormat ...$formats The file layouts, by name.
	 */
	public function __construct( private readonly PayoutLines $lines, private readonly AccountCodes $codes, private readonly OfflineGiftLines $offline, AccountingFormat ...$formats ) {
		foreach ( $formats as $format ) {
			$this->formats[ $format->name() ] = $format;
		}
	}

	/**
	 * The link to one deposit's file (not yet escaped).
	 *
	 * @param string $payout_id The provider's payout id.
	 * @param string $format    xero or myob.
	 */
	public static function url( string $payout_id, string $format ): string {
		return self::url_of( array( 'payout' => $payout_id ), $format );
	}

	/**
	 * The link to a download: a payout or a date range, and optionally one numbered part.
	 *
	 * @param array<string, string> $scope  payout, or from and to; part.
	 * @param string                $format xero or myob.
	 */
	public static function url_of( array $scope, string $format ): string {
		return add_query_arg(
			array( 'action' => self::ACTION ) + array_map( 'rawurlencode', $scope ) + array(
				'format'   => $format,
				'_wpnonce' => wp_create_nonce( self::ACTION ),
			),
			admin_url( 'admin-post.php' )
		);
	}

	/**
	 * The admin-post.php handler: checks the nonce and capability, reads the request, then sends
	 * the file (or, over the format's line limit, its parts). admin-post.php ends the request
	 * after it.
	 *
	 * @throws ExportRefused Never past here: each refusal ends the request with its status.
	 */
	public function handle(): void {
		check_admin_referer( self::ACTION );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to export the books.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$request = wp_unslash( $_REQUEST ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- checked above by check_admin_referer().
		$read    = static fn ( string $key ): string => isset( $request[ $key ] ) && is_string( $request[ $key ] ) ? trim( sanitize_text_field( $request[ $key ] ) ) : '';
		$format  = $this->formats[ $read( 'format' ) ] ?? null;
		if ( null === $format ) {
			wp_die( esc_html__( 'Choose a format the export knows: Xero or MYOB.', 'donation-widget' ), '', array( 'response' => 400 ) );
		}
		// The offline gifts' own file (scope=offline): banked directly, never in a provider's deposit.
		$offline   = 'offline' === $read( 'scope' );
		$not_ready = $offline ? $this->codes->offline_gifts_not_ready_reason() : $this->codes->not_ready_reason( $format->name() );
		if ( '' !== $not_ready ) {
			self::refuse_not_set_up( $not_ready );
		}
		$payout = $read( 'payout' );
		$scope  = array();
		try {
			if ( $offline ) {
				$lines = $this->offline->of_range( $read( 'from' ), $read( 'to' ) );
				$base  = $format->name() . '-offline-gifts-' . $read( 'from' ) . '-to-' . $read( 'to' );
				$scope = array(
					'scope' => 'offline',
					'from'  => $read( 'from' ),
					'to'    => $read( 'to' ),
				);
			} elseif ( '' !== $payout ) {
				$lines = $this->lines->of_payout( $payout );
				$base  = $format->name() . '-' . $payout;
				$scope = array( 'payout' => $payout );
			} elseif ( '' !== $read( 'from' ) || '' !== $read( 'to' ) ) {
				$lines = $this->lines->of_range( $read( 'from' ), $read( 'to' ) );
				$base  = $format->name() . '-' . $read( 'from' ) . '-to-' . $read( 'to' );
				$scope = array(
					'from' => $read( 'from' ),
					'to'   => $read( 'to' ),
				);
			} else {
				throw new ExportRefused( esc_html__( 'Choose a deposit on the Payouts screen, or enter a date range, to export.', 'donation-widget' ), 400 );
			}//end if
		} catch ( ExportRefused $refused ) {
			self::refuse( $refused );
		}//end try
		$base  = sanitize_file_name( $base );
		$parts = ExportParts::split( $lines, $format->max_lines() );
		$count = count( $parts );
		if ( 1 === $count ) {
			self::send( $format->file( $parts[0] ), $format->content_type(), ExportParts::file_name( $base, $format->extension(), 1, 1 ) );
			return;
		}
		$part = $read( 'part' );
		if ( '' !== $part ) {
			if ( ! preg_match( '/^[1-9]\d{0,3}$/D', $part ) || (int) $part > $count ) {
				/* translators: %d: how many parts the download has. */
				self::refuse( new ExportRefused( esc_html( sprintf( __( 'This download has %d parts: choose one of them from the list of parts.', 'donation-widget' ), $count ) ), 400 ) );
			}
			self::send( $format->file( $parts[ (int) $part - 1 ] ), $format->content_type(), ExportParts::file_name( $base, $format->extension(), (int) $part, $count ) );
			return;
		}
		if ( class_exists( \ZipArchive::class ) ) {
			$zip = $this->zip( $format, $base, $parts );
			if ( null !== $zip ) {
				self::send( $zip, 'application/zip', $base . '.zip' );
				return;
			}
		}
		$this->list_parts( $format, $base, $parts, $scope );
	}

	/**
	 * The parts as one zip: the numbered files and README.txt stating the totals.
	 *
	 * @param AccountingFormat $format The format.
	 * @param string           $base   Name without extension.
	 * @param array            $parts  The parts.
	 * @phpstan-param list<list<\DonationWidget\Books\Export\StatementLine>> $parts
	 * @return string|null The zip's bytes, null when it cannot be written here.
	 */
	private function zip( AccountingFormat $format, string $base, array $parts ): ?string {
		$path = wp_tempnam( $base . '.zip' );
		$zip  = new \ZipArchive();
		if ( '' === $path || true !== $zip->open( $path, \ZipArchive::OVERWRITE ) ) {
			return null;
		}
		$zip->addFromString( 'README.txt', ExportParts::note( $format, $base, $parts ) );
		foreach ( $parts as $i => $part ) {
			$zip->addFromString( ExportParts::file_name( $base, $format->extension(), $i + 1, count( $parts ) ), $format->file( $part ) );
		}
		$written = $zip->close();
		$bytes   = $written ? file_get_contents( $path ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a temporary file this request wrote.
		wp_delete_file( $path );
		return is_string( $bytes ) ? $bytes : null;
	}

	/**
	 * Where zip is not available: a page of links, one per numbered part, with the totals.
	 *
	 * @param AccountingFormat      $format The format.
	 * @param string                $base   Name without extension.
	 * @param array                 $parts  The parts.
	 * @param array<string, string> $scope  payout, or from and to.
	 * @phpstan-param list<list<\DonationWidget\Books\Export\StatementLine>> $parts
	 */
	private function list_parts( AccountingFormat $format, string $base, array $parts, array $scope ): never {
		$items = '';
		foreach ( array_keys( $parts ) as $i ) {
			$items .= sprintf(
				'<li><a href="%s">%s</a> (%s)</li>',
				esc_url( self::url_of( $scope + array( 'part' => (string) ( $i + 1 ) ), $format->name() ) ),
				esc_html( ExportParts::file_name( $base, $format->extension(), $i + 1, count( $parts ) ) ),
				esc_html( ExportParts::describe( $parts, $i + 1 ) )
			);
		}
		wp_die(
			sprintf(
				'<p>%s</p><ol>%s</ol>',
				esc_html(
					sprintf(
						/* translators: 1: the accounting package, 2: most lines in one file, 3: how many files. */
						__( '%1$s takes at most %2$s lines in one file, so this download is %3$d files. Download each and import them one at a time: together they add up to the deposit.', 'donation-widget' ),
						$format->label(),
						number_format( $format->max_lines() ),
						count( $parts )
					)
				),
				$items // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- each piece escaped above.
			),
			esc_html__( 'Accounting export', 'donation-widget' ),
			array( 'response' => 200 )
		);
	}

	/**
	 * Sends a file as an attachment.
	 *
	 * @param string $bytes        The file.
	 * @param string $content_type Its type.
	 * @param string $filename     Its name.
	 */
	private static function send( string $bytes, string $content_type, string $filename ): void {
		if ( ! headers_sent() ) {
			nocache_headers();
			header( 'Content-Type: ' . $content_type );
			header( 'Content-Disposition: attachment; filename="' . sanitize_file_name( $filename ) . '"' );
			header( 'Content-Length: ' . strlen( $bytes ) );
			header( 'X-Content-Type-Options: nosniff' );
		}
		echo $bytes; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a file to download, not HTML: every text cell is defused for spreadsheets by the format.
	}

	/**
	 * Refuses an export whose account codes are not set, with the way to the setup: no uncoded
	 * file goes out.
	 *
	 * @param string $reason What is missing.
	 */
	private static function refuse_not_set_up( string $reason ): never {
		wp_die(
			sprintf(
				'<p>%s</p><p><a href="%s">%s</a></p>',
				esc_html( $reason ),
				esc_url( SettingsPage::section_url( 'books' ) ),
				esc_html__( 'Set up the accounting export', 'donation-widget' )
			),
			esc_html__( 'Accounting export', 'donation-widget' ),
			array( 'response' => 409 )
		);
	}

	/**
	 * Ends the request with a refusal's words and status: 400, 404 or 409, never a 500.
	 *
	 * @param ExportRefused $refused The refusal.
	 */
	private static function refuse( ExportRefused $refused ): never {
		$title = esc_html__( 'Accounting export', 'donation-widget' );
		if ( 400 === $refused->getCode() ) {
			wp_die( esc_html( $refused->getMessage() ), esc_html( $title ), array( 'response' => 400 ) );
		}
		if ( 404 === $refused->getCode() ) {
			wp_die( esc_html( $refused->getMessage() ), esc_html( $title ), array( 'response' => 404 ) );
		}
		wp_die( esc_html( $refused->getMessage() ), esc_html( $title ), array( 'response' => 409 ) );
	}
}
