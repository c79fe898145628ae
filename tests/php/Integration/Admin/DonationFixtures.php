<?php
/**
 * Donation and subscription rows for the admin, receipt and privacy tests.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Database\Installer;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Plugin;

/**
 * Writes rows straight into the tables (with $wpdb->insert, so every value is prepared), each
 * with an email under a domain of its own per test: searching that domain sees this test's rows
 * only, whatever else the shared phpunit database holds.
 */
trait DonationFixtures {

	/**
	 * This test's email domain.
	 *
	 * @var string
	 */
	protected string $domain = '';

	/**
	 * Creates the tables (outside the test's transaction: DDL commits) and picks a domain.
	 */
	protected function set_up_fixtures(): void {
		$this->domain = 't' . strtolower( wp_generate_password( 10, false ) ) . '.example.org.au';
	}

	/**
	 * Creates any missing table before the class's first test.
	 */
	protected static function create_tables(): void {
		Installer::maybe_upgrade();
	}

	/**
	 * An email address under this test's domain.
	 *
	 * @param string $local Part before the @.
	 */
	protected function email( string $local = 'jane' ): string {
		return $local . '@' . $this->domain;
	}

	/**
	 * The columns of a donation row, with overrides.
	 *
	 * @param array<string, string|int> $overrides Column => value.
	 * @return array<string, string|int>
	 */
	protected function donation_columns( array $overrides = array() ): array {
		$now = current_time( 'mysql', true );
		return array_merge(
			array(
				'attempt_id'         => wp_generate_uuid4(),
				'status'             => 'succeeded',
				'frequency'          => 'Oneoff',
				'method'             => 'card',
				'currency'           => 'AUD',
				'amount_cents'       => 5250,
				'cover_cents'        => 0,
				'total_cents'        => 5250,
				'donate_as'          => 'individual',
				'organisation_name'  => '',
				'first_name'         => 'Jane',
				'last_name'          => 'Citizen',
				'email'              => $this->email(),
				'mobile'             => '0412345678',
				'address_line1'      => '1/23 Example St',
				'address_line2'      => '',
				'city'               => 'Sydney',
				'state'              => 'NSW',
				'postcode'           => '2000',
				'country'            => 'Australia',
				'in_memory_of'       => '',
				'iteration_id'       => 'APPEAL-2026',
				'utm_campaign'       => 'winter-appeal',
				'utm_source'         => 'newsletter',
				'utm_medium'         => 'email',
				'utm_content'        => '',
				'utm_term'           => '',
				'provider'           => 'stripe',
				'provider_reference' => 'ch_' . wp_generate_password( 14, false ),
				'payment_intent_id'  => 'pi_' . wp_generate_password( 14, false ),
				'customer_id'        => '',
				'subscription_id'    => '',
				'failure_reason'     => '',
				'page_url'           => 'http://127.0.0.1:8891/donate/',
				'created_at'         => $now,
				'updated_at'         => $now,
			),
			$overrides
		);
	}

	/**
	 * Inserts a donation row.
	 *
	 * @param array<string, string|int> $overrides Column => value.
	 * @return int Its id.
	 */
	protected function insert_donation( array $overrides = array() ): int {
		global $wpdb;
		$columns = $this->donation_columns( $overrides );
		$this->assertSame( 1, $wpdb->insert( Schema::table( 'donations' ), $columns ), (string) $wpdb->last_error );
		$id         = (int) $wpdb->insert_id;
		$repository = Plugin::instance()->container()->get( DonationRepository::class );
		if ( ! array_key_exists( 'receipt_seq', $overrides ) ) {
			// As the payment paths do: money received gets the next receipt number, nothing else does.
			$repository->give_receipt_number( $id );
		}
		// As the payment paths do: the new row is counted in the totals kept on write, and its
		// subscription's latest status follows it.
		Plugin::instance()->container()->get( DonationTotals::class )->inserted( $repository->find( $id ) );
		Plugin::instance()->container()->get( SubscriptionRepository::class )->refresh_latest_status( array( (string) ( $columns['subscription_id'] ?? '' ) ) );
		return $id;
	}

	/**
	 * The receipt number a donation row carries now: its receipt sequence number with a prefix,
	 * or '' when it has none.
	 *
	 * @param int    $id     Row id.
	 * @param string $prefix Prefix.
	 */
	protected function receipt_number_of( int $id, string $prefix = 'REC-' ): string {
		global $wpdb;
		$sequence = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT receipt_seq FROM ' . Schema::table( 'donations' ) . ' WHERE id = %d', $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		return $sequence > 0 ? $prefix . str_pad( (string) $sequence, 8, '0', STR_PAD_LEFT ) : '';
	}

	/**
	 * Inserts many donation rows in one statement (for the export's volume tests).
	 *
	 * @param int                       $count     How many.
	 * @param array<string, string|int> $overrides Column => value for all of them.
	 */
	protected function insert_many_donations( int $count, array $overrides = array() ): void {
		global $wpdb;
		$table   = Schema::table( 'donations' );
		$names   = array_keys( $this->donation_columns( $overrides ) );
		$chunk   = 500;
		$written = 0;
		while ( $written < $count ) {
			$rows = array();
			$args = array();
			for ( $i = 0; $i < $chunk && $written < $count; $i++, $written++ ) {
				$rows[] = '(' . implode( ', ', array_fill( 0, count( $names ), '%s' ) ) . ')';
				$args   = array_merge( $args, array_values( $this->donation_columns( $overrides + array( 'first_name' => 'Bulk' . $written ) ) ) );
			}
			$sql = "INSERT INTO {$table} (`" . implode( '`, `', $names ) . '`) VALUES ' . implode( ', ', $rows );
			$wpdb->query( $wpdb->prepare( $sql, $args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		}
		// Counted as the seeder does: the totals of the days written, re-derived from the rows.
		$day = substr( (string) ( $overrides['created_at'] ?? current_time( 'mysql', true ) ), 0, 10 );
		Plugin::instance()->container()->get( DonationTotals::class )->rederive( $day, $day );
	}

	/**
	 * Inserts a subscriptions row.
	 *
	 * @param string $subscription_id sub_… id.
	 * @param int    $donation_id     The first donation.
	 * @param string $status          incomplete, active or cancelled.
	 * @param int    $amount_cents    Every 4 weeks.
	 * @param string $created_at      UTC.
	 */
	protected function insert_subscription( string $subscription_id, int $donation_id, string $status = 'active', int $amount_cents = 5250, string $created_at = '' ): void {
		global $wpdb;
		$created_at = '' !== $created_at ? $created_at : current_time( 'mysql', true );
		$wpdb->insert(
			Schema::table( 'subscriptions' ),
			array(
				'subscription_id' => $subscription_id,
				'customer_id'     => 'cus_' . substr( $subscription_id, 4 ),
				'donation_id'     => $donation_id,
				'status'          => $status,
				'amount_cents'    => $amount_cents,
				'created_at'      => $created_at,
				'updated_at'      => $created_at,
			)
		);
		// As SubscriptionRepository::start() does: the row carries its first donation's email
		// and its latest donation's status.
		$subscriptions = Plugin::instance()->container()->get( SubscriptionRepository::class );
		$subscriptions->copy_donor_emails( array( $donation_id ) );
		$subscriptions->refresh_latest_status( array( $subscription_id ) );
	}

	/**
	 * A UTC time some days ago.
	 *
	 * @param int $days Days back.
	 */
	protected static function days_ago( int $days ): string {
		return gmdate( 'Y-m-d H:i:s', time() - $days * DAY_IN_SECONDS );
	}

	/**
	 * Emails the local site's mailbox holds.
	 *
	 * @return list<array<string, mixed>>
	 */
	protected function mailbox(): array {
		return array_values( (array) get_option( 'donation_widget_test_mailbox', array() ) );
	}
}
