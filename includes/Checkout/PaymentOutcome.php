<?php
/**
 * What a payment method reports back to the checkout.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A gateway never writes a donation's status or builds the widget's answer: it says what the
 * provider did, as one of these, and the checkout records it (DonationLedger::settle) and
 * answers (PaymentAnswers::for_outcome). Webhooks and later checks settle through the same
 * path, so a payment is recorded the same way whichever news arrives first.
 */
final class PaymentOutcome {

	/** The money came in. */
	public const PAID = 'paid';

	/** The bank asks the donor to confirm (3-D Secure). */
	public const REQUIRES_ACTION = 'requires_action';

	/** The browser confirms the payment itself (a wallet), then asks for the outcome. */
	public const CONFIRM_IN_BROWSER = 'confirm_in_browser';

	/** Accepted but not final; a webhook (or a later check) completes it. */
	public const PROCESSING = 'processing';

	/** Declined: the donor may try another card or account. */
	public const DECLINED = 'declined';

	/** The payment the browser named did not check out with the provider. */
	public const NOT_VERIFIED = 'not_verified';

	/** The provider refused the site's request: nothing was charged. */
	public const REFUSED = 'refused';

	/** The attempt or the payment named belongs to something else. */
	public const CONFLICT = 'conflict';

	/** The payment named is not one of this site's. */
	public const NOT_FOUND = 'not_found';

	/** The money named belongs to another attempt, or to nothing this widget made. */
	public const FOREIGN = 'foreign';

	/** The provider holds money for the donation that does not match it: staff must look. */
	public const HELD = 'held';

	/**
	 * Builds an outcome; use the named constructors.
	 *
	 * @param string $kind          One of the constants.
	 * @param string $message       For the donor ('' for the checkout's default words).
	 * @param string $code          Machine-readable reason, such as insufficient_funds.
	 * @param string $detail        For the charity's records (never shown to donors).
	 * @param string $reference     The provider's id of the money movement (charge, capture).
	 * @param string $payment_id    The provider's id of the payment (PaymentIntent).
	 * @param string $method        How the donor paid (card, google_pay, au_becs_debit …), '' if unknown.
	 * @param string $client_secret For the browser, when it has to act.
	 * @param bool   $fails_record  Whether the donation is recorded as failed.
	 * @param bool   $awaits_donor  Whether nothing is paid until the donor acts (3-D Secure, a wallet
	 *                              never confirmed): after a day such a payment is abandoned.
	 */
	private function __construct(
		public readonly string $kind,
		public readonly string $message = '',
		public readonly string $code = '',
		public readonly string $detail = '',
		public readonly string $reference = '',
		public readonly string $payment_id = '',
		public readonly string $method = '',
		public readonly string $client_secret = '',
		public readonly bool $fails_record = false,
		public readonly bool $awaits_donor = false
	) {
	}

	/**
	 * The money came in.
	 *
	 * @param string $reference  Charge or capture id.
	 * @param string $payment_id PaymentIntent id, when there is one.
	 * @param string $method     How the donor paid, when known.
	 */
	public static function paid( string $reference, string $payment_id = '', string $method = '' ): self {
		return new self( self::PAID, reference: $reference, payment_id: $payment_id, method: $method );
	}

	/**
	 * The bank asks for 3-D Secure.
	 *
	 * @param string $client_secret For the browser.
	 * @param string $payment_id    The PaymentIntent to send back.
	 */
	public static function requires_action( string $client_secret, string $payment_id ): self {
		return new self( self::REQUIRES_ACTION, payment_id: $payment_id, client_secret: $client_secret, awaits_donor: true );
	}

	/**
	 * The browser confirms the payment with the provider.
	 *
	 * @param string $client_secret For the browser.
	 * @param string $payment_id    The payment it confirms.
	 */
	public static function confirm_in_browser( string $client_secret, string $payment_id ): self {
		return new self( self::CONFIRM_IN_BROWSER, payment_id: $payment_id, client_secret: $client_secret, awaits_donor: true );
	}

	/**
	 * Accepted, not final.
	 *
	 * @param string $message    For the donor.
	 * @param string $payment_id The payment, when known.
	 * @param string $note       For the records: why it is still open ('' for none).
	 * @param bool   $awaits_donor Whether no money moves until the donor acts (a payment never
	 *                             confirmed), rather than money on its way (a bank debit clearing).
	 * @param string $reference  The money movement under way (a wallet capture), kept on the record.
	 */
	public static function processing( string $message, string $payment_id = '', string $note = '', bool $awaits_donor = false, string $reference = '' ): self {
		return new self( self::PROCESSING, $message, detail: $note, reference: $reference, payment_id: $payment_id, awaits_donor: $awaits_donor );
	}

	/**
	 * Declined.
	 *
	 * @param string $code       The provider's reason.
	 * @param string $message    For the donor.
	 * @param string $detail     For the records.
	 * @param string $payment_id The payment, when known.
	 * @param string $reference  The money movement declined (a wallet capture), kept on the record.
	 */
	public static function declined( string $code, string $message, string $detail, string $payment_id = '', string $reference = '' ): self {
		return new self( self::DECLINED, $message, $code, $detail, $reference, $payment_id, fails_record: true );
	}

	/**
	 * The payment named did not check out (forged, wrong amount, not completed …).
	 *
	 * @param string $code    Machine-readable reason.
	 * @param string $message For the donor.
	 * @param string $detail  For the records.
	 * @param string $reference The money movement the browser named, kept on the record ('' for none).
	 */
	public static function not_verified( string $code, string $message, string $detail, string $reference = '' ): self {
		return new self( self::NOT_VERIFIED, $message, $code, $detail, $reference, fails_record: true );
	}

	/**
	 * The provider refused the request; nothing was charged.
	 *
	 * @param string $code   The provider's reason.
	 * @param string $detail For the records.
	 */
	public static function refused( string $code, string $detail ): self {
		return new self( self::REFUSED, '', $code, $detail, fails_record: true );
	}

	/**
	 * The attempt or the payment belongs to something else.
	 *
	 * @param string $message For the donor.
	 * @param string $code    When the donation is also recorded as failed, why; '' leaves it as it is.
	 * @param string $detail  For the records.
	 */
	public static function conflict( string $message, string $code = '', string $detail = '' ): self {
		return new self( self::CONFLICT, $message, $code, $detail, fails_record: '' !== $code );
	}

	/**
	 * The payment named is not one of this site's.
	 */
	public static function not_found(): self {
		return new self( self::NOT_FOUND );
	}

	/**
	 * The money named was not made by this widget for this attempt (another order, another
	 * invoice id): it is never recorded as this donation's. The donation stays as it was.
	 *
	 * @param string $detail For the records.
	 */
	public static function foreign( string $detail ): self {
		return new self( self::FOREIGN, __( 'This payment does not belong to this donation.', 'donation-widget' ), 'foreign_payment', $detail );
	}

	/**
	 * Money moved for the donation, but not as the donation says (another amount or currency):
	 * the charity holds it, so it is kept for staff to review, never receipted and never failed.
	 *
	 * @param string $code      Machine-readable reason, such as amount_mismatch.
	 * @param string $detail    For the records.
	 * @param string $reference The money movement (a wallet capture).
	 */
	public static function held( string $code, string $detail, string $reference ): self {
		return new self( self::HELD, __( 'We have received your payment and will check it before we email your receipt.', 'donation-widget' ), $code, $detail, $reference );
	}

	/**
	 * The same outcome with other words for the donor.
	 *
	 * @param string $message For the donor.
	 */
	public function saying( string $message ): self {
		return new self( $this->kind, $message, $this->code, $this->detail, $this->reference, $this->payment_id, $this->method, $this->client_secret, $this->fails_record, $this->awaits_donor );
	}

	/**
	 * The same outcome, with its payment's client secret for the browser: a paid or pending
	 * express checkout still hands it over, as the confirm_in_browser answer did, and the
	 * browser carries on with it (3-D Secure, then get_charge_id).
	 *
	 * @param string $client_secret For the browser.
	 */
	public function with_client_secret( string $client_secret ): self {
		return new self( $this->kind, $this->message, $this->code, $this->detail, $this->reference, $this->payment_id, $this->method, $client_secret, $this->fails_record, $this->awaits_donor );
	}

	/**
	 * Whether the donation ends failed.
	 */
	public function is_failure(): bool {
		return $this->fails_record;
	}
}
