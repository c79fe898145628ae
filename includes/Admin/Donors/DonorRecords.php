<?php
/**
 * What other domains hold about one donor, read for their page.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\Subscriptions\SubscriptionQuery;
use DonationWidget\Admin\Subscriptions\SubscriptionSummary;
use DonationWidget\Database\Schema;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Emails\QueuedEmail;
use DonationWidget\Receipts\ReceiptLog;
use DonationWidget\Statements\IssuedStatement;
use DonationWidget\Statements\IssuedStatements;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- staff must see the tables as they are now (no cache); the only interpolated names are the plugin's own tables from Schema::table() and a %s or %d placeholder per value.

/**
 * The donor's 4-weekly donations, receipts emailed, statements issued and emails queued, each
 * found by the donor's email addresses (or gift ids) on an indexed column, and each bounded, so
 * the page costs the same for a donor of ten gifts as for one of ten thousand.
 */
final class DonorRecords {

	/**
	 * How many of the donor's latest emails the page lists.
	 */
	public const EMAILS_SHOWN = 50;

	/**
	 * Builds the reader.
	 *
	 * @param SubscriptionQuery $subscriptions 4-weekly donations with their payments.
	 * @param IssuedStatements  $statements    Statements as issued.
	 */
	public function __construct( private readonly SubscriptionQuery $subscriptions, private readonly IssuedStatements $statements ) {
	}

	/**
	 * The 4-weekly donations started with any of the addresses (subscriptions carry their first
	 * donation's lower-cased email: the status_donor key), running ones first.
	 *
	 * @param string[] $emails The donor's addresses.
	 * @return list<SubscriptionSummary>
	 */
	public function subscriptions( array $emails ): array {
		global $wpdb;
		$emails = self::lower( $emails );
		if ( array() === $emails ) {
			return array();
		}
		$table    = Schema::table( 'subscriptions' );
		$statuses = array( SubscriptionRepository::ACTIVE, SubscriptionRepository::CANCELLED, SubscriptionRepository::INCOMPLETE );
		$sql      = "SELECT subscription_id FROM {$table} WHERE status IN (%s, %s, %s) AND donor_email IN (" . self::placeholders( $emails, '%s' ) . ') ORDER BY created_at DESC LIMIT 100';
		$ids      = $wpdb->get_col( $wpdb->prepare( $sql, array_merge( $statuses, $emails ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a table name and placeholders only.
		$found    = array();
		foreach ( is_array( $ids ) ? $ids : array() as $id ) {
			$summary = $this->subscriptions->find( (string) $id );
			if ( null !== $summary ) {
				$found[] = $summary;
			}
		}
		usort( $found, static fn ( SubscriptionSummary $a, SubscriptionSummary $b ): int => (int) $b->is_running() <=> (int) $a->is_running() );
		return $found;
	}

	/**
	 * The latest receipt emailed for each gift, by donation id.
	 *
	 * @param int[] $donation_ids Gifts on the page.
	 * @return array<int, array{status: string, created_at: string, count: int}>
	 */
	public function receipts( array $donation_ids ): array {
		global $wpdb;
		$donation_ids = array_values( array_filter( array_map( 'intval', $donation_ids ) ) );
		if ( array() === $donation_ids ) {
			return array();
		}
		$table = Schema::table( 'receipts' );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT donation_id, status, created_at FROM {$table} WHERE donation_id IN (" . self::placeholders( $donation_ids, '%d' ) . ') ORDER BY id ASC', $donation_ids ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a table name and placeholders only.
		$found = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$id           = (int) $row['donation_id'];
			$found[ $id ] = array(
				'status'     => (string) $row['status'],
				'created_at' => (string) $row['created_at'],
				'count'      => ( $found[ $id ]['count'] ?? 0 ) + 1,
			);
		}
		return $found;
	}

	/**
	 * Every statement issued to any of the addresses, newest year first (amendments waiting to
	 * be sent are left out: the donor has not had them).
	 *
	 * @param string[] $emails The donor's addresses.
	 * @return list<IssuedStatement>
	 */
	public function statements( array $emails ): array {
		$found = array();
		foreach ( self::lower( $emails ) as $email ) {
			$years = array();
			foreach ( $this->statements->years_of( $email ) as $issued ) {
				$years[ $issued['year']->ending ] = $issued['year'];
			}
			foreach ( $years as $year ) {
				foreach ( $this->statements->of_donor( $email, $year, true ) as $statement ) {
					$found[] = $statement;
				}
			}
		}
		usort( $found, static fn ( IssuedStatement $a, IssuedStatement $b ): int => array( $b->statement->year->ending, $b->id ) <=> array( $a->statement->year->ending, $a->id ) );
		return $found;
	}

	/**
	 * The latest emails queued to any of the addresses (the recipient key), newest first.
	 *
	 * @param string[] $emails The donor's addresses.
	 * @return list<QueuedEmail>
	 */
	public function emails( array $emails ): array {
		global $wpdb;
		$emails = self::lower( $emails );
		if ( array() === $emails ) {
			return array();
		}
		$table  = Schema::table( 'mail_queue' );
		$args   = $emails;
		$args[] = self::EMAILS_SHOWN;
		$rows   = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE recipient IN (" . self::placeholders( $emails, '%s' ) . ') ORDER BY id DESC LIMIT %d', $args ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- a table name and a placeholder per address, then the limit; $args holds them all.
		return array_values( array_map( array( QueuedEmail::class, 'from_row' ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * Whether a queued email reached the mail server, in words.
	 *
	 * @param QueuedEmail $email The email.
	 */
	public static function email_status( QueuedEmail $email ): string {
		return array(
			MailQueue::QUEUED  => __( 'Queued', 'donation-widget' ),
			MailQueue::SENDING => __( 'Sending', 'donation-widget' ),
			MailQueue::SENT    => __( 'Sent', 'donation-widget' ),
			MailQueue::FAILED  => __( 'Failed', 'donation-widget' ),
		)[ $email->status ] ?? $email->status;
	}

	/**
	 * A receipt log status in words.
	 *
	 * @param string $status A ReceiptLog status.
	 */
	public static function receipt_status( string $status ): string {
		return array(
			ReceiptLog::SENT    => __( 'Sent', 'donation-widget' ),
			ReceiptLog::FAILED  => __( 'Failed', 'donation-widget' ),
			ReceiptLog::SENDING => __( 'Sending', 'donation-widget' ),
			ReceiptLog::QUEUED  => __( 'Queued', 'donation-widget' ),
		)[ $status ] ?? $status;
	}

	/**
	 * Addresses lower-cased, trimmed, without duplicates or blanks.
	 *
	 * @param string[] $emails Addresses.
	 * @return list<string>
	 */
	private static function lower( array $emails ): array {
		return array_values( array_unique( array_filter( array_map( static fn ( string $email ): string => strtolower( trim( $email ) ), $emails ) ) ) );
	}

	/**
	 * One placeholder per value, comma separated.
	 *
	 * @param array<int, mixed> $values Values.
	 * @param string            $placeholder %s or %d.
	 */
	private static function placeholders( array $values, string $placeholder ): string {
		return implode( ', ', array_fill( 0, count( $values ), $placeholder ) );
	}
}
