<?php
/**
 * Donation Widget → Tax statements.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\AdminServiceProvider;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Blocks\Assets;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Statements\FinancialYear;
use DonationWidget\Statements\IssuedStatement;
use DonationWidget\Statements\IssuedStatements;
use DonationWidget\Statements\Statement;
use DonationWidget\Statements\StatementAmendments;
use DonationWidget\Statements\StatementDocument;
use DonationWidget\Statements\StatementLinks;
use DonationWidget\Statements\StatementLog;
use DonationWidget\Statements\StatementQuery;
use DonationWidget\Statements\StatementRuns;
use DonationWidget\Statements\StatementSchedule;
use DonationWidget\Statements\StatementSender;

/**
 * The end-of-financial-year statements of one year: send them all in the background and follow
 * the progress, download every donor's total as CSV, and, for one donor found by email, preview
 * each of their statements, send a test to yourself, and send or resend it. Every action is a
 * nonce-checked POST (or nonce-signed download) for staff with the donations capability.
 *
 * A year that has ended also lists the amended statements waiting to be sent (a refund or
 * chargeback changed a gift after its statement was issued) with "Send amended statements";
 * one donor's view lists every statement issued to them, original and amended, as issued.
 */
final class StatementsPage {

	public const SLUG = 'donation-widget-statements';

	public const ACTION = 'donation_widget_statement';

	public const START_ACTION = 'donation_widget_send_statements';

	public const CSV_ACTION = 'donation_widget_statement_totals';

	public const AMENDED_ACTION = 'donation_widget_send_amended_statements';

	public const SCRIPT_HANDLE = Assets::ADMIN_STATEMENT_PROGRESS_HANDLE;

	/**
	 * How many waiting amendments the year's list shows.
	 */
	private const AMENDMENTS_SHOWN = 50;

	/**
	 * How many past years the year menu offers.
	 */
	private const YEARS_SHOWN = 7;

	/**
	 * Builds the screen.
	 *
	 * @param StatementQuery      $query      Reads statements.
	 * @param StatementLog        $log        Which were sent.
	 * @param StatementRuns       $runs       Runs of "Send all".
	 * @param StatementSender     $sender     Sends.
	 * @param StatementDocument   $document   Previews.
	 * @param StatementLinks      $links      Printable links.
	 * @param StatementSchedule   $schedule   Background passes.
	 * @param IssuedStatements    $issued     Statements as issued.
	 * @param StatementAmendments $amendments Amended statements.
	 */
	public function __construct(
		private readonly StatementQuery $query,
		private readonly StatementLog $log,
		private readonly StatementRuns $runs,
		private readonly StatementSender $sender,
		private readonly StatementDocument $document,
		private readonly StatementLinks $links,
		private readonly StatementSchedule $schedule,
		private readonly IssuedStatements $issued,
		private readonly StatementAmendments $amendments
	) {
	}

	/**
	 * Adds "Tax statements" under the Donation Widget menu.
	 */
	public function add_menu(): void {
		add_submenu_page(
			AdminServiceProvider::MENU_SLUG,
			__( 'Tax statements', 'donation-widget' ),
			__( 'Tax statements', 'donation-widget' ),
			DonationsCapability::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
	}

	/**
	 * The screen's URL.
	 *
	 * @param array<string, string> $args More query arguments.
	 */
	public static function url( array $args = array() ): string {
		return add_query_arg( array( 'page' => self::SLUG ) + array_map( 'rawurlencode', $args ), admin_url( 'admin.php' ) );
	}

	/**
	 * The year shown: the request's, else the latest that has ended.
	 *
	 * @param array<string, mixed> $request Query or form fields.
	 */
	private static function year_of( array $request ): FinancialYear {
		return FinancialYear::from_input( $request['year'] ?? null ) ?? FinancialYear::latest_completed();
	}

	/**
	 * Prints the screen.
	 */
	public function render(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see tax statements.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		$request = wp_unslash( $_GET ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- viewing changes nothing.
		$year    = self::year_of( $request );
		$email   = isset( $request['email'] ) && is_string( $request['email'] ) ? sanitize_email( $request['email'] ) : '';

		echo '<div class="wrap"><h1>' . esc_html__( 'Tax statements', 'donation-widget' ) . '</h1>';
		$this->notice( isset( $request['done'] ) && is_string( $request['done'] ) ? sanitize_key( $request['done'] ) : '', $request );
		echo '<p>' . esc_html__( 'After 30 June, each donor whose gifts in the financial year total $2 or more gets one statement of every gift, for their tax return. Gifts made in an organisation\'s name go on a separate statement in that organisation\'s name. Fully refunded gifts are left out; a partly refunded gift is listed at the amount kept (what was given less what was refunded).', 'donation-widget' ) . '</p>';

		printf( '<form method="get" action="%s"><input type="hidden" name="page" value="%s" />', esc_url( admin_url( 'admin.php' ) ), esc_attr( self::SLUG ) );
		printf( '<p><label for="donation-widget-statement-year">%s</label> <select id="donation-widget-statement-year" name="year">', esc_html__( 'Financial year', 'donation-widget' ) );
		// The year under way first, so its gifts so far can be previewed and totalled.
		$current = FinancialYear::current();
		printf( '<option value="%d"%s>%s</option>', (int) $current->ending, selected( $current->ending, $year->ending, false ), esc_html( self::year_label( $current ) ) );
		$latest = FinancialYear::latest_completed();
		for ( $i = 0; $i < self::YEARS_SHOWN; $i++ ) {
			$option = new FinancialYear( $latest->ending - $i );
			printf( '<option value="%d"%s>%s</option>', (int) $option->ending, selected( $option->ending, $year->ending, false ), esc_html( $option->label() ) );
		}
		printf( '</select> <button type="submit" class="button">%s</button></p></form>', esc_html__( 'Show', 'donation-widget' ) );

		if ( isset( $request['confirm'] ) && $year->has_ended() ) {
			$this->confirm_send_all( $year );
			echo '</div>';
			return;
		}
		$this->send_all_section( $year );
		if ( $year->has_ended() ) {
			$this->amendments_section( $year );
		}
		$this->donor_section( $year, $email );
		echo '</div>';
	}

	/**
	 * "Send all", its progress and the CSV download.
	 *
	 * @param FinancialYear $year The year.
	 */
	private function send_all_section( FinancialYear $year ): void {
		/* translators: %s: a financial year, such as 2025–26. */
		printf( '<h2>%s</h2>', esc_html( sprintf( __( 'Every statement for %s', 'donation-widget' ), self::year_label( $year ) ) ) );
		$run = $this->runs->find( $year );
		if ( null !== $run ) {
			$this->progress_panel( $year );
		}
		if ( $year->has_ended() ) {
			// The button only asks: the next screen names the count and sends. Works without JavaScript.
			printf( '<form method="get" action="%s">', esc_url( admin_url( 'admin.php' ) ) );
			printf( '<input type="hidden" name="page" value="%s" /><input type="hidden" name="year" value="%d" /><input type="hidden" name="confirm" value="send-all" />', esc_attr( self::SLUG ), (int) $year->ending );
			echo '<p>' . esc_html__( 'Statements are sent in batches in the background and go out through the email queue. A statement already sent is not sent again (resend one below).', 'donation-widget' ) . '</p>';
			/* translators: %s: a financial year, such as 2025–26. */
			printf( '<p><button type="submit" class="button button-primary">%s</button></p></form>', esc_html( sprintf( __( 'Send all statements for %s', 'donation-widget' ), $year->label() ) ) );
		} else {
			echo '<p>' . esc_html__( 'This financial year has not ended yet: its statements can be sent after 30 June.', 'donation-widget' ) . '</p>';
		}
		printf(
			'<p><a class="button" href="%s">%s</a></p>',
			esc_url( self::csv_url( $year ) ),
			esc_html__( 'Download totals per donor (CSV)', 'donation-widget' )
		);
	}

	/**
	 * The year's amended statements waiting to be sent, and the button that sends them.
	 *
	 * @param FinancialYear $year The year, ended.
	 */
	private function amendments_section( FinancialYear $year ): void {
		$count = $this->issued->pending_count( $year );
		/* translators: %s: a financial year, such as 2025–26. */
		printf( '<h2 id="donation-widget-amended">%s</h2>', esc_html( sprintf( __( 'Amended statements for %s', 'donation-widget' ), $year->label() ) ) );
		echo '<p>' . esc_html__( 'A statement stays as it was issued. When a gift on it is refunded, lost to a chargeback or changed afterwards, an amended statement is prepared here. It replaces the earlier statement and shows what changed. Nothing is sent to the donor until you send it.', 'donation-widget' ) . '</p>';
		if ( 0 === $count ) {
			echo '<p>' . esc_html__( 'No amended statements are waiting to be sent.', 'donation-widget' ) . '</p>';
			return;
		}
		printf( '<table class="widefat striped donation-widget-amended-statements" style="max-width:960px"><caption class="screen-reader-text">%s</caption><thead><tr>', esc_html__( 'Amended statements waiting to be sent', 'donation-widget' ) );
		foreach ( array( __( 'Donor', 'donation-widget' ), __( 'Replaces statement', 'donation-widget' ), __( 'Was', 'donation-widget' ), __( 'Now', 'donation-widget' ), __( 'Difference', 'donation-widget' ) ) as $heading ) {
			printf( '<th scope="col">%s</th>', esc_html( $heading ) );
		}
		echo '</tr></thead><tbody>';
		foreach ( $this->issued->pending_list( $year, self::AMENDMENTS_SHOWN ) as $amendment ) {
			$was       = null !== $amendment->replaces ? $amendment->replaces->total_cents : 0;
			$statement = $amendment->statement;
			$donor     = '' !== $statement->name ? $statement->name . ' – ' . $statement->email : $statement->email;
			printf(
				'<tr><td><a href="%1$s">%2$s</a></td><td>%3$s</td><td>%4$s</td><td>%5$s</td><td>%6$s</td></tr>',
				esc_url(
					self::url(
						array(
							'year'  => (string) $year->ending,
							'email' => $statement->email,
						)
					)
				),
				esc_html( $donor ),
				esc_html( StatementDocument::replaces_line( $amendment ) ),
				esc_html( DonationFormat::money( $was ) ),
				esc_html( DonationFormat::money( $amendment->total_cents ) ),
				esc_html( StatementDocument::signed_money( $amendment->total_cents - $was ) )
			);
		}//end foreach
		echo '</tbody></table>';
		if ( $count > self::AMENDMENTS_SHOWN ) {
			/* translators: 1: number shown, 2: number waiting. */
			echo '<p>' . esc_html( sprintf( __( 'Showing the first %1$s of %2$s.', 'donation-widget' ), number_format_i18n( self::AMENDMENTS_SHOWN ), number_format_i18n( $count ) ) ) . '</p>';
		}
		printf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s" /><input type="hidden" name="year" value="%d" />', esc_attr( self::AMENDED_ACTION ), (int) $year->ending );
		wp_nonce_field( self::AMENDED_ACTION );
		printf(
			'<p><button type="submit" class="button button-primary">%s</button></p></form>',
			esc_html(
				sprintf(
					/* translators: %s: number of amended statements, such as 3. */
					_n( 'Send %s amended statement', 'Send %s amended statements', $count, 'donation-widget' ),
					number_format_i18n( $count )
				)
			)
		);
	}

	/**
	 * The step before "Send all": how many statements the year has and how many went out
	 * already, then the button that starts sending, or Cancel.
	 *
	 * @param FinancialYear $year The year, ended.
	 */
	private function confirm_send_all( FinancialYear $year ): void {
		$count = $this->query->count_of( $year );
		$sent  = $this->log->counts( $year )[ StatementLog::SENT ];
		/* translators: %s: a financial year, such as 2025–26. */
		printf( '<h2>%s</h2>', esc_html( sprintf( __( 'Send all statements for %s?', 'donation-widget' ), $year->label() ) ) );
		echo '<p>' . esc_html(
			sprintf(
				/* translators: 1: number of statements, such as 1,200; 2: a financial year, such as 2025–26. */
				_n( '%2$s has %1$s statement: one per donor, and per organisation, whose gifts total $2 or more.', '%2$s has %1$s statements: one per donor, and per organisation, whose gifts total $2 or more.', $count, 'donation-widget' ),
				number_format_i18n( $count ),
				$year->label()
			)
		) . '</p>';
		if ( $sent > 0 ) {
			echo '<p>' . esc_html(
				sprintf(
					/* translators: %s: number of statements, such as 300. */
					_n( '%s of them was already sent and is not sent again.', '%s of them were already sent and are not sent again.', $sent, 'donation-widget' ),
					number_format_i18n( $sent )
				)
			) . '</p>';
		}
		printf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s" /><input type="hidden" name="year" value="%d" />', esc_attr( self::START_ACTION ), (int) $year->ending );
		wp_nonce_field( self::START_ACTION );
		printf(
			'<p><button type="submit" class="button button-primary">%s</button> <a class="button" href="%s">%s</a></p></form>',
			esc_html(
				sprintf(
					/* translators: 1: number of statements, such as 1,200; 2: a financial year, such as 2025–26. */
					_n( 'Send %1$s statement for %2$s', 'Send %1$s statements for %2$s', max( 0, $count - $sent ), 'donation-widget' ),
					number_format_i18n( max( 0, $count - $sent ) ),
					$year->label()
				)
			),
			esc_url( self::url( array( 'year' => (string) $year->ending ) ) ),
			esc_html__( 'Cancel', 'donation-widget' )
		);
	}

	/**
	 * A year as the menu and headings name it: the year under way is "to date".
	 *
	 * @param FinancialYear $year The year.
	 */
	private static function year_label( FinancialYear $year ): string {
		/* translators: %s: a financial year, such as 2026–27. */
		return $year->has_ended() ? $year->label() : sprintf( __( '%s (to date)', 'donation-widget' ), $year->label() );
	}

	/**
	 * The progress of a year's run; the statement-progress script keeps it current.
	 *
	 * @param FinancialYear $year The year.
	 */
	private function progress_panel( FinancialYear $year ): void {
		$progress = $this->progress( $year );
		$done     = StatementRuns::DONE === $progress['status'];
		printf(
			'<div class="notice %1$s inline donation-widget-statement-progress" data-status="%2$s" data-path="%3$s" data-unreachable="%4$s">',
			esc_attr( $done ? 'notice-success' : 'notice-info' ),
			esc_attr( $progress['status'] ),
			esc_attr( StatementsRestController::batch_path( $year ) ),
			esc_attr__( 'The progress could not be read. Sending goes on in the background: reload this page to check on it.', 'donation-widget' )
		);
		printf( '<p><label for="donation-widget-statement-bar" class="donation-widget-statement-label">%s</label></p>', esc_html( $progress['label'] ) );
		$max   = max( 1, $progress['total'] );
		$value = $done ? $max : $progress['done'];
		printf(
			'<p><progress id="donation-widget-statement-bar" max="%1$s" value="%2$s">%3$s</progress></p>',
			esc_attr( (string) $max ),
			esc_attr( (string) $value ),
			esc_html( number_format_i18n( $progress['done'] ) )
		);
		echo '<p class="donation-widget-statement-status" role="status" aria-live="polite"></p></div>';
		if ( ! $done ) {
			wp_enqueue_script( self::SCRIPT_HANDLE );
		}
	}

	/**
	 * What staff are told about a year's run, for the panel and the progress requests.
	 *
	 * @param FinancialYear $year The year.
	 * @return array{status: string, total: int, done: int, label: string}
	 */
	public function progress( FinancialYear $year ): array {
		$run    = $this->runs->find( $year );
		$counts = $this->log->counts( $year );
		$total  = array_sum( $counts );
		$done   = $counts[ StatementLog::SENT ] + $counts[ StatementLog::SKIPPED ];
		$status = null === $run ? '' : $run['status'];
		if ( StatementRuns::FINDING === $status ) {
			/* translators: %s: number of statements found so far, such as 1,200. */
			$label = sprintf( __( 'Finding donors: %s statements so far.', 'donation-widget' ), number_format_i18n( $total ) );
		} elseif ( StatementRuns::SENDING === $status ) {
			/* translators: 1: statements sent so far, such as 1,200; 2: statements to send, such as 4,000. */
			$label = sprintf( __( 'Sending statements: %1$s of %2$s', 'donation-widget' ), number_format_i18n( $done ), number_format_i18n( $total ) );
		} else {
			/* translators: 1: number of statements, such as 4,000; 2: a financial year, such as 2025–26. */
			$label = sprintf( _n( 'Done: %1$s statement for %2$s is sent.', 'Done: %1$s statements for %2$s are sent.', $counts[ StatementLog::SENT ], 'donation-widget' ), number_format_i18n( $counts[ StatementLog::SENT ] ), $year->label() );
		}
		return array(
			'status' => $status,
			'total'  => $total,
			'done'   => $done,
			'label'  => $label,
		);
	}

	/**
	 * One donor: find by email, then each statement's preview and actions.
	 *
	 * @param FinancialYear $year  The year.
	 * @param string        $email The address asked for, or ''.
	 */
	private function donor_section( FinancialYear $year, string $email ): void {
		printf( '<h2>%s</h2>', esc_html__( 'One donor\'s statement', 'donation-widget' ) );
		printf( '<form method="get" action="%s"><input type="hidden" name="page" value="%s" /><input type="hidden" name="year" value="%d" />', esc_url( admin_url( 'admin.php' ) ), esc_attr( self::SLUG ), (int) $year->ending );
		printf(
			'<p><label for="donation-widget-statement-email">%s</label> <input type="email" id="donation-widget-statement-email" name="email" class="regular-text" value="%s" required /> <button type="submit" class="button">%s</button></p></form>',
			esc_html__( 'Donor email', 'donation-widget' ),
			esc_attr( $email ),
			esc_html__( 'Preview statement', 'donation-widget' )
		);
		if ( '' === $email ) {
			return;
		}
		$statements = $this->query->statements_of( $email, $year );
		$issued     = array();
		if ( $year->has_ended() ) {
			// On demand: a change made before changes were followed still prepares its amendment.
			$organisations = array();
			foreach ( $this->issued->of_donor( $email, $year ) as $statement ) {
				$organisations[ strtolower( $statement->statement->organisation ) ] = $statement->statement;
			}
			foreach ( $organisations as $statement ) {
				$this->amendments->prepare( $year, $statement->email, $statement->organisation );
			}
			foreach ( $this->issued->of_donor( $email, $year ) as $statement ) {
				$issued[ strtolower( $statement->statement->organisation ) ][] = $statement;
			}
		}
		if ( array() === $statements && array() === $issued ) {
			/* translators: 1: an email address, 2: a financial year, such as 2025–26. */
			printf( '<div class="notice notice-info inline"><p>%s</p></div>', esc_html( sprintf( __( 'No statement for %1$s in %2$s: their paid gifts that year total less than $2, or there are none.', 'donation-widget' ), $email, $year->label() ) ) );
			return;
		}
		foreach ( $statements as $statement ) {
			$this->statement_panel( $statement );
			$this->issued_panel( $issued[ strtolower( $statement->organisation ) ] ?? array() );
			unset( $issued[ strtolower( $statement->organisation ) ] );
		}
		// Statements issued whose gifts were all refunded since: only their history is left.
		foreach ( $issued as $list ) {
			$name = $list[0]->statement->name;
			/* translators: 1: who the statement is issued to, 2: total, such as $1,052.50. */
			printf( '<h3>%s</h3>', esc_html( sprintf( __( 'Statement for %1$s: %2$s', 'donation-widget' ), '' !== $name ? $name : $email, DonationFormat::money( 0 ) ) ) );
			$this->issued_panel( $list );
		}
	}

	/**
	 * Every statement issued for one donor, organisation and year, as issued, and the amended
	 * statement waiting to be sent, with its button.
	 *
	 * @param IssuedStatement[] $list Oldest first.
	 */
	private function issued_panel( array $list ): void {
		if ( array() === $list ) {
			return;
		}
		printf( '<h4>%s</h4>', esc_html__( 'Statements issued', 'donation-widget' ) );
		printf( '<table class="widefat striped donation-widget-issued-statements" style="max-width:960px"><caption class="screen-reader-text">%s</caption><thead><tr>', esc_html__( 'Statements issued', 'donation-widget' ) );
		foreach ( array( __( 'Statement number', 'donation-widget' ), __( 'Statement', 'donation-widget' ), __( 'How', 'donation-widget' ), __( 'Issued on', 'donation-widget' ), __( 'Total', 'donation-widget' ) ) as $heading ) {
			printf( '<th scope="col">%s</th>', esc_html( $heading ) );
		}
		echo '</tr></thead><tbody>';
		$pending = null;
		foreach ( $list as $statement ) {
			if ( ! $statement->is_issued() ) {
				$pending = $statement;
			}
			$what = $statement->is_amended() ? StatementDocument::replaces_line( $statement ) : __( 'Original statement', 'donation-widget' );
			$when = $statement->is_issued() ? DonationFormat::date_time( $statement->issued_at ) : __( 'Not sent yet', 'donation-widget' );
			printf(
				'<tr><td>%1$s</td><td>%2$s</td><td>%3$s</td><td>%4$s</td><td>%5$s</td></tr>',
				esc_html( $statement->number() ),
				esc_html( $what ),
				esc_html( self::channel_label( $statement ) ),
				esc_html( $when ),
				esc_html( DonationFormat::money( $statement->total_cents ) )
			);
		}
		echo '</tbody></table>';
		foreach ( $list as $statement ) {
			if ( $statement->is_issued() ) {
				printf( '<details><summary>%s</summary><div style="background:#fff;border:1px solid #c3c4c7;padding:8px 24px;max-width:760px;">', esc_html( sprintf( /* translators: %s: a statement number, such as S000012. */ __( 'Show statement %s as issued', 'donation-widget' ), $statement->number() ) ) );
				echo wp_kses_post( $this->document->html( $statement->statement, $statement ) );
				echo '</div></details>';
			}
		}
		if ( null === $pending ) {
			return;
		}
		printf( '<div class="notice notice-warning inline"><p>%s</p></div>', esc_html__( 'A gift on the statement the donor holds has changed since it was issued. This amended statement is ready and will not be sent until you send it.', 'donation-widget' ) );
		printf( '<form method="post" action="%s" style="display:inline">', esc_url( admin_url( 'admin-post.php' ) ) );
		foreach (
			array(
				'action'    => self::ACTION,
				'do'        => 'send_amended',
				'year'      => (string) $pending->statement->year->ending,
				'email'     => $pending->statement->email,
				'statement' => (string) $pending->id,
			) as $name => $value
		) {
			printf( '<input type="hidden" name="%s" value="%s" />', esc_attr( $name ), esc_attr( $value ) );
		}
		wp_nonce_field( self::ACTION, '_wpnonce', false );
		printf( '<p><button type="submit" class="button button-primary">%s</button></p></form>', esc_html__( 'Send amended statement', 'donation-widget' ) );
		/* translators: %s: a statement number, such as S000013. */
		printf( '<div class="donation-widget-statement-preview" role="region" aria-label="%s" style="background:#fff;border:1px solid #c3c4c7;padding:8px 24px;max-width:760px;">', esc_attr( sprintf( __( 'Preview of amended statement %s', 'donation-widget' ), $pending->number() ) ) );
		echo wp_kses_post( $this->document->html( $pending->statement, $pending ) );
		echo '</div>';
	}

	/**
	 * How a statement reached the donor, in words.
	 *
	 * @param IssuedStatement $statement The statement.
	 */
	private static function channel_label( IssuedStatement $statement ): string {
		if ( ! $statement->is_issued() ) {
			return '—';
		}
		return IssuedStatement::BY_DOWNLOAD === $statement->channel ? __( 'Opened from the donor\'s link', 'donation-widget' ) : __( 'Emailed', 'donation-widget' );
	}

	/**
	 * One statement: who it is for, whether it was sent, the actions and the preview.
	 *
	 * @param Statement $statement The statement.
	 */
	private function statement_panel( Statement $statement ): void {
		$row  = $this->log->find_for( $statement->year, $statement->email, $statement->organisation );
		$sent = null !== $row && StatementLog::SENT === $row['status'];
		/* translators: 1: who the statement is issued to, 2: total, such as $1,052.50. */
		printf( '<h3>%s</h3>', esc_html( sprintf( __( 'Statement for %1$s: %2$s', 'donation-widget' ), '' !== $statement->name ? $statement->name : $statement->email, DonationFormat::money( $statement->total_cents() ) ) ) );
		printf(
			'<p>%s</p>',
			esc_html(
				$sent
					/* translators: %s: date and time. */
					? sprintf( __( 'Sent on %s.', 'donation-widget' ), DonationFormat::date_time( $row['sent_at'] ) )
					: __( 'Not sent yet.', 'donation-widget' )
			)
		);
		echo '<p>';
		$user = wp_get_current_user();
		/* translators: %s: the current user's email address. */
		$this->action_button( $statement, 'test', sprintf( __( 'Send a test to me (%s)', 'donation-widget' ), $user->user_email ), 'button' );
		echo ' ';
		$this->action_button( $statement, $sent ? 'resend' : 'send', $sent ? __( 'Resend statement', 'donation-widget' ) : __( 'Send statement', 'donation-widget' ), 'button button-primary' );
		printf(
			' <a class="button" href="%s" target="_blank" rel="noopener">%s</a>',
			esc_url( $this->links->url( $statement->email, $statement->organisation, $statement->year, StatementLinks::PAGE_SECONDS, null, true ) ),
			esc_html__( 'Open printable page', 'donation-widget' )
		);
		echo '</p>';
		/* translators: %s: who the statement is issued to. */
		printf( '<div class="donation-widget-statement-preview" role="region" aria-label="%s" style="background:#fff;border:1px solid #c3c4c7;padding:8px 24px;max-width:760px;">', esc_attr( sprintf( __( 'Preview of the statement for %s', 'donation-widget' ), '' !== $statement->name ? $statement->name : $statement->email ) ) );
		echo wp_kses_post( $this->document->html( $statement ) );
		echo '</div>';
	}

	/**
	 * A small POST form with one button acting on one statement.
	 *
	 * @param Statement $statement The statement.
	 * @param string    $what      test, send or resend.
	 * @param string    $label     Button text.
	 * @param string    $classes   Button classes.
	 */
	private function action_button( Statement $statement, string $what, string $label, string $classes ): void {
		printf( '<form method="post" action="%s" style="display:inline">', esc_url( admin_url( 'admin-post.php' ) ) );
		foreach (
			array(
				'action'       => self::ACTION,
				'do'           => $what,
				'year'         => (string) $statement->year->ending,
				'email'        => $statement->email,
				'organisation' => $statement->organisation,
			) as $name => $value
		) {
			printf( '<input type="hidden" name="%s" value="%s" />', esc_attr( $name ), esc_attr( $value ) );
		}
		wp_nonce_field( self::ACTION, '_wpnonce', false );
		printf( '<button type="submit" class="%s">%s</button></form>', esc_attr( $classes ), esc_html( $label ) );
	}

	/**
	 * A notice after an action.
	 *
	 * @param string               $done    What happened.
	 * @param array<string, mixed> $request The query (counts of amended statements sent).
	 */
	private function notice( string $done, array $request = array() ): void {
		if ( 'amended' === $done ) {
			$sent = isset( $request['sent'] ) && is_scalar( $request['sent'] ) ? absint( $request['sent'] ) : 0;
			$left = isset( $request['left'] ) && is_scalar( $request['left'] ) ? absint( $request['left'] ) : 0;
			/* translators: %s: number of amended statements, such as 3. */
			$message = sprintf( _n( '%s amended statement was queued to its donor.', '%s amended statements were queued to their donors.', $sent, 'donation-widget' ), number_format_i18n( $sent ) );
			if ( $left > 0 ) {
				/* translators: %s: number of amended statements, such as 3. */
				$message .= ' ' . sprintf( _n( '%s is still waiting: press Send again to send it.', '%s are still waiting: press Send again to send them.', $left, 'donation-widget' ), number_format_i18n( $left ) );
			}
			printf( '<div class="notice notice-%s inline"><p>%s</p></div>', esc_attr( $left > 0 ? 'warning' : 'success' ), esc_html( $message ) );
			return;
		}
		$notices = array(
			'test'         => array( 'success', __( 'A test statement was queued to your email address.', 'donation-widget' ) ),
			'sent'         => array( 'success', __( 'The statement was queued to the donor.', 'donation-widget' ) ),
			'already_sent' => array( 'warning', __( 'This statement was already sent, so it was not sent again. Use Resend statement to send it again.', 'donation-widget' ) ),
			'busy'         => array( 'error', __( 'The statement could not be sent just now. Please try again.', 'donation-widget' ) ),
			'none'         => array( 'error', __( 'There is no such statement: the donor\'s gifts that year total less than $2.', 'donation-widget' ) ),
			'started'      => array( 'info', __( 'Sending started. It goes on in the background, even if you leave this page.', 'donation-widget' ) ),
			'amended_sent' => array( 'success', __( 'The amended statement was queued to the donor.', 'donation-widget' ) ),
			'amended_busy' => array( 'error', __( 'The amended statement could not be sent just now: it may have been sent already. Please reload and check.', 'donation-widget' ) ),
		);
		if ( isset( $notices[ $done ] ) ) {
			printf( '<div class="notice notice-%s inline"><p>%s</p></div>', esc_attr( $notices[ $done ][0] ), esc_html( $notices[ $done ][1] ) );
		}
	}

	/**
	 * The admin-post.php handler of the per-statement buttons: test, send, resend.
	 */
	public function handle_action(): void {
		check_admin_referer( self::ACTION );
		$this->require_capability();
		$fields       = wp_unslash( $_POST ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked above by check_admin_referer().
		$year         = self::year_of( $fields );
		$email        = isset( $fields['email'] ) && is_string( $fields['email'] ) ? sanitize_email( $fields['email'] ) : '';
		$organisation = isset( $fields['organisation'] ) && is_string( $fields['organisation'] ) ? sanitize_text_field( $fields['organisation'] ) : '';
		$what         = isset( $fields['do'] ) && is_string( $fields['do'] ) ? sanitize_key( $fields['do'] ) : '';
		$statement    = '' !== $email ? $this->query->statement( $email, $organisation, $year ) : null;
		if ( 'send_amended' === $what ) {
			$number = isset( $fields['statement'] ) && is_scalar( $fields['statement'] ) ? absint( $fields['statement'] ) : 0;
			$done   = $number > 0 && 'sent' === $this->amendments->send( $number ) ? 'amended_sent' : 'amended_busy';
		} elseif ( null === $statement || ! in_array( $what, array( 'test', 'send', 'resend' ), true ) ) {
			$done = 'none';
		} elseif ( 'test' === $what ) {
			$done = $this->sender->send_test( $statement, wp_get_current_user()->user_email ) > 0 ? 'test' : 'busy';
		} else {
			$done = $this->sender->send( $statement, 'resend' === $what );
		}
		wp_safe_redirect(
			self::url(
				array(
					'year'  => (string) $year->ending,
					'email' => $email,
					'done'  => $done,
				)
			)
		);
		exit;
	}

	/**
	 * The admin-post.php handler of "Send all statements".
	 */
	public function handle_start(): void {
		check_admin_referer( self::START_ACTION );
		$this->require_capability();
		$year = self::year_of( wp_unslash( $_POST ) ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked above by check_admin_referer().
		if ( ! $year->has_ended() ) {
			wp_die( esc_html__( 'This financial year has not ended yet: its statements can be sent after 30 June.', 'donation-widget' ), '', array( 'response' => 400 ) );
		}
		$this->runs->start( $year, get_current_user_id() );
		$this->schedule->soon();
		wp_safe_redirect(
			self::url(
				array(
					'year' => (string) $year->ending,
					'done' => 'started',
				)
			)
		);
		exit;
	}

	/**
	 * The admin-post.php handler of "Send amended statements": sends the year's waiting
	 * amendments for up to 20 seconds, and says how many were sent and how many wait.
	 */
	public function handle_send_amended(): void {
		check_admin_referer( self::AMENDED_ACTION );
		$this->require_capability();
		$year   = self::year_of( wp_unslash( $_POST ) ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked above by check_admin_referer().
		$result = $this->amendments->send_year( $year );
		wp_safe_redirect(
			self::url(
				array(
					'year' => (string) $year->ending,
					'done' => 'amended',
					'sent' => (string) $result['sent'],
					'left' => (string) $result['left'],
				)
			)
		);
		exit;
	}

	/**
	 * The nonce-signed URL of the year's CSV.
	 *
	 * @param FinancialYear $year The year.
	 */
	public static function csv_url( FinancialYear $year ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'action' => self::CSV_ACTION,
					'year'   => $year->ending,
				),
				admin_url( 'admin-post.php' )
			),
			self::CSV_ACTION
		);
	}

	/**
	 * The admin-post.php handler of the CSV download.
	 */
	public function handle_csv(): void {
		check_admin_referer( self::CSV_ACTION );
		$this->require_capability();
		$year = self::year_of( wp_unslash( $_GET ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- checked above by check_admin_referer().
		if ( ! headers_sent() ) {
			nocache_headers();
			header( 'Content-Type: text/csv; charset=utf-8' );
			header( 'Content-Disposition: attachment; filename="' . StatementTotalsCsv::filename( $year ) . '"' );
			header( 'X-Content-Type-Options: nosniff' );
		}
		$out = fopen( 'php://output', 'wb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen, WordPress.WP.AlternativeFunctions.file_system_read_fopen -- (WPCS 3 and 2.3 codes) the response body, not a file.
		if ( false !== $out ) {
			( new StatementTotalsCsv( $this->query, $this->log ) )->write( $year, $out );
			fclose( $out ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose, WordPress.WP.AlternativeFunctions.file_system_read_fclose -- (WPCS 3 and 2.3 codes) the response body, not a file.
		}
	}

	/**
	 * Ends the request unless the user may act on donations.
	 */
	private function require_capability(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to send tax statements.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
	}
}
