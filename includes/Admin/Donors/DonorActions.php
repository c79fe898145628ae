<?php
/**
 * What staff can do for a donor from their page.
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
use DonationWidget\Protection\ClientIp;
use DonationWidget\SelfService\ManageLinks;
use DonationWidget\SelfService\SelfServicePage;

/**
 * "Email a sign-in link" (the donor's own manage-my-donation link, through SelfService exactly as
 * when the donor asks for it: rate-limited, audited, emailed in the background) and WordPress's
 * personal data export and erasure requests for one of the donor's addresses, finished on
 * WordPress's own Tools screens. Every action is a nonce-checked POST for staff who may act.
 */
final class DonorActions {

	public const SIGN_IN_ACTION = 'donation_widget_donor_sign_in_link';

	public const PRIVACY_ACTION = 'donation_widget_donor_privacy_request';

	/**
	 * WordPress's request types this page starts => the capability WordPress asks for them.
	 */
	private const PRIVACY_TYPES = array(
		'export_personal_data' => 'export_others_personal_data',
		'remove_personal_data' => 'erase_others_personal_data',
	);

	/**
	 * Builds the actions.
	 *
	 * @param DonorDirectory  $directory Donors.
	 * @param ManageLinks     $links     The donor's sign-in links.
	 * @param SelfServicePage $page      The page a sign-in link opens.
	 */
	public function __construct( private readonly DonorDirectory $directory, private readonly ManageLinks $links, private readonly SelfServicePage $page ) {
	}

	/**
	 * The actions section of a donor's page.
	 *
	 * @param Donor $donor The donor.
	 */
	public function render( Donor $donor ): void {
		printf( '<h2 id="donation-widget-donor-actions">%s</h2>', esc_html__( 'Actions', 'donation-widget' ) );
		echo '<div class="donation-widget-actions">';
		$this->sign_in_form( $donor );
		$this->privacy_form( $donor );
		printf( '<p>%s</p>', esc_html__( 'A card-update link for a running 4-weekly donation is under 4-weekly donations below.', 'donation-widget' ) );
		echo '</div>';
	}

	/**
	 * "Email a sign-in link", to the address staff pick when the donor has several.
	 *
	 * @param Donor $donor The donor.
	 */
	private function sign_in_form( Donor $donor ): void {
		printf( '<h3>%s</h3>', esc_html__( 'Manage my donation', 'donation-widget' ) );
		if ( null === $this->page->page() ) {
			printf( '<p>%s</p>', esc_html__( 'No "Manage my donation" page is published, so there is no sign-in link to send. Choose the page in Settings.', 'donation-widget' ) );
			return;
		}
		printf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s" /><input type="hidden" name="donor_id" value="%d" />', esc_attr( self::SIGN_IN_ACTION ), (int) $donor->id() );
		wp_nonce_field( self::SIGN_IN_ACTION . '_' . $donor->id() );
		$this->email_choice( $donor, 'donation-widget-sign-in-email' );
		printf(
			'<p><button type="submit" class="button">%s</button> <span class="description">%s</span></p></form>',
			esc_html__( 'Email a sign-in link', 'donation-widget' ),
			/* translators: %d: minutes. */
			esc_html( sprintf( __( 'The donor gets a link to see and change their donations, valid for %d minutes.', 'donation-widget' ), ManageLinks::LINK_MINUTES ) )
		);
	}

	/**
	 * WordPress's personal data export or erasure request for one address.
	 *
	 * @param Donor $donor The donor.
	 */
	private function privacy_form( Donor $donor ): void {
		printf( '<h3>%s</h3>', esc_html__( 'Privacy', 'donation-widget' ) );
		printf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s" /><input type="hidden" name="donor_id" value="%d" />', esc_attr( self::PRIVACY_ACTION ), (int) $donor->id() );
		wp_nonce_field( self::PRIVACY_ACTION . '_' . $donor->id() );
		$this->email_choice( $donor, 'donation-widget-privacy-email' );
		printf(
			'<p><input type="checkbox" id="donation-widget-privacy-confirm" name="confirm_by_email" value="1" checked="checked" /> <label for="donation-widget-privacy-confirm">%s</label></p>',
			esc_html__( 'Email the donor to confirm the request first (as WordPress does by default)', 'donation-widget' )
		);
		printf(
			'<p><button type="submit" class="button" name="request_type" value="export_personal_data">%s</button> <button type="submit" class="button donation-widget-destructive" name="request_type" value="remove_personal_data">%s</button></p>',
			esc_html__( 'Start a personal data export', 'donation-widget' ),
			esc_html__( 'Start a personal data erasure', 'donation-widget' )
		);
		printf( '<p class="description">%s</p></form>', esc_html__( 'The request is added to WordPress\'s Tools → Export Personal Data or Erase Personal Data, where you download the data or erase it once it is confirmed.', 'donation-widget' ) );
	}

	/**
	 * The address an action is for: a labelled choice when the donor has several.
	 *
	 * @param Donor  $donor The donor.
	 * @param string $id    The field's id.
	 */
	private function email_choice( Donor $donor, string $id ): void {
		$emails = $donor->emails();
		if ( count( $emails ) <= 1 ) {
			/* translators: %s: an email address. */
			printf( '<input type="hidden" name="email" value="%s" /><p>%s</p>', esc_attr( $donor->email() ), esc_html( sprintf( __( 'For %s.', 'donation-widget' ), $donor->email() ) ) );
			return;
		}
		printf( '<p><label for="%s">%s</label> <select id="%s" name="email">', esc_attr( $id ), esc_html__( 'Email address', 'donation-widget' ), esc_attr( $id ) );
		foreach ( $emails as $email ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $email ), selected( $email, $donor->email(), false ), esc_html( $email ) );
		}
		echo '</select></p>';
	}

	/**
	 * The result of an action, after its redirect.
	 *
	 * @param array<mixed> $request The query arguments.
	 */
	public function notice( array $request ): void {
		$done     = isset( $request['done'] ) && is_string( $request['done'] ) ? sanitize_key( $request['done'] ) : '';
		$messages = array(
			'sign_in_sent'    => array( 'success', __( 'A sign-in link is on its way to the donor (it is emailed in the background within a few minutes).', 'donation-widget' ) ),
			'sign_in_limited' => array( 'error', __( 'Too many sign-in links were asked for from this computer in the last hour. Try again later.', 'donation-widget' ) ),
			'sign_in_invalid' => array( 'error', __( 'This address cannot receive a sign-in link.', 'donation-widget' ) ),
			'privacy_started' => array( 'success', __( 'The personal data request was created. Finish it on WordPress\'s Tools screen.', 'donation-widget' ) ),
		);
		if ( isset( $messages[ $done ] ) ) {
			printf( '<div class="notice notice-%s inline" role="status"><p>%s</p></div>', esc_attr( $messages[ $done ][0] ), esc_html( $messages[ $done ][1] ) );
		}
		if ( 'privacy_refused' === $done ) {
			$why = get_transient( self::privacy_key() );
			delete_transient( self::privacy_key() );
			printf( '<div class="notice notice-error inline" role="alert"><p>%s</p></div>', esc_html( is_string( $why ) && '' !== $why ? $why : __( 'The personal data request could not be created.', 'donation-widget' ) ) );
		}
	}

	/**
	 * The admin-post.php handler of "Email a sign-in link".
	 */
	public function handle_sign_in_link(): void {
		list( $donor, $email ) = $this->checked_request( self::SIGN_IN_ACTION );
		$outcome               = $this->links->request( $email, 0, ClientIp::current() );
		$done                  = array(
			ManageLinks::SENT         => 'sign_in_sent',
			ManageLinks::RATE_LIMITED => 'sign_in_limited',
		)[ $outcome ] ?? 'sign_in_invalid';
		wp_safe_redirect( DonorsPage::donor_url( $donor->id(), array( 'done' => $done ) ) );
		exit;
	}

	/**
	 * The admin-post.php handler of the privacy buttons: creates WordPress's request (confirmed
	 * already, or emailed to the donor to confirm) and opens WordPress's screen for it.
	 */
	public function handle_privacy_request(): void {
		list( $donor, $email ) = $this->checked_request( self::PRIVACY_ACTION );
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- checked by checked_request().
		$type    = isset( $_POST['request_type'] ) && is_string( $_POST['request_type'] ) ? sanitize_key( wp_unslash( $_POST['request_type'] ) ) : '';
		$confirm = ! empty( $_POST['confirm_by_email'] );
		// phpcs:enable WordPress.Security.NonceVerification.Missing
		if ( ! isset( self::PRIVACY_TYPES[ $type ] ) ) {
			wp_die( esc_html__( 'Choose export or erasure.', 'donation-widget' ), '', array( 'response' => 400 ) );
		}
		if ( ! current_user_can( self::PRIVACY_TYPES[ $type ] ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage personal data requests.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$request_id = wp_create_user_request( $email, $type, array(), $confirm ? 'pending' : 'confirmed' );
		if ( is_wp_error( $request_id ) ) {
			set_transient( self::privacy_key(), $request_id->get_error_message(), 300 );
			wp_safe_redirect( DonorsPage::donor_url( $donor->id(), array( 'done' => 'privacy_refused' ) ) );
			exit;
		}
		if ( $confirm ) {
			wp_send_user_request( $request_id );
		}
		wp_safe_redirect( admin_url( 'export_personal_data' === $type ? 'export-personal-data.php' : 'erase-personal-data.php' ) );
		exit;
	}

	/**
	 * The donor and address of an action's POST, after its nonce and the capability: the address
	 * must be one of the donor's own, so no form can aim an action at someone else.
	 *
	 * @param string $action The action (its nonce names the donor).
	 * @return array{0: Donor, 1: string}
	 */
	private function checked_request( string $action ): array {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- the nonce names the donor, so it is checked just below, before anything is done.
		$id    = isset( $_POST['donor_id'] ) && is_scalar( $_POST['donor_id'] ) ? absint( wp_unslash( $_POST['donor_id'] ) ) : 0;
		$email = isset( $_POST['email'] ) && is_string( $_POST['email'] ) ? strtolower( sanitize_email( wp_unslash( $_POST['email'] ) ) ) : '';
		// phpcs:enable WordPress.Security.NonceVerification.Missing
		check_admin_referer( $action . '_' . $id );
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to act for donors.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$donor = $this->directory->find( $id );
		if ( null === $donor || ! in_array( $email, array_map( 'strtolower', $donor->emails() ), true ) ) {
			wp_die( esc_html__( 'This email address is not one of this donor\'s.', 'donation-widget' ), '', array( 'response' => 400 ) );
		}
		return array( $donor, $email );
	}

	/**
	 * Where one user's privacy refusal waits.
	 */
	private static function privacy_key(): string {
		return 'donation_widget_privacy_refused_' . get_current_user_id();
	}
}
