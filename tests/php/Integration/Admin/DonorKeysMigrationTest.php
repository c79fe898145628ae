<?php
/**
 * Schema 12 on a site that already holds donations: the donations' search keys are built and
 * the subscriptions' donor_email added by online ALTERs, every existing subscription gets its
 * donor's email by a batched backfill, and the donors' latest gifts are built from the rows.
 * Schema 14 builds the search keys again with what was kept, and provider_created, online.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Dashboard\DonationsSummaryWidget;
use DonationWidget\Admin\Subscriptions\SubscriptionQuery;
use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationTotals;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the test puts the plugin's own tables back to schema 11.

final class DonorKeysMigrationTest extends AdminTestCase {

	/**
	 * Subscription ids this test wrote (DDL commits the test's transaction: they are deleted
	 * by hand after it).
	 *
	 * @var list<string>
	 */
	private array $written = array();

	protected function tearDown(): void {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$donations} WHERE email_domain = %s", $this->domain ) );
		foreach ( $this->written as $subscription_id ) {
			$wpdb->delete( Schema::table( 'subscriptions' ), array( 'subscription_id' => $subscription_id ) );
		}
		// The totals counted those rows when they were written.
		$this->service( DonationTotals::class )->rederive( gmdate( 'Y-m-d' ), gmdate( 'Y-m-d' ) );
		Installer::maybe_upgrade();
		parent::tearDown();
	}

	/**
	 * Key names of a table.
	 *
	 * @param string $table Table.
	 * @return list<string>
	 */
	private function keys( string $table ): array {
		global $wpdb;
		return array_values( array_unique( array_column( (array) $wpdb->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ), 'Key_name' ) ) );
	}

	public function test_an_upgrade_from_schema_11_builds_the_keys_online_and_backfills_every_subscription(): void {
		global $wpdb;
		$donations     = Schema::table( 'donations' );
		$subscriptions = Schema::table( 'subscriptions' );
		foreach ( array( 'Jane', 'JANE', 'omar' ) as $i => $local ) {
			$id              = $this->insert_donation(
				array(
					'frequency' => '4weekly',
					'email'     => $this->email( $local ),
				)
			);
			$this->written[] = 'sub_migrate' . $i . wp_generate_password( 8, false );
			$this->insert_subscription( end( $this->written ), $id, 'active', 1000 );
		}

		// Back to schema 11: its keys, no donor_email.
		$wpdb->query( "ALTER TABLE {$subscriptions} DROP KEY status_donor, DROP KEY status_latest, DROP COLUMN donor_email, DROP COLUMN latest_status" );
		$wpdb->query(
			"ALTER TABLE {$donations} DROP KEY search_email, DROP KEY search_domain, DROP KEY search_first_last, DROP KEY search_last, DROP KEY search_organisation,
			ADD KEY email (email), ADD KEY email_domain (email_domain), ADD KEY first_last (first_name,last_name), ADD KEY last_name (last_name), ADD KEY organisation_name (organisation_name)"
		);
		$wpdb->query( 'DROP TABLE ' . Schema::table( 'donor_last_gifts' ) );
		update_option( Schema::VERSION_OPTION, '11' );

		$statements = self::queries_of( array( Installer::class, 'maybe_upgrade' ) );

		$this->assertSame( Schema::version(), get_option( Schema::VERSION_OPTION ) );
		$alters = array_values( array_filter( $statements, static fn ( string $sql ): bool => (bool) preg_match( '/^\s*ALTER TABLE/i', $sql ) ) );
		$this->assertCount( 2, $alters, "one ALTER per table:\n" . implode( "\n", $alters ) );
		foreach ( $alters as $alter ) {
			$this->assertStringEndsWith( 'ALGORITHM=INPLACE, LOCK=NONE', $alter, 'donations keep coming in while it runs' );
		}
		$this->assertSame( '', $wpdb->last_error );

		$keys = $this->keys( $donations );
		foreach ( array( 'search_email', 'search_domain', 'search_first_last', 'search_last', 'search_organisation' ) as $key ) {
			$this->assertContains( $key, $keys );
		}
		foreach ( array( 'email', 'email_domain', 'first_last', 'last_name', 'organisation_name' ) as $key ) {
			$this->assertNotContains( $key, $keys, 'replaced by a search key that starts with the same columns' );
		}
		$this->assertContains( 'status_donor', $this->keys( $subscriptions ) );
		$this->assertContains( 'status_latest', $this->keys( $subscriptions ) );

		$emails = $wpdb->get_col( $wpdb->prepare( "SELECT donor_email FROM {$subscriptions} WHERE subscription_id IN (%s, %s, %s) ORDER BY id", $this->written[0], $this->written[1], $this->written[2] ) );
		$this->assertSame( array( $this->email( 'jane' ), $this->email( 'jane' ), $this->email( 'omar' ) ), $emails, 'backfilled, lower-cased' );
		$this->assertNotEmpty( preg_grep( '/^\s*UPDATE .*BETWEEN/', $statements ), 'backfilled by id ranges' );
		$this->assertSame(
			(int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(DISTINCT NULLIF(LOWER(d.email), '')) FROM {$subscriptions} s LEFT JOIN {$donations} d ON d.id = s.donation_id WHERE s.status = %s", 'active' ) ),
			$this->service( SubscriptionQuery::class )->recurring_income()['donors'],
			'every subscription counted as the join counted it'
		);

		$this->assertSame(
			(int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$subscriptions} s WHERE s.status = %s AND (SELECT l.status FROM {$donations} l WHERE l.subscription_id = s.subscription_id ORDER BY l.id DESC LIMIT 1) = %s", 'active', 'failed' ) ),
			$this->service( SubscriptionQuery::class )->counts()['past_due'],
			'every subscription takes its latest donation\'s status'
		);
		$this->assertSame(
			(int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(DISTINCT NULLIF(LOWER(email), '')) FROM {$donations} WHERE status = %s AND created_at >= %s AND currency = %s", 'succeeded', get_gmt_from_date( wp_date( 'Y-m-01' ) . ' 00:00:00' ), 'AUD' ) ),
			$this->service( DonationsSummaryWidget::class )->numbers()['month_donors'],
			'the donors\' latest gifts are built from the rows'
		);

		// A second run (another server, or a retry) finds nothing left to do.
		$statements = self::queries_of( array( Installer::class, 'install' ) );
		$this->assertSame( array(), array_values( (array) preg_grep( '/^\s*ALTER TABLE/i', $statements ) ) );
	}

	/**
	 * Each key of the donations table with its columns, comma-separated.
	 *
	 * @return array<string, string>
	 */
	private function donation_key_columns(): array {
		global $wpdb;
		$columns = array();
		foreach ( (array) $wpdb->get_results( 'SHOW INDEX FROM ' . Schema::table( 'donations' ), ARRAY_A ) as $row ) {
			$columns[ $row['Key_name'] ][ (int) $row['Seq_in_index'] ] = $row['Column_name'];
		}
		return array_map( static fn ( array $names ): string => implode( ',', $names ), $columns );
	}

	public function test_an_upgrade_from_schema_13_rebuilds_the_search_keys_with_the_kept_columns_online(): void {
		global $wpdb;
		$donations = Schema::table( 'donations' );
		$this->insert_donation( array( 'email' => $this->email( 'kept' ) ) );

		// Back to schema 13: search keys without what was kept, no provider_created.
		$wpdb->query(
			"ALTER TABLE {$donations} DROP KEY search_email, DROP KEY search_domain, DROP KEY search_first_last, DROP KEY search_last, DROP KEY search_organisation, DROP KEY provider_created,
			ADD KEY search_email (email,created_at,status,currency,total_cents), ADD KEY search_domain (email_domain,created_at,status,currency,total_cents),
			ADD KEY search_first_last (first_name,last_name,created_at,status,currency,total_cents), ADD KEY search_last (last_name,created_at,status,currency,total_cents),
			ADD KEY search_organisation (organisation_name,created_at,status,currency,total_cents)"
		);
		update_option( Schema::VERSION_OPTION, '13' );

		$statements = self::queries_of( array( Installer::class, 'maybe_upgrade' ) );

		$this->assertSame( Schema::version(), get_option( Schema::VERSION_OPTION ) );
		$this->assertSame( '', $wpdb->last_error );
		$alters = array_values( (array) preg_grep( '/^\s*ALTER TABLE/i', $statements ) );
		$this->assertCount( 1, $alters, "one ALTER of the donations:\n" . implode( "\n", $alters ) );
		$this->assertStringEndsWith( 'ALGORITHM=INPLACE, LOCK=NONE', $alters[0], 'donations keep coming in while the keys are built' );

		$keys = $this->donation_key_columns();
		foreach ( array(
			'search_email'        => 'email',
			'search_domain'       => 'email_domain',
			'search_first_last'   => 'first_name,last_name',
			'search_last'         => 'last_name',
			'search_organisation' => 'organisation_name',
		) as $key => $searched ) {
			$this->assertSame( $searched . ',created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents', $keys[ $key ] ?? '', $key );
		}
		$this->assertSame( 'provider,created_at,status,total_cents,fee_cents,net_cents,refunded_cents', $keys['provider_created'] ?? '' );

		// A second run (another server, or a retry) finds nothing left to do.
		$statements = self::queries_of( array( Installer::class, 'install' ) );
		$this->assertSame( array(), array_values( (array) preg_grep( '/^\s*ALTER TABLE/i', $statements ) ) );
	}
}
