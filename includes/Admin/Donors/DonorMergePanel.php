<?php
/**
 * Merging another record of the same person into a donor.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Donors\Donor;
use DonationWidget\Donors\DonorDirectory;
use DonationWidget\Donors\DonorMerge;
use DonationWidget\Donors\DonorMergeRefused;
use DonationWidget\Receipts\DonationFormat;

/**
 * Three steps on the donor's page: find the other record by its email (a GET: nothing changes),
 * read what merging does and confirm (a nonce-checked POST for staff with the donations
 * capability), then see this donor with both emails and the audit entry. A refusal (the same
 * donor, a record already merged, no such email) is shown beside the email field.
 */
final class DonorMergePanel {

	public const ACTION = 'donation_widget_merge_donors';

	/**
	 * The query argument carrying the other record's email.
	 */
	public const EMAIL_ARG = 'merge_email';

	/**
	 * How long the refusal's words wait for the page the handler sends staff back to.
	 */
	private const REFUSAL_SECONDS = 300;

	/**
	 * Builds the panel.
	 *
	 * @param DonorDirectory $directory Finds the other record.
	 * @param DonorMerge     $merge     Merges.
	 */
	public function __construct( private readonly DonorDirectory $directory, private readonly DonorMerge $merge ) {
	}

	/**
	 * The nonce action of merging into one donor.
	 *
	 * @param int $keep_id The donor kept.
	 */
	public static function nonce_action( int $keep_id ): string {
		return self::ACTION . '_' . $keep_id;
	}

	/**
	 * The success notice after a merge's redirect.
	 *
	 * @param array<mixed> $request The query arguments.
	 */
	public function notice( array $request ): void {
		$merged = isset( $request['merged'] ) && is_scalar( $request['merged'] ) ? absint( $request['merged'] ) : 0;
		if ( $merged > 0 ) {
			/* translators: %d: the merged record's number. */
			printf( '<div class="notice notice-success inline" role="status"><p>%s</p></div>', esc_html( sprintf( __( 'Donor #%d was merged into this donor: their gifts and email address are now this donor\'s, and the audit trail records the merge.', 'donation-widget' ), $merged ) ) );
		}
	}

	/**
	 * The merge section of a donor's page.
	 *
	 * @param Donor        $donor   The donor shown (the one kept).
	 * @param array<mixed> $request The query arguments (unslashed).
	 */
	public function render( Donor $donor, array $request ): void {
		printf( '<h2 id="donation-widget-merge">%s</h2>', esc_html__( 'Merge another record into this donor', 'donation-widget' ) );
		printf( '<p>%s</p>', esc_html__( 'When one person gave under two email addresses, find their other record by its email. You will see what merging does before anything changes.', 'donation-widget' ) );
		$given   = isset( $request[ self::EMAIL_ARG ] ) && is_string( $request[ self::EMAIL_ARG ] ) ? mb_substr( trim( sanitize_text_field( $request[ self::EMAIL_ARG ] ) ), 0, 100 ) : '';
		$refusal = '';
		$other   = null;
		if ( isset( $request['merge'] ) && 'refused' === $request['merge'] ) {
			$refusal = $this->take_refusal();
		} elseif ( '' !== $given ) {
			list( $other, $refusal ) = $this->find_other( $donor, $given );
		}
		$this->search_form( $donor, $given, $refusal );
		if ( null !== $other ) {
			$this->confirm_form( $donor, $other );
		}
	}

	/**
	 * The other record of an email, or why it cannot be merged into this donor.
	 *
	 * @param Donor  $donor The donor kept.
	 * @param string $given The email typed.
	 * @return array{0: Donor|null, 1: string} The other donor, or null and the refusal.
	 */
	private function find_other( Donor $donor, string $given ): array {
		$email = sanitize_email( $given );
		if ( '' === $email || ! is_email( $email ) ) {
			/* translators: %s: the text typed. */
			return array( null, sprintf( __( '"%s" is not an email address. Enter the other record\'s email, such as jo@example.org.', 'donation-widget' ), $given ) );
		}
		$other = $this->directory->find_by_email( $email );
		if ( null === $other ) {
			/* translators: %s: an email address. */
			return array( null, sprintf( __( 'No donor has the email %s.', 'donation-widget' ), $email ) );
		}
		if ( $other->id() === $donor->id() ) {
			/* translators: %s: an email address. */
			return array( null, sprintf( __( '%s is already this donor\'s email: there is nothing to merge.', 'donation-widget' ), $email ) );
		}
		return array( $other, '' );
	}

	/**
	 * The email field, with the refusal beside it.
	 *
	 * @param Donor  $donor   The donor kept.
	 * @param string $given   The email typed, or ''.
	 * @param string $refusal Why it cannot be merged, or ''.
	 */
	private function search_form( Donor $donor, string $given, string $refusal ): void {
		printf( '<form method="get" action="%s#donation-widget-merge">', esc_url( admin_url( 'admin.php' ) ) );
		printf( '<input type="hidden" name="page" value="%s" /><input type="hidden" name="donor" value="%d" />', esc_attr( DonorsPage::SLUG ), (int) $donor->id() );
		printf( '<p><label for="donation-widget-merge-email">%s</label><br />', esc_html__( 'Email of the other record', 'donation-widget' ) );
		printf(
			'<input type="email" id="donation-widget-merge-email" name="%s" class="regular-text" value="%s" required%s /> ',
			esc_attr( self::EMAIL_ARG ),
			esc_attr( $given ),
			'' !== $refusal ? ' aria-invalid="true" aria-describedby="donation-widget-merge-error"' : ''
		);
		printf( '<button type="submit" class="button">%s</button></p>', esc_html__( 'Find record', 'donation-widget' ) );
		if ( '' !== $refusal ) {
			printf( '<p id="donation-widget-merge-error" class="donation-widget-field-error" role="alert">%s</p>', esc_html( $refusal ) );
		}
		echo '</form>';
	}

	/**
	 * What merging does, in plain words, and the button that does it.
	 *
	 * @param Donor $donor The donor kept.
	 * @param Donor $other The record merged into it.
	 */
	private function confirm_form( Donor $donor, Donor $other ): void {
		$other_name = DonorProfile::display_name( $other );
		$keep_name  = DonorProfile::display_name( $donor );
		printf( '<section class="donation-widget-merge-confirm notice notice-warning inline" aria-labelledby="donation-widget-merge-confirm-heading"><h3 id="donation-widget-merge-confirm-heading">%s</h3>', esc_html( sprintf( /* translators: 1: the other record's name, 2: its email. */ __( 'Merge %1$s (%2$s) into this donor?', 'donation-widget' ), $other_name, $other->email() ) ) );
		echo '<ul class="ul-disc">';
		$lines = array(
			/* translators: 1: number of gifts, 2: amount, such as $120.00; 3: this donor's name. */
			sprintf( _n( 'Its %1$d gift (%2$s given) moves to %3$s, and their totals are added together.', 'Its %1$d gifts (%2$s given) move to %3$s, and their totals are added together.', $other->gifts(), 'donation-widget' ), $other->gifts(), DonationFormat::money( $other->given_cents() ), $keep_name ),
			/* translators: 1: the other email(s), 2: this donor's email. */
			sprintf( __( 'This donor keeps both email addresses: %1$s and %2$s. Gifts from either address count here from now on.', 'donation-widget' ), implode( ', ', $other->emails() ), $donor->email() ),
			__( 'Tax statements from now on are one statement for both addresses.', 'donation-widget' ),
			/* translators: %d: the other record's number. */
			sprintf( __( 'Record #%d is closed: its page then shows this donor. The merge is recorded in the audit trail with your name.', 'donation-widget' ), $other->id() ),
			__( 'No gift, receipt or statement already sent is changed, and no email is sent to the donor.', 'donation-widget' ),
		);
		foreach ( $lines as $line ) {
			printf( '<li>%s</li>', esc_html( $line ) );
		}
		echo '</ul>';
		printf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s" />', esc_attr( self::ACTION ) );
		printf( '<input type="hidden" name="keep_id" value="%d" /><input type="hidden" name="merged_id" value="%d" />', (int) $donor->id(), (int) $other->id() );
		printf( '<input type="hidden" name="%s" value="%s" />', esc_attr( self::EMAIL_ARG ), esc_attr( $other->email() ) );
		wp_nonce_field( self::nonce_action( $donor->id() ) );
		printf(
			'<p><button type="submit" class="button button-primary">%s</button> <a class="button" href="%s">%s</a></p></form></section>',
			esc_html__( 'Merge the two records', 'donation-widget' ),
			esc_url( DonorsPage::donor_url( $donor->id() ) ),
			esc_html__( 'Cancel', 'donation-widget' )
		);
	}

	/**
	 * The admin-post.php handler of "Merge the two records": checks the nonce and capability,
	 * merges, and returns to the kept donor (with the refusal beside the field when refused).
	 *
	 * @throws DonorMergeRefused Never past here: an incomplete form is refused like the domain's refusals.
	 */
	public function handle(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- the nonce names the kept donor, so it is checked just below, before anything changes.
		$keep_id   = isset( $_POST['keep_id'] ) && is_scalar( $_POST['keep_id'] ) ? absint( wp_unslash( $_POST['keep_id'] ) ) : 0;
		$merged_id = isset( $_POST['merged_id'] ) && is_scalar( $_POST['merged_id'] ) ? absint( wp_unslash( $_POST['merged_id'] ) ) : 0;
		$email     = isset( $_POST[ self::EMAIL_ARG ] ) && is_string( $_POST[ self::EMAIL_ARG ] ) ? sanitize_email( wp_unslash( $_POST[ self::EMAIL_ARG ] ) ) : '';
		// phpcs:enable WordPress.Security.NonceVerification.Missing
		check_admin_referer( self::nonce_action( $keep_id ) );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to merge donors.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		try {
			if ( $keep_id <= 0 || $merged_id <= 0 ) {
				throw new DonorMergeRefused( __( 'Choose the other record again: the form was incomplete.', 'donation-widget' ) );
			}
			$this->merge->merge( $keep_id, $merged_id, get_current_user_id() );
		} catch ( DonorMergeRefused $refused ) {
			set_transient( self::refusal_key(), $refused->getMessage(), self::REFUSAL_SECONDS );
			wp_safe_redirect(
				DonorsPage::donor_url(
					$keep_id,
					array(
						'merge'         => 'refused',
						self::EMAIL_ARG => $email,
					)
				) . '#donation-widget-merge'
			);
			exit;
		}
		wp_safe_redirect( DonorsPage::donor_url( $keep_id, array( 'merged' => (string) $merged_id ) ) );
		exit;
	}

	/**
	 * The refusal waiting for this user, read once.
	 */
	private function take_refusal(): string {
		$message = get_transient( self::refusal_key() );
		delete_transient( self::refusal_key() );
		return is_string( $message ) && '' !== $message ? $message : __( 'These two records could not be merged.', 'donation-widget' );
	}

	/**
	 * Where one user's refusal waits: never shown to anyone else.
	 */
	private static function refusal_key(): string {
		return 'donation_widget_merge_refused_' . get_current_user_id();
	}
}
