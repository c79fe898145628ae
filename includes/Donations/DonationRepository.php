<?php
/**
 * Reads and writes donation records.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- this class is the donations table's one gateway: payment rows must be read fresh from the shared database on every server (never from a cache), and the only interpolated names are the plugin's own table names from Schema::table(); every value goes through $wpdb->prepare() or $wpdb->update().

/**
 * The only place that touches the donations and payment_references tables. Writes that decide
 * something (a new attempt, a status move, a claimed provider payment) are single statements whose
 * WHERE clause or UNIQUE key makes them safe when several web servers race.
 */
final class DonationRepository {

	/**
	 * Columns that may change after the row is written.
	 */
	private const UPDATABLE = array( 'method', 'provider', 'provider_reference', 'payment_intent_id', 'customer_id', 'subscription_id', 'failure_reason', 'review_reason' );

	/**
	 * Donor columns staff may correct in place on a gift recorded here (a name or an address
	 * mistyped): none of them changes what the gift counts for or whom it is receipted to.
	 */
	private const DONOR_CORRECTABLE = array( 'first_name', 'last_name', 'organisation_name', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country' );

	/**
	 * Most ids find_many() reads in one query.
	 */
	private const FIND_MANY_BATCH = 500;

	/**
	 * Integer columns (everything else is text).
	 */
	private const INTEGER_COLUMNS = array( 'amount_cents', 'cover_cents', 'total_cents' );

	/**
	 * Statuses of money the charity received: only these carry a receipt number.
	 */
	private const MONEY_RECEIVED = array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED, DonationStatus::REFUNDED );

	/**
	 * How often to try numbering a receipt when other servers take numbers at the same moment.
	 */
	private const NUMBERING_TRIES = 20;

	/**
	 * How often to try a compare-and-set change when other servers change the row meanwhile.
	 */
	private const CHANGE_TRIES = 5;

	/**
	 * Money figures learnt after the payment (Donation::AMOUNT_COLUMNS), written by record_amounts().
	 */
	private const AMOUNT_FORMATS = array(
		'refunded_cents'         => '%d',
		'fee_cents'              => '%d',
		'net_cents'              => '%d',
		'balance_transaction_id' => '%s',
		'payout_id'              => '%s',
		'dispute_status'         => '%s',
		'dispute_lost_cents'     => '%d',
		'dispute_fee_cents'      => '%d',
	);

	/**
	 * The action fired after a donation's status or money figures changed (its row id, and the
	 * columns written).
	 */
	public const MONEY_CHANGED = 'donation_widget_donation_money_changed';

	/**
	 * Builds the repository.
	 *
	 * @param DonationTotals         $totals        The totals kept on write.
	 * @param SubscriptionRepository $subscriptions Each subscription's latest status, kept on write.
	 */
	public function __construct( private readonly DonationTotals $totals = new DonationTotals(), private readonly SubscriptionRepository $subscriptions = new SubscriptionRepository() ) {
	}

	/**
	 * Writes the row of a new payment attempt, before any provider is called.
	 *
	 * @param string                $attempt_id The widget's attemptId.
	 * @param DonationForm          $form       Checked donor details.
	 * @param string                $provider   The gateway's id.
	 * @param string                $method     The method value, or the wallet once known.
	 * @param string                $page_url   The page the donor gave on.
	 * @param array<string, string> $references Provider ids already known (such as the wallet provider's capture id).
	 * @return Donation|null The new row, or null when this attempt already has one.
	 */
	public function create( string $attempt_id, DonationForm $form, string $provider, string $method, string $page_url, array $references = array() ): ?Donation {
		$columns = array(
			'attempt_id' => $attempt_id,
			'status'     => DonationStatus::PENDING,
			'provider'   => $provider,
			'method'     => $method,
			'page_url'   => $page_url,
		) + $form->columns() + array_intersect_key( $references, array_flip( self::UPDATABLE ) );
		return $this->insert( $columns );
	}

	/**
	 * Writes a renewal of a 4-weekly donation, with the donor details of the subscription's first row.
	 *
	 * @param Donation                  $first      The subscription's first donation.
	 * @param string                    $attempt_id Unique key of the renewal ("invoice:in_…").
	 * @param array<string, string|int> $columns    Status, amounts and provider ids of the renewal.
	 * @return Donation|null The new row, or null when the renewal is already recorded.
	 */
	public function create_renewal( Donation $first, string $attempt_id, array $columns ): ?Donation {
		// A renewal is taken by the gateway that took the first donation.
		$row     = array( 'attempt_id' => $attempt_id ) + $columns + $first->donor_columns() + array(
			'provider' => $first->provider(),
			'method'   => $first->method(),
		);
		$renewal = $this->insert( $row );
		if ( null !== $renewal && DonationStatus::SUCCEEDED === $renewal->status() ) {
			$this->give_receipt_number( $renewal->id() );
			$renewal = $this->find( $renewal->id() ) ?? $renewal;
			/** This action is documented in DonationRepository::move(). */
			do_action( 'donation_widget_donation_succeeded', $renewal->id() );
		}
		return $renewal;
	}

	/**
	 * Writes a gift no provider took (GiftOrigin: received offline, or imported), already
	 * received on $received_at. Like every insert it is once only: the UNIQUE attempt_id decides,
	 * so a retried or repeated record creates nothing twice.
	 *
	 * @param string                    $attempt_id  Unique key of the record ("offline:…", "import:…").
	 * @param array<string, string|int> $columns     Donor details, amounts, provider (a GiftOrigin), method, status.
	 * @param string                    $received_at UTC, MySQL format: the gift's date.
	 * @return Donation|null The new row, or null when $attempt_id is already recorded.
	 */
	public function create_recorded( string $attempt_id, array $columns, string $received_at ): ?Donation {
		return $this->insert( array( 'attempt_id' => $attempt_id ) + $columns, $received_at );
	}

	/**
	 * Corrects the donor's name or address on a gift recorded here (GiftOrigin), in place: the
	 * money, the date and the email stay, so its receipt stays true.
	 *
	 * @param int                   $id     Row id.
	 * @param array<string, string> $fields Column => value; only DONOR_CORRECTABLE columns are written.
	 * @return bool Whether the row changed.
	 */
	public function correct_donor( int $id, array $fields ): bool {
		global $wpdb;
		$fields = array_intersect_key( $fields, array_flip( self::DONOR_CORRECTABLE ) );
		if ( array() === $fields ) {
			return false;
		}
		$changed = $wpdb->update( Schema::table( 'donations' ), $fields + array( 'updated_at' => current_time( 'mysql', true ) ), array( 'id' => $id ), null, array( '%d' ) );
		if ( ! is_int( $changed ) || 0 === $changed ) {
			return false;
		}
		/** This action is documented in DonationRepository::insert(). */
		do_action( 'donation_widget_donation_changed', $id );
		return true;
	}

	/**
	 * A donation by id.
	 *
	 * @param int $id Row id.
	 */
	public function find( int $id ): ?Donation {
		global $wpdb;
		$table = Schema::table( 'donations' );
		return $this->donation( $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE id = %d", $id ), ARRAY_A ) );
	}

	/**
	 * Donations by id, keyed by id, in one query per FIND_MANY_BATCH ids (a payout's page lists
	 * a thousand gifts: one query each would cost more than the page).
	 *
	 * @param int[] $ids Row ids.
	 * @return array<int, Donation>
	 */
	public function find_many( array $ids ): array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		$found = array();
		foreach ( array_chunk( array_values( array_unique( array_map( 'intval', $ids ) ) ), self::FIND_MANY_BATCH ) as $batch ) {
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE id IN (" . implode( ', ', array_fill( 0, count( $batch ), '%d' ) ) . ')', $batch ), ARRAY_A ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %d placeholder per id.
			foreach ( $this->donations( $rows ) as $donation ) {
				$found[ $donation->id() ] = $donation;
			}
		}
		return $found;
	}

	/**
	 * The donation of a payment attempt.
	 *
	 * @param string $attempt_id The widget's attemptId.
	 */
	public function find_by_attempt( string $attempt_id ): ?Donation {
		global $wpdb;
		$table = Schema::table( 'donations' );
		return $this->donation( $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE attempt_id = %s", $attempt_id ), ARRAY_A ) );
	}

	/**
	 * The donation paid by a card provider's payment intent.
	 *
	 * @param string $payment_intent_id pi_… id.
	 */
	public function find_by_payment_intent( string $payment_intent_id ): ?Donation {
		global $wpdb;
		if ( '' === $payment_intent_id ) {
			return null;
		}
		$table = Schema::table( 'donations' );
		return $this->donation( $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE payment_intent_id = %s ORDER BY id ASC LIMIT 1", $payment_intent_id ), ARRAY_A ) );
	}

	/**
	 * The donation a provider payment (a charge, a capture) was recorded for.
	 *
	 * @param string $provider  The gateway's id.
	 * @param string $reference Charge or capture id.
	 */
	public function find_by_reference( string $provider, string $reference ): ?Donation {
		global $wpdb;
		if ( '' === $reference ) {
			return null;
		}
		$donations  = Schema::table( 'donations' );
		$references = Schema::table( 'payment_references' );
		return $this->donation(
			$wpdb->get_row(
				$wpdb->prepare(
					"SELECT d.* FROM {$donations} d INNER JOIN {$references} r ON r.donation_id = d.id WHERE r.provider = %s AND r.reference = %s",
					$provider,
					$reference
				),
				ARRAY_A
			)
		);
	}

	/**
	 * The oldest donation whose record names a provider reference, claimed or not: a wallet provider's
	 * capture the browser reported is on its record from the first call, while the claim in
	 * payment_references is made only once the capture is verified as completed.
	 *
	 * @param string $provider  The gateway's id.
	 * @param string $reference Charge or capture id.
	 */
	public function find_by_recorded_reference( string $provider, string $reference ): ?Donation {
		global $wpdb;
		if ( '' === $reference ) {
			return null;
		}
		$table = Schema::table( 'donations' );
		return $this->donation( $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE provider_reference = %s AND provider = %s ORDER BY id ASC LIMIT 1", $reference, $provider ), ARRAY_A ) );
	}

	/**
	 * The first donation of a 4-weekly subscription (the one the donor made in the widget).
	 *
	 * @param string $subscription_id sub_… id.
	 */
	public function find_first_of_subscription( string $subscription_id ): ?Donation {
		global $wpdb;
		if ( '' === $subscription_id ) {
			return null;
		}
		$table = Schema::table( 'donations' );
		return $this->donation( $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE subscription_id = %s ORDER BY id ASC LIMIT 1", $subscription_id ), ARRAY_A ) );
	}

	/**
	 * Every donation of a subscription, oldest first.
	 *
	 * @param string $subscription_id sub_… id.
	 * @return list<Donation>
	 */
	public function find_all_of_subscription( string $subscription_id ): array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE subscription_id = %s ORDER BY id ASC", $subscription_id ), ARRAY_A );
		return $this->donations( $rows );
	}

	/**
	 * Records provider ids or notes without changing the status.
	 *
	 * @param int                   $id     Row id.
	 * @param array<string, string> $fields Column => value; only UPDATABLE columns are written.
	 */
	public function update( int $id, array $fields ): void {
		global $wpdb;
		$fields = $this->updatable( $fields );
		if ( array() === $fields ) {
			return;
		}
		$fields['updated_at'] = current_time( 'mysql', true );
		// A donation joining a subscription may become its latest: read which it left, if any.
		$left = isset( $fields['subscription_id'] ) ? (string) $this->find( $id )?->subscription_id() : '';
		if ( ! isset( $fields['method'] ) ) {
			$wpdb->update( Schema::table( 'donations' ), $fields, array( 'id' => $id ), null, array( '%d' ) );
			$this->subscriptions_changed( $left, $fields['subscription_id'] ?? '' );
			return;
		}
		// The method is part of the totals' key: the totals move from the key the row really left.
		$before = $this->change_from_read( $id, $fields, static fn (): bool => true );
		if ( null !== $before ) {
			$this->totals->moved( $before, $before->status(), $fields['method'] );
		}
		$this->subscriptions_changed( $left, $fields['subscription_id'] ?? '' );
	}

	/**
	 * Tells the subscriptions a donation belongs (or belonged) to that their latest donation's
	 * status may have changed (SubscriptionRepository::refresh_latest_status()).
	 *
	 * @param string ...$subscription_ids sub_… ids, '' for none.
	 */
	private function subscriptions_changed( string ...$subscription_ids ): void {
		$this->subscriptions->refresh_latest_status( $subscription_ids );
	}

	/**
	 * Moves a donation to a status, if its current status allows (see DonationStatus), by a
	 * compare-and-set change (change_from_read()).
	 *
	 * @param int                   $id     Row id.
	 * @param string                $status Target status.
	 * @param array<string, string> $fields More UPDATABLE columns to write with it.
	 * @return bool Whether the row is now in $status (false: its status does not allow the move).
	 */
	public function move( int $id, string $status, array $fields = array() ): bool {
		$data   = array(
			'status'     => $status,
			'updated_at' => current_time( 'mysql', true ),
		) + $this->updatable( $fields );
		$before = $this->change_from_read( $id, $data, static fn ( Donation $row ): bool => DonationStatus::may_move( $row->status(), $status ) );
		if ( null !== $before ) {
			$this->totals->moved( $before, $status, $data['method'] ?? $before->method() );
			$this->subscriptions_changed( $before->subscription_id(), (string) ( $data['subscription_id'] ?? '' ) );
			if ( DonationStatus::SUCCEEDED === $status && DonationStatus::SUCCEEDED !== $before->status() ) {
				// Numbered before anyone hears of it, so the receipt carries its number.
				$this->give_receipt_number( $id );
				/**
				 * A donation has just been paid: its row moved to succeeded. Fired once per
				 * donation, by the request whose UPDATE made the move (a webhook and the
				 * donor's browser completing the same payment cannot both make it).
				 *
				 * @param int $id Donation row id.
				 */
				do_action( 'donation_widget_donation_succeeded', $id );
			}
			if ( $before->status() !== $status ) {
				/** This action is documented in DonationRepository::record_amounts(). */
				do_action( 'donation_widget_donation_money_changed', $id, array( 'status' ) );
				/** This action is documented in DonationRepository::insert(). */
				do_action( 'donation_widget_donation_changed', $id );
			}
			return true;
		}//end if
		// MySQL counts changed rows only: a row already in $status with the same values is there.
		$current = $this->find( $id );
		if ( null !== $current && DonationStatus::SUCCEEDED === $status && DonationStatus::SUCCEEDED === $current->status() && 0 === $current->receipt_seq() ) {
			// Paid, yet unnumbered: the request that moved it ended between its two writes.
			$this->give_receipt_number( $id );
		}
		return null !== $current && $status === $current->status();
	}

	/**
	 * Writes columns to a row only from the status and method just read (compare-and-set), so a
	 * change decided on one server cannot undo one made meanwhile on another, and the totals
	 * move once, by the request whose UPDATE changed the row. A row changed meanwhile is read
	 * and tried again.
	 *
	 * @param int                  $id         Row id.
	 * @param array<string, mixed> $data       Columns to write.
	 * @param callable             $may_change Whether the row as read may take the change.
	 * @phpstan-param callable( Donation ): bool $may_change
	 * @return Donation|null The row as it was before this request changed it; null when it did
	 *                       not (not allowed, missing, or already holding these values).
	 */
	private function change_from_read( int $id, array $data, callable $may_change ): ?Donation {
		global $wpdb;
		for ( $try = 1; $try <= self::CHANGE_TRIES; $try++ ) {
			$before = $this->find( $id );
			if ( null === $before || ! $may_change( $before ) ) {
				return null;
			}
			// The figures the totals move from are part of the compare: a refund or fee written
			// between this read and this write would otherwise be counted in the wrong status.
			$changed = $wpdb->update(
				Schema::table( 'donations' ),
				$data,
				array(
					'id'                 => $id,
					'status'             => $before->status(),
					'method'             => $before->method(),
					'refunded_cents'     => $before->refunded_cents(),
					'dispute_lost_cents' => $before->dispute_lost_cents(),
					'dispute_fee_cents'  => $before->dispute_fee_cents(),
					'fee_cents'          => $before->fee_cents(),
				),
				null,
				array( '%d', '%s', '%s', '%d', '%d', '%d', '%d' )
			);
			if ( is_int( $changed ) && $changed > 0 ) {
				return $before;
			}
			$now = $this->find( $id );
			if ( null === $now || ( $now->status() === $before->status() && $now->method() === $before->method() && $now->amounts() === $before->amounts() ) ) {
				// MySQL counts changed rows only: unchanged by anyone, the row already held these values.
				return null;
			}
		}//end for
		return null;
	}

	/**
	 * Writes money figures learnt after the payment (refunded so far, the provider's fee and
	 * net, the payout it arrived in, a dispute's status and what it lost) by compare-and-set on
	 * the values just read, so a figure changes once however many servers report it, and the
	 * totals follow only the request whose UPDATE changed the row.
	 *
	 * @param int                       $id      Row id.
	 * @param array<string, int|string> $amounts Column => value, from AMOUNT_FORMATS' keys.
	 * @return Donation|null The row before this request changed it; null when it did not
	 *                       (missing, or already holding these values).
	 */
	public function record_amounts( int $id, array $amounts ): ?Donation {
		global $wpdb;
		$amounts = array_intersect_key( $amounts, self::AMOUNT_FORMATS );
		if ( array() === $amounts ) {
			return null;
		}
		$table = Schema::table( 'donations' );
		for ( $try = 1; $try <= self::CHANGE_TRIES; $try++ ) {
			$before = $this->find( $id );
			if ( null === $before || array() === array_diff_assoc( array_map( 'strval', $amounts ), array_intersect_key( $before->amounts(), $amounts ) ) ) {
				return null;
			}
			// The status is part of the compare: the totals count the change in the status the
			// row had when it was written, not in one a move made meanwhile.
			$set    = array( 'updated_at = %s' );
			$where  = array( 'id = %d', 'status = %s' );
			$values = array( current_time( 'mysql', true ) );
			$was    = array( $id, $before->status() );
			foreach ( $amounts as $column => $value ) {
				$set[]    = "{$column} = " . self::AMOUNT_FORMATS[ $column ];
				$values[] = $value;
				$old      = $before->amounts()[ $column ];
				// fee_cents and net_cents are NULL until the provider reports them.
				if ( '' === $old && in_array( $column, array( 'fee_cents', 'net_cents' ), true ) ) {
					$where[] = "{$column} IS NULL";
				} else {
					$where[] = "{$column} = " . self::AMOUNT_FORMATS[ $column ];
					$was[]   = $old;
				}
			}
			$sql     = "UPDATE {$table} SET " . implode( ', ', $set ) . ' WHERE ' . implode( ' AND ', $where );
			$changed = $wpdb->query( $wpdb->prepare( $sql, array_merge( $values, $was ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- $sql holds only the fixed column names of AMOUNT_FORMATS and placeholders; a compare-and-set write is never cached.
			if ( is_int( $changed ) && $changed > 0 ) {
				// The row as this UPDATE left it (a later read could already hold another's move).
				$this->totals->amounts_changed( $before, $before->with( $amounts ) );
				/**
				 * What a donation counts for may have changed: its status moved, or its refunded,
				 * fee or dispute figures did. Fired once per change, by the request whose write made
				 * it; listeners read the row again (EOFY statements prepare an amended statement
				 * when a year already issued changes).
				 *
				 * @param int          $id      Donation row id.
				 * @param list<string> $changed The columns written ('status' after a move).
				 */
				do_action( 'donation_widget_donation_money_changed', $id, array_keys( $amounts ) );
				/** This action is documented in DonationRepository::insert(). */
				do_action( 'donation_widget_donation_changed', $id );
				return $before;
			}
		}//end for
		return null;
	}

	/**
	 * Gives a paid donation the next receipt number, unless it has one; unpaid ones get none.
	 *
	 * The number is MAX(receipt_seq) + 1, read and written by one UPDATE: a number is never taken
	 * without being written (no gap, even if PHP dies), and the UNIQUE key on receipt_seq refuses a
	 * number another server wrote at the same instant (InnoDB reports that, or a deadlock between
	 * the two locking reads; the statement then left nothing behind and is simply tried again).
	 * One statement also works inside a transaction someone else opened, unlike a counter table
	 * whose take-and-write would need its own. Rows are never deleted, so no number comes back.
	 *
	 * @param int $id Row id.
	 * @return int Its receipt sequence number, or 0 when it has none (unpaid, or every try failed).
	 */
	public function give_receipt_number( int $id ): int {
		global $wpdb;
		$table = Schema::table( 'donations' );
		// The derived table makes MariaDB/MySQL read the maximum before writing the same table.
		$sql = "UPDATE {$table} SET receipt_seq = (SELECT next_seq FROM (SELECT COALESCE(MAX(receipt_seq), 0) + 1 AS next_seq FROM {$table}) AS latest)
			WHERE id = %d AND receipt_seq IS NULL AND status IN (%s, %s, %s)";
		// A refused try is expected under load: keep it out of the error log.
		$suppressed = $wpdb->suppress_errors( true );
		for ( $try = 1; $try <= self::NUMBERING_TRIES; $try++ ) {
			if ( false !== $wpdb->query( $wpdb->prepare( $sql, $id, ...self::MONEY_RECEIVED ) ) ) { // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.NotPrepared -- $sql holds only the plugin's table name and placeholders.
				break;
			}
			usleep( random_int( 1000, 4000 ) * min( $try, 5 ) );
		}
		$wpdb->suppress_errors( $suppressed );
		$number = $wpdb->get_var( $wpdb->prepare( "SELECT receipt_seq FROM {$table} WHERE id = %d", $id ) );
		return is_numeric( $number ) ? (int) $number : 0;
	}

	/**
	 * Claims a provider payment for one donation. The UNIQUE (provider, reference) key decides:
	 * a capture id replayed for a second donation, even at the same instant on another server,
	 * cannot be claimed twice.
	 *
	 * @param string $provider    The gateway's id.
	 * @param string $reference   Charge or capture id.
	 * @param int    $donation_id The donation it pays for.
	 * @return bool True when it is now (or already was) this donation's; false when another donation holds it.
	 * @throws RecordNotWritten When the database refused the claim and nobody holds the payment.
	 */
	public function claim_reference( string $provider, string $reference, int $donation_id ): bool {
		global $wpdb;
		$table    = Schema::table( 'payment_references' );
		$inserted = $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$table} (provider, reference, donation_id, created_at) VALUES (%s, %s, %d, %s)",
				$provider,
				$reference,
				$donation_id,
				current_time( 'mysql', true )
			)
		);
		if ( 1 === (int) $wpdb->rows_affected ) {
			return true;
		}
		$holder = $wpdb->get_var( $wpdb->prepare( "SELECT donation_id FROM {$table} WHERE provider = %s AND reference = %s", $provider, $reference ) );
		if ( null === $holder && false === $inserted ) {
			throw new RecordNotWritten( 'The claim on a provider payment could not be written.' );
		}
		return null !== $holder && (int) $holder === $donation_id;
	}

	/**
	 * Donations still open (pending, requires_action) that were started before $started_before
	 * and last looked at before $looked_at_before, the longest unlooked-at first: the
	 * reconciliation pass touches each one it asks about, so the next pass moves on to others.
	 *
	 * @param string $started_before   UTC datetime (Y-m-d H:i:s).
	 * @param string $looked_at_before UTC datetime.
	 * @param int    $limit            Most rows.
	 * @return list<Donation>
	 */
	public function find_open( string $started_before, string $looked_at_before, int $limit ): array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT * FROM {$table} WHERE status IN (%s, %s) AND created_at < %s AND updated_at < %s ORDER BY updated_at ASC, id ASC LIMIT %d",
				DonationStatus::PENDING,
				DonationStatus::REQUIRES_ACTION,
				$started_before,
				$looked_at_before,
				max( 1, $limit )
			),
			ARRAY_A
		);
		return $this->donations( $rows );
	}

	/**
	 * Succeeded 4-weekly first donations (not renewals, keyed invoice:…) of some providers
	 * without a subscription, created since one time and last changed before another, oldest
	 * first. Through the frequency_created index: a range of the 4-weekly rows, not the whole table.
	 *
	 * @param array  $providers      Stored provider ids (at least one).
	 * @param string $created_since  UTC datetime.
	 * @param string $changed_before UTC datetime.
	 * @param int    $limit          Most rows.
	 * @phpstan-param list<string> $providers
	 * @return list<Donation>
	 */
	public function find_paid_without_subscription( array $providers, string $created_since, string $changed_before, int $limit ): array {
		global $wpdb;
		$table = Schema::table( 'donations' );
		$sql   = "SELECT * FROM {$table} WHERE frequency = %s AND created_at >= %s AND status = %s AND subscription_id = '' AND attempt_id NOT LIKE %s AND updated_at < %s AND provider IN ("
			. implode( ', ', array_fill( 0, count( $providers ), '%s' ) ) . ') ORDER BY created_at ASC, id ASC LIMIT %d';
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				$sql, // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's own table name and one %s per provider.
				array_merge(
					array( DonationForm::FREQUENCY_FOUR_WEEKLY, $created_since, DonationStatus::SUCCEEDED, $wpdb->esc_like( 'invoice:' ) . '%', $changed_before ),
					$providers,
					array( max( 1, $limit ) )
				)
			),
			ARRAY_A
		);
		return $this->donations( $rows );
	}

	/**
	 * Counts one more payment try (a card or account put to the provider) for a donation, if it
	 * has had fewer than $most. One conditional UPDATE: servers racing on one donation never let
	 * more through between them.
	 *
	 * @param int $id   Row id.
	 * @param int $most Tries allowed in all.
	 * @return bool Whether this try may go ahead.
	 * @throws RecordNotWritten When the database refused the count (no try may go ahead, and the
	 *                          donor is not told the tries ran out).
	 */
	public function take_payment_try( int $id, int $most ): bool {
		global $wpdb;
		$table   = Schema::table( 'donations' );
		$counted = $wpdb->query( $wpdb->prepare( "UPDATE {$table} SET payment_tries = payment_tries + 1 WHERE id = %d AND payment_tries < %d", $id, $most ) );
		if ( false === $counted ) {
			throw new RecordNotWritten( 'A payment try could not be counted.' );
		}
		return 1 === (int) $wpdb->rows_affected;
	}

	/**
	 * Writes why a donation is still open, only while it is (one UPDATE, so a call settling it
	 * meanwhile on another server keeps the reason it wrote).
	 *
	 * @param int    $id   Row id.
	 * @param string $note The failure_reason: a code, a colon, and the detail.
	 * @return bool Whether the donation was open and now carries the note.
	 */
	public function note_if_open( int $id, string $note ): bool {
		global $wpdb;
		$table = Schema::table( 'donations' );
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET failure_reason = %s, updated_at = %s WHERE id = %d AND status IN (%s, %s)", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own.
				$note,
				current_time( 'mysql', true ),
				$id,
				DonationStatus::PENDING,
				DonationStatus::REQUIRES_ACTION
			)
		);
		return 1 === (int) $wpdb->rows_affected;
	}

	/**
	 * Notes that a donation was looked at now (its updated_at), changing nothing else.
	 *
	 * @param int $id Row id.
	 */
	public function touch( int $id ): void {
		global $wpdb;
		$wpdb->update( Schema::table( 'donations' ), array( 'updated_at' => current_time( 'mysql', true ) ), array( 'id' => $id ), array( '%s' ), array( '%d' ) );
	}

	/**
	 * INSERT IGNORE of one row: the UNIQUE attempt_id decides whether it is new.
	 *
	 * @param array<string, string|int> $columns    Column => value.
	 * @param string                    $created_at UTC creation time when not now (a gift recorded later).
	 * @return Donation|null The new row, or null when the attempt id already exists.
	 * @throws \InvalidArgumentException For a column name that is not plain (a programming error).
	 */
	private function insert( array $columns, string $created_at = '' ): ?Donation {
		global $wpdb;
		$now                   = current_time( 'mysql', true );
		$columns['created_at'] = '' === $created_at ? $now : $created_at;
		$columns['updated_at'] = $now;

		$names   = array();
		$formats = array();
		foreach ( array_keys( $columns ) as $name ) {
			if ( ! preg_match( '/^[a-z0-9_]+$/D', $name ) ) {
				throw new \InvalidArgumentException( esc_html( "Bad column name {$name}." ) );
			}
			$names[]   = '`' . $name . '`';
			$formats[] = in_array( $name, self::INTEGER_COLUMNS, true ) ? '%d' : '%s';
		}
		$table = Schema::table( 'donations' );
		$sql   = "INSERT IGNORE INTO {$table} (" . implode( ', ', $names ) . ') VALUES (' . implode( ', ', $formats ) . ')';
		$wpdb->query( $wpdb->prepare( $sql, array_values( $columns ) ) ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQL.NotPrepared -- $sql holds only whitelisted column names and placeholders.
		if ( 1 !== (int) $wpdb->rows_affected ) {
			return null;
		}
		$donation = $this->find( (int) $wpdb->insert_id );
		if ( null !== $donation ) {
			$this->totals->inserted( $donation );
			$this->subscriptions_changed( $donation->subscription_id() );
			/**
			 * A donation was written or what it counts for changed: inserted, moved to another
			 * status, or its refunded, fee or dispute figures changed. Fired once per change, by
			 * the request whose write made it (after the row is committed); listeners that keep
			 * figures derived from donations (the donors' totals) read the rows again.
			 *
			 * @param int $id Donation row id.
			 */
			do_action( 'donation_widget_donation_changed', $donation->id() );
		}
		return $donation;
	}

	/**
	 * The columns of $fields that may be updated.
	 *
	 * @param array<string, string> $fields Column => value.
	 * @return array<string, string>
	 */
	private function updatable( array $fields ): array {
		$fields = array_intersect_key( $fields, array_flip( self::UPDATABLE ) );
		if ( isset( $fields['failure_reason'] ) ) {
			// The column holds 255 characters; provider messages can be longer.
			$fields['failure_reason'] = mb_substr( $fields['failure_reason'], 0, 255 );
		}
		return $fields;
	}

	/**
	 * Donations from rows of the table.
	 *
	 * @param mixed $rows Rows as ARRAY_A, or what $wpdb answered on an error.
	 * @return list<Donation>
	 */
	private function donations( mixed $rows ): array {
		$found = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$donation = $this->donation( $row );
			if ( null !== $donation ) {
				$found[] = $donation;
			}
		}
		return $found;
	}

	/**
	 * A Donation from a get_row() result.
	 *
	 * @param mixed $row Array row or null.
	 */
	private function donation( mixed $row ): ?Donation {
		return is_array( $row ) ? Donation::from_row( $row ) : null;
	}
}
