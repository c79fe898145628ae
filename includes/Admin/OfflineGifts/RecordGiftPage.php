<?php
/**
 * Donation Widget → Record offline gift: the record, edit and void form.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\AdminServiceProvider;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\Donations\Money;
use DonationWidget\OfflineGifts\OfflineGiftForm;
use DonationWidget\OfflineGifts\OfflineGiftKind;
use DonationWidget\OfflineGifts\OfflineGiftRecords;
use DonationWidget\OfflineGifts\OfflineGifts;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Receipts\ReceiptLog;
use DonationWidget\Receipts\ReceiptSender;

/**
 * One screen for a gift received offline: a blank form records one (prefilled from a donor's
 * latest gift with &email=), &donation=<id> shows the gift with its form to edit it and its
 * void button. The form posts back to the screen (handled on its load- hook, before any output),
 * so a refused form comes back with every value and a message beside each refused field, and
 * nothing written; a saved one redirects (post, redirect, get) to the gift with what happened.
 */
final class RecordGiftPage {

	public const SLUG = 'donation-widget-record-gift';

	public const NONCE = 'donation_widget_record_gift';

	public const VOID_NONCE = 'donation_widget_void_gift';

	/**
	 * The form that came back refused (null: none this request).
	 *
	 * @var OfflineGiftForm|null
	 */
	private ?OfflineGiftForm $refused = null;

	/**
	 * Why a void was refused ('' for none).
	 *
	 * @var string
	 */
	private string $void_error = '';

	/**
	 * Builds the screen.
	 *
	 * @param OfflineGifts       $gifts     Records, corrects and voids.
	 * @param OfflineGiftRecords $records   The gifts' own rows and audit.
	 * @param DonationRepository $donations Donation records.
	 * @param ReceiptSender      $receipts  Receipt numbers.
	 * @param ReceiptLog         $log       Receipts sent.
	 * @param DonorPrefill       $prefill   A donor's details from their latest gift.
	 * @param GiftFormView       $view      The forms' HTML.
	 */
	public function __construct(
		private readonly OfflineGifts $gifts,
		private readonly OfflineGiftRecords $records,
		private readonly DonationRepository $donations,
		private readonly ReceiptSender $receipts,
		private readonly ReceiptLog $log,
		private readonly DonorPrefill $prefill,
		private readonly GiftFormView $view = new GiftFormView()
	) {
	}

	/**
	 * Adds "Record offline gift" under the Donation Widget menu, and its form handler.
	 */
	public function add_menu(): void {
		$hook = add_submenu_page(
			AdminServiceProvider::MENU_SLUG,
			__( 'Record an offline gift', 'donation-widget' ),
			__( 'Record offline gift', 'donation-widget' ),
			DonationsCapability::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
		if ( is_string( $hook ) && '' !== $hook ) {
			add_action( 'load-' . $hook, array( $this, 'handle_post' ) );
		}
	}

	/**
	 * The screen's URL.
	 *
	 * @param array<string, string> $args More query arguments.
	 */
	public static function url( array $args = array() ): string {
		return add_query_arg( array( 'page' => self::SLUG ) + array_map( 'rawurlencode', $args ), admin_url( 'admin.php' ) );
	}

	/**
	 * One gift's page (edit, void, print).
	 *
	 * @param int $id Donation row id.
	 */
	public static function gift_url( int $id ): string {
		return self::url( array( 'donation' => (string) $id ) );
	}

	/**
	 * The load- hook: a POST of the record, edit or void form. Checks the nonce and the
	 * capability first; a saved form redirects, a refused one is kept for render().
	 */
	public function handle_post(): void {
		if ( ! isset( $_SERVER['REQUEST_METHOD'] ) || 'POST' !== $_SERVER['REQUEST_METHOD'] ) {
			return;
		}
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to record gifts.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$id = isset( $_GET['donation'] ) ? absint( wp_unslash( $_GET['donation'] ) ) : 0; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the nonce checked next names the gift.
		if ( isset( $_POST['void_gift'] ) ) {
			check_admin_referer( self::VOID_NONCE . '_' . $id );
			$this->handle_void( $id );
			return;
		}
		check_admin_referer( self::NONCE . '_' . $id );
		$input = wp_unslash( $_POST ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- every field is checked by OfflineGiftForm, which refuses rather than cleans.
		$form  = OfflineGiftForm::from_input( is_array( $input ) ? $input : array() );
		$token = isset( $input['gift_token'] ) && is_string( $input['gift_token'] ) ? $input['gift_token'] : '';
		if ( ! OfflineGifts::is_token( $token ) ) {
			$form->errors['form'] = __( 'This form was changed or is out of date: check the details and save again.', 'donation-widget' );
		}
		if ( ! $form->is_valid() ) {
			$form->values['gift_token'] = $token;
			$this->refused              = $form;
			return;
		}
		$user = get_current_user_id();
		if ( $id > 0 ) {
			$edit = $this->gifts->edit( $id, $form, $token, $user );
			$this->redirect( $edit['donation_id'], $edit['result'] );
		}
		$recorded = $this->gifts->record( $token, $form, $user );
		$this->redirect( $recorded['donation']->id(), $recorded['created'] ? 'recorded' : 'duplicate' );
	}

	/**
	 * Voids the gift, or keeps why not for render().
	 *
	 * @param int $id Donation row id.
	 */
	private function handle_void( int $id ): void {
		$reason = isset( $_POST['void_reason'] ) && is_string( $_POST['void_reason'] ) ? sanitize_text_field( wp_unslash( $_POST['void_reason'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked by the caller.
		if ( '' === $reason ) {
			$this->void_error = __( 'Say why the gift is voided (such as "cheque bounced" or "recorded twice"): it stays in the gift\'s history.', 'donation-widget' );
			return;
		}
		if ( mb_strlen( $reason ) > 200 ) {
			/* translators: %d: the most characters allowed. */
			$this->void_error = sprintf( __( 'Please use at most %d characters.', 'donation-widget' ), 200 );
			return;
		}
		$result = $this->gifts->void( $id, get_current_user_id(), $reason );
		$this->redirect( $id, $result );
	}

	/**
	 * Back to the gift's page with what happened.
	 *
	 * @param int    $id     Donation row id.
	 * @param string $result What happened.
	 */
	private function redirect( int $id, string $result ): never {
		wp_safe_redirect( add_query_arg( 'done', $result, self::gift_url( $id ) ) );
		exit;
	}

	/**
	 * Prints the form (a new gift), or one gift with its form.
	 */
	public function render(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to record gifts.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- showing a page changes nothing; the values only pick what to show.
		$id    = isset( $_GET['donation'] ) ? absint( wp_unslash( $_GET['donation'] ) ) : 0;
		$email = isset( $_GET['email'] ) ? sanitize_email( wp_unslash( $_GET['email'] ) ) : '';
		$donor = isset( $_GET['donor'] ) ? absint( wp_unslash( $_GET['donor'] ) ) : 0;
		$done  = isset( $_GET['done'] ) ? sanitize_key( wp_unslash( $_GET['done'] ) ) : '';
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		echo '<div class="wrap donation-widget-record-gift">';
		if ( $id > 0 ) {
			$this->render_gift( $id, $done );
		} else {
			printf( '<h1>%s</h1>', esc_html__( 'Record an offline gift', 'donation-widget' ) );
			printf( '<p>%s</p>', esc_html__( 'A cash, cheque or bank-transfer gift the charity received. It gets the next receipt number, and the receipt is emailed to the donor, or printed for the post when there is no email. It counts in Reports, the donor\'s totals and their EOFY statement; it is not part of any payment provider\'s payouts.', 'donation-widget' ) );
			$values = null !== $this->refused ? $this->refused->values : $this->prefill->values( $email, $donor );
			$this->view->form( 0, $values, null !== $this->refused ? $this->refused->errors : array(), __( 'Record gift', 'donation-widget' ) );
		}
		echo '</div>';
	}

	/**
	 * One gift: what happened, its summary, the edit form and the void form.
	 *
	 * @param int    $id   Donation row id.
	 * @param string $done What the last post did.
	 */
	private function render_gift( int $id, string $done ): void {
		$donation = $this->donations->find( $id );
		$own      = $this->records->find( $id );
		if ( null === $donation || null === $own || GiftOrigin::OFFLINE !== $donation->provider() ) {
			printf( '<h1>%s</h1><p>%s</p>', esc_html__( 'Offline gift not found', 'donation-widget' ), esc_html__( 'There is no offline gift with this number. Gifts made online are on the Donations screen.', 'donation-widget' ) );
			return;
		}
		$number = $this->receipts->number( $donation );
		$void   = DonationStatus::VOID === $donation->status();
		/* translators: %d: donation id. */
		printf( '<h1>%s</h1>', esc_html( sprintf( __( 'Offline gift #%d', 'donation-widget' ), $id ) ) );
		$this->render_done( $donation, $own, $done, $number );
		if ( $void ) {
			printf(
				'<div class="notice notice-warning inline"><p><strong>%s</strong></p></div>',
				/* translators: %s: the receipt number, such as REC-00000042. */
				esc_html( sprintf( __( 'Void: this gift counts in no total, and its receipt %s is cancelled. The number stays with it and is never given again.', 'donation-widget' ), $number ) )
			);
		}
		echo '<table class="widefat striped donation-widget-details"><tbody>';
		$rows = array(
			__( 'Gift', 'donation-widget' )           => OfflineGiftKind::describe( $donation->method(), $own['reference'] ),
			__( 'Status', 'donation-widget' )         => DonationFormat::status( $donation->status() ),
			__( 'Amount', 'donation-widget' )         => DonationFormat::money( $donation->total_cents() ) . ' ' . $donation->currency(),
			__( 'Received', 'donation-widget' )       => DonationFormat::date( $donation->value( 'created_at' ) ),
			__( 'Receipt number', 'donation-widget' ) => $number . ( $void ? ' ' . __( '(void)', 'donation-widget' ) : '' ),
		);
		foreach ( $rows as $label => $value ) {
			printf( '<tr><th scope="row" style="width: 14em;">%s</th><td>%s</td></tr>', esc_html( $label ), esc_html( $value ) );
		}
		echo '</tbody></table>';
		printf(
			'<p><a class="button" href="%s">%s</a> <a href="%s">%s</a></p>',
			esc_url( PrintableReceipt::url( $id ) ),
			esc_html__( 'Print receipt', 'donation-widget' ),
			esc_url( DonationsPage::detail_url( $id ) ),
			esc_html__( 'See it on the Donations screen', 'donation-widget' )
		);
		if ( $void ) {
			if ( $own['corrected_by_id'] > 0 ) {
				/* translators: %d: the id of the gift recorded in its place. */
				printf( '<p><a href="%s">%s</a></p>', esc_url( self::gift_url( $own['corrected_by_id'] ) ), esc_html( sprintf( __( 'Corrected by offline gift #%d', 'donation-widget' ), $own['corrected_by_id'] ) ) );
			}
			return;
		}
		printf( '<h2>%s</h2>', esc_html__( 'Edit this gift', 'donation-widget' ) );
		printf( '<p>%s</p>', esc_html__( 'The donor\'s name and address, how it was received, the reference and the note are corrected here. A change of the amount, the day received, the campaign, the email or whether a person or an organisation gave changes what the receipt states: the gift is voided and the corrected gift recorded with a new receipt number, which is emailed (or printed) again.', 'donation-widget' ) );
		$values = null !== $this->refused ? $this->refused->values : $this->values_of( $donation, $own );
		$this->view->form( $id, $values, null !== $this->refused ? $this->refused->errors : array(), __( 'Save changes', 'donation-widget' ) );
		$this->view->void_form( $id, $this->void_error );
	}

	/**
	 * The notice of what the last post did.
	 *
	 * @param Donation                                   $donation The gift.
	 * @param array{reference: string, corrects_id: int} $own      Its own row.
	 * @param string                                     $done     What the last post did.
	 * @param string                                     $number   Its receipt number.
	 */
	private function render_done( Donation $donation, array $own, string $done, string $number ): void {
		$emailed = '';
		if ( in_array( $done, array( 'recorded', 'duplicate', OfflineGifts::CORRECTED ), true ) ) {
			$sent    = array() !== $this->log->for_donation( $donation->id() );
			$emailed = $sent
				/* translators: %s: the donor's email address. */
				? sprintf( __( 'The receipt is being emailed to %s.', 'donation-widget' ), $donation->email() )
				: __( 'No receipt was emailed (no email address, or receipts are switched off in Settings): print it for the post.', 'donation-widget' );
		}
		$messages = array(
			/* translators: %s: the receipt number. */
			'recorded'                 => array( 'success', sprintf( __( 'Gift recorded with receipt number %s.', 'donation-widget' ), $number ) . ' ' . $emailed ),
			/* translators: %s: the receipt number. */
			'duplicate'                => array( 'info', sprintf( __( 'This form was already saved: the gift was recorded once, with receipt number %s.', 'donation-widget' ), $number ) . ' ' . $emailed ),
			/* translators: 1: the id of the voided gift, 2: the new receipt number. */
			OfflineGifts::CORRECTED    => array( 'success', sprintf( __( 'The receipt changed, so gift #%1$d was voided and this corrected gift recorded with the new receipt number %2$s.', 'donation-widget' ), $own['corrects_id'], $number ) . ' ' . $emailed ),
			OfflineGifts::EDITED       => array( 'success', __( 'Changes saved; each one is in the gift\'s history.', 'donation-widget' ) ),
			OfflineGifts::UNCHANGED    => array( 'info', __( 'Nothing was changed.', 'donation-widget' ) ),
			/* translators: %s: the receipt number. */
			OfflineGifts::VOIDED       => array( 'success', sprintf( __( 'Gift voided. Its receipt number %s stays with it, marked void.', 'donation-widget' ), $number ) ),
			OfflineGifts::ALREADY_VOID => array( 'info', __( 'This gift was already void.', 'donation-widget' ) ),
			OfflineGifts::NOT_EDITABLE => array( 'error', __( 'This gift cannot be changed: a void gift stays as it was.', 'donation-widget' ) ),
			OfflineGifts::NOT_VOIDABLE => array( 'error', __( 'Only a received offline gift can be voided.', 'donation-widget' ) ),
		);
		if ( isset( $messages[ $done ] ) ) {
			printf( '<div class="notice notice-%s" role="status"><p>%s</p></div>', esc_attr( $messages[ $done ][0] ), esc_html( trim( $messages[ $done ][1] ) ) );
		}
	}

	/**
	 * The form's values from a recorded gift.
	 *
	 * @param Donation                               $donation The gift.
	 * @param array{reference: string, note: string} $own      Its own row.
	 * @return array<string, string>
	 */
	private function values_of( Donation $donation, array $own ): array {
		$values = array(
			'kind'      => $donation->method(),
			'received'  => DonationFormat::date( $donation->value( 'created_at' ), (string) get_option( 'date_format', 'j F Y' ) ),
			'amount'    => Money::dollars( $donation->total_cents() ),
			'donate_as' => $donation->value( 'donate_as' ),
			'reference' => $own['reference'],
			'note'      => $own['note'],
		);
		foreach ( array( 'first_name', 'last_name', 'organisation_name', 'email', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country', 'iteration_id' ) as $column ) {
			$values[ $column ] = $donation->value( $column );
		}
		return $values;
	}

}
