<?php
/**
 * Donation Widget → Donors: the list (search, filters, sort), a donor's page, merging two
 * records of one person, and who may see and do them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin\Donors;

use DonationWidget\Admin\Donations\DonationsPage;
use DonationWidget\Admin\Donors\DonorActions;
use DonationWidget\Admin\Donors\DonorMergePanel;
use DonationWidget\Admin\Donors\DonorsPage;
use DonationWidget\Donations\GiftOrigin;
use DonationWidget\Donors\DonorDirectory;
use DonationWidget\Donors\DonorsMigrations;
use DonationWidget\Emails\MailQueue;
use DonationWidget\SelfService\ManageLinks;
use DonationWidget\SelfService\SelfServicePage;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementQuery;
use DonationWidget\Statements\StatementSender;
use DonationWidget\Tests\Integration\Admin\AdminTestCase;

final class DonorsScreenTest extends AdminTestCase {

	/**
	 * Every address of this test starts with its own word, so a search (a name or email prefix)
	 * finds this test's donors only.
	 */
	private function prefix(): string {
		return (string) strtok( $this->domain, '.' );
	}

	/**
	 * An address of this test: its word, a dash, the name, at its domain.
	 *
	 * @param string $local The name before the @.
	 */
	protected function email( string $local = 'jane' ): string {
		return $this->prefix() . '-' . $local . '@' . $this->domain;
	}

	/**
	 * Records a gift as the payment paths do, and tells the listeners (the donors' totals).
	 *
	 * @param string $local     The donor's email before the @.
	 * @param int    $cents     Total.
	 * @param array  $overrides Column => value.
	 * @return int Donation id.
	 */
	private function gift( string $local, int $cents, array $overrides = array() ): int {
		$id = $this->insert_donation(
			array_merge(
				array(
					'email'        => $this->email( $local ),
					'first_name'   => ucfirst( $local ),
					'amount_cents' => $cents,
					'total_cents'  => $cents,
				),
				$overrides
			)
		);
		do_action( 'donation_widget_donation_changed', $id );
		return $id;
	}

	/**
	 * The donor id of an address.
	 *
	 * @param string $local The email before the @.
	 */
	private function donor_id( string $local ): int {
		$donor = $this->service( DonorDirectory::class )->find_by_email( $this->email( $local ) );
		$this->assertNotNull( $donor, "no donor for {$local}" );
		return $donor->id();
	}

	/**
	 * Prints the screen with query arguments.
	 *
	 * @param array $query Query arguments.
	 * @return array{output: string, stop: mixed}
	 */
	private function screen( array $query = array() ): array {
		$_GET = wp_slash( array( 'page' => DonorsPage::SLUG ) + $query );
		set_current_screen( 'donation-widget_page_' . DonorsPage::SLUG );
		return $this->run_stoppable( fn () => $this->service( DonorsPage::class )->render() );
	}

	/**
	 * The donors' names in the order the list prints them.
	 *
	 * @param string $html The list.
	 * @return list<string>
	 */
	private static function names_in_order( string $html ): array {
		preg_match_all( '/<a class="row-title" href="[^"]*">([^<]*)<\/a>/', $html, $found );
		return $found[1];
	}

	public function test_the_list_shows_one_row_per_donor_with_their_totals(): void {
		$this->log_in_as( 'administrator' );
		$this->gift( 'ada', 5000, array( 'created_at' => self::days_ago( 40 ) ) );
		$this->gift(
			'ada',
			10000,
			array(
				'status'         => 'partially_refunded',
				'refunded_cents' => 2500,
			)
		);
		$this->gift( 'bob', 2000, array( 'created_at' => self::days_ago( 5 ) ) );

		$html = $this->screen( array( 's' => $this->prefix() ) )['output'];

		$this->assertSame( array( 'Ada Citizen', 'Bob Citizen' ), self::names_in_order( $html ), 'newest last gift first' );
		$this->assertStringContainsString( '$150.00', $html, 'Ada gave $150.00' );
		$this->assertStringContainsString( '$125.00', $html, 'and kept is less the $25.00 refund' );
		$this->assertStringContainsString( $this->email( 'ada' ), $html );
		$this->assertMatchesRegularExpression( '/<caption class="screen-reader-text">Donors, sorted by Last gift, descending.<\/caption>/', $html );
		$this->assertStringContainsString( '<label for="donation-widget-donor-filter">Show</label>', $html, 'the filter has a visible label' );
		$this->assertStringContainsString( 'role="region" aria-label="Donors" tabindex="0"', $html, 'the table scrolls in its own box' );
	}

	public function test_the_list_says_while_the_upgrade_is_still_gathering_donors(): void {
		$this->log_in_as( 'administrator' );
		$notice = 'The donors are still being gathered from the donations made before this version';
		$this->assertStringNotContainsString( $notice, $this->screen()['output'] );

		update_option( DonorsMigrations::PROGRESS_OPTION, 'gifts:0', false );
		$this->assertStringContainsString( $notice, $this->screen()['output'] );
	}

	public function test_a_donations_screen_links_to_its_donor_and_a_failed_attempt_to_none(): void {
		$this->log_in_as( 'administrator' );
		$given  = $this->gift( 'ada', 5000 );
		$failed = $this->gift( 'ada', 5000, array( 'status' => 'failed' ) );
		$detail = function ( int $id ): string {
			$_GET = wp_slash(
				array(
					'page'     => DonationsPage::SLUG,
					'donation' => (string) $id,
				)
			);
			return $this->run_stoppable( fn () => $this->service( DonationsPage::class )->render() )['output'];
		};

		$this->assertStringContainsString( esc_url( DonorsPage::donor_url( $this->donor_id( 'ada' ) ) ) . '">All of this donor&#039;s gifts</a>', $detail( $given ) );
		$this->assertStringNotContainsString( 'All of this donor&#039;s gifts', $detail( $failed ), 'a gift never received belongs to no donor' );
	}

	public function test_search_sort_and_filters_narrow_and_order_the_list(): void {
		$this->log_in_as( 'administrator' );
		$this->gift( 'ada', 5000 );
		$this->gift( 'bob', 20000 );
		$this->gift( 'cat', 100, array( 'created_at' => self::days_ago( 800 ) ) );

		$by_email = $this->screen( array( 's' => $this->email( 'bob' ) ) )['output'];
		$this->assertSame( array( 'Bob Citizen' ), self::names_in_order( $by_email ) );

		$largest = $this->screen(
			array(
				's'       => $this->prefix(),
				'orderby' => 'given',
				'order'   => 'desc',
			)
		)['output'];
		$this->assertSame( array( 'Bob Citizen', 'Ada Citizen', 'Cat Citizen' ), self::names_in_order( $largest ) );
		$this->assertStringContainsString( 'Donors, sorted by Total given, descending.', $largest );
		$this->assertStringContainsString( 'orderby=kept', $largest, 'the kept column sorts' );
		$this->assertStringContainsString( 'orderby=first_gift', $largest, 'the first gift column sorts' );

		$smallest = $this->screen(
			array(
				's'       => $this->prefix(),
				'orderby' => 'given',
				'order'   => 'asc',
			)
		)['output'];
		$this->assertSame( array( 'Cat Citizen', 'Ada Citizen', 'Bob Citizen' ), self::names_in_order( $smallest ) );

		$first_time = $this->screen(
			array(
				's'      => $this->prefix(),
				'filter' => 'first_time',
			)
		)['output'];
		$this->assertEqualsCanonicalizing( array( 'Ada Citizen', 'Bob Citizen' ), self::names_in_order( $first_time ), 'Cat first gave two years ago' );

		$nobody = $this->screen(
			array(
				's'      => 'nobody-' . $this->prefix(),
				'filter' => 'active_recurring',
			)
		)['output'];
		$this->assertStringContainsString( 'No donors match this search or filter.', $nobody );

		$hand_edited = $this->screen(
			array(
				's'       => $this->prefix(),
				'orderby' => 'id; DROP TABLE',
				'filter'  => '<script>',
			)
		);
		$this->assertNull( $hand_edited['stop'] );
		$this->assertCount( 3, self::names_in_order( $hand_edited['output'] ), 'an unknown order or filter shows the plain list' );
	}

	public function test_a_donors_page_shows_every_gift_where_it_came_from_and_the_actions(): void {
		$this->log_in_as( 'administrator' );
		$online   = $this->gift( 'ada', 5000 );
		$offline  = $this->gift(
			'ada',
			30000,
			array(
				'provider'   => GiftOrigin::OFFLINE,
				'method'     => 'cheque',
				'attempt_id' => 'offline:' . wp_generate_uuid4(),
				'created_at' => self::days_ago( 3 ),
			)
		);
		$imported = $this->gift(
			'ada',
			1500,
			array(
				'provider'    => GiftOrigin::IMPORTED,
				'attempt_id'  => 'import:' . sha1( wp_generate_uuid4() ),
				'receipt_seq' => null,
				'created_at'  => self::days_ago( 400 ),
			)
		);
		$id       = $this->donor_id( 'ada' );

		$html = $this->screen( array( 'donor' => (string) $id ) )['output'];

		$this->assertStringContainsString( '<h1 class="wp-heading-inline">Ada Citizen</h1>', $html );
		$this->assertStringContainsString( '$365.00', $html, 'total given' );
		foreach ( array( $online, $offline, $imported ) as $gift ) {
			$this->assertStringContainsString( "Donation #{$gift}</a>", $html );
			$this->assertStringContainsString( 'page=donation-widget-donations&#038;donation=' . $gift, $html, 'each gift links to its donation' );
		}
		$this->assertStringContainsString( 'Offline (Cheque)', $html );
		$this->assertStringContainsString( 'Imported', $html );
		$this->assertStringContainsString( 'Online: ', $html );
		$this->assertStringContainsString( $this->receipt_number_of( $offline ), $html, 'the offline gift shows its receipt number' );
		$this->assertStringContainsString( 'name="action" value="donation_widget_resend_receipt"', $html, 'receipts can be resent' );
		$this->assertStringContainsString( 'page=donation-widget-record-gift&#038;donor=' . $id, $html, 'Record an offline gift opens with this donor' );
		$this->assertStringContainsString( 'name="action" value="' . DonorActions::PRIVACY_ACTION . '"', $html );
		$this->assertStringContainsString( 'Email of the other record', $html, 'the merge field is labelled' );
		$this->assertStringContainsString( '<caption class="screen-reader-text">Gifts, newest first</caption>', $html );
	}

	public function test_a_donors_page_shows_their_4_weekly_donations_statements_and_emails(): void {
		$this->log_in_as( 'administrator' );
		$year = FinancialYear::latest_completed();
		$this->gift( 'ada', 5250, array( 'created_at' => gmdate( 'Y-m-d H:i:s', (int) strtotime( $year->starts_utc() . ' UTC' ) + 20 * DAY_IN_SECONDS ) ) );
		$subscription = 'sub_donor' . wp_generate_password( 8, false );
		$first        = $this->gift(
			'ada',
			2000,
			array(
				'frequency'       => '4weekly',
				'subscription_id' => $subscription,
			)
		);
		$this->insert_subscription( $subscription, $first, 'active', 2000 );
		$statement = $this->service( StatementQuery::class )->statement( $this->email( 'ada' ), '', $year );
		$this->assertNotNull( $statement );
		$this->assertSame( 'sent', $this->service( StatementSender::class )->send( $statement ) );

		$html = $this->screen( array( 'donor' => (string) $this->donor_id( 'ada' ) ) )['output'];

		$this->assertStringContainsString( '">' . $subscription . '</a>', $html );
		$this->assertStringContainsString( 'Copy card-update link', $html, 'a running 4-weekly donation offers its card-update link' );
		$this->assertStringContainsString( 'id="donation-widget-card-update-history-' . $subscription . '"', $html );
		$this->assertStringContainsString( $year->label(), $html, 'the statement issued is listed' );
		$this->assertStringContainsString( 'Resend statement', $html );
		$this->assertStringContainsString( 'name="action" value="donation_widget_statement"', $html );
		$this->assertMatchesRegularExpression( '/<td>Tax statement<\/td><td>' . preg_quote( $this->email( 'ada' ), '/' ) . '<\/td>/', $html, 'the statement email is among the emails sent' );
	}

	public function test_donor_text_is_escaped(): void {
		$this->log_in_as( 'administrator' );
		$this->gift( 'eve', 5000, array( 'first_name' => '<script>alert(1)</script>' ) );

		$list = $this->screen( array( 's' => $this->prefix() ) )['output'];
		$page = $this->screen( array( 'donor' => (string) $this->donor_id( 'eve' ) ) )['output'];

		foreach ( array( $list, $page ) as $html ) {
			$this->assertStringNotContainsString( '<script>alert(1)', $html );
			$this->assertStringContainsString( '&lt;script&gt;alert(1)&lt;/script&gt;', $html );
		}
	}

	public function test_merging_asks_first_then_keeps_both_emails_and_every_gift_and_records_it(): void {
		$this->log_in_as( 'administrator' );
		$this->gift( 'ada', 5000 );
		$other_gift = $this->gift( 'ada.work', 7000, array( 'first_name' => 'Ada' ) );
		$keep       = $this->donor_id( 'ada' );
		$merged     = $this->donor_id( 'ada.work' );

		$confirm = $this->screen(
			array(
				'donor'       => (string) $keep,
				'merge_email' => $this->email( 'ada.work' ),
			)
		)['output'];
		$this->assertStringContainsString( 'Its 1 gift ($70.00 given) moves to Ada Citizen', $confirm, 'says what moves before anything changes' );
		$this->assertStringContainsString( 'This donor keeps both email addresses', $confirm );
		$this->assertStringContainsString( 'Merge the two records', $confirm );
		$this->assertNotSame( $keep, $this->donor_id( 'ada.work' ), 'nothing is merged by looking' );

		$no_nonce = $this->admin_post(
			DonorMergePanel::ACTION,
			array(
				'keep_id'   => $keep,
				'merged_id' => $merged,
			)
		);
		$this->assertDied( 403, $no_nonce );
		$this->assertNotSame( $keep, $this->donor_id( 'ada.work' ) );

		$done = $this->admin_post(
			DonorMergePanel::ACTION,
			array(
				'keep_id'   => $keep,
				'merged_id' => $merged,
				'_wpnonce'  => wp_create_nonce( DonorMergePanel::nonce_action( $keep ) ),
			)
		);
		$this->assertSame( (string) $merged, $this->redirected_to( $done )['merged'] ?? '' );
		$this->assertSame( $keep, $this->donor_id( 'ada.work' ), 'the other email now finds the kept donor' );

		$page = $this->screen(
			array(
				'donor'  => (string) $keep,
				'merged' => (string) $merged,
			)
		)['output'];
		$this->assertStringContainsString( $this->email( 'ada' ), $page );
		$this->assertStringContainsString( $this->email( 'ada.work' ), $page );
		$this->assertStringContainsString( "Donation #{$other_gift}</a>", $page, 'the other record\'s gift is on the kept donor\'s page' );
		$this->assertStringContainsString( '$120.00', $page, 'and in their total' );
		$this->assertStringContainsString( "Donor #{$merged} was merged into this donor", $page );
		$this->assertMatchesRegularExpression( '/<td>' . preg_quote( wp_get_current_user()->display_name, '/' ) . '<\/td><td>Merged<\/td>/', $page, 'the audit trail names who merged' );

		$old_page = $this->screen( array( 'donor' => (string) $merged ) )['output'];
		$this->assertStringContainsString( "Donor #{$merged} was merged into this donor", $old_page, 'the closed record opens the kept donor' );
	}

	public function test_a_refused_merge_says_why_beside_the_field(): void {
		$this->log_in_as( 'administrator' );
		$this->gift( 'ada', 5000 );
		$this->gift( 'bob', 5000 );
		$keep = $this->donor_id( 'ada' );

		$same = $this->screen(
			array(
				'donor'       => (string) $keep,
				'merge_email' => $this->email( 'ada' ),
			)
		)['output'];
		$this->assertStringContainsString( 'aria-invalid="true" aria-describedby="donation-widget-merge-error"', $same );
		$this->assertStringContainsString( 'is already this donor&#039;s email: there is nothing to merge.', $same );
		$this->assertStringNotContainsString( 'Merge the two records', $same );

		$unknown = $this->screen(
			array(
				'donor'       => (string) $keep,
				'merge_email' => $this->email( 'nobody' ),
			)
		)['output'];
		$this->assertStringContainsString( 'No donor has the email ' . $this->email( 'nobody' ), $unknown );

		// Asked twice (two tabs): the second lands on the kept donor, merged once.
		$bob   = $this->donor_id( 'bob' );
		$nonce = wp_create_nonce( DonorMergePanel::nonce_action( $keep ) );
		$first = array(
			'keep_id'   => $keep,
			'merged_id' => $bob,
			'_wpnonce'  => $nonce,
		);
		$this->admin_post( DonorMergePanel::ACTION, $first );
		$again = $this->redirected_to( $this->admin_post( DonorMergePanel::ACTION, $first ) );
		$this->assertSame( (string) $bob, $again['merged'] ?? '' );
		$this->assertSame( 1, substr_count( $this->screen( array( 'donor' => (string) $keep ) )['output'], '</td><td>Merged</td>' ), 'one audit entry' );

		// A record already merged into another cannot be merged into a third: said beside the field.
		$this->gift( 'carol', 5000 );
		$carol   = $this->donor_id( 'carol' );
		$refused = $this->admin_post(
			DonorMergePanel::ACTION,
			array(
				'keep_id'     => $carol,
				'merged_id'   => $bob,
				'merge_email' => $this->email( 'bob' ),
				'_wpnonce'    => wp_create_nonce( DonorMergePanel::nonce_action( $carol ) ),
			)
		);
		$args    = $this->redirected_to( $refused );
		$this->assertSame( 'refused', $args['merge'] ?? '' );
		$shown = $this->screen( $args )['output'];
		$this->assertStringContainsString( 'id="donation-widget-merge-error"', $shown );
		$this->assertStringContainsString( 'already been merged', $shown );
	}

	public function test_only_staff_who_may_see_donations_see_donors_or_merge(): void {
		$this->gift( 'ada', 5000 );
		$this->gift( 'bob', 5000 );
		$keep = $this->donor_id( 'ada' );
		$bob  = $this->donor_id( 'bob' );
		$this->log_in_as( 'editor' );

		$this->assertDied( 403, $this->screen() );
		$this->assertDied( 403, $this->screen( array( 'donor' => (string) $keep ) ) );
		$refused = $this->admin_post(
			DonorMergePanel::ACTION,
			array(
				'keep_id'   => $keep,
				'merged_id' => $bob,
				'_wpnonce'  => wp_create_nonce( DonorMergePanel::nonce_action( $keep ) ),
			)
		);
		$this->assertDied( 403, $refused );
		$this->assertSame( $bob, $this->donor_id( 'bob' ), 'nothing was merged' );
	}

	public function test_a_privacy_request_is_made_only_for_one_of_the_donors_own_addresses(): void {
		$this->log_in_as( 'administrator' );
		$this->gift( 'ada', 5000 );
		$id    = $this->donor_id( 'ada' );
		$nonce = wp_create_nonce( DonorActions::PRIVACY_ACTION . '_' . $id );

		$stranger = $this->admin_post(
			DonorActions::PRIVACY_ACTION,
			array(
				'donor_id'     => $id,
				'email'        => 'someone-else@example.org.au',
				'request_type' => 'export_personal_data',
				'_wpnonce'     => $nonce,
			)
		);
		$this->assertDied( 400, $stranger );

		$made = $this->admin_post(
			DonorActions::PRIVACY_ACTION,
			array(
				'donor_id'     => $id,
				'email'        => $this->email( 'ada' ),
				'request_type' => 'export_personal_data',
				'_wpnonce'     => $nonce,
			)
		);
		$this->assertNotNull( $made['stop'] );
		$this->assertStringContainsString( 'export-personal-data.php', $made['stop']->detail );
		$requests = get_posts(
			array(
				'post_type'   => 'user_request',
				'post_status' => array( 'request-pending', 'request-confirmed' ),
				'title'       => $this->email( 'ada' ),
				'name'        => 'export_personal_data',
			)
		);
		$this->assertCount( 1, $requests, 'WordPress holds one export request for the donor' );
		$this->assertSame( 'export_personal_data', $requests[0]->post_name );
		$this->assertSame( 'request-confirmed', $requests[0]->post_status, 'confirmed by staff, so it can be downloaded now' );
	}

	public function test_email_a_sign_in_link_sends_the_donor_their_manage_link(): void {
		$this->log_in_as( 'administrator' );
		$this->gift( 'ada', 5000 );
		$id   = $this->donor_id( 'ada' );
		$page = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Manage my donation',
				'post_content' => '[donation_widget_manage]',
			)
		);
		$this->set_settings( array( SelfServicePage::SETTING => $page ) );

		$html = $this->screen( array( 'donor' => (string) $id ) )['output'];
		$this->assertStringContainsString( 'Email a sign-in link', $html );

		$sent = $this->admin_post(
			DonorActions::SIGN_IN_ACTION,
			array(
				'donor_id' => $id,
				'email'    => $this->email( 'ada' ),
				'_wpnonce' => wp_create_nonce( DonorActions::SIGN_IN_ACTION . '_' . $id ),
			)
		);
		$this->assertSame( 'sign_in_sent', $this->redirected_to( $sent )['done'] ?? '' );
		// The background worker (as when the donor asks) issues the link and queues its email.
		$this->assertSame( 1, $this->service( ManageLinks::class )->process_requests() );
		$queued = array_filter(
			$this->service( MailQueue::class )->page( '', 20, 1 ),
			fn ( $email ): bool => ManageLinks::MAIL_KIND === $email->kind && $this->email( 'ada' ) === $email->recipient
		);
		$this->assertCount( 1, $queued, 'one sign-in email is queued to the donor' );
		$shown = $this->screen( $this->redirected_to( $sent ) )['output'];
		$this->assertStringContainsString( 'A sign-in link is on its way to the donor', $shown );
	}

	public function test_a_donors_gifts_are_shown_a_page_at_a_time(): void {
		$this->log_in_as( 'administrator' );
		$oldest = $this->gift( 'ada', 100, array( 'created_at' => self::days_ago( 100 ) ) );
		for ( $day = 30; $day > 0; $day-- ) {
			$this->gift( 'ada', 1000 + $day, array( 'created_at' => self::days_ago( $day ) ) );
		}
		$id = $this->donor_id( 'ada' );

		$first = $this->screen( array( 'donor' => (string) $id ) )['output'];
		$this->assertSame( 25, substr_count( $first, '">Donation #' ), 'one page of 25 gifts' );
		$this->assertStringNotContainsString( "Donation #{$oldest}</a>", $first );
		$this->assertStringContainsString( 'Gifts, newest first: page 1 of 2', $first );
		$this->assertStringContainsString( 'Older gifts', $first );

		$second = $this->screen(
			array(
				'donor'      => (string) $id,
				'gifts_page' => '2',
			)
		)['output'];
		$this->assertStringContainsString( "Donation #{$oldest}</a>", $second, 'the oldest gift is on the last page' );
		$this->assertStringContainsString( 'Newer gifts', $second );
		$this->assertStringContainsString( '31 gifts', $second );
	}
}
