<?php
/**
 * Fills a demo or test site with realistic donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Cli;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;
use DonationWidget\Donations\DonationForm;
use DonationWidget\Donations\DonationsMigrations;
use DonationWidget\Donations\DonationStatus;
use DonationWidget\Donations\DonationTotals;
use DonationWidget\Donations\HelpCover;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Donors\DonorsMigrations;

// phpcs:disable WordPress.WP.AlternativeFunctions.rand_seeding_mt_srand, WordPress.WP.AlternativeFunctions.rand_mt_rand -- a seeded generator on purpose: the same seed writes the same fictional donors (wp_rand() cannot be seeded).
// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- bulk writes of generated rows into the plugin's own tables (names from Schema::table()); every value goes through $wpdb->prepare(), row by row, before the rows are joined into one multi-row INSERT.

/**
 * Writes N donation rows spread over the last three years, oldest first, in multi-row INSERTs:
 * one-off and 4-weekly donations (with their subscriptions rows and 4-weekly renewals), every
 * method and status, individuals and organisations, donors who give again, help cover, receipt
 * numbers for money received only, and the totals re-derived at the end.
 *
 * It refuses to run on a site that is not a demo or test site (allowed()): seeded donors are
 * fiction, and must never land among a charity's real donations.
 */
final class DonationSeeder {

	/**
	 * Rows per INSERT statement.
	 */
	public const BATCH = 1000;

	/**
	 * How far back the donations go.
	 */
	private const YEARS = 3;

	private const FIRST_NAMES = array( 'Olivia', 'Jack', 'Charlotte', 'Noah', 'Amelia', 'William', 'Isla', 'Oliver', 'Mia', 'Thomas', 'Ava', 'James', 'Grace', 'Lucas', 'Chloe', 'Henry', 'Sophie', 'Ethan', 'Ella', 'Leo', 'Emily', 'Liam', 'Zoe', 'Samuel', 'Ruby', 'Daniel', 'Harper', 'Matthew', 'Lily', 'Joshua', 'Hannah', 'Benjamin', 'Sarah', 'Alexander', 'Jessica', 'Ryan', 'Priya', 'Arjun', 'Mei', 'Wei', 'Minh', 'Linh', 'Fatima', 'Omar', 'Aisha', 'Mohammed', 'Sofia', 'Luca', 'Giulia', 'Nikos', 'Eleni', 'Jarrah', 'Kirra', 'Tane', 'Aroha', 'Margaret', 'Peter', 'Susan', 'David', 'Helen', 'John', 'Patricia', 'Robert', 'Anne', 'Michael', 'Karen', 'Paul', 'Julie', 'Mark', 'Lisa' );

	private const LAST_NAMES = array( 'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson', 'Thompson', 'Nguyen', 'Thomas', 'Walker', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King', 'Davis', 'Wright', 'Evans', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel', 'Khan', 'Singh', 'Chen', 'Wang', 'Li', 'Zhang', 'Tran', 'Le', 'Pham', 'Murphy', "O'Brien", 'McDonald', 'Campbell', 'Stewart', 'Mitchell', 'Young', 'Scott', 'Edwards', 'Papadopoulos', 'Rossi', 'Russo', 'Haddad', 'Kaur', 'Sharma', 'Ahmed', 'Ali', 'Hughes', 'Cooper', 'Baker', 'Morris', 'Collins', 'Bell', 'Ward', 'Turner', 'Hill', 'Moore', 'Clark', 'Price', 'Bennett', 'Fraser' );

	private const ORGANISATIONS = array( 'Rotary Club', 'Lions Club', 'Community Bank', 'Parish Council', 'Surf Life Saving Club', 'Bowls Club', 'Primary School P&C', 'Family Foundation', 'Builders', 'Accountants', 'Legal', 'Dental Group', 'Medical Centre', 'Plumbing', 'Electrical', 'Real Estate', 'Bakery', 'Brewing Co', 'Vineyards', 'Engineering' );

	private const PLACES = array(
		array( 'Sydney', 'NSW', '2000' ),
		array( 'Parramatta', 'NSW', '2150' ),
		array( 'Newcastle', 'NSW', '2300' ),
		array( 'Wollongong', 'NSW', '2500' ),
		array( 'Melbourne', 'VIC', '3000' ),
		array( 'Geelong', 'VIC', '3220' ),
		array( 'Ballarat', 'VIC', '3350' ),
		array( 'Brisbane', 'QLD', '4000' ),
		array( 'Cairns', 'QLD', '4870' ),
		array( 'Townsville', 'QLD', '4810' ),
		array( 'Adelaide', 'SA', '5000' ),
		array( 'Perth', 'WA', '6000' ),
		array( 'Fremantle', 'WA', '6160' ),
		array( 'Hobart', 'TAS', '7000' ),
		array( 'Launceston', 'TAS', '7250' ),
		array( 'Darwin', 'NT', '0800' ),
		array( 'Canberra', 'ACT', '2600' ),
	);

	private const STREETS = array( 'George St', 'Pitt St', 'Collins St', 'Queen St', 'King St', 'High St', 'Church St', 'Station Rd', 'Main Rd', 'Victoria Rd', 'Park Ave', 'Beach Rd', 'Hay St', 'Murray St', 'Elizabeth St', 'Wattle Ave', 'Banksia Cres', 'Jacaranda Dr' );

	/**
	 * Example domains only (RFC 2606 and .example.*.au look-alikes), so no seeded address is
	 * someone's real mailbox.
	 */
	private const MAIL_DOMAINS = array( 'example.com', 'example.net', 'example.org', 'mail.example.com.au', 'inbox.example.net.au', 'example.com.au' );

	/**
	 * How one-off donations are paid (weights), and 4-weekly ones (the wallet provider's button is one-off only).
	 */
	private const ONE_OFF_METHODS = array(
		'card'          => 52,
		'google_pay'    => 10,
		'apple_pay'     => 12,
		'link'          => 3,
		'paypal'        => 16,
		'au_becs_debit' => 7,
	);

	private const RECURRING_METHODS = array(
		'card'          => 60,
		'google_pay'    => 8,
		'apple_pay'     => 10,
		'link'          => 2,
		'au_becs_debit' => 20,
	);

	/**
	 * Outcomes of a donation made in the widget more than a day ago (weights).
	 */
	private const OUTCOMES = array(
		DonationStatus::SUCCEEDED          => 80,
		DonationStatus::FAILED             => 8,
		DonationStatus::ABANDONED          => 7,
		DonationStatus::REFUNDED           => 3,
		DonationStatus::PARTIALLY_REFUNDED => 2,
	);

	private const FAILURES = array( 'card_declined: Your card was declined.', 'insufficient_funds: Your card has insufficient funds.', 'expired_card: Your card has expired.', 'incorrect_cvc: Your card\'s security code is incorrect.', 'authentication_failed: 3-D Secure authentication failed.' );

	private const AMOUNTS = array( 1000, 2000, 2500, 3000, 5000, 5000, 5000, 7500, 10000, 10000, 15000, 20000, 25000, 50000, 100000 );

	private const RECURRING_AMOUNTS = array( 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000 );

	private const COLUMNS = array( 'attempt_id', 'status', 'frequency', 'method', 'currency', 'amount_cents', 'cover_cents', 'total_cents', 'donate_as', 'organisation_name', 'first_name', 'last_name', 'email', 'mobile', 'address_line1', 'address_line2', 'city', 'state', 'postcode', 'country', 'in_memory_of', 'iteration_id', 'utm_campaign', 'utm_source', 'utm_medium', 'utm_content', 'utm_term', 'provider', 'provider_reference', 'payment_intent_id', 'customer_id', 'subscription_id', 'failure_reason', 'review_reason', 'page_url', 'receipt_seq', 'created_at', 'updated_at' );

	private const INTEGER_COLUMNS = array( 'amount_cents', 'cover_cents', 'total_cents' );

	/**
	 * Donors made so far: a repeat donor gives again with the same details.
	 *
	 * @var list<array<string, string>>
	 */
	private array $donors = array();

	/**
	 * Running 4-weekly donations: next renewal time => subscription details.
	 *
	 * @var \SplMinHeap<array{0: int, 1: int, 2: array<string, string|int>}>
	 */
	private \SplMinHeap $renewals;

	/**
	 * Rows waiting for the next INSERT.
	 *
	 * @var list<string>
	 */
	private array $pending = array();

	/**
	 * Subscriptions rows waiting for the next INSERT (subscription_id => row).
	 *
	 * @var array<string, array<string, string|int|null>>
	 */
	private array $subscriptions = array();

	/**
	 * The last receipt number given.
	 *
	 * @var int
	 */
	private int $receipt_seq = 0;

	/**
	 * A counter that makes every generated id unique within the run.
	 *
	 * @var int
	 */
	private int $serial = 0;

	/**
	 * Builds the seeder.
	 *
	 * @param DonationTotals   $totals Re-derived once the rows are in.
	 * @param DonorsMigrations $donor_records The donors, filled again once the rows are in.
	 */
	public function __construct( private readonly DonationTotals $totals, private readonly DonorsMigrations $donor_records = new DonorsMigrations() ) {
		$this->renewals = new \SplMinHeap();
	}

	/**
	 * Whether this site may be seeded: only a demo site (DONATION_WIDGET_DEMO_MODE) or a site
	 * whose environment type is local or development (wp_get_environment_type(); WordPress
	 * reads WP_ENVIRONMENT_TYPE and defaults to production). A production or staging site is
	 * always refused.
	 */
	public static function allowed(): bool {
		if ( defined( 'DONATION_WIDGET_DEMO_MODE' ) && true === DONATION_WIDGET_DEMO_MODE ) {
			return true;
		}
		return in_array( wp_get_environment_type(), array( 'local', 'development' ), true );
	}

	/**
	 * Writes the rows.
	 *
	 * @param int           $rows     How many donation rows.
	 * @param int           $seed     Random seed: the same seed writes the same donors and amounts.
	 * @param callable|null $progress Called with the rows written so far, after each INSERT.
	 * @return array{donations: int, subscriptions: int, seconds: float}
	 * @throws \RuntimeException When the site is not a demo or test site, or a write fails.
	 */
	public function seed( int $rows, int $seed = 13, ?callable $progress = null ): array {
		global $wpdb;
		if ( ! self::allowed() ) {
			throw new \RuntimeException( 'Refusing to seed: this site is neither in demo mode (DONATION_WIDGET_DEMO_MODE) nor a local or development environment (WP_ENVIRONMENT_TYPE).' );
		}
		$started           = microtime( true );
		$table             = Schema::table( 'donations' );
		$last_id           = (int) $wpdb->get_var( "SELECT COALESCE(MAX(id), 0) FROM {$table}" );
		$this->receipt_seq = (int) $wpdb->get_var( "SELECT COALESCE(MAX(receipt_seq), 0) FROM {$table}" );
		// Another run on the same table draws other ids (attempt ids are UNIQUE).
		mt_srand( $seed + $last_id );
		$this->serial  = $last_id * 1000 + mt_rand( 0, 999 );
		$now           = time();
		$start         = $now - self::YEARS * 365 * DAY_IN_SECONDS;
		$step          = ( $now - $start - DAY_IN_SECONDS ) / max( 1, $rows );
		$written       = 0;
		$subscriptions = 0;

		for ( $i = 0; $i < $rows; $i++ ) {
			$time = (int) ( $start + $i * $step + mt_rand( 0, max( 0, (int) $step ) ) );
			if ( $i >= $rows - 40 ) {
				// The last few are today's: some still under way.
				$time = $now - mt_rand( 60, 20 * HOUR_IN_SECONDS );
			}
			if ( ! $this->renewals->isEmpty() && $this->renewals->top()[0] <= $time ) {
				$this->renewal( $this->renewals->extract(), $now );
			} else {
				$subscriptions += $this->donation( $time, $now );
			}
			if ( count( $this->pending ) >= self::BATCH ) {
				$written += $this->flush();
				if ( null !== $progress ) {
					$progress( $written );
				}
			}
		}
		$last     = $this->flush();
		$written += $last;
		$this->flush_subscriptions( true );
		if ( null !== $progress && $last > 0 ) {
			$progress( $written );
		}
		$this->settle_money( $last_id + 1 );
		if ( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', Schema::table( 'donation_totals' ) ) ) === Schema::table( 'donation_totals' ) ) {
			$this->totals->rebuild();
			// Renewals were written after their subscriptions: each takes its latest status now.
			DonationsMigrations::backfill_subscriptions();
		}
		if ( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', Schema::table( 'donors' ) ) ) === Schema::table( 'donors' ) ) {
			// The rows were written without their listeners: the donors are derived from them.
			$this->donor_records->rebuild();
		}
		return array(
			'donations'     => $written,
			'subscriptions' => $subscriptions,
			'seconds'       => round( microtime( true ) - $started, 1 ),
		);
	}

	/**
	 * Writes what happened to the money after the payment, as the books record it, on the rows
	 * from an id on (a site on schema 14): each received payment's fee and net (the card
	 * provider's Australian pricing: cards 1.7% + 30c, BECS 1% + 30c capped at $3.50; the wallet
	 * provider's 2.6% + 30c), what was refunded (all of a refunded gift, a quarter of a partly
	 * refunded one), and a lost dispute (with its A$25 fee) on one paid gift in 400. A few UPDATEs of 20,000 rows
	 * each, so the reports the benchmark times add up realistic figures.
	 *
	 * @param int $first_id First row id.
	 */
	public function settle_money( int $first_id = 1 ): void {
		global $wpdb;
		$table = Schema::table( 'donations' );
		if ( null === $wpdb->get_var( $wpdb->prepare( "SHOW COLUMNS FROM {$table} LIKE %s", 'dispute_fee_cents' ) ) ) {
			return;
		}
		$last = (int) $wpdb->get_var( "SELECT COALESCE(MAX(id), 0) FROM {$table}" );
		$fee  = "CASE WHEN method = 'paypal' THEN FLOOR((total_cents * 26 + 500) / 1000) + 30
			WHEN method = 'au_becs_debit' THEN LEAST(FLOOR((total_cents * 10 + 500) / 1000) + 30, 350)
			ELSE FLOOR((total_cents * 17 + 500) / 1000) + 30 END";
		for ( $from = max( 1, $first_id ); $from <= $last; $from += 20000 ) {
			$wpdb->query(
				$wpdb->prepare(
					// phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- $fee is the fixed CASE above.
					"UPDATE {$table} SET fee_cents = {$fee}, net_cents = CAST(total_cents AS SIGNED) - ({$fee}),
						refunded_cents = CASE status WHEN %s THEN total_cents WHEN %s THEN total_cents DIV 4 ELSE 0 END,
						dispute_status = CASE WHEN status = %s AND id %% 400 = 7 THEN 'lost' ELSE '' END,
						dispute_lost_cents = CASE WHEN status = %s AND id %% 400 = 7 THEN total_cents ELSE 0 END,
						dispute_fee_cents = CASE WHEN status = %s AND id %% 400 = 7 THEN 2500 ELSE 0 END
					WHERE id BETWEEN %d AND %d AND status IN (%s, %s, %s)",
					DonationStatus::REFUNDED,
					DonationStatus::PARTIALLY_REFUNDED,
					DonationStatus::SUCCEEDED,
					DonationStatus::SUCCEEDED,
					DonationStatus::SUCCEEDED,
					$from,
					$from + 19999,
					DonationStatus::SUCCEEDED,
					DonationStatus::PARTIALLY_REFUNDED,
					DonationStatus::REFUNDED
				)
			);
		}//end for
	}

	/**
	 * One donation made in the widget at $time, by a new or a returning donor.
	 *
	 * @param int $time Unix time.
	 * @param int $now  Unix time of the run.
	 * @return int 1 when it started a 4-weekly donation.
	 */
	private function donation( int $time, int $now ): int {
		$donor     = $this->donor();
		$recurring = mt_rand( 1, 100 ) <= 4;
		$method    = $this->pick( $recurring ? self::RECURRING_METHODS : self::ONE_OFF_METHODS );
		$status    = $this->pick( self::OUTCOMES );
		if ( $recurring && in_array( $status, array( DonationStatus::REFUNDED, DonationStatus::PARTIALLY_REFUNDED ), true ) ) {
			$status = DonationStatus::SUCCEEDED;
		}
		if ( $now - $time < DAY_IN_SECONDS && DonationStatus::ABANDONED === $status ) {
			// Abandoned only after a day; before that the donation is still under way.
			$status = mt_rand( 0, 1 ) ? DonationStatus::PENDING : DonationStatus::REQUIRES_ACTION;
		}
		$amount   = $recurring ? self::RECURRING_AMOUNTS[ mt_rand( 0, count( self::RECURRING_AMOUNTS ) - 1 ) ] : $this->amount();
		$cover    = mt_rand( 1, 100 ) <= 35 ? HelpCover::cents_for( $amount ) : 0;
		$provider = 'paypal' === $method ? 'paypal' : 'stripe';
		$columns  = $donor + array(
			'attempt_id'        => wp_generate_uuid4(),
			'status'            => $status,
			'frequency'         => $recurring ? DonationForm::FREQUENCY_FOUR_WEEKLY : DonationForm::FREQUENCY_ONE_OFF,
			'method'            => $method,
			'amount_cents'      => $amount,
			'cover_cents'       => $cover,
			'total_cents'       => $amount + $cover,
			'provider'          => $provider,
			'payment_intent_id' => 'stripe' === $provider && DonationStatus::ABANDONED !== $status ? 'pi_' . $this->id() : '',
		);
		$started  = 0;
		if ( $recurring ) {
			$subscription_id                         = 'sub_' . $this->id();
			$columns['customer_id']                  = 'cus_' . $this->id();
			$columns['subscription_id']              = $subscription_id;
			$paid                                    = DonationStatus::SUCCEEDED === $status;
			$this->subscriptions[ $subscription_id ] = array(
				'subscription_id' => $subscription_id,
				'customer_id'     => $columns['customer_id'],
				'donation_id'     => 0,
				'status'          => $paid ? SubscriptionRepository::ACTIVE : SubscriptionRepository::INCOMPLETE,
				'amount_cents'    => $columns['total_cents'],
				'created_at'      => gmdate( 'Y-m-d H:i:s', $time ),
				'updated_at'      => gmdate( 'Y-m-d H:i:s', $time ),
				'cancelled_at'    => null,
				'attempt_id'      => $columns['attempt_id'],
			);
			if ( $paid ) {
				$this->renewals->insert( array( $time + 28 * DAY_IN_SECONDS, ++$this->serial, $columns ) );
			}
			$started = 1;
		}//end if
		$this->add( $columns, $time );
		return $started;
	}

	/**
	 * The next payment of a running 4-weekly donation (an invoice paid or failed), after which
	 * it runs on, or is cancelled by the donor.
	 *
	 * @param array{0: int, 1: int, 2: array<string, string|int>} $due  When, and the first donation's columns.
	 * @param int                                                 $now  Unix time of the run.
	 */
	private function renewal( array $due, int $now ): void {
		list( $time, , $first ) = $due;
		$failed                 = mt_rand( 1, 100 ) <= 6;
		$columns                = array(
			'attempt_id'         => 'invoice:in_' . $this->id(),
			'status'             => $failed ? DonationStatus::FAILED : DonationStatus::SUCCEEDED,
			'payment_intent_id'  => 'pi_' . $this->id(),
			'provider_reference' => '',
			'failure_reason'     => $failed ? 'renewal_failed: Your card was declined.' : '',
		) + $first;
		$this->add( $columns, $time );
		$subscription_id = (string) $first['subscription_id'];
		// After each payment, about one donor in ten stops giving.
		if ( mt_rand( 1, 100 ) <= 10 ) {
			$this->subscription_change(
				$subscription_id,
				array(
					'status'       => SubscriptionRepository::CANCELLED,
					'cancelled_at' => gmdate( 'Y-m-d H:i:s', $time + mt_rand( 1, 20 ) * DAY_IN_SECONDS ),
				)
			);
			return;
		}
		$next = $time + 28 * DAY_IN_SECONDS + mt_rand( -3600, 3600 );
		if ( $next < $now ) {
			$this->renewals->insert( array( $next, ++$this->serial, $first ) );
		}
	}

	/**
	 * Queues one donation row, completing what its status implies.
	 *
	 * @param array<string, string|int> $columns Known columns.
	 * @param int                       $time    Unix time it was made.
	 */
	private function add( array $columns, int $time ): void {
		global $wpdb;
		$status   = (string) $columns['status'];
		$received = in_array( $status, array( DonationStatus::SUCCEEDED, DonationStatus::PARTIALLY_REFUNDED, DonationStatus::REFUNDED ), true );
		if ( $received && '' === ( $columns['provider_reference'] ?? '' ) ) {
			$columns['provider_reference'] = 'paypal' === $columns['provider'] ? strtoupper( substr( md5( (string) $this->id() ), 0, 17 ) ) : 'ch_' . $this->id();
		}
		if ( DonationStatus::FAILED === $status && '' === ( $columns['failure_reason'] ?? '' ) ) {
			$columns['failure_reason'] = self::FAILURES[ mt_rand( 0, count( self::FAILURES ) - 1 ) ];
		}
		$settled                = $time + ( DonationStatus::ABANDONED === $status ? DAY_IN_SECONDS + 600 : mt_rand( 2, 90 ) );
		$columns['receipt_seq'] = $received ? ++$this->receipt_seq : null;
		$columns['created_at']  = gmdate( 'Y-m-d H:i:s', $time );
		$columns['updated_at']  = gmdate( 'Y-m-d H:i:s', in_array( $status, array( DonationStatus::REFUNDED, DonationStatus::PARTIALLY_REFUNDED ), true ) ? $time + mt_rand( 2, 60 ) * DAY_IN_SECONDS : $settled );
		$columns['currency']    = DonationForm::CURRENCY;

		$formats = array();
		$values  = array();
		foreach ( self::COLUMNS as $column ) {
			$value = $columns[ $column ] ?? '';
			if ( 'receipt_seq' === $column && null === $columns['receipt_seq'] ) {
				$formats[] = 'NULL';
				continue;
			}
			$formats[] = in_array( $column, self::INTEGER_COLUMNS, true ) || 'receipt_seq' === $column ? '%d' : '%s';
			$values[]  = $value;
		}
		$row             = '(' . implode( ', ', $formats ) . ')';
		$this->pending[] = $wpdb->prepare( $row, $values ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $row holds one placeholder per column (NULL written as is).
	}

	/**
	 * Writes the queued rows in one INSERT, then the subscriptions they started.
	 *
	 * @return int Rows written.
	 * @throws \RuntimeException When the INSERT fails.
	 */
	private function flush(): int {
		global $wpdb;
		if ( array() === $this->pending ) {
			return 0;
		}
		$table = Schema::table( 'donations' );
		$sql   = "INSERT INTO {$table} (`" . implode( '`, `', self::COLUMNS ) . '`) VALUES ' . implode( ', ', $this->pending );
		// phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the seeding command's one INSERT of rows each prepared above, and constant column names.
		if ( false === $wpdb->query( $sql ) ) {
			throw new \RuntimeException( 'Seeding failed: ' . esc_html( $wpdb->last_error ) );
		}
		$count         = count( $this->pending );
		$this->pending = array();
		$this->flush_subscriptions( false );
		return $count;
	}

	/**
	 * Writes the subscriptions rows whose first donation is in the table (their donation_id).
	 *
	 * @param bool $all Whether this is the end of the run (write them all).
	 * @throws \RuntimeException When an INSERT fails.
	 */
	private function flush_subscriptions( bool $all ): void {
		global $wpdb;
		if ( array() === $this->subscriptions || ( ! $all && count( $this->subscriptions ) < 200 ) ) {
			return;
		}
		$donations     = Schema::table( 'donations' );
		$subscriptions = Schema::table( 'subscriptions' );
		$attempts      = array_column( $this->subscriptions, 'attempt_id' );
		$ids           = $wpdb->get_results( $wpdb->prepare( "SELECT attempt_id, id, LOWER(email) AS donor_email FROM {$donations} WHERE attempt_id IN (" . implode( ', ', array_fill( 0, count( $attempts ), '%s' ) ) . ')', $attempts ), 'OBJECT_K' ); // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- a %s placeholder per attempt id.
		$rows          = array();
		foreach ( $this->subscriptions as $subscription ) {
			$cancelled = null === $subscription['cancelled_at'] ? 'NULL' : $wpdb->prepare( '%s', $subscription['cancelled_at'] );
			$first     = $ids[ $subscription['attempt_id'] ] ?? null;
			$rows[]    = $wpdb->prepare(
				'(%s, %s, %d, %s, %d, %s, %s, %s, ' . $cancelled . ')', // phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the last value is already prepared (or NULL).
				$subscription['subscription_id'],
				$subscription['customer_id'],
				null !== $first ? (int) $first->id : 0,
				$subscription['status'],
				$subscription['amount_cents'],
				$subscription['created_at'],
				$subscription['updated_at'],
				// As SubscriptionRepository::start() writes it: the first donation's email, lower-cased.
				null !== $first ? (string) $first->donor_email : ''
			);
		}
		$sql = "INSERT INTO {$subscriptions} (subscription_id, customer_id, donation_id, status, amount_cents, created_at, updated_at, donor_email, cancelled_at) VALUES " . implode( ', ', $rows );
		// phpcs:ignore DonationWidgetDirectory.DB.InterpolatedSql -- the seeding command's one INSERT of rows each prepared above.
		if ( false === $wpdb->query( $sql ) ) {
			throw new \RuntimeException( 'Seeding subscriptions failed: ' . esc_html( $wpdb->last_error ) );
		}
		$this->subscriptions = array();
	}

	/**
	 * Records a later change of a subscription (a cancellation) on its row.
	 *
	 * @param string                    $subscription_id sub_… id.
	 * @param array<string, string|int> $changes         Column => value.
	 */
	private function subscription_change( string $subscription_id, array $changes ): void {
		global $wpdb;
		if ( isset( $this->subscriptions[ $subscription_id ] ) ) {
			$this->subscriptions[ $subscription_id ] = $changes + $this->subscriptions[ $subscription_id ];
			return;
		}
		$wpdb->update( Schema::table( 'subscriptions' ), $changes + array( 'updated_at' => (string) ( $changes['cancelled_at'] ?? current_time( 'mysql', true ) ) ), array( 'subscription_id' => $subscription_id ) );
	}

	/**
	 * A donor: a returning one (some give many times), or a new individual or organisation.
	 *
	 * @return array<string, string>
	 */
	private function donor(): array {
		$known = count( $this->donors );
		if ( $known > 50 && mt_rand( 1, 100 ) <= 30 ) {
			// Skewed towards the most recent donors and a loyal few.
			$index = (int) ( $known * ( 1 - ( mt_rand() / mt_getrandmax() ) ** 3 ) );
			return $this->donors[ min( $known - 1, $index ) ];
		}
		$first        = self::FIRST_NAMES[ mt_rand( 0, count( self::FIRST_NAMES ) - 1 ) ];
		$last         = self::LAST_NAMES[ mt_rand( 0, count( self::LAST_NAMES ) - 1 ) ];
		$organisation = mt_rand( 1, 100 ) <= 12;
		$place        = self::PLACES[ mt_rand( 0, count( self::PLACES ) - 1 ) ];
		$local        = strtolower( str_replace( "'", '', $first . '.' . $last ) ) . ( mt_rand( 0, 3 ) > 0 ? (string) mt_rand( 1, 9999 ) : '' );
		$org_name     = '';
		$domain       = self::MAIL_DOMAINS[ mt_rand( 0, count( self::MAIL_DOMAINS ) - 1 ) ];
		if ( $organisation ) {
			$org_name = self::LAST_NAMES[ mt_rand( 0, count( self::LAST_NAMES ) - 1 ) ] . ' ' . self::ORGANISATIONS[ mt_rand( 0, count( self::ORGANISATIONS ) - 1 ) ];
			$domain   = strtolower( (string) preg_replace( '/[^A-Za-z]/', '', $org_name ) ) . '.example.org.au';
		}
		$donor          = array(
			'donate_as'         => $organisation ? 'organisation' : 'individual',
			'organisation_name' => $org_name,
			'first_name'        => $first,
			'last_name'         => $last,
			'email'             => $local . '@' . $domain,
			'mobile'            => '04' . str_pad( (string) mt_rand( 0, 99999999 ), 8, '0', STR_PAD_LEFT ),
			'address_line1'     => mt_rand( 1, 250 ) . ' ' . self::STREETS[ mt_rand( 0, count( self::STREETS ) - 1 ) ],
			'address_line2'     => mt_rand( 1, 10 ) === 1 ? 'Unit ' . mt_rand( 1, 40 ) : '',
			'city'              => $place[0],
			'state'             => $place[1],
			'postcode'          => $place[2],
			'country'           => 'Australia',
			'in_memory_of'      => mt_rand( 1, 40 ) === 1 ? self::FIRST_NAMES[ mt_rand( 0, count( self::FIRST_NAMES ) - 1 ) ] . ' ' . $last : '',
			'iteration_id'      => 'APPEAL-' . gmdate( 'Y' ),
			'utm_campaign'      => array( '', '', 'winter-appeal', 'christmas-appeal', 'tax-time' )[ mt_rand( 0, 4 ) ],
			'utm_source'        => array( '', 'newsletter', 'facebook', 'google' )[ mt_rand( 0, 3 ) ],
			'utm_medium'        => array( '', 'email', 'social', 'cpc' )[ mt_rand( 0, 3 ) ],
			'page_url'          => home_url( '/donate/' ),
		);
		$this->donors[] = $donor;
		if ( count( $this->donors ) > 30000 ) {
			// Memory stays flat on very large runs: the oldest donors stop coming back.
			$this->donors = array_slice( $this->donors, 15000 );
		}
		return $donor;
	}

	/**
	 * A one-off amount: mostly the usual choices, sometimes one the donor typed.
	 */
	private function amount(): int {
		if ( mt_rand( 1, 100 ) <= 20 ) {
			return mt_rand( 5, 2000 ) * 100 + ( mt_rand( 0, 3 ) ? 0 : mt_rand( 1, 99 ) );
		}
		return self::AMOUNTS[ mt_rand( 0, count( self::AMOUNTS ) - 1 ) ];
	}

	/**
	 * A key of a weights table, at random.
	 *
	 * @param array<string, int> $weights Key => weight.
	 */
	private function pick( array $weights ): string {
		$roll = mt_rand( 1, (int) array_sum( $weights ) );
		foreach ( $weights as $key => $weight ) {
			$roll -= $weight;
			if ( $roll <= 0 ) {
				return (string) $key;
			}
		}
		return (string) array_key_first( $weights );
	}

	/**
	 * A fresh provider-style id suffix.
	 */
	private function id(): string {
		++$this->serial;
		return substr( base_convert( (string) ( $this->serial * 7919 + 104729 ), 10, 36 ) . md5( (string) $this->serial ), 0, 24 );
	}
}
