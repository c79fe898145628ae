<?php
/**
 * Recording, correcting and voiding gifts received offline.
 *
 * @package DonationWidget
 */

namespace DonationWidget\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\Donations\RecordNotWritten;
use DonationWidget\Receipts\ReceiptSender;

/**
 * An offline gift is a donations row (provider GiftOrigin::OFFLINE, method cash, cheque or
 * bank_transfer, succeeded, created_at the day received) with the next receipt number of the
 * same sequence, and its own row (reference, note, who recorded it) with an audit of every change.
 *
 * A tax receipt, once issued, is not rewritten: a change of what it states about the gift (the
 * amount, the day, the campaign, the email it went to, whether a person or an organisation gave)
 * voids the gift and records the corrected one with a new receipt number. The donor's name and
 * address, the method, the reference and the note are corrected in place, each change audited.
 * A voided gift keeps its receipt number and counts in no total; nothing is ever deleted.
 */
final class OfflineGifts {

	public const VOIDED         = 'voided';
	public const ALREADY_VOID   = 'already_void';
	public const NOT_FOUND      = 'not_found';
	public const NOT_VOIDABLE   = 'not_voidable';
	public const EDITED         = 'edited';
	public const CORRECTED      = 'corrected';
	public const UNCHANGED      = 'unchanged';
	public const NOT_EDITABLE   = 'not_editable';
	public const ATTEMPT_PREFIX = 'offline:';

	/**
	 * Builds the service.
	 *
	 * @param DonationRepository $donations Donation records.
	 * @param OfflineGiftRecords $records   The gifts' own rows and audit.
	 * @param ReceiptSender      $receipts  The receipt email.
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly OfflineGiftRecords $records,
		private readonly ReceiptSender $receipts
	) {
	}

	/**
	 * Whether a form token is one the record form makes (a UUID).
	 *
	 * @param string $token The form's token.
	 */
	public static function is_token( string $token ): bool {
		return 1 === preg_match( '/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/D', $token );
	}

	/**
	 * Records a gift once per form token: a second submit of the same form (a double click, a
	 * reload) finds the gift the first made, and completes any step the first did not finish.
	 * Numbers it, writes its own row, and queues the receipt email when it has an email.
	 *
	 * @param string          $token       The form's token (is_token()).
	 * @param OfflineGiftForm $form        A valid form.
	 * @param int             $user_id     Who records it.
	 * @param int             $corrects_id The gift it corrects (0: none).
	 * @return array{donation: Donation, created: bool}
	 * @throws RecordNotWritten When the database refused the gift.
	 */
	public function record( string $token, OfflineGiftForm $form, int $user_id, int $corrects_id = 0 ): array {
		$attempt  = self::ATTEMPT_PREFIX . $token;
		$donation = $this->donations->create_recorded(
			$attempt,
			$form->donation_columns() + array(
				'provider' => GiftOrigin::OFFLINE,
				'status'   => DonationStatus::SUCCEEDED,
			),
			$form->received_at_utc()
		);
		$created  = null !== $donation;
		$donation = $donation ?? $this->donations->find_by_attempt( $attempt );
		if ( null === $donation ) {
			throw new RecordNotWritten( 'The offline gift could not be written.' );
		}
		$this->donations->give_receipt_number( $donation->id() );
		if ( $this->records->add( $donation->id(), $form->value( 'reference' ), $form->value( 'note' ), $user_id, $corrects_id ) ) {
			$this->records->audit( $donation->id(), $user_id, 'recorded', '', 0 === $corrects_id ? '' : '#' . $corrects_id );
		}
		// Once only (the receipt log's claim), and only while the gift stands.
		$this->receipts->on_donation_succeeded( $donation->id() );
		return array(
			'donation' => $this->donations->find( $donation->id() ) ?? $donation,
			'created'  => $created,
		);
	}

	/**
	 * Applies an edit: in place when the receipt stays true, else voids the gift and records the
	 * corrected one (with the edit form's token, so a double submit corrects once).
	 *
	 * @param int             $id      The gift's donation id.
	 * @param OfflineGiftForm $form    A valid form.
	 * @param string          $token   The edit form's token.
	 * @param int             $user_id Who edits it.
	 * @return array{result: string, donation_id: int} EDITED, CORRECTED, UNCHANGED or NOT_EDITABLE, and the gift to show.
	 */
	public function edit( int $id, OfflineGiftForm $form, string $token, int $user_id ): array {
		$donation = $this->donations->find( $id );
		$own      = $this->records->find( $id );
		if ( null === $donation || null === $own ) {
			return array(
				'result'      => self::NOT_EDITABLE,
				'donation_id' => $id,
			);
		}
		if ( DonationStatus::SUCCEEDED !== $donation->status() ) {
			// A double submit of a correction: the gift is void, its correction recorded.
			$corrected = $own['corrected_by_id'];
			return array(
				'result'      => $corrected > 0 ? self::CORRECTED : self::NOT_EDITABLE,
				'donation_id' => $corrected > 0 ? $corrected : $id,
			);
		}
		if ( array() !== $this->receipt_changes( $donation, $form ) ) {
			$new = $this->record( $token, $form, $user_id, $id )['donation'];
			$this->void( $id, $user_id, '#' . $new->id() );
			$this->records->mark_corrected( $id, $new->id() );
			return array(
				'result'      => self::CORRECTED,
				'donation_id' => $new->id(),
			);
		}
		$changed = $this->edit_in_place( $donation, $form, $user_id );
		return array(
			'result'      => $changed ? self::EDITED : self::UNCHANGED,
			'donation_id' => $id,
		);
	}

	/**
	 * What an edit would change on the receipt (field => [before, after]): the amount, the day,
	 * the campaign, the email, and whether a person or an organisation gave.
	 *
	 * @param Donation        $donation The gift.
	 * @param OfflineGiftForm $form     A valid form.
	 * @return array<string, array{0: string, 1: string}>
	 */
	public function receipt_changes( Donation $donation, OfflineGiftForm $form ): array {
		$columns = $form->donation_columns();
		$now     = array(
			'amount'       => array( (string) $donation->total_cents(), (string) $form->amount_cents ),
			'received'     => array( self::received_day( $donation ), $form->received_day ),
			'iteration_id' => array( $donation->value( 'iteration_id' ), (string) $columns['iteration_id'] ),
			'email'        => array( strtolower( $donation->email() ), (string) $columns['email'] ),
			'donate_as'    => array( $donation->value( 'donate_as' ), (string) $columns['donate_as'] ),
		);
		return array_filter( $now, static fn ( array $pair ): bool => $pair[0] !== $pair[1] );
	}

	/**
	 * The day a gift was received, Y-m-d in the site's time zone.
	 *
	 * @param Donation $donation The gift.
	 */
	public static function received_day( Donation $donation ): string {
		$at = strtotime( $donation->value( 'created_at' ) . ' UTC' );
		return false === $at ? '' : (string) wp_date( 'Y-m-d', $at );
	}

	/**
	 * Voids an offline gift: it keeps its receipt number, marked void, and leaves every total.
	 *
	 * @param int    $id      The gift's donation id.
	 * @param int    $user_id Who voids it.
	 * @param string $reason  Why (staff's words, or "#id" of the gift that corrects it).
	 * @return string VOIDED, ALREADY_VOID, NOT_FOUND or NOT_VOIDABLE.
	 */
	public function void( int $id, int $user_id, string $reason = '' ): string {
		$donation = $this->donations->find( $id );
		if ( null === $donation || GiftOrigin::OFFLINE !== $donation->provider() || null === $this->records->find( $id ) ) {
			// A provider's payment is refunded, not voided; an imported gift is not ours to void.
			return null === $donation ? self::NOT_FOUND : self::NOT_VOIDABLE;
		}
		if ( DonationStatus::VOID === $donation->status() ) {
			return self::ALREADY_VOID;
		}
		if ( ! $this->donations->move( $id, DonationStatus::VOID ) ) {
			return self::NOT_VOIDABLE;
		}
		$after = $this->donations->find( $id );
		if ( null !== $after && DonationStatus::VOID === $after->status() ) {
			$this->records->audit( $id, $user_id, 'status', $donation->status(), DonationStatus::VOID . ( '' !== $reason ? ': ' . $reason : '' ) );
		}
		return self::VOIDED;
	}

	/**
	 * Corrects what the receipt does not depend on, auditing each field.
	 *
	 * @param Donation        $donation The gift.
	 * @param OfflineGiftForm $form     A valid form.
	 * @param int             $user_id  Who edits it.
	 * @return bool Whether anything changed.
	 */
	private function edit_in_place( Donation $donation, OfflineGiftForm $form, int $user_id ): bool {
		$donor = array();
		foreach ( $form->donor_columns() as $column => $value ) {
			if ( $donation->value( $column ) !== $value ) {
				$donor[ $column ] = $value;
			}
		}
		$changed = false;
		if ( array() !== $donor && $this->donations->correct_donor( $donation->id(), $donor ) ) {
			foreach ( $donor as $column => $value ) {
				$this->records->audit( $donation->id(), $user_id, $column, $donation->value( $column ), $value );
			}
			$changed = true;
		}
		if ( $donation->method() !== $form->kind ) {
			$this->donations->update( $donation->id(), array( 'method' => $form->kind ) );
			$this->records->audit( $donation->id(), $user_id, 'method', $donation->method(), $form->kind );
			$changed = true;
		}
		$own = $this->records->edit(
			$donation->id(),
			array(
				'reference' => $form->value( 'reference' ),
				'note'      => $form->value( 'note' ),
			),
			$user_id
		);
		return $changed || array() !== $own;
	}
}
