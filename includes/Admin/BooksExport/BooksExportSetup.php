<?php
/**
 * The accounting export's setup (Settings → Accounting export) and its links on the Payouts screen.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\BooksExport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Payouts\PayoutsPage;
use DonationWidget\Admin\SettingsPage;
use DonationWidget\Books\Export\AccountCodes;
use DonationWidget\Settings\SettingField;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSchema;

/**
 * Every line of an export is coded, so a new site's empty codes must be set first: the
 * Accounting export tab opens with what is still missing and the usual Australian codes of
 * each package, which one button pre-fills for the treasurer to check and save; the Payouts
 * screen's links say why a file cannot be downloaded yet, and link to that tab.
 */
final class BooksExportSetup {

	/**
	 * The settings section of the accounting export.
	 */
	public const SECTION = 'books';

	/**
	 * The query argument asking the tab to show one package's suggested codes in the empty fields.
	 */
	public const SUGGEST = 'suggest_codes';

	/**
	 * Format => the package's name.
	 */
	private const PACKAGES = array(
		'xero' => 'Xero',
		'myob' => 'MYOB',
	);

	/**
	 * Builds the setup.
	 *
	 * @param AccountCodes $codes    What is set.
	 * @param Settings     $settings The fields' labels.
	 */
	public function __construct( private readonly AccountCodes $codes, private readonly Settings $settings ) {
	}

	/**
	 * The top of the Accounting export tab: whether each file can be downloaded, the suggested
	 * codes and the buttons that fill them in (inside the settings form: they save it).
	 *
	 * @param string $section The section being printed.
	 */
	public function render_intro( string $section ): void {
		if ( self::SECTION !== $section ) {
			return;
		}
		$missing = array_unique( array_merge( $this->codes->missing( 'xero' ), $this->codes->missing( 'myob' ) ) );
		echo '<div class="donation-widget-books-setup">';
		printf( '<p>%s</p>', esc_html__( 'Set up the export once: each line of the Xero and MYOB files is coded to one of these accounts, so they must be set before the first download.', 'donation-widget' ) );
		foreach ( self::PACKAGES as $format => $package ) {
			$reason = $this->codes->missing( $format );
			$state  = array() === $reason
				? __( 'ready.', 'donation-widget' )
				/* translators: %s: the settings still empty. */
				: sprintf( __( 'not set up yet (refused until these are set: %s).', 'donation-widget' ), implode( ', ', $reason ) );
			/* translators: %s: the accounting package. */
			printf( '<p><strong>%s</strong> %s</p>', esc_html( sprintf( __( '%s export:', 'donation-widget' ), $package ) ), esc_html( $state ) );
		}
		$fields = $this->settings->fields();
		printf(
			'<table class="widefat striped donation-widget-books-suggested"><caption>%s</caption><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			esc_html__( 'Suggested codes (typical Australian charts of accounts: check them against yours)', 'donation-widget' ),
			esc_html__( 'Setting', 'donation-widget' ),
			esc_html__( 'Xero', 'donation-widget' ),
			esc_html__( 'MYOB AccountRight', 'donation-widget' )
		);
		foreach ( SettingsSchema::BOOKS_SUGGESTED_CODES['myob'] as $key => $myob ) {
			printf(
				'<tr><th scope="row">%s</th><td>%s</td><td>%s</td></tr>',
				esc_html( $fields[ $key ]->label ),
				esc_html( SettingsSchema::BOOKS_SUGGESTED_CODES['xero'][ $key ] ?? __( 'not needed', 'donation-widget' ) ),
				esc_html( $myob )
			);
		}
		echo '</tbody></table>';
		$suggesting = $this->suggesting();
		if ( '' !== $suggesting && array() !== $missing ) {
			printf(
				'<div class="notice notice-info inline"><p>%s</p></div>',
				/* translators: %s: the accounting package. */
				esc_html( sprintf( __( 'The empty codes below are filled in with the suggested %s codes. Check each one against your chart of accounts, change any that differ, then save: nothing is stored until you do.', 'donation-widget' ), self::PACKAGES[ $suggesting ] ) )
			);
		} elseif ( array() !== $missing ) {
			echo '<p>';
			foreach ( self::PACKAGES as $format => $package ) {
				printf(
					'<a class="button" href="%s">%s</a> ',
					esc_url( add_query_arg( self::SUGGEST, $format, SettingsPage::section_url( self::SECTION ) ) ),
					/* translators: %s: the accounting package. */
					esc_html( sprintf( __( 'Fill in the suggested %s codes', 'donation-widget' ), $package ) )
				);
			}
			echo '</p>';
		}
		echo '</div>';
	}

	/**
	 * An empty account code shown filled with the package's suggestion, while the tab is asked
	 * to suggest (donation_widget_settings_field_value): the treasurer confirms it by saving.
	 *
	 * @param mixed        $value The stored value.
	 * @param SettingField $field The field.
	 * @return mixed
	 */
	public function suggest_value( mixed $value, SettingField $field ): mixed {
		$package = $this->suggesting();
		if ( '' === $package || ( '' !== $value && null !== $value ) ) {
			return $value;
		}
		return SettingsSchema::BOOKS_SUGGESTED_CODES[ $package ][ $field->key ] ?? $value;
	}

	/**
	 * The package whose codes the tab is asked to suggest ('' for none).
	 */
	private function suggesting(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only pre-fills the form shown; saving goes through options.php.
		$asked = isset( $_GET[ self::SUGGEST ] ) ? sanitize_key( wp_unslash( $_GET[ self::SUGGEST ] ) ) : '';
		return isset( self::PACKAGES[ $asked ] ) ? $asked : '';
	}

	/**
	 * The Payouts screen's export: one payout's two files (or why each cannot be given yet),
	 * then the date-range form.
	 *
	 * @param string $payout_id The payout shown, '' on the list.
	 */
	public function render_links( string $payout_id ): void {
		if ( '' !== $payout_id ) {
			printf( '<h2>%s</h2>', esc_html__( 'Export for your accounts', 'donation-widget' ) );
			printf( '<p>%s</p>', esc_html__( 'A file of this deposit, with gifts, fees, refunds and disputes as lines that add up to it, for your accounting software. Over Xero\'s 1,000 lines a file, the Xero download is a zip of numbered files that each import alone, with a note of the totals.', 'donation-widget' ) );
			$links = array();
			foreach ( array(
				'xero' => __( 'Download for Xero (CSV)', 'donation-widget' ),
				'myob' => __( 'Download for MYOB (TXT)', 'donation-widget' ),
			) as $format => $label ) {
				if ( '' === $this->codes->not_ready_reason( $format ) ) {
					$links[] = sprintf( '<a class="button" href="%s">%s</a>', esc_url( BooksExportDownload::url( $payout_id, $format ) ), esc_html( $label ) );
				}
			}
			if ( array() !== $links ) {
				echo '<p>' . implode( ' ', $links ) . '</p>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- each link escaped above.
			}
			$this->render_not_ready();
		}
		$this->render_range_form( '' === $payout_id );
	}

	/**
	 * Why a format cannot be downloaded yet, and the way to its setup.
	 */
	private function render_not_ready(): void {
		$reasons = array_filter( array_map( fn ( string $format ): string => $this->codes->not_ready_reason( $format ), array_keys( self::PACKAGES ) ) );
		if ( array() === $reasons ) {
			return;
		}
		echo '<div class="notice notice-warning inline donation-widget-books-not-ready">';
		foreach ( $reasons as $reason ) {
			printf( '<p>%s</p>', esc_html( $reason ) );
		}
		printf( '<p><a href="%s">%s</a></p></div>', esc_url( SettingsPage::section_url( self::SECTION ) ), esc_html__( 'Set up the accounting export', 'donation-widget' ) );
	}

	/**
	 * The accounting export of a date range: a button per format that is set up.
	 *
	 * @param bool $explain Whether to say why a format's button is missing (not said above yet).
	 */
	private function render_range_form( bool $explain ): void {
		printf( '<h2>%s</h2>', esc_html__( 'Export a date range', 'donation-widget' ) );
		printf( '<form method="post" action="%s" class="donation-widget-books-export">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s" />', esc_attr( BooksExportDownload::ACTION ) );
		wp_nonce_field( BooksExportDownload::ACTION );
		printf(
			'<p><label for="donation-widget-export-from">%s</label> <input type="date" id="donation-widget-export-from" name="from" value="%s" required /> <label for="donation-widget-export-to">%s</label> <input type="date" id="donation-widget-export-to" name="to" value="%s" required /></p><p>',
			esc_html__( 'From', 'donation-widget' ),
			esc_attr( (string) wp_date( 'Y-m-01' ) ),
			esc_html__( 'To', 'donation-widget' ),
			esc_attr( (string) wp_date( 'Y-m-d' ) )
		);
		foreach ( self::PACKAGES as $format => $package ) {
			/* translators: %s: the accounting package. */
			$label = sprintf( __( 'Download for %s', 'donation-widget' ), $package );
			if ( '' === $this->codes->not_ready_reason( $format ) ) {
				printf( '<button type="submit" class="button" name="format" value="%s">%s</button> ', esc_attr( $format ), esc_html( $label ) );
			}
		}
		echo '</p></form>';
		if ( $explain ) {
			$this->render_not_ready();
		}
		$this->render_offline_form();
	}

	/**
	 * The offline gifts' own file of a date range: banked directly into the bank deposits
	 * account, so never among a provider's deposits.
	 */
	private function render_offline_form(): void {
		printf( '<h2>%s</h2>', esc_html__( 'Export offline gifts', 'donation-widget' ) );
		printf( '<p>%s</p>', esc_html__( 'Cash, cheques and bank transfers recorded here, by the day received: each gift coded to the donations income account, banked into the bank deposits account. Void gifts are left out.', 'donation-widget' ) );
		$reason = $this->codes->offline_gifts_not_ready_reason();
		if ( '' !== $reason ) {
			printf( '<div class="notice notice-warning inline"><p>%s</p><p><a href="%s">%s</a></p></div>', esc_html( $reason ), esc_url( SettingsPage::section_url( self::SECTION ) ), esc_html__( 'Set up the offline gifts export', 'donation-widget' ) );
			return;
		}
		printf( '<form method="post" action="%s" class="donation-widget-books-export-offline">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s" /><input type="hidden" name="scope" value="offline" />', esc_attr( BooksExportDownload::ACTION ) );
		wp_nonce_field( BooksExportDownload::ACTION );
		printf(
			'<p><label for="donation-widget-offline-from">%s</label> <input type="date" id="donation-widget-offline-from" name="from" value="%s" required /> <label for="donation-widget-offline-to">%s</label> <input type="date" id="donation-widget-offline-to" name="to" value="%s" required /></p><p>',
			esc_html__( 'Received from', 'donation-widget' ),
			esc_attr( (string) wp_date( 'Y-m-01' ) ),
			esc_html__( 'Received to', 'donation-widget' ),
			esc_attr( (string) wp_date( 'Y-m-d' ) )
		);
		foreach ( self::PACKAGES as $format => $package ) {
			/* translators: %s: the accounting package. */
			printf( '<button type="submit" class="button" name="format" value="%s">%s</button> ', esc_attr( $format ), esc_html( sprintf( __( 'Download offline gifts for %s', 'donation-widget' ), $package ) ) );
		}
		echo '</p></form>';
	}
}
