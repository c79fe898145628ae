<?php
/**
 * The lines of one or more of the provider's deposits, from the stored books.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Books\Export;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Books\Payouts\PayoutParts;
use DonationWidget\Books\Payouts\PayoutSource;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Database\Schema;
use DonationWidget\Receipts\DonationFormat;

/**
 * Reads the stored payouts, their balance transactions and the donations they came from, and
 * turns each deposit into statement lines: one per gift (its gross amount), refund, dispute and
 * anything else on the balance, and one line of all the fees the provider kept. A deposit whose lines
 * do not come to its amount to the cent is refused, never exported: an export that does not
 * reconcile would be worse than none.
 */
final class PayoutLines {

	/**
	 * The deposit's own transaction: the money leaving the balance for the bank, not a part.
	 */
	private const DEPOSIT_TYPE = 'payout';

	private const PAYMENT_TYPES = array( 'charge', 'payment' );

	private const REFUND_TYPES = array( 'refund', 'payment_refund', 'refund_failure', 'payment_failure_refund' );

	private const DISPUTE_CATEGORIES = array( 'dispute', 'dispute_reversal' );

	/**
	 * Payout statuses whose money never reached the bank.
	 */
	private const RETURNED = array( 'failed', 'canceled' );

	/**
	 * Builds the reader.
	 *
	 * @param AccountCodes    $codes    The accounts each kind of line is coded to.
	 * @param GatewayRegistry $gateways The gateways: which pay out, and their names.
	 */
	public function __construct( private readonly AccountCodes $codes, private readonly GatewayRegistry $gateways ) {
	}

	/**
	 * One deposit's lines.
	 *
	 * @param string $payout_id The provider's payout id (po_…).
	 * @return list<StatementLine>
	 * @throws ExportRefused When it is unknown, returned, or does not add up.
	 */
	public function of_payout( string $payout_id ): array {
		if ( ! preg_match( '/^po_[A-Za-z0-9_]{1,180}$/D', $payout_id ) ) {
			/* translators: %s: the provider's name. */
			throw new ExportRefused( esc_html( sprintf( __( 'That is not a %s payout ID (they start with po_). Open the deposit from the Payouts screen and use its download link.', 'donation-widget' ), $this->paying_out_names() ) ), 400 );
		}
		global $wpdb;
		$table     = Schema::table( 'payouts' );
		$providers = $this->paying_out();
		$in        = implode( ', ', array_fill( 0, max( 1, count( $providers ) ), '%s' ) );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the table name is the plugin's own and a placeholder per provider; on the provider_payout key.
		$payout = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE provider IN ({$in}) AND payout_id = %s", array_merge( array() === $providers ? array( '' ) : $providers, array( $payout_id ) ) ), ARRAY_A );
		if ( ! is_array( $payout ) ) {
			/* translators: %s: the provider's name. */
			throw new ExportRefused( esc_html( sprintf( __( 'This deposit was not found. The Payouts screen lists the deposits this site knows of; a new one appears once %s has sent it.', 'donation-widget' ), $this->paying_out_names() ) ), 404 );
		}
		if ( in_array( (string) $payout['status'], self::RETURNED, true ) ) {
			throw new ExportRefused( esc_html__( 'This payout failed or was cancelled, so its money never reached your bank and there is nothing to reconcile. Its transactions will be paid out again in a later deposit.', 'donation-widget' ), 409 );
		}
		return $this->lines( $payout );
	}

	/**
	 * The lines of every deposit that arrived in a date range (the site's dates, inclusive).
	 *
	 * @param string $from First day, Y-m-d.
	 * @param string $to   Last day, Y-m-d.
	 * @return list<StatementLine>
	 * @throws ExportRefused When the dates are not a range, no deposit arrived, or one does not add up.
	 */
	public function of_range( string $from, string $to ): array {
		// The provider's arrival dates are UTC days.
		list( $first, $last ) = ExportRange::of( $from, $to, new \DateTimeZone( 'UTC' ) );
		global $wpdb;
		$table     = Schema::table( 'payouts' );
		$providers = $this->paying_out();
		$in        = implode( ', ', array_fill( 0, max( 1, count( $providers ) ), '%s' ) );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the table name is the plugin's own and a placeholder per provider; on the arrival_date key.
		$payouts = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE arrival_date BETWEEN %s AND %s AND provider IN ({$in}) ORDER BY arrival_date ASC, id ASC", array_merge( array( $first->format( 'Y-m-d' ), $last->format( 'Y-m-d' ) ), array() === $providers ? array( '' ) : $providers ) ), ARRAY_A );
		$lines   = array();
		foreach ( is_array( $payouts ) ? $payouts : array() as $payout ) {
			if ( ! in_array( (string) $payout['status'], self::RETURNED, true ) ) {
				array_push( $lines, ...$this->lines( $payout ) );
			}
		}
		if ( array() === $lines ) {
			/* translators: 1: first day, 2: last day, 3: the provider's name. */
			throw new ExportRefused( esc_html( sprintf( __( 'No %3$s deposit arrived from %1$s to %2$s, so there is nothing to export.', 'donation-widget' ), wp_date( get_option( 'date_format' ), $first->getTimestamp(), new \DateTimeZone( 'UTC' ) ), wp_date( get_option( 'date_format' ), $last->getTimestamp(), new \DateTimeZone( 'UTC' ) ), $this->paying_out_names() ) ), 404 );
		}
		return $lines;
	}

	/**
	 * One stored deposit's lines, checked against its amount.
	 *
	 * @param array<string, mixed> $payout payouts row.
	 * @return list<StatementLine>
	 * @throws ExportRefused When the lines do not come to the deposit exactly.
	 */
	private function lines( array $payout ): array {
		global $wpdb;
		$payout_id = (string) $payout['payout_id'];
		$provider  = $this->name_of( (string) $payout['provider'] );
		$table     = Schema::table( 'balance_transactions' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is the plugin's own; on the payout_id key.
		$rows   = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE provider = %s AND payout_id = %s ORDER BY provider_created_at ASC, id ASC", (string) $payout['provider'], $payout_id ), ARRAY_A );
		$rows   = is_array( $rows ) ? array_values( $rows ) : array();
		$donors = $this->donors( array_map( static fn ( array $row ): int => (int) $row['donation_id'], $rows ) );
		$lost   = $this->lost_disputes( (string) $payout['provider'], $rows );
		$date   = self::date_of( $payout );

		$lines = array();
		$fees  = 0;
		foreach ( $rows as $row ) {
			$type = (string) $row['type'];
			if ( self::DEPOSIT_TYPE === $type ) {
				continue;
			}
			$donation_id = (int) $row['donation_id'];
			$kind        = self::kind_of( $type, (string) $row['reporting_category'], isset( $donors[ $donation_id ] ) );
			$amount      = (int) $row['amount_cents'];
			if ( StatementLine::FEE === $kind || ! isset( $donors[ $donation_id ] ) ) {
				// The provider's own charges, and what is not from this site: what it did to the balance.
				$amount = (int) $row['net_cents'];
			} elseif ( StatementLine::DISPUTE !== $kind ) {
				// A gift (or its refund) at its own amount; what the provider kept of it is in the
				// deposit's one fee line.
				$fees += (int) $row['fee_cents'];
			}
			if ( 0 !== $amount ) {
				$lines[] = $this->line( $kind, $payout_id, $date, $amount, $row, $donors[ $donation_id ] ?? null, $provider, isset( $lost[ (string) $row['source_id'] ] ) );
			}
			if ( StatementLine::DISPUTE === $kind && isset( $donors[ $donation_id ] ) && 0 !== (int) $row['fee_cents'] ) {
				// The dispute fee is its own line, so the treasurer sees what the chargeback cost.
				$lines[] = $this->dispute_fee_line( $payout_id, $date, $row, $provider );
			}
		}//end foreach
		if ( 0 !== $fees ) {
			$lines[] = new StatementLine(
				StatementLine::FEE,
				$payout_id,
				$date,
				-$fees,
				$provider,
				/* translators: 1: the provider's name, 2: its payout id. */
				sprintf( __( '%1$s fees on the gifts in payout %2$s', 'donation-widget' ), $provider, $payout_id ),
				$payout_id,
				$this->codes->account( StatementLine::FEE ),
				$this->codes->tax( StatementLine::FEE ),
				$provider
			);
		}

		$sum = array_sum( array_map( static fn ( StatementLine $line ): int => $line->amount_cents, $lines ) );
		if ( array() === $lines || (int) $payout['amount_cents'] !== $sum ) {
			throw new ExportRefused(
				esc_html(
					sprintf(
						/* translators: 1: the provider's payout id, 2: the deposit, 3: what its stored transactions come to, 4: the provider's name. */
						__( 'Payout %1$s does not add up yet: the deposit is %2$s but its stored transactions come to %3$s. Check it on the Payouts screen (a transaction may not have been read from %4$s yet) and download again once it is balanced.', 'donation-widget' ),
						$payout_id,
						DonationFormat::money( (int) $payout['amount_cents'] ),
						DonationFormat::money( $sum ),
						$provider
					)
				),
				409
			);
		}
		return $lines;
	}

	/**
	 * One line of a transaction.
	 *
	 * @param string                     $kind      StatementLine kind.
	 * @param string                     $payout_id po_… id.
	 * @param string                     $date      Y-m-d.
	 * @param int                        $amount    Signed cents.
	 * @param array<string, mixed>       $row       balance_transactions row.
	 * @param array<string, string>|null $donor     The donation's donor and frequency, or null.
	 * @param string                     $provider  The provider's name.
	 * @param bool                       $lost      Whether its dispute was lost (chargebacks).
	 */
	private function line( string $kind, string $payout_id, string $date, int $amount, array $row, ?array $donor, string $provider, bool $lost = false ): StatementLine {
		$source = '' !== (string) $row['source_id'] ? (string) $row['source_id'] : (string) $row['transaction_id'];
		$id     = (int) $row['donation_id'];
		$labels = array(
			/* translators: %d: donation number. */
			StatementLine::GIFT    => __( 'Donation #%d', 'donation-widget' ),
			/* translators: %d: donation number. */
			StatementLine::REFUND  => __( 'Refund of donation #%d', 'donation-widget' ),
			StatementLine::DISPUTE => self::dispute_label( $amount, $lost ),
		);
		if ( null !== $donor && isset( $labels[ $kind ] ) ) {
			$description = sprintf( $labels[ $kind ], $id ) . ( StatementLine::GIFT === $kind ? ' (' . $donor['frequency'] . ')' : '' );
			$payee       = $donor['name'];
		} else {
			$provider_said = '' !== (string) $row['description'] ? (string) $row['description'] : (string) $row['type'];
			/* translators: 1: the provider's name, 2: its description or type of the transaction. */
			$description = sprintf( __( '%1$s: %2$s', 'donation-widget' ), $provider, $provider_said );
			$payee       = null !== $donor ? $donor['name'] : $provider;
		}
		return new StatementLine( $kind, $payout_id, $date, $amount, $payee, $description, $source, $this->codes->account( $kind ), $this->codes->tax( $kind ), $provider );
	}

	/**
	 * What a chargeback line was: the money the card's bank took back when the donor disputed
	 * the gift (a dispute still open or won later reads "opened", a lost one "lost"), or the money
	 * returned when the charity won it.
	 *
	 * @param int  $amount Signed cents.
	 * @param bool $lost   Whether the dispute was lost.
	 */
	private static function dispute_label( int $amount, bool $lost ): string {
		if ( $amount > 0 ) {
			/* translators: %d: donation number. */
			return __( 'Chargeback of donation #%d reversed (dispute won)', 'donation-widget' );
		}
		return $lost
			/* translators: %d: donation number. */
			? __( 'Chargeback of donation #%d (dispute lost)', 'donation-widget' )
			/* translators: %d: donation number. */
			: __( 'Chargeback of donation #%d (dispute opened)', 'donation-widget' );
	}

	/**
	 * The fee the provider charged for a dispute (or gave back), coded as a fee.
	 *
	 * @param string               $payout_id po_… id.
	 * @param string               $date      Y-m-d.
	 * @param array<string, mixed> $row       The dispute's balance_transactions row.
	 * @param string               $provider  The provider's name.
	 */
	private function dispute_fee_line( string $payout_id, string $date, array $row, string $provider ): StatementLine {
		$fee         = (int) $row['fee_cents'];
		$description = $fee > 0
			/* translators: 1: the provider's name, 2: donation number. */
			? __( '%1$s dispute fee on donation #%2$d', 'donation-widget' )
			/* translators: 1: the provider's name, 2: donation number. */
			: __( '%1$s dispute fee on donation #%2$d returned (dispute won)', 'donation-widget' );
		return new StatementLine(
			StatementLine::FEE,
			$payout_id,
			$date,
			-$fee,
			$provider,
			sprintf( $description, $provider, (int) $row['donation_id'] ),
			'' !== (string) $row['source_id'] ? (string) $row['source_id'] : (string) $row['transaction_id'],
			$this->codes->account( StatementLine::FEE ),
			$this->codes->tax( StatementLine::FEE ),
			$provider
		);
	}

	/**
	 * The disputes of these transactions that the charity lost, by the provider's dispute id.
	 *
	 * @param string                     $provider The stored provider id.
	 * @param list<array<string, mixed>> $rows     balance_transactions rows.
	 * @return array<string, true>
	 */
	private function lost_disputes( string $provider, array $rows ): array {
		$ids = array();
		foreach ( $rows as $row ) {
			if ( in_array( (string) $row['reporting_category'], self::DISPUTE_CATEGORIES, true ) && '' !== (string) $row['source_id'] ) {
				$ids[] = (string) $row['source_id'];
			}
		}
		$ids = array_values( array_unique( $ids ) );
		if ( array() === $ids ) {
			return array();
		}
		global $wpdb;
		$table = Schema::table( 'disputes' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, DonationWidgetDirectory.DB.InterpolatedSql, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the plugin's own table and a %s placeholder per id; on the provider_dispute key.
		$lost = $wpdb->get_col( $wpdb->prepare( "SELECT provider_dispute_id FROM {$table} WHERE provider = %s AND outcome = 'lost' AND provider_dispute_id IN (" . implode( ', ', array_fill( 0, count( $ids ), '%s' ) ) . ')', array_merge( array( $provider ), $ids ) ) );
		return array_fill_keys( array_map( 'strval', is_array( $lost ) ? $lost : array() ), true );
	}

	/**
	 * Which kind of line a transaction is.
	 *
	 * @param string $type               The provider's type.
	 * @param string $reporting_category The provider's reporting_category.
	 * @param bool   $from_this_site     Whether its donation is one of this site's.
	 */
	private static function kind_of( string $type, string $reporting_category, bool $from_this_site ): string {
		if ( in_array( $type, PayoutParts::FEE_TYPES, true ) ) {
			return StatementLine::FEE;
		}
		if ( ! $from_this_site ) {
			return StatementLine::OTHER;
		}
		if ( in_array( $type, self::PAYMENT_TYPES, true ) ) {
			return StatementLine::GIFT;
		}
		if ( in_array( $type, self::REFUND_TYPES, true ) ) {
			return StatementLine::REFUND;
		}
		if ( in_array( $reporting_category, self::DISPUTE_CATEGORIES, true ) || 'adjustment' === $type ) {
			return StatementLine::DISPUTE;
		}
		return StatementLine::OTHER;
	}

	/**
	 * The donor's name and the gift's frequency of each donation id (ids with no row left out).
	 *
	 * @param array $ids Donation ids (0: not from this site).
	 * @phpstan-param array<int> $ids
	 * @return array<int, array<string, string>>
	 */
	private function donors( array $ids ): array {
		$ids = array_values( array_unique( array_filter( $ids ) ) );
		if ( array() === $ids ) {
			return array();
		}
		global $wpdb;
		$table = Schema::table( 'donations' );
		$found = array();
		foreach ( array_chunk( $ids, 500 ) as $chunk ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, DonationWidgetDirectory.DB.InterpolatedSql -- the plugin's own table, and a %d placeholder per id; on the primary key.
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT id, donate_as, organisation_name, first_name, last_name, frequency FROM {$table} WHERE id IN (" . implode( ', ', array_fill( 0, count( $chunk ), '%d' ) ) . ')', $chunk ), ARRAY_A );
			foreach ( is_array( $rows ) ? $rows : array() as $row ) {
				$person                    = trim( $row['first_name'] . ' ' . $row['last_name'] );
				$found[ (int) $row['id'] ] = array(
					'name'      => 'organisation' === $row['donate_as'] && '' !== $row['organisation_name'] ? (string) $row['organisation_name'] : $person,
					'frequency' => DonationFormat::frequency( (string) $row['frequency'] ),
				);
			}
		}
		return $found;
	}

	/**
	 * The deposit's date: when it arrived at the bank (else when the provider made it).
	 *
	 * @param array<string, mixed> $payout payouts row.
	 */
	private static function date_of( array $payout ): string {
		foreach ( array( 'arrival_date', 'provider_created_at', 'created_at' ) as $column ) {
			if ( ! empty( $payout[ $column ] ) ) {
				return substr( (string) $payout[ $column ], 0, 10 );
			}
		}
		return gmdate( 'Y-m-d' );
	}

	/**
	 * The ids of the gateways that pay out (PayoutSource).
	 *
	 * @return list<string>
	 */
	private function paying_out(): array {
		return $this->gateways->ids( PayoutSource::class );
	}

	/**
	 * The names of the gateways that pay out, such as the card provider's.
	 */
	private function paying_out_names(): string {
		return implode( ', ', array_map( fn ( string $id ): string => $this->name_of( $id ), $this->paying_out() ) );
	}

	/**
	 * A stored provider id's name: its gateway's label (the id when the gateway is gone).
	 *
	 * @param string $provider The stored provider id.
	 */
	private function name_of( string $provider ): string {
		$gateway = $this->gateways->gateway( $provider );
		return null !== $gateway ? $gateway->label() : $provider;
	}
}
