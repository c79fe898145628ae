<?php
/**
 * Why a payment failed or is still open, in the charity's words.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A donation's failure_reason keeps the provider's code and its own message ("card_declined:
 * Your card was declined.", "provider_unavailable: …: timeout: cURL error 28 …"), for
 * support. Staff read it in the charity's words, chosen by the code, with the code beside it so
 * support can still look it up; the provider's message (written for developers, sometimes
 * quoting its API) is never shown on a screen.
 */
final class FailureReason {

	/**
	 * The providers' codes, by what they mean for the charity: the card provider's published
	 * decline and error codes, BECS return reasons for bank debits, and this plugin's own.
	 */
	private const KINDS = array(
		'declined'       => array( 'card_declined', 'capture_declined', 'generic_decline', 'do_not_honor', 'do_not_try_again', 'call_issuer', 'not_permitted', 'restricted_card', 'transaction_not_allowed', 'card_not_supported', 'service_not_allowed', 'revocation_of_all_authorizations', 'revocation_of_authorization', 'stop_payment_order', 'no_action_taken', 'try_again_later', 'issuer_not_available', 'reenter_transaction', 'processing_error', 'duplicate_transaction', 'currency_not_supported', 'invalid_amount', 'approve_with_id', 'new_account_information_available', 'testmode_decline' ),
		'funds'          => array( 'insufficient_funds', 'withdrawal_count_limit_exceeded', 'card_velocity_exceeded' ),
		'details'        => array( 'incorrect_number', 'invalid_number', 'incorrect_cvc', 'invalid_cvc', 'incorrect_zip', 'expired_card', 'invalid_expiry_month', 'invalid_expiry_year', 'incorrect_pin', 'pin_try_exceeded', 'offline_pin_required', 'online_or_offline_pin_required', 'invalid_account' ),
		'fraud'          => array( 'fraudulent', 'lost_card', 'stolen_card', 'pickup_card', 'merchant_blacklist', 'security_violation' ),
		'authentication' => array( 'authentication_required', 'payment_intent_authentication_failure', 'setup_intent_authentication_failure' ),
		'bank_account'   => array( 'account_closed', 'no_account', 'debit_not_authorized', 'bank_account_restricted', 'branch_does_not_exist', 'debit_authorization_not_match', 'debit_disputed', 'invalid_account_number', 'refer_to_customer', 'bank_account_unusable' ),
		'tries'          => array( 'too_many_tries' ),
		'renewal'        => array( 'renewal_failed' ),
		'unanswered'     => array( 'provider_unavailable' ),
		'refused'        => array( 'provider_refused' ),
		'abandoned'      => array( 'canceled', 'abandoned', 'capture_not_completed' ),
		'not_ours'       => array( 'foreign_payment', 'payment_mismatch', 'amount_mismatch', 'already_recorded', 'capture_not_found' ),
	);

	/**
	 * This plugin's own codes, whose message was written by the plugin for staff (an amount that
	 * does not match, which invoice failed): shown after the words.
	 */
	private const OWN_DETAIL = array( 'too_many_tries', 'renewal_failed', 'foreign_payment', 'payment_mismatch', 'amount_mismatch', 'already_recorded' );

	/**
	 * The reason in the charity's words ('' when the donation has none).
	 *
	 * @param Donation $donation The donation.
	 */
	public static function explain( Donation $donation ): string {
		if ( '' === $donation->failure_reason() ) {
			return '';
		}
		$code = $donation->failure_code();
		$kind = '';
		foreach ( self::KINDS as $name => $codes ) {
			if ( in_array( $code, $codes, true ) ) {
				$kind = $name;
				break;
			}
		}
		if ( '' === $kind && str_contains( $code, 'authentication' ) ) {
			$kind = 'authentication';
		}
		return match ( $kind ) {
			'declined'       => __( 'The donor\'s bank declined the payment.', 'donation-widget' ),
			'funds'          => __( 'The donor\'s account did not have enough funds (or reached its limit).', 'donation-widget' ),
			'details'        => __( 'The card details were wrong, or the card has expired.', 'donation-widget' ),
			'fraud'          => __( 'The bank refused the card as lost, stolen or suspected fraud.', 'donation-widget' ),
			'authentication' => __( 'The donor did not pass their bank\'s 3-D Secure check.', 'donation-widget' ),
			'bank_account'   => __( 'The bank account could not be debited.', 'donation-widget' ),
			'tries'          => __( 'Stopped after too many cards were tried on one payment, to protect the charity from card testing.', 'donation-widget' ),
			'renewal'        => __( 'A 4-weekly payment could not be collected; the payment provider tries it again.', 'donation-widget' ),
			'unanswered'     => __( 'The payment provider did not answer in time. The site checks this payment again by itself.', 'donation-widget' ),
			'refused'        => __( 'The payment provider refused the site\'s request. Check the payment settings and the site\'s error log.', 'donation-widget' ),
			'abandoned'      => __( 'The payment was never completed.', 'donation-widget' ),
			'not_ours'       => __( 'The payment named does not match this donation.', 'donation-widget' ),
			default          => __( 'The payment did not go through.', 'donation-widget' ),
		};
	}

	/**
	 * The reason with the provider's code, as HTML for an admin screen: the words (and the
	 * plugin's own detail, when the plugin wrote it), then the code in <code> for support ('' when
	 * there is none).
	 *
	 * @param Donation $donation The donation.
	 */
	public static function html( Donation $donation ): string {
		$text = self::text( $donation );
		$code = $donation->failure_code();
		return '' === $text ? '' : esc_html( $text ) . ( '' !== $code ? ' <code>' . esc_html( $code ) . '</code>' : '' );
	}

	/**
	 * The words, and the plugin's own detail when the plugin wrote it, as plain text.
	 *
	 * @param Donation $donation The donation.
	 */
	public static function text( Donation $donation ): string {
		$words = self::explain( $donation );
		return '' !== $words && in_array( $donation->failure_code(), self::OWN_DETAIL, true ) ? $words . ' ' . $donation->failure_message() : $words;
	}
}
