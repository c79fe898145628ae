<?php
/**
 * Tools → Export / Erase Personal Data for donors.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Privacy;

use DonationWidget\Books\Refunds\RefundRepository;
use DonationWidget\Books\Refunds\Refunds;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Privacy\DonorDataEraser;
use DonationWidget\Privacy\DonorDataExporter;
use DonationWidget\Tests\Integration\Admin\AdminTestCase;

final class DonorPersonalDataTest extends AdminTestCase {

	/**
	 * The registered exporter's or eraser's callback, as WordPress finds it.
	 *
	 * @param string $filter wp_privacy_personal_data_exporters or _erasers.
	 */
	private function registered( string $filter ): callable {
		$registered = apply_filters( $filter, array() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- WordPress's own privacy filters.
		$this->assertArrayHasKey( 'donation-widget', $registered );
		$this->assertIsCallable( $registered['donation-widget']['callback'] );
		return $registered['donation-widget']['callback'];
	}

	public function test_both_are_registered_with_wordpress(): void {
		// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own privacy filters.
		$this->assertSame( 'Donation Widget donations', apply_filters( 'wp_privacy_personal_data_exporters', array() )['donation-widget']['exporter_friendly_name'] );
		$this->assertSame( 'Donation Widget donations', apply_filters( 'wp_privacy_personal_data_erasers', array() )['donation-widget']['eraser_friendly_name'] );
		// phpcs:enable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound
	}

	public function test_the_export_lists_the_donors_donations_a_page_at_a_time(): void {
		$this->insert_many_donations( DonorDataExporter::PER_PAGE + 2, array( 'email' => $this->email( 'many' ) ) );
		$this->insert_donation( array( 'email' => $this->email( 'someone.else' ) ) );
		$export = $this->registered( 'wp_privacy_personal_data_exporters' );

		$first  = $export( $this->email( 'many' ), 1 );
		$second = $export( strtoupper( $this->email( 'many' ) ), 2 );

		$this->assertCount( DonorDataExporter::PER_PAGE, $first['data'] );
		$this->assertFalse( $first['done'] );
		$this->assertCount( 2, $second['data'] );
		$this->assertTrue( $second['done'], 'the address matches whatever its case' );
		$item = $first['data'][0];
		$this->assertSame( DonorDataExporter::GROUP_ID, $item['group_id'] );
		$this->assertSame( 'Donations', $item['group_label'] );
		$this->assertMatchesRegularExpression( '/^donation-\d+$/', $item['item_id'] );
		$data = array_column( $item['data'], 'value', 'name' );
		$this->assertSame( $this->email( 'many' ), $data['Email'] );
		$this->assertSame( 'Citizen', $data['Last name'] );
		$this->assertSame( '$52.50 AUD', $data['Amount'] );
		$this->assertSame( '1/23 Example St, Sydney, NSW, 2000, Australia', $data['Address'] );
		$this->assertSame( '0412345678', $data['Mobile'] );
		$this->assertSame(
			array(
				'data' => array(),
				'done' => true,
			),
			$export( $this->email( 'nobody' ), 1 )
		);
	}

	public function test_erasure_anonymises_the_donor_and_keeps_the_financial_record(): void {
		$id     = $this->insert_donation(
			array(
				'email'             => $this->email( 'erase.me' ),
				'organisation_name' => 'Erase Pty Ltd',
				'in_memory_of'      => 'Nan',
				'total_cents'       => 7700,
				'created_at'        => '2026-02-03 04:05:06',
			)
		);
		$kept   = $this->insert_donation( array( 'email' => $this->email( 'keep.me' ) ) );
		$refund = $this->service( RefundRepository::class )->claim( $id, 'stripe', Refunds::request_key( $id, 0 ), 1000, 'AUD', 'Asked by Erin Erase, moving to Perth', 1 );
		$this->assertNotNull( $refund );
		$erase = $this->registered( 'wp_privacy_personal_data_erasers' );

		$result = $erase( $this->email( 'erase.me' ), 1 );

		$this->assertTrue( $result['items_removed'] );
		$this->assertTrue( $result['items_retained'] );
		$this->assertTrue( $result['done'] );
		$this->assertStringContainsString( 'removed from 1 donation', $result['messages'][0] );
		$donation = $this->service( DonationRepository::class )->find( $id );
		foreach ( array( 'first_name', 'last_name', 'organisation_name', 'mobile', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country', 'in_memory_of' ) as $column ) {
			$this->assertSame( '', $donation->value( $column ), $column );
		}
		$this->assertSame( 'deleted@site.invalid', $donation->email() );
		$this->assertSame( 7700, $donation->total_cents() );
		$this->assertSame( 'succeeded', $donation->status() );
		$this->assertSame( '2026-02-03 04:05:06', $donation->value( 'created_at' ) );
		$this->assertMatchesRegularExpression( '/^ch_/', $donation->provider_reference() );
		$this->assertMatchesRegularExpression( '/^pi_/', $donation->payment_intent_id() );
		$this->assertSame( $this->email( 'keep.me' ), $this->service( DonationRepository::class )->find( $kept )->email() );
		$refund = $this->service( RefundRepository::class )->find( $refund->id() );
		$this->assertSame( '', $refund->reason(), 'the staff-typed reason may name the donor' );
		$this->assertSame( 1000, $refund->amount_cents() );

		$again = $erase( $this->email( 'erase.me' ), 2 );
		$this->assertFalse( $again['items_removed'] );
		$this->assertTrue( $again['done'] );
		$this->assertSame(
			array(
				'data' => array(),
				'done' => true,
			),
			$this->registered( 'wp_privacy_personal_data_exporters' )( $this->email( 'erase.me' ), 1 )
		);
	}

	public function test_erasure_works_through_many_donations_and_warns_of_a_running_subscription(): void {
		$sub   = 'sub_p' . wp_generate_password( 10, false );
		$first = $this->insert_donation(
			array(
				'email'           => $this->email( 'regular' ),
				'frequency'       => '4weekly',
				'subscription_id' => $sub,
			)
		);
		$this->insert_subscription( $sub, $first );
		$this->insert_many_donations( DonorDataEraser::PER_PAGE, array( 'email' => $this->email( 'regular' ) ) );
		$erase = $this->registered( 'wp_privacy_personal_data_erasers' );

		$first_call  = $erase( $this->email( 'regular' ), 1 );
		$second_call = $erase( $this->email( 'regular' ), 2 );

		$this->assertFalse( $first_call['done'] );
		$this->assertStringContainsString( $sub, implode( ' ', $first_call['messages'] ) );
		$this->assertTrue( $second_call['done'] );
		$this->assertTrue( $second_call['items_removed'] );
		$this->assertSame(
			array(
				'data' => array(),
				'done' => true,
			),
			$this->registered( 'wp_privacy_personal_data_exporters' )( $this->email( 'regular' ), 1 )
		);
	}

	public function test_erasure_warns_of_a_4_weekly_donation_whose_subscription_has_not_started_yet(): void {
		$paid     = $this->insert_donation(
			array(
				'email'     => $this->email( 'starting' ),
				'frequency' => '4weekly',
			)
		);
		$clearing = $this->insert_donation(
			array(
				'email'     => $this->email( 'starting' ),
				'frequency' => '4weekly',
				'status'    => 'pending',
			)
		);
		$this->insert_donation(
			array(
				'email'     => $this->email( 'starting' ),
				'frequency' => '4weekly',
				'status'    => 'failed',
			)
		);

		$erased = $this->registered( 'wp_privacy_personal_data_erasers' )( $this->email( 'starting' ), 1 );

		$this->assertTrue( $erased['items_retained'] );
		$this->assertStringContainsString( "4-weekly donation (#{$paid}, #{$clearing}) has not started its subscription yet", implode( ' ', $erased['messages'] ) );
	}

	public function test_an_erased_donor_gets_no_more_receipts(): void {
		$id = $this->insert_donation( array( 'email' => $this->email( 'gone' ) ) );
		$this->registered( 'wp_privacy_personal_data_erasers' )( $this->email( 'gone' ), 1 );

		do_action( 'donation_widget_donation_succeeded', $id );

		$this->assertSame( array(), $this->mailbox() );
	}

	public function test_erasure_revokes_the_donors_card_update_links_and_forgets_where_they_were_used(): void {
		global $wpdb;
		$links = \DonationWidget\Database\Schema::table( 'card_update_links' );
		$audit = \DonationWidget\Database\Schema::table( 'card_update_audit' );
		$now   = current_time( 'mysql', true );
		$wpdb->insert(
			$links,
			array(
				'token_hash'      => hash( 'sha256', 'privacy-test-token' ),
				'subscription_id' => 'sub_privacy',
				'customer_id'     => 'cus_privacy',
				'email'           => $this->email( 'linked' ),
				'issued_by'       => 'test',
				'created_at'      => $now,
				'expires_at'      => gmdate( 'Y-m-d H:i:s', time() + 3600 ),
			)
		);
		$link_id = (int) $wpdb->insert_id;
		$wpdb->insert(
			$audit,
			array(
				'link_id'         => $link_id,
				'subscription_id' => 'sub_privacy',
				'event'           => 'validated',
				'actor'           => 'donor',
				'ip'              => '203.0.113.7',
				'created_at'      => $now,
			)
		);

		$result = $this->registered( 'wp_privacy_personal_data_erasers' )( $this->email( 'linked' ), 1 );

		$this->assertTrue( $result['items_removed'] );
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT email, revoked_at FROM {$links} WHERE id = %d", $link_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->assertNotSame( $this->email( 'linked' ), $row['email'] );
		$this->assertNotNull( $row['revoked_at'] );
		$ip = $wpdb->get_row( $wpdb->prepare( "SELECT ip FROM {$audit} WHERE link_id = %d", $link_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->assertSame( array( 'ip' => '' ), $ip );
	}
}
