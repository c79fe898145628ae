<?php
/**
 * Tools → Erase Personal Data: a donor's details on their donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Privacy;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\DonorLastGifts;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Subscriptions\RecurringPayments;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- a privacy erasure of the plugin's own tables (nothing to cache); the only interpolated names are the tables from Schema::table(), every value is a placeholder of $wpdb->prepare().

/**
 * A personal-data eraser for WordPress's privacy tools. A donation is also a financial record
 * the charity must keep (amounts, dates, provider references: Australian charities keep
 * records for 7 years), so erasing anonymises it: the donor's names, email, mobile, address,
 * "in honour of" and organisation go; the money and its references stay.
 */
final class DonorDataEraser {

	/**
	 * Rows anonymised per call: WordPress calls again until done.
	 */
	public const PER_PAGE = 50;

	/**
	 * Builds the eraser.
	 *
	 * @param RecurringPayments      $recurring     The provider of 4-weekly donations, for its name.
	 * @param SubscriptionRepository $subscriptions Keeps each subscription's donor email in step.
	 * @param DonorLastGifts         $last_gifts    Keeps each donor's latest gift in step.
	 */
	public function __construct( private readonly RecurringPayments $recurring, private readonly SubscriptionRepository $subscriptions = new SubscriptionRepository(), private readonly DonorLastGifts $last_gifts = new DonorLastGifts() ) {
	}

	/**
	 * Adds the eraser (wp_privacy_personal_data_erasers).
	 *
	 * @param mixed $erasers Registered erasers (an array, unless another plugin broke the filter).
	 * @return array<string, mixed>
	 */
	public function register( mixed $erasers ): array {
		$erasers                    = is_array( $erasers ) ? $erasers : array();
		$erasers['donation-widget'] = array(
			'eraser_friendly_name' => __( 'Donation Widget donations', 'donation-widget' ),
			'callback'             => array( $this, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * Anonymises the next donations made with the email address. Anonymised rows no longer match
	 * it, so every call takes the first rows left.
	 *
	 * @param string $email The requester's email address.
	 * @param int    $page  Page, from 1 (unused: see above).
	 * @return array{items_removed: bool, items_retained: bool, messages: list<string>, done: bool}
	 */
	public function erase( string $email, int $page = 1 ): array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		if ( '' === $email ) {
			return array(
				'items_removed'  => false,
				'items_retained' => false,
				'messages'       => array(),
				'done'           => true,
			);
		}
		$ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$table} WHERE email = %s ORDER BY id ASC LIMIT %d", $email, self::PER_PAGE ) ) );

		$running  = $this->running_subscriptions( $ids );
		$starting = $this->starting_subscriptions( $ids );
		$changed  = 0;
		if ( array() !== $ids ) {
			$placeholders = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
			$sql          = "UPDATE {$table} SET first_name = '', last_name = '', organisation_name = '', email = %s, mobile = '', address_line1 = '', address_line2 = '',
				city = '', state = '', postcode = '', country = '', in_memory_of = '', updated_at = %s WHERE id IN ({$placeholders})";
			$anonymous    = wp_privacy_anonymize_data( 'email', $email );
			$changed      = (int) $wpdb->query( $wpdb->prepare( $sql, array_merge( array( $anonymous, current_time( 'mysql', true ) ), $ids ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $sql holds the plugin's table name and a %d placeholder per id, built just above.
			// A refund's reason is typed by staff and may name the donor; its amount and date stay.
			$refunds = Schema::table( 'refunds' );
			$wpdb->query( $wpdb->prepare( "UPDATE {$refunds} SET reason = '' WHERE donation_id IN ({$placeholders})", $ids ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the %d placeholders are in $placeholders.
			// The dashboard's and the recurring income's donor counts follow the rows' new email.
			$this->subscriptions->copy_donor_emails( $ids );
			$this->last_gifts->refresh( $email );
			$this->last_gifts->refresh( $anonymous );
		}

		$links_changed = $this->erase_card_update_links( $email );
		$mail_removed  = $this->erase_queued_emails( $email );

		$messages = array();
		if ( $mail_removed > 0 ) {
			$messages[] = __( 'The emails to this donor held by the plugin\'s mail queue (queued, sent or failed) were deleted.', 'donation-widget' );
		}
		if ( $links_changed > 0 ) {
			$messages[] = __( 'The donor\'s card-update links were revoked, and their email address and the addresses they used them from were removed.', 'donation-widget' );
		}
		if ( $changed > 0 ) {
			$messages[] = sprintf(
				/* translators: %d: number of donations. */
				_n(
					'The donor\'s details were removed from %d donation. Its amount, date and payment references were kept as a financial record.',
					'The donor\'s details were removed from %d donations. Their amounts, dates and payment references were kept as financial records.',
					$changed,
					'donation-widget'
				),
				$changed
			);
		}
		if ( array() !== $running ) {
			$messages[] = sprintf(
				/* translators: 1: the provider's subscription ids, 2: the provider's name. */
				__( 'This donor still has a running 4-weekly donation (%1$s). Cancel it under Donation Widget → 4-weekly donations, and remove the customer in %2$s if you no longer need it.', 'donation-widget' ),
				implode( ', ', $running ),
				$this->recurring->label()
			);
		}
		if ( array() !== $starting ) {
			$messages[] = sprintf(
				/* translators: 1: donation numbers, such as "#12, #15", 2: the provider's name. */
				__( 'This donor\'s 4-weekly donation (%1$s) has not started its subscription yet: it starts once its first gift is paid. Once it shows under Donation Widget → 4-weekly donations, cancel it there, and remove the customer in %2$s if you no longer need it.', 'donation-widget' ),
				implode( ', ', array_map( static fn ( int $id ): string => '#' . $id, $starting ) ),
				$this->recurring->label()
			);
		}
		return array(
			'items_removed'  => $changed > 0 || $links_changed > 0 || $mail_removed > 0,
			'items_retained' => $changed > 0 || array() !== $running || array() !== $starting,
			'messages'       => $messages,
			'done'           => count( $ids ) < self::PER_PAGE,
		);
	}

	/**
	 * The mail queue's copies of emails to the address: their bodies hold the donor's name,
	 * address and gifts. The donation and receipt log keep the financial record.
	 *
	 * @param string $email The requester's email address.
	 * @return int Rows deleted.
	 */
	private function erase_queued_emails( string $email ): int {
		global $wpdb;
		$queue = Schema::table( 'mail_queue' );
		return (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$queue} WHERE recipient = %s", $email ) );
	}

	/**
	 * Card-update links sent to the address: revoked if still usable, the address anonymised, and
	 * the IP addresses in their audit rows removed.
	 *
	 * @param string $email The requester's email address.
	 * @return int Links changed.
	 */
	private function erase_card_update_links( string $email ): int {
		global $wpdb;
		$links = Schema::table( 'card_update_links' );
		$audit = Schema::table( 'card_update_audit' );
		$ids   = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$links} WHERE email = %s", $email ) ) );
		if ( array() === $ids ) {
			return 0;
		}
		$now          = current_time( 'mysql', true );
		$placeholders = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$wpdb->query( $wpdb->prepare( "UPDATE {$audit} SET ip = '' WHERE link_id IN ({$placeholders})", $ids ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the %d placeholders are in $placeholders.
		// phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %d placeholder per id.
		$wpdb->query( $wpdb->prepare( "UPDATE {$links} SET revoked_at = %s WHERE used_at IS NULL AND revoked_at IS NULL AND id IN ({$placeholders})", array_merge( array( $now ), $ids ) ) );
		// phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %d placeholder per id.
		return (int) $wpdb->query( $wpdb->prepare( "UPDATE {$links} SET email = %s WHERE id IN ({$placeholders})", array_merge( array( wp_privacy_anonymize_data( 'email', $email ) ), $ids ) ) );
	}

	/**
	 * The 4-weekly first gifts among some donations whose subscription has not started: still
	 * being paid, or paid with the start still to come (SubscriptionStart, the reconciliation pass).
	 *
	 * @param int[] $ids Donation ids.
	 * @return list<int> Donation ids.
	 */
	private function starting_subscriptions( array $ids ): array {
		global $wpdb;
		if ( array() === $ids ) {
			return array();
		}
		$donations    = Schema::table( 'donations' );
		$placeholders = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$sql          = "SELECT id FROM {$donations} WHERE frequency = %s AND subscription_id = '' AND attempt_id NOT LIKE %s AND status IN (%s, %s, %s) AND id IN ({$placeholders}) ORDER BY id";
		$found        = $wpdb->get_col( $wpdb->prepare( $sql, array_merge( array( DonationForm::FREQUENCY_FOUR_WEEKLY, $wpdb->esc_like( 'invoice:' ) . '%', DonationStatus::PENDING, DonationStatus::REQUIRES_ACTION, DonationStatus::SUCCEEDED ), $ids ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $sql holds the plugin's table name and a %d placeholder per id, built just above.
		return array_values( array_map( 'intval', $found ) );
	}

	/**
	 * The running subscriptions among some donations.
	 *
	 * @param int[] $ids Donation ids.
	 * @return list<string> sub_… ids.
	 */
	private function running_subscriptions( array $ids ): array {
		global $wpdb;
		if ( array() === $ids ) {
			return array();
		}
		$donations     = Schema::table( 'donations' );
		$subscriptions = Schema::table( 'subscriptions' );
		$placeholders  = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$sql           = "SELECT DISTINCT s.subscription_id FROM {$subscriptions} s INNER JOIN {$donations} d ON d.subscription_id = s.subscription_id WHERE s.status = %s AND d.id IN ({$placeholders})";
		$found         = $wpdb->get_col( $wpdb->prepare( $sql, array_merge( array( SubscriptionRepository::ACTIVE ), $ids ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $sql holds the plugin's table names and a %d placeholder per id, built just above.
		return array_values( array_map( 'strval', $found ) );
	}
}
