<?php
/**
 * The admin's "card-update link" button on a subscription.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Http\AjaxResult;
use DonationWidget\Subscriptions\RecurringPayments;

/**
 * The admin-ajax action donation_widget_issue_card_link (nonce action of the same name, capability
 * the donations capability; AjaxRouter::admin_action checks both before this runs).
 *
 * Fields: subscription_id (sub_…), delivery ("copy" or "email"), and for email optionally
 * request_id: the requestID of the link the admin copied, emailed as it is while it still works.
 * Answers: 200 {success: true, data: {url, link_id, expires_at, …state}}                        for copy
 *          200 {success: true, data: {emailed: true, email, link_id, expires_at, reused, …state}} for email
 *          where state is {history: rows of CardUpdateHistory, live: its sentence, question: its question}
 *          400 validation · 409 refused (no page, unknown or ended subscription, no email)
 *          500 email_failed (the link was issued, but wp_mail() refused the email)
 */
final class IssueLinkController {

	private const SUBSCRIPTION_PATTERN = '/^sub_[A-Za-z0-9_]{1,250}$/';

	/**
	 * Builds the controller.
	 *
	 * @param CardUpdateLinks   $links    The service.
	 * @param CardUpdateHistory $history  The history, in words, sent back so the screen updates at once.
	 * @param RecurringPayments $provider The provider's name, for the refusal.
	 */
	public function __construct( private readonly CardUpdateLinks $links, private readonly CardUpdateHistory $history, private readonly RecurringPayments $provider ) {
	}

	/**
	 * Issues a link for the signed-in admin.
	 *
	 * @param array<string, mixed> $request POST fields.
	 */
	public function issue( array $request ): AjaxResult {
		$subscription_id = $request['subscription_id'] ?? '';
		$delivery        = $request['delivery'] ?? 'copy';
		if ( ! is_string( $subscription_id ) || ! preg_match( self::SUBSCRIPTION_PATTERN, $subscription_id ) ) {
			/* translators: %s: the provider that collects the donation. */
			return AjaxResult::error( 'validation', sprintf( __( 'Choose a 4-weekly donation (a %s subscription id starting with sub_).', 'donation-widget' ), $this->provider->label() ), 400, array( 'field' => 'subscription_id' ) );
		}
		if ( 'copy' !== $delivery && 'email' !== $delivery ) {
			return AjaxResult::error( 'validation', __( 'Choose whether to copy the link or email it to the donor.', 'donation-widget' ), 400, array( 'field' => 'delivery' ) );
		}
		$actor      = CardUpdateActor::current_user();
		$request_id = $request['request_id'] ?? '';
		try {
			if ( 'copy' === $delivery ) {
				$issued = $this->links->issue( $subscription_id, $actor );
				return AjaxResult::success(
					array(
						'url'        => $issued->url,
						'link_id'    => $issued->link->id,
						'expires_at' => $issued->link->expires_at,
					) + $this->state( $subscription_id )
				);
			}
			$emailed = $this->links->email_copied( $subscription_id, $actor, is_string( $request_id ) ? $request_id : '' );
			$data    = array(
				'emailed'    => $emailed->sent,
				'email'      => $emailed->link->email,
				'link_id'    => $emailed->link->id,
				'expires_at' => $emailed->link->expires_at,
				'reused'     => $emailed->reused,
			) + $this->state( $subscription_id );
			if ( ! $emailed->sent ) {
				return AjaxResult::error( 'email_failed', __( 'The link was issued, but the email could not be sent. Check the site\'s email settings, or copy the link instead.', 'donation-widget' ), 500, $data );
			}
			return AjaxResult::success( $data );
		} catch ( CardUpdateLinkRefused $refused ) {
			return AjaxResult::error( 'refused', $refused->getMessage(), 409, array( 'reason' => $refused->reason ) );
		}//end try
	}

	/**
	 * The panel's state after a change: the history rows, the live link's sentence and question.
	 *
	 * @param string $subscription_id sub_… id.
	 * @return array{history: list<array{when: string, what: string, by: string, detail: string}>, live: string, question: string}
	 */
	private function state( string $subscription_id ): array {
		return array(
			'history'  => $this->history->rows( $subscription_id ),
			'live'     => $this->history->live_link_text( $subscription_id ),
			'question' => $this->history->replace_question( $subscription_id ),
		);
	}
}
