<?php
/**
 * The donors' rows in WordPress's personal-data export and erasure.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Donors;

use DonationWidget\Database\Schema;

final class DonorPrivacyTest extends DonorsTestCase {

	public function test_the_export_lists_the_donor_record_and_the_erasure_removes_it(): void {
		global $wpdb;
		$email = $this->email( 'pat' );
		$this->recorded_gift(
			array(
				'email'       => $email,
				'first_name'  => 'Pat',
				'last_name'   => 'Quinn',
				'total_cents' => 2500,
			)
		);
		$donor_id = $this->donor_id_of( $email );
		$this->assertGreaterThan( 0, $donor_id );

		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter.
		$this->assertSame( 'Donation Widget donor records', $exporters['donation-widget-donors']['exporter_friendly_name'] );
		$export = call_user_func( $exporters['donation-widget-donors']['callback'], $email, 1 );
		$this->assertTrue( $export['done'] );
		$this->assertCount( 1, $export['data'] );
		$values = array_column( $export['data'][0]['data'], 'value', 'name' );
		$this->assertSame( 'Pat Quinn', $values['Name'] );
		$this->assertSame( strtolower( $email ), $values['Emails'] );
		$this->assertSame( '2500', $values['Total kept (cents)'] );

		foreach ( apply_filters( 'wp_privacy_personal_data_erasers', array() ) as $eraser ) { // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, as the Tools → Erase screen runs it.
			$page = 1;
			do {
				$answer = call_user_func( $eraser['callback'], $email, $page++ );
			} while ( empty( $answer['done'] ) && $page < 100 );
		}

		$this->assertNull( $this->directory()->find( $donor_id ), 'the donor record is gone' );
		$this->assertNull( $this->directory()->find_by_email( $email ) );
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'donor_identities' ) . ' WHERE email = %s', strtolower( $email ) ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertSame( array(), call_user_func( $exporters['donation-widget-donors']['callback'], $email, 1 )['data'] );
		$this->assertSame( 0, $this->donor_id_of( 'deleted@site.invalid' ), 'erased gifts make no donor of the anonymised address' );
	}
}
