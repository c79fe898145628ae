<?php
/**
 * What the payment calls answer, and with which HTTP status.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Checkout;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\InvalidDonationRequest;
use DonationWidget\Http\AjaxResult;
use DonationWidget\Http\ProviderUnavailable;

/**
 * The one place that decides the HTTP status of each payment answer. The widget (docs/widget-contract.md#46-card-payment-donation)
 * reads the card call like this: a non-OK status shows the failure screen ("Please try again
 * later", with a reload), while a 200 with success:false shows "Please check your card details
 * and try again!" on the card number. So:
 *
 * - 200 success:true, type ""               the payment went through; data.reference is the charge
 *                                           or the wallet provider's capture id (the express
 *                                           checkout's payment_intent also hands over
 *                                           data.client_secret and data.payment_intent_id).
 * - 200 type requires_action                the bank wants 3-D Secure: data.client_secret and
 *                                           data.payment_intent_id; post again with paymentIntentId.
 * - 200 type card_error                     declined or authentication failed: a new card may
 *                                           work, so the donor stays on the form.
 * - 202 type pending                        accepted but not final (processing, a bank debit, a wallet
 *                                           capture pending); a webhook or a later call completes it.
 *                                           data.reference is the payment id when there is one.
 * - 400 type validation                     a field failed the docs/widget-contract.md#5-validation-rules checks; data.field names it.
 * - 403 type captcha                        reCAPTCHA refused the token: nothing was charged, and a
 *                                           reload gets a fresh token.
 * - 404 type not_found                      the payment is not one this site started.
 * - 409 type conflict                       the attemptId was used with other details, or the
 *                                           payment belongs to another attempt or donation.
 * - 409 type server                         the same call (a retransmission) is being paid on
 *                                           another server (data.outcome "unknown").
 * - 429 type rate_limited                   too many payment calls from this address or for this
 *                                           donor's email (PaymentCallGuard).
 * - 500 type server                        the site failed unexpectedly (data.outcome "unknown").
 * - 502 / 504 type server                   the provider failed, timed out, or is still working on
 *                                           an earlier try (409 idempotency_key_in_use): nothing
 *                                           is recorded as paid, and retrying the same attemptId
 *                                           is safe (data.outcome "unknown": the widget keeps it).
 * - 503 type server                         the site is not configured for this payment method.
 *
 * Every failed answer has data.message, in words for the donor (the widget's failure screen
 * shows it below SPEC's lines). data.charged is false on the answers where the site knows no
 * money moved: refused before any provider was asked to charge (rate limited, captcha refused,
 * not configured, reCAPTCHA unreachable) or refused by the provider before a payment existed.
 * It is absent whenever money may have moved (a wallet capture, a payment the browser
 * confirmed, a provider that did not answer): the widget then never says "not charged".
 */
final class PaymentAnswers {

	/**
	 * The answer to what a payment method reported.
	 *
	 * @param PaymentOutcome $outcome What the provider said.
	 */
	public static function for_outcome( PaymentOutcome $outcome ): AjaxResult {
		return match ( $outcome->kind ) {
			PaymentOutcome::PAID               => self::handing_over( self::paid( $outcome->reference ), $outcome ),
			PaymentOutcome::REQUIRES_ACTION    => self::requires_action( $outcome->client_secret, $outcome->payment_id ),
			PaymentOutcome::CONFIRM_IN_BROWSER => AjaxResult::success(
				array(
					'client_secret'     => $outcome->client_secret,
					'payment_intent_id' => $outcome->payment_id,
				)
			),
			PaymentOutcome::PROCESSING,
			PaymentOutcome::HELD               => self::handing_over( self::pending( $outcome->message ), $outcome ),
			PaymentOutcome::FOREIGN            => self::conflict( $outcome->message ),
			PaymentOutcome::DECLINED           => self::card_error( $outcome->message, $outcome->code ),
			PaymentOutcome::NOT_VERIFIED       => self::not_verified( $outcome->message, $outcome->code ),
			PaymentOutcome::CONFLICT           => self::conflict( $outcome->message ),
			PaymentOutcome::NOT_FOUND          => self::not_found(),
			default                            => self::not_started(),
		};
	}

	/**
	 * An answer with the client secret an outcome hands to the browser (data.client_secret and
	 * data.payment_intent_id, as the express checkout's payment_intent call reads them); the
	 * answer as it is when the outcome has none.
	 *
	 * @param AjaxResult     $answer  The answer.
	 * @param PaymentOutcome $outcome What the provider said.
	 */
	private static function handing_over( AjaxResult $answer, PaymentOutcome $outcome ): AjaxResult {
		if ( '' === $outcome->client_secret ) {
			return $answer;
		}
		return $answer->with_data(
			array(
				'client_secret'     => $outcome->client_secret,
				'payment_intent_id' => $outcome->payment_id,
			)
		);
	}

	/**
	 * The payment went through. The donation's row id is not sent: ids in sequence would tell
	 * anyone how many donations the charity receives.
	 *
	 * @param string $reference Charge id or the wallet provider's capture id.
	 */
	public static function paid( string $reference ): AjaxResult {
		return AjaxResult::success( array( 'reference' => $reference ), array( 'type' => '' ) );
	}

	/**
	 * The bank asks for 3-D Secure.
	 *
	 * @param string $client_secret     For the card provider's next action in the browser.
	 * @param string $payment_intent_id To send back as paymentIntentId.
	 */
	public static function requires_action( string $client_secret, string $payment_intent_id ): AjaxResult {
		return AjaxResult::error(
			'requires_action',
			__( 'Please confirm this payment with your bank.', 'donation-widget' ),
			200,
			array(
				'client_secret'     => $client_secret,
				'payment_intent_id' => $payment_intent_id,
			)
		);
	}

	/**
	 * The card (or wallet account) was declined.
	 *
	 * @param string $message      For the donor.
	 * @param string $decline_code The provider's reason, such as insufficient_funds.
	 */
	public static function card_error( string $message, string $decline_code ): AjaxResult {
		return AjaxResult::error( 'card_error', $message, 200, array( 'decline_code' => $decline_code ) );
	}

	/**
	 * Accepted but not final yet.
	 *
	 * @param string $message For the donor.
	 */
	public static function pending( string $message ): AjaxResult {
		return AjaxResult::error( 'pending', $message, 202 );
	}

	/**
	 * The provider refused the site's request: nothing was charged.
	 */
	public static function not_started(): AjaxResult {
		return self::nothing_charged( AjaxResult::error( 'server', __( 'The payment could not be started. Please try again later.', 'donation-widget' ), 502 ) );
	}

	/**
	 * The answer, saying the donor was not charged (data.charged: false). Only for answers
	 * given before any money could have moved.
	 *
	 * @param AjaxResult $answer A failed answer.
	 */
	public static function nothing_charged( AjaxResult $answer ): AjaxResult {
		return $answer->with_data( array( 'charged' => false ) );
	}

	/**
	 * A field failed the checks.
	 *
	 * @param InvalidDonationRequest $error Which fields, and why.
	 */
	public static function invalid( InvalidDonationRequest $error ): AjaxResult {
		return AjaxResult::error(
			'validation',
			$error->first_message(),
			400,
			array(
				'field'  => $error->field(),
				'errors' => $error->errors,
			)
		);
	}

	/**
	 * One field failed the checks.
	 *
	 * @param string $field   Field name.
	 * @param string $message Why.
	 */
	public static function invalid_field( string $field, string $message ): AjaxResult {
		return self::invalid( new InvalidDonationRequest( array( $field => $message ) ) );
	}

	/**
	 * The payment was refused after checking it with the provider (forged, wrong amount …).
	 *
	 * @param string $message For the donor.
	 * @param string $reason  Machine-readable reason.
	 */
	public static function not_verified( string $message, string $reason ): AjaxResult {
		return AjaxResult::error( 'validation', $message, 400, array( 'reason' => $reason ) );
	}

	/**
	 * Google reCAPTCHA refused the token.
	 */
	public static function captcha_failed(): AjaxResult {
		return self::nothing_charged( AjaxResult::error( 'captcha', __( 'We could not confirm you are not a robot. Please reload the page and try again.', 'donation-widget' ), 403 ) );
	}

	/**
	 * The payment is not one this site started.
	 */
	public static function not_found(): AjaxResult {
		return AjaxResult::error( 'not_found', __( 'We could not find this payment.', 'donation-widget' ), 404 );
	}

	/**
	 * The attempt, or the payment named, belongs to something else.
	 *
	 * @param string $message For the donor.
	 */
	public static function conflict( string $message ): AjaxResult {
		return AjaxResult::error( 'conflict', $message, 409 );
	}

	/**
	 * The attempt's record is for another donation (other gift, details or way to pay).
	 */
	public static function attempt_used_elsewhere(): AjaxResult {
		return self::conflict( __( 'This payment attempt was already used for a different donation. Please reload the page and try again.', 'donation-widget' ) );
	}

	/**
	 * The payment named belongs to another attempt, or the attempt has no such payment.
	 */
	public static function payment_of_another_attempt(): AjaxResult {
		return self::conflict( __( 'This payment does not belong to this payment attempt.', 'donation-widget' ) );
	}

	/**
	 * Too many payment calls from this address, for this email, or for this payment.
	 *
	 * @param bool $money_may_have_moved Whether the call reports or finishes a payment that may
	 *                                   already have taken the money (then the donor is told it
	 *                                   will still be recorded, never that nothing was charged).
	 * @param int  $minutes              Minutes until the limit starts counting again (0: unknown).
	 */
	public static function rate_limited( bool $money_may_have_moved = false, int $minutes = 0 ): AjaxResult {
		if ( $money_may_have_moved ) {
			return AjaxResult::error( 'rate_limited', __( 'Too many payment attempts. If your payment went through, it will still be recorded and your receipt emailed, so please do not pay again.', 'donation-widget' ), 429 );
		}
		$message = $minutes > 0
			/* translators: %d: minutes until the donor may try again. */
			? sprintf( _n( 'Too many payment attempts. Please try again in %d minute.', 'Too many payment attempts. Please try again in %d minutes.', $minutes, 'donation-widget' ), $minutes )
			: __( 'Too many payment attempts. Please wait a while and try again.', 'donation-widget' );
		return self::nothing_charged( AjaxResult::error( 'rate_limited', $message, 429 ) );
	}

	/**
	 * The site has no keys for this payment method.
	 *
	 * @param bool $money_may_have_moved Whether the call reports money that moved before it.
	 */
	public static function not_configured( bool $money_may_have_moved = false ): AjaxResult {
		$answer = AjaxResult::error( 'server', __( 'Online donations are not available right now. Please try again later.', 'donation-widget' ), 503 );
		return $money_may_have_moved ? $answer : self::nothing_charged( $answer );
	}

	/**
	 * The browser moved the money (a wallet capture), but the provider could not be asked about
	 * it now: the donor is told it is being processed, as for a pending payment.
	 *
	 * @param ProviderUnavailable $error What failed.
	 */
	public static function not_checked_yet( ProviderUnavailable $error ): AjaxResult {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see provider failures.
		error_log( 'Donation Widget payment (recorded, to be checked later): ' . $error->getMessage() );
		return self::pending( __( 'Your payment is being processed. We will email your receipt once it is confirmed.', 'donation-widget' ) );
	}

	/**
	 * The same call is being paid on another server (this one was its retransmission): its
	 * outcome is not known to this call yet. The widget keeps the attempt; Try Again finds it.
	 */
	public static function being_paid_elsewhere(): AjaxResult {
		return AjaxResult::error(
			'server',
			__( 'Your payment is still being processed. Please wait a moment, then press Try Again: you will not be charged twice.', 'donation-widget' ),
			409,
			array( 'outcome' => 'unknown' )
		);
	}

	/**
	 * The provider refused the site's request before any payment existed (our key refused, every
	 * try throttled): nothing was charged, and the attempt's record is failed, so the donor is
	 * told so and a new press starts a new attempt.
	 *
	 * @param ProviderUnavailable $error What the provider said.
	 */
	public static function refused_before_paying( ProviderUnavailable $error ): AjaxResult {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see provider failures.
		error_log( 'Donation Widget payment (refused, nothing charged): ' . $error->getMessage() );
		return self::not_started();
	}

	/**
	 * A payment call that failed unexpectedly on the site's side, possibly after the provider
	 * took the money: logged, and answered as an outcome not known yet.
	 *
	 * @param \Throwable $error What failed.
	 */
	public static function unexpected_failure( \Throwable $error ): AjaxResult {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an unexpected failure must reach the site's error log.
		error_log( 'Donation Widget payment (left open, to be checked): ' . get_class( $error ) . ': ' . $error->getMessage() );
		return AjaxResult::error(
			'server',
			__( 'Something went wrong on our side. Please try again in a few minutes.', 'donation-widget' ),
			500,
			array( 'outcome' => 'unknown' )
		);
	}

	/**
	 * A provider failed, timed out, or refused the site's request.
	 *
	 * @param ProviderUnavailable $error What failed.
	 */
	public static function provider_failed( ProviderUnavailable $error ): AjaxResult {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- admins need to see provider failures.
		error_log( 'Donation Widget payment: ' . $error->getMessage() );
		// outcome "unknown": the record stays open, and the widget keeps the attemptId for a Try
		// Again of the same form, which carries on with this payment rather than starting another.
		return AjaxResult::error(
			'server',
			__( 'The payment service is not answering right now. Please try again in a few minutes.', 'donation-widget' ),
			'timeout' === $error->reason ? 504 : 502,
			array( 'outcome' => 'unknown' )
		);
	}
}
