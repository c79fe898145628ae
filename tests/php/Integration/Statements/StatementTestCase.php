<?php
/**
 * Base for the end-of-financial-year statement tests.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Statements;

use DonationWidget\Database\Schema;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\StatementLinks;
use DonationWidget\Statements\StatementLog;
use DonationWidget\Statements\StatementQuery;
use DonationWidget\Statements\StatementRuns;
use DonationWidget\Statements\StatementSender;
use DonationWidget\Tests\Integration\Admin\AdminTestCase;

/**
 * The site runs on Sydney time; each test's donors have emails under a domain of their own.
 */
abstract class StatementTestCase extends AdminTestCase {

	protected function setUp(): void {
		parent::setUp();
		update_option( 'timezone_string', 'Australia/Sydney' );
		update_option( 'gmt_offset', '' );
		update_option( 'date_format', 'j F Y' );
	}

	/**
	 * A gift on the site's clock.
	 *
	 * @param string $email     Donor.
	 * @param string $local     Sydney time, Y-m-d H:i:s.
	 * @param int    $cents     Amount.
	 * @param array  $overrides More columns.
	 * @return int Donation id.
	 */
	protected function gift( string $email, string $local, int $cents, array $overrides = array() ): int {
		$utc = ( new \DateTimeImmutable( $local, new \DateTimeZone( 'Australia/Sydney' ) ) )->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' );
		return $this->insert_donation(
			$overrides + array(
				'email'        => $email,
				'amount_cents' => $cents,
				'total_cents'  => $cents,
				'created_at'   => $utc,
				'updated_at'   => $utc,
			)
		);
	}

	protected function query(): StatementQuery {
		return $this->service( StatementQuery::class );
	}

	protected function sender(): StatementSender {
		return $this->service( StatementSender::class );
	}

	protected function log(): StatementLog {
		return $this->service( StatementLog::class );
	}

	protected function runs(): StatementRuns {
		return $this->service( StatementRuns::class );
	}

	protected function links(): StatementLinks {
		return $this->service( StatementLinks::class );
	}

	/**
	 * Runs a year's "Send all" to the end, as WP-Cron and the progress requests do.
	 *
	 * @param FinancialYear $year The year.
	 * @return int Steps taken.
	 */
	protected function send_all( FinancialYear $year ): int {
		$this->runs()->start( $year, get_current_user_id() );
		$steps = 0;
		while ( $this->sender()->step( $year ) ) {
			++$steps;
			$this->assertLessThan( 1000, $steps, 'the run never ends' );
		}
		return $steps;
	}

	/**
	 * The statement emails queued to this test's donors: recipient and subject, oldest first.
	 *
	 * @param string $kind statement or statement_test.
	 * @return list<array{recipient: string, subject: string, html: string, source_id: string}>
	 */
	protected function statement_mail( string $kind = StatementSender::KIND ): array {
		global $wpdb;
		return $wpdb->get_results( $wpdb->prepare( 'SELECT recipient, subject, html, text, source_id FROM ' . Schema::table( 'mail_queue' ) . ' WHERE kind = %s AND recipient LIKE %s ORDER BY id ASC', $kind, '%@' . $wpdb->esc_like( $this->domain ) ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}
}
