<?php
/**
 * The admin's "card-update link" button on a subscription.
 *
 * @package DonationWidget
 */

namespace DonationWidget\CardUpdate;

use DonationWidget\Http\AjaxResult;

/**
 * The admin-ajax action donation_widget_issue_card_link (nonce action of the same name, capability
 * the donations capability; AjaxRouter::admin_action checks both before this runs).
 *
 * Fields: subscription_id (sub_…), delivery ("copy" or "email").
 * Answers: 200 {success: true, data: {url, link_id, expires_at}}                for copy
 *          200 {success: true, data: {emailed: true, email, link_id, expires_at}} for email
 *          400 validation · 409 refused (no page, unknown or ended subscription, no email)
 *          500 email_failed (the link was issued, but wp_mail() refused the email)
 */
final class IssueLinkController {

	private const SUBSCRIPTION_PATTERN = '/^sub_[A-Za-z0-9_]{1,250}$/';

	/**
	 * Builds the controller.
	 *
	 * @param CardUpdateLinks $links The service.
	 */
	public function __construct( private readonly CardUpdateLinks $links ) {
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
			return AjaxResult::error( 'validation', __( 'Choose a 4-weekly donation (a Stripe subscription id starting with sub_).', 'donation-widget' ), 400, array( 'field' => 'subscription_id' ) );
		}
		if ( 'copy' !== $delivery && 'email' !== $delivery ) {
			return AjaxResult::error( 'validation', __( 'Choose whether to copy the link or email it to the donor.', 'donation-widget' ), 400, array( 'field' => 'delivery' ) );
		}
		$actor = CardUpdateActor::current_user();
		try {
			if ( 'copy' === $delivery ) {
				$issued = $this->links->issue( $subscription_id, $actor );
				return AjaxResult::success(
					array(
						'url'        => $issued->url,
						'link_id'    => $issued->link->id,
						'expires_at' => $issued->link->expires_at,
					)
				);
			}
			$sent   = $this->links->email_link( $subscription_id, $actor );
			$latest = $this->links->for_subscription( $subscription_id )[0] ?? null;
			$data   = array(
				'emailed'    => $sent,
				'email'      => null !== $latest ? $latest->email : '',
				'link_id'    => null !== $latest ? $latest->id : 0,
				'expires_at' => null !== $latest ? $latest->expires_at : '',
			);
			if ( ! $sent ) {
				return AjaxResult::error( 'email_failed', __( 'The link was issued, but the email could not be sent. Check the site\'s email settings, or copy the link instead.', 'donation-widget' ), 500, $data );
			}
			return AjaxResult::success( $data );
		} catch ( CardUpdateLinkRefused $refused ) {
			return AjaxResult::error( 'refused', $refused->getMessage(), 409, array( 'reason' => $refused->reason ) );
		}//end try
	}
}
