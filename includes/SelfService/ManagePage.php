<?php
/**
 * The "Manage my donation" block and shortcode: the request form, the opening step, and the
 * donor's page.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Blocks\Assets;
use DonationWidget\Blocks\WidgetConfig;
use DonationWidget\Blocks\WidgetRenderer;
use DonationWidget\CardUpdate\CardUpdateToken;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Receipts\ReceiptNumber;
use DonationWidget\Settings\Settings;
use DonationWidget\Subscriptions\RecurringSubscription;

/**
 * Server-rendered HTML forms posting to admin-post.php (no script, so the donation widget's
 * bundle is untouched and the page works without JavaScript). Which of three views shows:
 *
 * 1. a live session cookie: the donor's donations, gifts and actions;
 * 2. a well-formed ?manage= token: one button that opens it (a POST, so mail scanners that
 *    fetch links cannot use up the single-use link);
 * 3. otherwise: the email form.
 */
final class ManagePage {

	public const BLOCK = 'donation-widget/manage-donation';

	public const SHORTCODE = 'donation_widget_manage';

	/**
	 * Builds the page.
	 *
	 * @param ManageLinks        $links    Sessions.
	 * @param DonorAccount       $account  The donor's records.
	 * @param SelfServiceActions $actions  Which actions show.
	 * @param Settings           $settings Receipt prefix.
	 * @param WidgetRenderer     $widgets  The update-card widget, mounted in place.
	 */
	public function __construct(
		private readonly ManageLinks $links,
		private readonly DonorAccount $account,
		private readonly SelfServiceActions $actions,
		private readonly Settings $settings,
		private readonly WidgetRenderer $widgets
	) {
	}

	/**
	 * The shortcode: the page, whatever attributes it was given.
	 */
	public function shortcode(): string {
		return $this->render();
	}

	/**
	 * The block's server render.
	 *
	 * @param string $wrapper_attributes Already-escaped attributes for the wrapper.
	 */
	public function render( string $wrapper_attributes = 'class="donation-widget-manage"' ): string {
		wp_enqueue_style( SelfServiceAssets::STYLE_HANDLE );
		$page_id = (int) get_queried_object_id();
		$session = $this->links->session( ManageController::cookie_value() );
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- viewing changes nothing; each value is checked before use.
		$token = isset( $_GET[ ManageLinks::QUERY_ARG ] ) && is_string( $_GET[ ManageLinks::QUERY_ARG ] ) ? sanitize_text_field( wp_unslash( $_GET[ ManageLinks::QUERY_ARG ] ) ) : '';
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		if ( null !== $session ) {
			$body = $this->manage_view( $session, $page_id );
		} elseif ( CardUpdateToken::is_well_formed( $token ) ) {
			$body = $this->open_view( $token, $page_id );
		} else {
			$body = $this->request_view( $page_id );
		}
		return sprintf( '<div %s id="manage-donation">%s</div>', $wrapper_attributes, $body );
	}

	/**
	 * The email form.
	 *
	 * @param int $page_id This page.
	 */
	private function request_view( int $page_id ): string {
		$html  = $this->notice( ManageController::REQUEST_ARG, $this->request_messages() );
		$html .= sprintf( '<form method="post" action="%s" class="donation-widget-manage-request">', esc_url( admin_url( 'admin-post.php' ) ) );
		$html .= sprintf( '<input type="hidden" name="action" value="%s" />', esc_attr( ManageController::REQUEST_ACTION ) );
		$html .= sprintf( '<input type="hidden" name="page_id" value="%d" />', $page_id );
		$html .= sprintf( '<p>%s</p>', esc_html__( 'Enter the email address you give with. If it has donations with us, we\'ll email you a secure link to see and manage them.', 'donation-widget' ) );
		$html .= sprintf(
			'<p class="dw-field"><label class="dw-label" for="donation-widget-manage-email">%s</label><input class="dw-input" type="email" id="donation-widget-manage-email" name="email" required="required" maxlength="100" autocomplete="email" /></p>',
			esc_html__( 'Email address', 'donation-widget' )
		);
		$html .= sprintf( '<p><button type="submit" class="wp-element-button dw-button dw-button--primary">%s</button></p>', esc_html__( 'Email me a link', 'donation-widget' ) );
		$html  = $this->widget_look( $html . '</form>' );
		if ( ! wp_script_is( Assets::MANAGE_HANDLE, 'registered' ) ) {
			return $html;
		}
		// React's email form replaces the plain one, which stays as the page without JavaScript.
		$this->enqueue_app();
		$state = array( 'notice' => $this->notice_state( ManageController::REQUEST_ARG, self::request_messages() ) );
		return sprintf(
			'<div class="donation-widget-manage-app" data-manage-request="%s">%s</div>',
			esc_attr( (string) wp_json_encode( $state, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT ) ),
			$html
		);
	}

	/**
	 * Loads the React page's script and style, and tells it where admin-ajax.php is.
	 */
	private function enqueue_app(): void {
		wp_enqueue_script( Assets::MANAGE_HANDLE );
		wp_enqueue_style( Assets::MANAGE_HANDLE );
		wp_add_inline_script( Assets::MANAGE_HANDLE, 'window.donationWidgetManage = ' . wp_json_encode( array( 'ajaxUrl' => admin_url( 'admin-ajax.php' ) ) ) . ';', 'before' );
	}

	/**
	 * The email form and the opening step in the widget's look (the React page's stylesheet;
	 * they need no script), when the front end is built.
	 *
	 * @param string $html The form.
	 */
	private function widget_look( string $html ): string {
		if ( ! wp_style_is( Assets::MANAGE_HANDLE, 'registered' ) ) {
			return $html;
		}
		wp_enqueue_style( Assets::MANAGE_HANDLE );
		return '<div class="dw-widget dw-manage">' . $html . '</div>';
	}

	/**
	 * The one button that opens a link.
	 *
	 * @param string $token   The link's token.
	 * @param int    $page_id This page.
	 */
	private function open_view( string $token, int $page_id ): string {
		$html  = sprintf( '<form method="post" action="%s" class="donation-widget-manage-open">', esc_url( admin_url( 'admin-post.php' ) ) );
		$html .= sprintf( '<input type="hidden" name="action" value="%s" />', esc_attr( ManageController::OPEN_ACTION ) );
		$html .= sprintf( '<input type="hidden" name="page_id" value="%d" />', $page_id );
		$html .= sprintf( '<input type="hidden" name="token" value="%s" />', esc_attr( $token ) );
		$html .= sprintf( '<p>%s</p>', esc_html__( 'Your secure link works once. Continue to see and manage your donations.', 'donation-widget' ) );
		$html .= sprintf( '<p><button type="submit" class="wp-element-button dw-button dw-button--primary">%s</button></p>', esc_html__( 'Show my donations', 'donation-widget' ) );
		$html  = $this->widget_look( $html . '</form>' );
		if ( ! wp_script_is( Assets::MANAGE_HANDLE, 'registered' ) ) {
			return $html;
		}
		// React renders the same form (still a real POST, so the server sets the cookie and link
		// scanners that only fetch cannot use the link up); the plain one stays without JavaScript.
		$this->enqueue_app();
		$fields = array(
			'url'    => admin_url( 'admin-post.php' ),
			'fields' => array(
				'action'  => ManageController::OPEN_ACTION,
				'page_id' => (string) $page_id,
				'token'   => $token,
			),
		);
		return sprintf(
			'<div class="donation-widget-manage-app" data-manage-open="%s">%s</div>',
			esc_attr( (string) wp_json_encode( $fields, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT ) ),
			$html
		);
	}

	/**
	 * The donor's page.
	 *
	 * @param ManageSession $session The session.
	 * @param int           $page_id This page.
	 */
	private function manage_view( ManageSession $session, int $page_id ): string {
		$card = $this->card_update_view();
		// The card-update widget stays outside the React root, with its own notice above it.
		$outside = '' !== $card ? $this->notice( ManageController::RESULT_ARG, $this->result_messages() ) . $card : '';
		if ( ! wp_script_is( Assets::MANAGE_HANDLE, 'registered' ) ) {
			return $outside . $this->plain_view( $session, $page_id, '' === $card );
		}
		$this->enqueue_app();
		$state = $this->state( $session );
		if ( '' !== $card ) {
			$state['notice'] = null;
		}
		// The server's page stays inside the root until React replaces it: what shows without
		// JavaScript, and before the script runs.
		return $outside . sprintf(
			'<div class="donation-widget-manage-app" data-manage-state="%s">%s</div>',
			esc_attr( (string) wp_json_encode( $state, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT ) ),
			$this->plain_view( $session, $page_id, '' === $card )
		);
	}

	/**
	 * What the React page starts from, and what each JSON answer carries: every text and date
	 * already formatted by the server (the site's date format), and the actions switched on.
	 *
	 * @param ManageSession $session The session.
	 * @return array<string, mixed>
	 */
	public function state( ManageSession $session ): array {
		$list = array();
		foreach ( $this->account->subscriptions( $session->email ) as $subscription ) {
			$running     = SubscriptionRepository::ACTIVE === $subscription['status'];
			$at_provider = $running ? $this->account->at_provider( $subscription['subscription_id'], $subscription['customer_id'] ) : null;
			$amount      = DonationFormat::money( $subscription['amount_cents'] );
			$list[]      = array(
				'id'           => $subscription['subscription_id'],
				/* translators: %s: amount, such as $30.00. */
				'heading'      => sprintf( __( '%s every 4 weeks', 'donation-widget' ), $amount ),
				'amount'       => $amount,
				'running'      => $running,
				'nextDonation' => null !== $at_provider && $at_provider->next_charge > 0 ? SubscriptionChanges::date( $at_provider->next_charge ) : __( 'Not known right now', 'donation-widget' ),
				'paused'       => null !== $at_provider && $at_provider->paused ? self::paused_text( $at_provider ) : '',
				'card'         => null !== $at_provider && null !== $at_provider->card
					/* translators: 1: card brand, such as Visa, 2: last four digits. */
					? sprintf( __( '%1$s ending in %2$s', 'donation-widget' ), self::brand( $at_provider->card->brand ), $at_provider->card->last4 )
					: __( 'Not known right now', 'donation-widget' ),
			);
		}
		$actions = array();
		foreach ( array_merge( SelfServiceActions::all(), array( SelfServiceActions::RESUME ) ) as $action ) {
			$actions[ $action ] = $this->actions->is_on( $action );
		}
		$pause = array();
		for ( $count = 1; $count <= SubscriptionChanges::MAX_PAUSE_CYCLES; $count++ ) {
			$pause[] = array(
				'value' => (string) $count,
				/* translators: %d: number of donations. */
				'label' => sprintf( _n( '%d donation', '%d donations', $count, 'donation-widget' ), $count ),
			);
		}
		$prefix = $this->settings->string( 'receipt_number_prefix' );
		$gifts  = array();
		foreach ( $this->account->gifts( $session->email ) as $gift ) {
			$gifts[] = array(
				'date'      => DonationFormat::date( $gift->value( 'created_at' ) ),
				'amount'    => DonationFormat::money( $gift->total_cents() ),
				'frequency' => DonationFormat::frequency( $gift->frequency() ),
				'receipt'   => ReceiptNumber::shown( $gift, $prefix ),
			);
		}
		return array(
			'nonce'         => ManageLinks::nonce( $session ),
			'subscriptions' => $list,
			'actions'       => $actions,
			'pauseChoices'  => $pause,
			'gifts'         => $gifts,
			'statements'    => $this->statement_links( $session->email ),
			'notice'        => $this->notice_state( ManageController::RESULT_ARG, self::result_messages() ),
		);
	}

	/**
	 * The result in the URL (the form pages' answers), for the React page.
	 *
	 * @param string                                   $arg      Query argument.
	 * @param array<string, array{0: string, 1: bool}> $messages Code => [message, is error].
	 * @return array{message: string, isError: bool}|null
	 */
	private function notice_state( string $arg, array $messages ): ?array {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only picks which fixed message to show.
		$code = isset( $_GET[ $arg ] ) ? sanitize_key( wp_unslash( $_GET[ $arg ] ) ) : '';
		return isset( $messages[ $code ] ) ? array(
			'message' => $messages[ $code ][0],
			'isError' => $messages[ $code ][1],
		) : null;
	}

	/**
	 * The donor's page as plain forms (without JavaScript).
	 *
	 * @param ManageSession $session The session.
	 * @param int           $page_id This page.
	 * @param bool          $notice  Whether to show the URL's result here.
	 */
	private function plain_view( ManageSession $session, int $page_id, bool $notice ): string {
		$html          = $notice ? $this->notice( ManageController::RESULT_ARG, $this->result_messages() ) : '';
		$html         .= sprintf( '<h2>%s</h2>', esc_html__( 'Your 4-weekly donations', 'donation-widget' ) );
		$subscriptions = $this->account->subscriptions( $session->email );
		if ( array() === $subscriptions ) {
			$html .= sprintf( '<p>%s</p>', esc_html__( 'You have no 4-weekly donations with us.', 'donation-widget' ) );
		}
		foreach ( $subscriptions as $subscription ) {
			$html .= $this->subscription_view( $session, $subscription, $page_id );
		}
		$html .= $this->gifts_view( $session->email );
		$html .= $this->statements_view( $session->email );
		$html .= $this->form_start( $session, $page_id, ManageController::SIGN_OUT_ACTION, '' );
		$html .= sprintf( '<p><button type="submit" class="wp-element-button">%s</button></p></form>', esc_html__( 'Sign out', 'donation-widget' ) );
		return $html;
	}

	/**
	 * One 4-weekly donation with its actions.
	 *
	 * @param ManageSession                                                                                              $session      The session.
	 * @param array{subscription_id: string, customer_id: string, status: string, amount_cents: int, created_at: string} $subscription The row.
	 * @param int                                                                                                        $page_id      This page.
	 */
	private function subscription_view( ManageSession $session, array $subscription, int $page_id ): string {
		$id      = $subscription['subscription_id'];
		$amount  = DonationFormat::money( $subscription['amount_cents'] );
		$running = SubscriptionRepository::ACTIVE === $subscription['status'];
		/* translators: %s: amount, such as $30.00. */
		$heading = sprintf( __( '%s every 4 weeks', 'donation-widget' ), $amount );
		$html    = sprintf( '<section class="donation-widget-manage-subscription" id="%s" aria-labelledby="%s-heading">', esc_attr( 'subscription-' . $id ), esc_attr( 'subscription-' . $id ) );
		$html   .= sprintf( '<h3 id="%s-heading">%s</h3>', esc_attr( 'subscription-' . $id ), esc_html( $heading ) );
		if ( ! $running ) {
			return $html . sprintf( '<p>%s</p></section>', esc_html__( 'This 4-weekly donation has ended.', 'donation-widget' ) );
		}
		$at_provider = $this->account->at_provider( $id, $subscription['customer_id'] );
		$next        = null !== $at_provider ? SubscriptionChanges::date( $at_provider->next_charge ) : '';
		$card        = null !== $at_provider && null !== $at_provider->card
			/* translators: 1: card brand, such as Visa, 2: last four digits. */
			? sprintf( __( '%1$s ending in %2$s', 'donation-widget' ), self::brand( $at_provider->card->brand ), $at_provider->card->last4 )
			: '';
		$html .= '<dl class="donation-widget-manage-facts">';
		$html .= sprintf( '<dt>%s</dt><dd>%s</dd>', esc_html__( 'Amount', 'donation-widget' ), esc_html( $amount ) );
		$html .= sprintf( '<dt>%s</dt><dd>%s</dd>', esc_html__( 'Next donation', 'donation-widget' ), esc_html( '' !== $next ? $next : __( 'Not known right now', 'donation-widget' ) ) );
		if ( null !== $at_provider && $at_provider->paused ) {
			$html .= sprintf( '<dt>%s</dt><dd>%s</dd>', esc_html__( 'Paused', 'donation-widget' ), esc_html( self::paused_text( $at_provider ) ) );
		}
		$html .= sprintf( '<dt>%s</dt><dd>%s</dd>', esc_html__( 'Card', 'donation-widget' ), esc_html( '' !== $card ? $card : __( 'Not known right now', 'donation-widget' ) ) );
		$html .= '</dl>';

		if ( $this->actions->is_on( SelfServiceActions::CHANGE_AMOUNT ) ) {
			$field = 'amount-' . $id;
			$html .= $this->form_start( $session, $page_id, ManageController::CHANGE_ACTION, $id, SelfServiceActions::CHANGE_AMOUNT );
			$html .= sprintf(
				'<p><label for="%1$s">%2$s</label><br /><span aria-hidden="true">$</span><input type="text" inputmode="decimal" id="%1$s" name="amount" required="required" maxlength="10" pattern="[0-9]+(\.[0-9]{1,2})?" aria-describedby="%1$s-help" /><br /><small id="%1$s-help">%3$s</small></p>',
				esc_attr( $field ),
				esc_html__( 'New amount every 4 weeks', 'donation-widget' ),
				esc_html__( 'In dollars, from $5 to $999,999.99. It applies from your next donation; nothing is charged now.', 'donation-widget' )
			);
			$html .= sprintf( '<p><button type="submit" class="wp-element-button">%s</button></p></form>', esc_html__( 'Change amount', 'donation-widget' ) );
		}
		if ( $this->actions->is_on( SelfServiceActions::SKIP ) ) {
			$html .= $this->form_start( $session, $page_id, ManageController::CHANGE_ACTION, $id, SelfServiceActions::SKIP );
			$html .= sprintf( '<p><button type="submit" class="wp-element-button">%s</button></p></form>', esc_html__( 'Skip the next donation', 'donation-widget' ) );
		}
		if ( $this->actions->is_on( SelfServiceActions::PAUSE ) ) {
			$field = 'cycles-' . $id;
			$html .= $this->form_start( $session, $page_id, ManageController::CHANGE_ACTION, $id, SelfServiceActions::PAUSE );
			$html .= sprintf( '<p><label for="%s">%s</label><br /><select id="%1$s" name="cycles">', esc_attr( $field ), esc_html__( 'Pause for', 'donation-widget' ) );
			for ( $count = 1; $count <= SubscriptionChanges::MAX_PAUSE_CYCLES; $count++ ) {
				/* translators: %d: number of donations. */
				$html .= sprintf( '<option value="%d">%s</option>', $count, esc_html( sprintf( _n( '%d donation', '%d donations', $count, 'donation-widget' ), $count ) ) );
			}
			$html .= sprintf( '</select></p><p><button type="submit" class="wp-element-button">%s</button></p></form>', esc_html__( 'Pause', 'donation-widget' ) );
		}
		if ( null !== $at_provider && $at_provider->paused && $this->actions->is_on( SelfServiceActions::RESUME ) ) {
			$html .= $this->form_start( $session, $page_id, ManageController::CHANGE_ACTION, $id, SelfServiceActions::RESUME );
			$html .= sprintf( '<p><button type="submit" class="wp-element-button">%s</button></p></form>', esc_html__( 'Resume', 'donation-widget' ) );
		}
		if ( $this->actions->is_on( SelfServiceActions::REPLACE_CARD ) ) {
			$html .= $this->form_start( $session, $page_id, ManageController::CHANGE_ACTION, $id, SelfServiceActions::REPLACE_CARD );
			$html .= sprintf( '<p><button type="submit" class="wp-element-button">%s</button></p></form>', esc_html__( 'Replace card', 'donation-widget' ) );
		}
		if ( $this->actions->is_on( SelfServiceActions::CANCEL ) ) {
			$field = 'reason-' . $id;
			$html .= sprintf( '<details class="donation-widget-manage-cancel"><summary>%s</summary>', esc_html__( 'Cancel this donation', 'donation-widget' ) );
			$html .= $this->form_start( $session, $page_id, ManageController::CHANGE_ACTION, $id, SelfServiceActions::CANCEL );
			$html .= sprintf( '<p>%s</p>', esc_html__( 'Cancelling stops your 4-weekly donation straight away: no further donations will be taken.', 'donation-widget' ) );
			$html .= sprintf( '<p><label for="%s">%s</label><br /><textarea id="%1$s" name="reason" rows="3" maxlength="500"></textarea></p>', esc_attr( $field ), esc_html__( 'Reason (optional)', 'donation-widget' ) );
			$html .= sprintf( '<p><button type="submit" class="wp-element-button">%s</button></p></form></details>', esc_html__( 'Yes, cancel my donation', 'donation-widget' ) );
		}
		return $html . '</section>';
	}

	/**
	 * Past gifts and their receipt numbers.
	 *
	 * @param string $email The donor's address.
	 */
	private function gifts_view( string $email ): string {
		$gifts = $this->account->gifts( $email );
		$html  = sprintf( '<h2>%s</h2>', esc_html__( 'Your gifts', 'donation-widget' ) );
		if ( array() === $gifts ) {
			return $html . sprintf( '<p>%s</p>', esc_html__( 'No gifts yet.', 'donation-widget' ) );
		}
		$html  .= sprintf(
			'<table class="donation-widget-manage-gifts"><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
			esc_html__( 'Date', 'donation-widget' ),
			esc_html__( 'Amount', 'donation-widget' ),
			esc_html__( 'Frequency', 'donation-widget' ),
			esc_html__( 'Receipt number', 'donation-widget' )
		);
		$prefix = $this->settings->string( 'receipt_number_prefix' );
		foreach ( $gifts as $gift ) {
			$html .= sprintf(
				'<tr><td data-label="%1$s">%5$s</td><td data-label="%2$s">%6$s</td><td data-label="%3$s">%7$s</td><td data-label="%4$s">%8$s</td></tr>',
				esc_attr__( 'Date', 'donation-widget' ),
				esc_attr__( 'Amount', 'donation-widget' ),
				esc_attr__( 'Frequency', 'donation-widget' ),
				esc_attr__( 'Receipt number', 'donation-widget' ),
				esc_html( DonationFormat::date( $gift->value( 'created_at' ) ) ),
				esc_html( DonationFormat::money( $gift->total_cents() ) ),
				esc_html( DonationFormat::frequency( $gift->frequency() ) ),
				esc_html( ReceiptNumber::shown( $gift, $prefix ) )
			);
		}
		return $html . '</tbody></table>';
	}

	/**
	 * The donor's usable tax statement links, from the donation_widget_statement_links filter.
	 *
	 * @param string $email The donor's address.
	 * @return list<array{label: string, url: string}>
	 */
	private function statement_links( string $email ): array {
		/**
		 * Filters the donor's tax statement links on the "Manage my donation" page.
		 *
		 * @param array<int, array{label: string, url: string}> $links Links, none by default.
		 * @param string                                        $email The donor's address.
		 */
		$links  = apply_filters( 'donation_widget_statement_links', array(), $email );
		$usable = array();
		foreach ( is_array( $links ) ? $links : array() as $link ) {
			if ( is_array( $link ) && is_string( $link['label'] ?? null ) && is_string( $link['url'] ?? null ) && '' !== $link['label'] && '' !== esc_url( $link['url'] ) ) {
				$usable[] = array(
					'label' => $link['label'],
					'url'   => esc_url_raw( $link['url'] ),
				);
			}
		}
		return $usable;
	}

	/**
	 * "Tax statements", from the donation_widget_statement_links filter; nothing when it gives none.
	 *
	 * @param string $email The donor's address.
	 */
	public function statements_view( string $email ): string {
		$items = '';
		foreach ( $this->statement_links( $email ) as $link ) {
			$items .= sprintf( '<li><a href="%s">%s</a></li>', esc_url( $link['url'] ), esc_html( $link['label'] ) );
		}
		if ( '' === $items ) {
			return '';
		}
		return sprintf( '<section class="donation-widget-manage-statements" aria-labelledby="donation-widget-statements"><h2 id="donation-widget-statements">%s</h2><ul>%s</ul></section>', esc_html__( 'Tax statements', 'donation-widget' ), $items );
	}

	/**
	 * The update-card widget, in place, right after "Replace card": the link's requestID comes
	 * from the session's short-lived cookie (never the URL) and goes to the widget in its
	 * configuration. Only on the answer to "Replace card" (manage_result=card_link), so the
	 * page opened later does not show a used link's form.
	 */
	public function card_update_view(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only decides whether to mount the widget, which checks the link itself.
		$result     = isset( $_GET[ ManageController::RESULT_ARG ] ) ? sanitize_key( wp_unslash( $_GET[ ManageController::RESULT_ARG ] ) ) : '';
		$request_id = ManageController::card_cookie_value();
		if ( SubscriptionChanges::CARD_LINK !== $result || ! CardUpdateToken::is_well_formed( $request_id ) ) {
			return '';
		}
		return sprintf(
			'<section id="replace-card" class="donation-widget-manage-card" aria-labelledby="donation-widget-replace-card"><h2 id="donation-widget-replace-card">%s</h2>%s</section>',
			esc_html__( 'Replace your card', 'donation-widget' ),
			$this->widgets->render( array( 'request_id' => $request_id ) + WidgetConfig::from_shortcode_attributes( array( 'type' => 'update-card' ) ), 'class="donation-widget-host"' )
		);
	}

	/**
	 * The start of a form of the session, with its nonce.
	 *
	 * @param ManageSession $session         The session.
	 * @param int           $page_id         This page.
	 * @param string        $action          admin-post action.
	 * @param string        $subscription_id sub_… id, or ''.
	 * @param string        $change          A SelfServiceActions constant, or ''.
	 */
	private function form_start( ManageSession $session, int $page_id, string $action, string $subscription_id, string $change = '' ): string {
		$html  = sprintf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
		$html .= sprintf( '<input type="hidden" name="action" value="%s" />', esc_attr( $action ) );
		$html .= sprintf( '<input type="hidden" name="page_id" value="%d" />', $page_id );
		$html .= sprintf( '<input type="hidden" name="%s" value="%s" />', esc_attr( ManageController::NONCE_FIELD ), esc_attr( ManageLinks::nonce( $session ) ) );
		if ( '' !== $subscription_id ) {
			$html .= sprintf( '<input type="hidden" name="subscription_id" value="%s" />', esc_attr( $subscription_id ) );
		}
		if ( '' !== $change ) {
			$html .= sprintf( '<input type="hidden" name="change" value="%s" />', esc_attr( $change ) );
		}
		return $html;
	}

	/**
	 * The message for a result code in the URL, if any.
	 *
	 * @param string                                   $arg      Query argument.
	 * @param array<string, array{0: string, 1: bool}> $messages Code => [message, is error].
	 */
	private function notice( string $arg, array $messages ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only picks which fixed message to show.
		$code = isset( $_GET[ $arg ] ) ? sanitize_key( wp_unslash( $_GET[ $arg ] ) ) : '';
		if ( ! isset( $messages[ $code ] ) ) {
			return '';
		}
		list( $message, $is_error ) = $messages[ $code ];
		return sprintf( '<div class="%s" role="%s"><p>%s</p></div>', $is_error ? 'donation-widget-manage-notice dw-manage__notice dw-manage__notice--error' : 'donation-widget-manage-notice dw-manage__notice', $is_error ? 'alert' : 'status', esc_html( $message ) );
	}

	/**
	 * The request form's answers.
	 *
	 * @return array<string, array{0: string, 1: bool}>
	 */
	public static function request_messages(): array {
		return array(
			ManageLinks::SENT                   => array( __( 'If that address has donations with us, we\'ve emailed a link to it. The link works once, for an hour.', 'donation-widget' ), false ),
			ManageLinks::INVALID                => array( __( 'Please enter a valid email address.', 'donation-widget' ), true ),
			ManageLinks::RATE_LIMITED           => array( __( 'Too many requests. Please wait a while and try again, or contact us.', 'donation-widget' ), true ),
			ManageController::LINK_EXPIRED      => array( __( 'That link has expired or has already been used. Enter your email address to get a new one.', 'donation-widget' ), true ),
			ManageController::SESSION_ENDED     => array( __( 'Your session has ended. Enter your email address to get a new link.', 'donation-widget' ), true ),
			ManageController::SIGNED_OUT_RESULT => array( __( 'You have signed out.', 'donation-widget' ), false ),
		);
	}

	/**
	 * The manage page's answers.
	 *
	 * @return array<string, array{0: string, 1: bool}>
	 */
	public static function result_messages(): array {
		return array(
			SubscriptionChanges::AMOUNT_CHANGED   => array( __( 'Your amount has been changed from your next donation on. We\'ve emailed you a confirmation.', 'donation-widget' ), false ),
			SubscriptionChanges::SKIPPED          => array( __( 'Your next donation will be skipped. We\'ve emailed you a confirmation.', 'donation-widget' ), false ),
			SubscriptionChanges::PAUSED           => array( __( 'Your 4-weekly donation is paused. We\'ve emailed you a confirmation.', 'donation-widget' ), false ),
			SubscriptionChanges::RESUMED          => array( __( 'Your 4-weekly donation has resumed. We\'ve emailed you a confirmation.', 'donation-widget' ), false ),
			SubscriptionChanges::NOT_PAUSED       => array( __( 'That donation is not paused.', 'donation-widget' ), true ),
			SubscriptionChanges::CANCELLED        => array( __( 'Your 4-weekly donation is cancelled. No further donations will be taken. We\'ve emailed you a confirmation.', 'donation-widget' ), false ),
			SubscriptionChanges::CARD_LINK        => array( __( 'Enter your new card below.', 'donation-widget' ), false ),
			SubscriptionChanges::NOT_AVAILABLE    => array( __( 'That change is not available. Please contact us.', 'donation-widget' ), true ),
			SubscriptionChanges::NOT_FOUND        => array( __( 'That donation could not be found, or has ended.', 'donation-widget' ), true ),
			SubscriptionChanges::INVALID_AMOUNT   => array( __( 'Please enter an amount from $5 to $999,999.99, with at most 2 decimal places.', 'donation-widget' ), true ),
			SubscriptionChanges::INVALID_CYCLES   => array( __( 'Please choose to pause for 1, 2 or 3 donations.', 'donation-widget' ), true ),
			SubscriptionChanges::PROVIDER_REFUSED => array( __( 'Sorry, that change could not be made; nothing was changed. Please contact us.', 'donation-widget' ), true ),
			SubscriptionChanges::UNAVAILABLE      => array( __( 'Sorry, our payment service is not answering right now; nothing was changed. Please try again in a few minutes.', 'donation-widget' ), true ),
			ManageController::FORM_EXPIRED        => array( __( 'That form has expired. Please try again.', 'donation-widget' ), true ),
		);
	}

	/**
	 * What a pause means for the donor: no donation until the one date the provider will next charge.
	 *
	 * @param RecurringSubscription $at_provider The provider's view.
	 */
	public static function paused_text( RecurringSubscription $at_provider ): string {
		return $at_provider->paused_until > 0
			/* translators: %s: date of the next donation. */
			? sprintf( __( 'No donation until %s', 'donation-widget' ), SubscriptionChanges::date( $at_provider->paused_until ) )
			: __( 'Until you resume it', 'donation-widget' );
	}

	/**
	 * A card brand as people write it.
	 *
	 * @param string $brand The card provider's brand.
	 */
	public static function brand( string $brand ): string {
		$names = array(
			'visa'       => 'Visa',
			'mastercard' => 'Mastercard',
			'amex'       => 'American Express',
		);
		return $names[ $brand ] ?? ucfirst( $brand );
	}
}
