<?php
/**
 * Donation Widget → Donations: the list, the detail view, "Resend receipt" and who may see them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Admin\Payouts\PayoutsPage;
use DonationWidget\Admin\Subscriptions\SubscriptionsPage;
use DonationWidget\Database\Schema;

final class DonationsScreenTest extends AdminTestCase {

	/**
	 * Prints the screen with query arguments.
	 *
	 * @param array $query Query arguments.
	 * @return array{output: string, stop: AdminStop|null}
	 */
	private function screen( array $query = array() ): array {
		$_GET = wp_slash( array( 'page' => DonationsPage::SLUG ) + $query );
		set_current_screen( 'donation-widget_page_' . DonationsPage::SLUG );
		return $this->run_stoppable( fn () => $this->service( DonationsPage::class )->render() );
	}

	/**
	 * Receipts logged for a donation.
	 *
	 * @param int $donation_id Donation.
	 * @return list<array<string, string>>
	 */
	private function receipt_rows( int $donation_id ): array {
		global $wpdb;
		$table = Schema::table( 'receipts' );
		return $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE donation_id = %d ORDER BY id", $donation_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	public function test_the_list_shows_matching_donations_with_totals_filters_and_the_export(): void {
		$this->log_in_as( 'administrator' );
		$this->insert_donation(
			array(
				'first_name'  => 'Matilda',
				'total_cents' => 12550,
			)
		);
		$this->insert_donation(
			array(
				'first_name'     => 'Declined',
				'status'         => 'failed',
				'failure_reason' => 'card_declined: Your card was declined.',
			)
		);

		$html = $this->screen( array( 's' => $this->domain ) )['output'];

		$this->assertStringContainsString( 'Matilda Citizen', $html );
		// In the charity's words with the provider's code for support; never the provider's own text.
		$this->assertStringContainsString( 'The donor&#039;s bank declined the payment. <code>card_declined</code>', $html );
		$this->assertStringNotContainsString( 'Your card was declined.', $html );
		$this->assertStringContainsString( '2 donations: 1 succeeded, raising $125.50 AUD.', $html );
		$this->assertStringContainsString( 'name="status"', $html );
		$this->assertStringContainsString( 'name="date_from"', $html );
		$this->assertStringContainsString( '<button type="submit" class="button" form="donation-widget-export-start">Export CSV</button>', $html );
		$this->assertStringContainsString( '<input type="hidden" name="action" value="donation_widget_start_export" />', $html );
		$this->assertStringContainsString( 'orderby=amount', $html, 'the amount column sorts' );

		$failed_only = $this->screen(
			array(
				's'      => $this->domain,
				'status' => 'failed',
			)
		)['output'];
		$this->assertStringNotContainsString( 'Matilda', $failed_only );
		$this->assertStringContainsString( '<input type="hidden" name="status" value="failed" />', $failed_only, 'the export keeps the filters' );
	}

	public function test_donor_text_is_escaped(): void {
		$this->log_in_as( 'administrator' );
		$id = $this->insert_donation(
			array(
				'first_name'   => '<script>alert(1)</script>',
				'utm_campaign' => '"><img src=x onerror=alert(2)>',
			)
		);

		$list   = $this->screen( array( 's' => $this->domain ) )['output'];
		$detail = $this->screen( array( 'donation' => (string) $id ) )['output'];

		foreach ( array( $list, $detail ) as $html ) {
			$this->assertStringNotContainsString( '<script>alert(1)', $html );
			$this->assertStringContainsString( '&lt;script&gt;alert(1)&lt;/script&gt;', $html );
		}
		$this->assertStringNotContainsString( '<img src=x', $detail );
	}

	public function test_the_detail_view_shows_the_donor_payment_references_source_and_history(): void {
		$this->log_in_as( 'administrator' );
		$sub     = 'sub_detail' . wp_generate_password( 8, false );
		$first   = $this->insert_donation(
			array(
				'frequency'       => '4weekly',
				'subscription_id' => $sub,
				'customer_id'     => 'cus_detail',
				'payout_id'       => 'po_detail',
				'in_memory_of'    => 'Nan Citizen',
				'utm_source'      => 'facebook',
				'created_at'      => self::days_ago( 60 ),
			)
		);
		$renewal = $this->insert_donation(
			array(
				'attempt_id'      => 'invoice:in_detail' . wp_generate_password( 6, false ),
				'frequency'       => '4weekly',
				'subscription_id' => $sub,
				'status'          => 'refunded',
				'created_at'      => self::days_ago( 32 ),
			)
		);
		$failed  = $this->insert_donation(
			array(
				'attempt_id'      => 'invoice:in_failed' . wp_generate_password( 6, false ),
				'frequency'       => '4weekly',
				'subscription_id' => $sub,
				'status'          => 'failed',
				'failure_reason'  => 'renewal_failed: collection attempt 1 of invoice in_x failed.',
				'created_at'      => self::days_ago( 4 ),
			)
		);
		$this->insert_subscription( $sub, $first );

		$html = $this->screen( array( 'donation' => (string) $first ) )['output'];

		$this->assertStringContainsString( 'Donation #' . $first, $html );
		foreach ( array( 'Jane Citizen', $this->email(), '0412345678', '1/23 Example St', 'Sydney NSW 2000', 'Nan Citizen', '$52.50 AUD', 'Every 4 weeks', 'Card', 'Succeeded', 'cus_detail', $sub, 'facebook', 'winter-appeal', 'APPEAL-2026', 'http://127.0.0.1:8891/donate/', $this->receipt_number_of( $first ), 'Resend receipt' ) as $expected ) {
			$this->assertStringContainsString( esc_html( $expected ), $html, $expected );
		}
		$this->assertMatchesRegularExpression( '/<code>ch_[^<]+<\/code>/', $html );
		$this->assertMatchesRegularExpression( '/<code>pi_[^<]+<\/code>/', $html );
		$this->assertStringContainsString( '<a href="' . esc_url( SubscriptionsPage::detail_url( $sub ) ) . '"><code>' . $sub . '</code></a>', $html, 'the 4-weekly donation links to its screen' );
		$this->assertStringContainsString( '<a href="' . esc_url( PayoutsPage::detail_url( 'po_detail' ) ) . '"><code>po_detail</code></a>', $html, 'the payout links to its screen' );
		$this->assertStringContainsString( 'donation=' . $renewal, $html, 'the history links the renewals' );
		$this->assertStringContainsString( 'donation=' . $failed, $html );
		$this->assertStringContainsString( 'Refunded', $html );
		$this->assertStringContainsString( 'collection attempt 1 of invoice in_x failed.', $html );
		$this->assertStringContainsString( '1 payment refunded', $html );

		$failed_html = $this->screen( array( 'donation' => (string) $failed ) )['output'];
		$this->assertStringContainsString( 'Failure reason', $failed_html );
		$this->assertStringContainsString( 'Every 4 weeks (renewal)', $failed_html );
		$this->assertStringNotContainsString( 'Resend receipt', $failed_html, 'a failed payment has no receipt' );
	}

	public function test_the_detail_shows_gift_cover_and_total_apart_and_no_receipt_number_for_unpaid_money(): void {
		$this->log_in_as( 'administrator' );
		$paid   = $this->insert_donation(
			array(
				'amount_cents' => 3500,
				'cover_cents'  => 175,
				'total_cents'  => 3675,
			)
		);
		$failed = $this->insert_donation( array( 'status' => 'failed' ) );

		$detail = $this->screen( array( 'donation' => (string) $paid ) )['output'];
		$this->assertStringContainsString( '<th scope="row" style="width: 14em;">Gift</th><td>$35.00</td>', $detail );
		$this->assertStringContainsString( '<th scope="row" style="width: 14em;">Fundraising cost cover</th><td>$1.75</td>', $detail );
		$this->assertStringContainsString( '$36.75 AUD (gift $35.00, cover $1.75)', $detail );
		$this->assertStringContainsString( $this->receipt_number_of( $paid ), $detail );

		$unpaid = $this->screen( array( 'donation' => (string) $failed ) )['output'];
		$this->assertSame( '', $this->receipt_number_of( $failed ) );
		$this->assertStringContainsString( 'None: a receipt number is given when the money is received.', $unpaid );
		$this->assertStringNotContainsString( 'REC-', $unpaid );
	}

	public function test_an_unknown_donation_says_so(): void {
		$this->log_in_as( 'administrator' );
		$this->assertStringContainsString( 'Donation not found', $this->screen( array( 'donation' => '999999999' ) )['output'] );
	}

	public function test_staff_resend_a_receipt_and_it_is_recorded(): void {
		$user = $this->log_in_as( 'administrator' );
		$id   = $this->insert_donation();

		$result = $this->admin_post(
			DonationsPage::RESEND_ACTION,
			array(
				'donation_id' => (string) $id,
				'_wpnonce'    => wp_create_nonce( DonationsPage::resend_nonce_action( $id ) ),
			)
		);

		$this->assertSame(
			array(
				'page'     => DonationsPage::SLUG,
				'donation' => (string) $id,
				'receipt'  => 'sent',
			),
			$this->redirected_to( $result )
		);
		$mail = $this->mailbox();
		$this->assertCount( 1, $mail );
		$this->assertSame( array( $this->email() ), $mail[0]['to'] );
		$this->assertStringStartsWith( 'Copy of your receipt from Helping Hands Australia', $mail[0]['subject'] );
		$rows = $this->receipt_rows( $id );
		$this->assertCount( 1, $rows );
		$this->assertSame( array( 'sent', (string) $user ), array( $rows[0]['status'], $rows[0]['sent_by'] ) );
		$this->assertNull( $rows[0]['automatic_donation_id'] );

		$html = $this->screen(
			array(
				'donation' => (string) $id,
				'receipt'  => 'sent',
			)
		)['output'];
		$this->assertStringContainsString( 'Receipt sent again to the donor.', $html );
		$this->assertStringContainsString( 'Resent by', $html );
	}

	public function test_a_refunded_donation_gets_no_receipt(): void {
		$this->log_in_as( 'administrator' );
		$id = $this->insert_donation( array( 'status' => 'refunded' ) );

		$result = $this->admin_post(
			DonationsPage::RESEND_ACTION,
			array(
				'donation_id' => (string) $id,
				'_wpnonce'    => wp_create_nonce( DonationsPage::resend_nonce_action( $id ) ),
			)
		);

		$this->assertSame( 'not_receipted', $this->redirected_to( $result )['receipt'] );
		$this->assertSame( array(), $this->mailbox() );
	}

	public function test_resending_with_a_bad_nonce_or_another_donations_nonce_is_refused(): void {
		$this->log_in_as( 'administrator' );
		$id    = $this->insert_donation();
		$other = $this->insert_donation();

		$this->assertDied(
			403,
			$this->admin_post(
				DonationsPage::RESEND_ACTION,
				array(
					'donation_id' => (string) $id,
					'_wpnonce'    => 'forged',
				)
			)
		);
		$this->assertDied(
			403,
			$this->admin_post(
				DonationsPage::RESEND_ACTION,
				array(
					'donation_id' => (string) $id,
					'_wpnonce'    => wp_create_nonce( DonationsPage::resend_nonce_action( $other ) ),
				)
			)
		);
		$this->assertSame( array(), $this->mailbox() );
		$this->assertSame( array(), $this->receipt_rows( $id ) );
	}

	public function test_an_editor_can_neither_see_donations_nor_resend_receipts(): void {
		$this->log_in_as( 'editor' );
		$id = $this->insert_donation();

		$this->assertFalse( current_user_can( DonationsCapability::CAPABILITY ) );
		$this->assertDied( 403, $this->screen() );
		$this->assertDied( 403, $this->screen( array( 'donation' => (string) $id ) ) );
		$this->assertDied(
			403,
			$this->admin_post(
				DonationsPage::RESEND_ACTION,
				array(
					'donation_id' => (string) $id,
					'_wpnonce'    => wp_create_nonce( DonationsPage::resend_nonce_action( $id ) ),
				)
			)
		);
		$this->assertSame( array(), $this->mailbox() );
	}

	public function test_the_capability_is_filterable(): void {
		$this->log_in_as( 'editor' );
		$this->assertFalse( current_user_can( DonationsCapability::CAPABILITY ) );

		$editors = static fn (): string => 'edit_others_posts';
		add_filter( 'donation_widget_capability', $editors );
		try {
			$this->assertTrue( current_user_can( DonationsCapability::CAPABILITY ) );
			$this->assertNull( $this->screen()['stop'] );
		} finally {
			remove_filter( 'donation_widget_capability', $editors );
		}
		$this->assertFalse( current_user_can( DonationsCapability::CAPABILITY ) );
	}

	public function test_the_menu_lists_donations_and_4_weekly_donations_after_settings(): void {
		global $submenu, $_wp_submenu_nopriv;
		$this->log_in_as( 'administrator' );
		$saved = array( $submenu, $_wp_submenu_nopriv );

		do_action( 'admin_menu', '' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook.
		$slugs = array_column( $submenu['donation-widget'] ?? array(), 2 );
		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- puts back what the test changed.
		list( $submenu, $_wp_submenu_nopriv ) = $saved;

		$this->assertSame( 'donation-widget', $slugs[0] ?? '', 'Settings stays first' );
		$donations     = array_search( DonationsPage::SLUG, $slugs, true );
		$subscriptions = array_search( 'donation-widget-subscriptions', $slugs, true );
		$this->assertIsInt( $donations );
		$this->assertIsInt( $subscriptions );
		$this->assertLessThan( $subscriptions, $donations );
	}
}
