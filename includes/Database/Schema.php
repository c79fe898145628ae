<?php
/**
 * The plugin's tables.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Database;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Table names and their CREATE statements, in the form dbDelta() reads.
 * Bump VERSION whenever a statement changes: activation and upgrades compare it.
 */
final class Schema {

	public const VERSION = '15';

	public const VERSION_OPTION = 'donation_widget_db_version';

	/**
	 * Short names of every table the plugin owns.
	 */
	public const TABLES = array( 'donations', 'payment_references', 'subscriptions', 'webhook_events', 'receipts', 'card_update_links', 'card_update_audit', 'mail_queue', 'rate_counters', 'exports', 'export_chunks', 'donation_totals', 'self_service_links', 'self_service_sessions', 'self_service_audit', 'self_service_requests', 'statements', 'statement_runs', 'issued_statements', 'donor_last_gifts', 'refunds', 'disputes', 'payouts', 'balance_transactions', 'report_totals', 'report_days', 'recurring_movements' );

	/**
	 * The full name of one of the plugin's tables.
	 *
	 * @param string $short_name One of TABLES.
	 */
	public static function table( string $short_name ): string {
		global $wpdb;
		return $wpdb->prefix . 'donation_widget_' . $short_name;
	}

	/**
	 * Tables a domain owns, added by its provider: name => its version, short table names and a
	 * callable giving its CREATE statements (called with the charset clause).
	 *
	 * @var array<string, array{version: string, tables: list<string>, statements: callable(string): list<string>}>
	 */
	private static array $domain_tables = array();

	/**
	 * Adds a domain's own tables: created, upgraded (dbDelta) and dropped with the plugin's, so
	 * the domain keeps its table definitions and this class learns nothing about it. Bump
	 * $version whenever a statement changes: it is part of version().
	 *
	 * @param string   $domain      The domain's name (such as 'donors').
	 * @param string   $version     The version of its tables.
	 * @param string[] $short_names Its tables' short names (Schema::table() gives the full ones).
	 * @param callable $statements  Its CREATE TABLE statements, given the charset clause.
	 * @phpstan-param list<string> $short_names
	 * @phpstan-param callable(string): list<string> $statements
	 */
	public static function add_domain_tables( string $domain, string $version, array $short_names, callable $statements ): void {
		self::$domain_tables[ $domain ] = array(
			'version'    => $version,
			'tables'     => $short_names,
			'statements' => $statements,
		);
	}

	/**
	 * The schema version the code expects: VERSION, then each domain's own (";donors=1"), so a
	 * change of either runs the upgrade. (int) of it is VERSION.
	 */
	public static function version(): string {
		$domains = self::$domain_tables;
		ksort( $domains );
		$version = self::VERSION;
		foreach ( $domains as $domain => $tables ) {
			$version .= ';' . $domain . '=' . $tables['version'];
		}
		return $version;
	}

	/**
	 * Short names of every table: the plugin's and the domains'.
	 *
	 * @return list<string>
	 */
	public static function all_tables(): array {
		$tables = self::TABLES;
		foreach ( self::$domain_tables as $domain ) {
			$tables = array_merge( $tables, $domain['tables'] );
		}
		return $tables;
	}

	/**
	 * CREATE TABLE statements of every table: the plugin's and the domains'.
	 *
	 * @return list<string>
	 */
	public static function all_statements(): array {
		global $wpdb;
		$statements = self::statements();
		foreach ( self::$domain_tables as $domain ) {
			$statements = array_merge( $statements, ( $domain['statements'] )( $wpdb->get_charset_collate() ) );
		}
		return $statements;
	}

	/**
	 * CREATE TABLE statements for dbDelta().
	 *
	 * @return list<string>
	 */
	public static function statements(): array {
		global $wpdb;
		$charset    = $wpdb->get_charset_collate();
		$donations  = self::table( 'donations' );
		$references = self::table( 'payment_references' );
		$recurring  = self::table( 'subscriptions' );
		$events     = self::table( 'webhook_events' );
		$links      = self::table( 'card_update_links' );
		$audit      = self::table( 'card_update_audit' );
		$receipts   = self::table( 'receipts' );
		$mail_queue = self::table( 'mail_queue' );
		$counters   = self::table( 'rate_counters' );
		$exports    = self::table( 'exports' );
		$chunks     = self::table( 'export_chunks' );
		$totals     = self::table( 'donation_totals' );
		$ss_links   = self::table( 'self_service_links' );
		$ss_session = self::table( 'self_service_sessions' );
		$ss_audit   = self::table( 'self_service_audit' );
		$ss_asked   = self::table( 'self_service_requests' );
		$statements = self::table( 'statements' );
		$stmt_runs  = self::table( 'statement_runs' );
		$issued     = self::table( 'issued_statements' );
		$last_gifts = self::table( 'donor_last_gifts' );
		$refunds    = self::table( 'refunds' );
		$disputes   = self::table( 'disputes' );
		$payouts    = self::table( 'payouts' );
		$balance    = self::table( 'balance_transactions' );
		$reports    = self::table( 'report_totals' );
		$movements  = self::table( 'recurring_movements' );
		$days       = self::table( 'report_days' );

		// Money is kept in cents so that sums never round. receipt_seq is the receipt number: NULL
		// until the money is received, then the next number (UNIQUE: never given twice). The
		// search_* keys start with a searched column and carry what a search sorts and sums
		// (created_at, status, currency, total_cents, and refunded_cents and dispute_lost_cents for
		// what was kept; id is in every InnoDB key), so a search counts, sums and pages its
		// matches from the keys alone, never from the rows. provider_created holds what a
		// provider's balance by month sums (Books\Payouts\HeldBalance), so that reads no row.
		return array(
			"CREATE TABLE {$donations} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  attempt_id varchar(64) NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'pending',
  frequency varchar(10) NOT NULL,
  method varchar(30) NOT NULL DEFAULT '',
  currency char(3) NOT NULL DEFAULT 'AUD',
  amount_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  cover_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  total_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  donate_as varchar(20) NOT NULL DEFAULT 'individual',
  organisation_name varchar(160) NOT NULL DEFAULT '',
  first_name varchar(50) NOT NULL DEFAULT '',
  last_name varchar(50) NOT NULL DEFAULT '',
  email varchar(100) NOT NULL DEFAULT '',
  mobile varchar(10) NOT NULL DEFAULT '',
  address_line1 varchar(100) NOT NULL DEFAULT '',
  address_line2 varchar(100) NOT NULL DEFAULT '',
  city varchar(80) NOT NULL DEFAULT '',
  state varchar(50) NOT NULL DEFAULT '',
  postcode varchar(20) NOT NULL DEFAULT '',
  country varchar(80) NOT NULL DEFAULT '',
  in_memory_of varchar(100) NOT NULL DEFAULT '',
  iteration_id varchar(64) NOT NULL DEFAULT '',
  utm_campaign varchar(191) NOT NULL DEFAULT '',
  utm_source varchar(191) NOT NULL DEFAULT '',
  utm_medium varchar(191) NOT NULL DEFAULT '',
  utm_content varchar(191) NOT NULL DEFAULT '',
  utm_term varchar(191) NOT NULL DEFAULT '',
  provider varchar(20) NOT NULL DEFAULT '',
  provider_reference varchar(191) NOT NULL DEFAULT '',
  payment_intent_id varchar(191) NOT NULL DEFAULT '',
  customer_id varchar(191) NOT NULL DEFAULT '',
  subscription_id varchar(191) NOT NULL DEFAULT '',
  failure_reason varchar(255) NOT NULL DEFAULT '',
  review_reason varchar(40) NOT NULL DEFAULT '',
  page_url varchar(255) NOT NULL DEFAULT '',
  payment_tries tinyint(3) unsigned NOT NULL DEFAULT 0,
  receipt_seq bigint(20) unsigned DEFAULT NULL,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  email_domain varchar(100) GENERATED ALWAYS AS (substring_index(email,'@',-1)) VIRTUAL,
  refunded_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  fee_cents bigint(20) unsigned DEFAULT NULL,
  net_cents bigint(20) DEFAULT NULL,
  balance_transaction_id varchar(191) NOT NULL DEFAULT '',
  payout_id varchar(191) NOT NULL DEFAULT '',
  dispute_status varchar(40) NOT NULL DEFAULT '',
  dispute_lost_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  dispute_fee_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (id),
  UNIQUE KEY attempt_id (attempt_id),
  UNIQUE KEY receipt_seq (receipt_seq),
  KEY status (status),
  KEY payment_intent_id (payment_intent_id),
  KEY subscription_id (subscription_id),
  KEY created_at (created_at),
  KEY provider_reference (provider_reference),
  KEY status_created (status,created_at),
  KEY method_created (method,created_at),
  KEY frequency_created (frequency,created_at),
  KEY total_cents (total_cents),
  KEY customer_id (customer_id),
  KEY search_email (email,created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents),
  KEY search_domain (email_domain,created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents),
  KEY search_first_last (first_name,last_name,created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents),
  KEY search_last (last_name,created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents),
  KEY search_organisation (organisation_name,created_at,status,currency,total_cents,refunded_cents,dispute_lost_cents),
  KEY subscription_latest (subscription_id,id,status),
  KEY status_currency_created (status,currency,created_at,email),
  KEY statement_donor (status,email,donate_as,organisation_name,created_at,total_cents),
  KEY payout_id (payout_id),
  KEY balance_transaction_id (balance_transaction_id),
  KEY dispute_created (dispute_status,created_at),
  KEY provider_created (provider,created_at,status,total_cents,fee_cents,net_cents,refunded_cents),
  KEY updated_at (updated_at)
) {$charset};",
			// Each provider payment (a wallet capture, a card charge) counts for one donation only.
			// The UNIQUE key makes the claim atomic across every web server.
			"CREATE TABLE {$references} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  provider varchar(20) NOT NULL,
  reference varchar(191) NOT NULL,
  donation_id bigint(20) unsigned NOT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY provider_reference (provider,reference),
  KEY donation_id (donation_id)
) {$charset};",
			// One row per 4-weekly subscription at the card provider: whether it still runs. donor_email is the
			// lower-cased email of its first donation (SubscriptionRepository keeps it), so the
			// recurring income counts its donors on the status_donor key without a join;
			// latest_status is the status of its latest donation (DonationRepository keeps it on
			// every insert and status change), so "past due" is counted on status_latest.
			"CREATE TABLE {$recurring} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  subscription_id varchar(191) NOT NULL,
  customer_id varchar(191) NOT NULL DEFAULT '',
  donation_id bigint(20) unsigned NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'incomplete',
  amount_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  cancelled_at datetime DEFAULT NULL,
  donor_email varchar(100) NOT NULL DEFAULT '',
  latest_status varchar(20) NOT NULL DEFAULT '',
  PRIMARY KEY  (id),
  UNIQUE KEY subscription_id (subscription_id),
  KEY customer_id (customer_id),
  KEY status (status),
  KEY donation_id (donation_id),
  KEY created_at (created_at),
  KEY status_created (status,created_at),
  KEY status_subscription (status,subscription_id,donation_id,amount_cents),
  KEY status_donor (status,donor_email,amount_cents),
  KEY status_latest (status,latest_status)
) {$charset};",
			// Webhook events already taken, so replays and parallel deliveries run once. api_version
			// is the shape the provider wrote the payload in (the endpoint's version), kept for
			// support: the listeners read the objects again in the plugin's pinned version.
			"CREATE TABLE {$events} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  event_id varchar(100) NOT NULL,
  type varchar(100) NOT NULL DEFAULT '',
  api_version varchar(40) NOT NULL DEFAULT '',
  status varchar(20) NOT NULL DEFAULT 'processing',
  outcome varchar(255) NOT NULL DEFAULT '',
  received_at datetime NOT NULL,
  processed_at datetime DEFAULT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY event_id (event_id),
  KEY received_at (received_at)
) {$charset};",
			// Every receipt emailed (automatically or resent by staff). automatic_donation_id is set
			// only on the automatic one, so its UNIQUE key lets one server claim it: a webhook and
			// the donor's browser completing the same donation cannot both send it.
			"CREATE TABLE {$receipts} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  donation_id bigint(20) unsigned NOT NULL,
  automatic_donation_id bigint(20) unsigned DEFAULT NULL,
  receipt_number varchar(40) NOT NULL DEFAULT '',
  status varchar(20) NOT NULL DEFAULT 'sending',
  sent_by bigint(20) unsigned NOT NULL DEFAULT 0,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY automatic_donation_id (automatic_donation_id),
  KEY donation_id (donation_id)
) {$charset};",
			// Card-update links: only the SHA-256 of each requestID is kept, never the requestID.
			// renewal_invoice_id is set on links emailed after a failed renewal: UNIQUE, so
			// webhook retries for the same invoice email the donor once.
			"CREATE TABLE {$links} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  token_hash char(64) NOT NULL,
  subscription_id varchar(191) NOT NULL,
  customer_id varchar(191) NOT NULL,
  email varchar(100) NOT NULL DEFAULT '',
  issued_by varchar(191) NOT NULL DEFAULT '',
  renewal_invoice_id varchar(191) DEFAULT NULL,
  created_at datetime NOT NULL,
  expires_at datetime NOT NULL,
  used_at datetime DEFAULT NULL,
  revoked_at datetime DEFAULT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY token_hash (token_hash),
  UNIQUE KEY renewal_invoice_id (renewal_invoice_id),
  KEY subscription_id (subscription_id)
) {$charset};",
			// Every issue and use of a card-update link: the subscription's history in the admin.
			"CREATE TABLE {$audit} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  link_id bigint(20) unsigned DEFAULT NULL,
  subscription_id varchar(191) NOT NULL DEFAULT '',
  event varchar(40) NOT NULL,
  actor varchar(191) NOT NULL DEFAULT '',
  detail varchar(255) NOT NULL DEFAULT '',
  ip varchar(45) NOT NULL DEFAULT '',
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY subscription_id (subscription_id),
  KEY link_id (link_id),
  KEY created_at (created_at)
) {$charset};",
			// Donor emails waiting for, or past, the background sender (Emails\MailQueue). A
			// worker takes a row with a conditional UPDATE (queued -> sending, with its own
			// claim_token), so two servers never send one row twice. status_due serves the
			// worker's "queued and due" query; donation_id and subscription_id the records.
			"CREATE TABLE {$mail_queue} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  kind varchar(30) NOT NULL,
  recipient varchar(100) NOT NULL,
  subject varchar(255) NOT NULL DEFAULT '',
  html longtext NOT NULL,
  text longtext NOT NULL,
  single_use tinyint(1) unsigned NOT NULL DEFAULT 0,
  donation_id bigint(20) unsigned NOT NULL DEFAULT 0,
  subscription_id varchar(191) NOT NULL DEFAULT '',
  source_id bigint(20) unsigned NOT NULL DEFAULT 0,
  resent_from bigint(20) unsigned NOT NULL DEFAULT 0,
  requested_by bigint(20) unsigned NOT NULL DEFAULT 0,
  status varchar(20) NOT NULL DEFAULT 'queued',
  attempts smallint(5) unsigned NOT NULL DEFAULT 0,
  next_attempt_at datetime NOT NULL,
  last_error varchar(255) NOT NULL DEFAULT '',
  claim_token char(32) DEFAULT NULL,
  claimed_at datetime DEFAULT NULL,
  sent_at datetime DEFAULT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY status_due (status,next_attempt_at),
  KEY status_claimed (status,claimed_at),
  KEY donation_id (donation_id),
  KEY subscription_id (subscription_id),
  KEY recipient (recipient),
  KEY created_at (created_at)
) {$charset};",
			// Rate-limit counters when the site has no persistent object cache: one row per
			// (bucket and visitor, window), counted by one atomic upsert whatever server runs it.
			// counter_key is a keyed hash, so no IP address is stored; expired rows are pruned daily.
			"CREATE TABLE {$counters} (
  counter_key char(64) NOT NULL,
  window_start bigint(20) unsigned NOT NULL,
  hits int(10) unsigned NOT NULL DEFAULT 0,
  expires_at bigint(20) unsigned NOT NULL,
  PRIMARY KEY  (counter_key,window_start),
  KEY expires_at (expires_at)
) {$charset};",
			// Background CSV exports (Exports\ExportJobs): one row per export staff started. A worker
			// takes the next batch with a conditional UPDATE (its claim_token, on the job's chunk
			// count, while no other lease is live), so two servers never write one batch twice.
			// rows_total is the count when it started; upto_id the highest donation id then.
			"CREATE TABLE {$exports} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  user_id bigint(20) unsigned NOT NULL,
  filters text NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'queued',
  rows_total bigint(20) unsigned NOT NULL DEFAULT 0,
  rows_done bigint(20) unsigned NOT NULL DEFAULT 0,
  last_id bigint(20) unsigned NOT NULL DEFAULT 0,
  upto_id bigint(20) unsigned NOT NULL DEFAULT 0,
  chunks int(10) unsigned NOT NULL DEFAULT 0,
  bytes bigint(20) unsigned NOT NULL DEFAULT 0,
  claim_token char(32) DEFAULT NULL,
  claimed_until datetime DEFAULT NULL,
  stalls smallint(5) unsigned NOT NULL DEFAULT 0,
  error varchar(255) NOT NULL DEFAULT '',
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  expires_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY status (status),
  KEY user_id (user_id),
  KEY expires_at (expires_at)
) {$charset};",
			// The file of each export, one row per batch in order (seq from 0), deflated; bytes is
			// the CSV's own length, so the download can announce its Content-Length. No local files:
			// every server can add a batch or send the file.
			"CREATE TABLE {$chunks} (
  export_id bigint(20) unsigned NOT NULL,
  seq int(10) unsigned NOT NULL,
  row_count int(10) unsigned NOT NULL DEFAULT 0,
  bytes bigint(20) unsigned NOT NULL DEFAULT 0,
  body longblob NOT NULL,
  PRIMARY KEY  (export_id,seq)
) {$charset};",
			// The donations list's and dashboard's totals, kept on write (Donations\DonationTotals):
			// one row per UTC day, status, method, frequency and currency, moved by an atomic
			// upsert in the same code paths that insert a donation or change its status or
			// method. Its size grows with days, not donations (a few dozen rows a day).
			"CREATE TABLE {$totals} (
  day date NOT NULL,
  status varchar(20) NOT NULL,
  method varchar(30) NOT NULL,
  frequency varchar(10) NOT NULL,
  currency char(3) NOT NULL,
  donations bigint(20) NOT NULL DEFAULT 0,
  total_cents bigint(20) NOT NULL DEFAULT 0,
  kept_cents bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (day,status,method,frequency,currency),
  KEY method (method)
) {$charset};",
			// Each donor's latest succeeded AUD donation (Donations\DonorLastGifts, kept on write
			// with the totals): the dashboard's "donors this month" is a count of one key range.
			// email_key is the lower-cased email: one donor whatever the case, as the rows count.
			"CREATE TABLE {$last_gifts} (
  email_key varchar(100) NOT NULL,
  last_gift_at datetime DEFAULT NULL,
  PRIMARY KEY  (email_key),
  KEY last_gift_at (last_gift_at)
) {$charset};",
			// Self-service ("Manage my donation") links: like card-update links, only the SHA-256 of
			// each token is kept; used_at is set by one conditional UPDATE, so a link opens once.
			"CREATE TABLE {$ss_links} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  token_hash char(64) NOT NULL,
  email varchar(100) NOT NULL DEFAULT '',
  page_id bigint(20) unsigned NOT NULL DEFAULT 0,
  created_at datetime NOT NULL,
  expires_at datetime NOT NULL,
  used_at datetime DEFAULT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY token_hash (token_hash),
  KEY email (email),
  KEY expires_at (expires_at)
) {$charset};",
			// The short session an opened self-service link becomes: the cookie holds a random
			// token, the table only its SHA-256 (no PHP sessions, nothing in memory or files).
			"CREATE TABLE {$ss_session} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  token_hash char(64) NOT NULL,
  email varchar(100) NOT NULL DEFAULT '',
  link_id bigint(20) unsigned NOT NULL DEFAULT 0,
  created_at datetime NOT NULL,
  expires_at datetime NOT NULL,
  ended_at datetime DEFAULT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY token_hash (token_hash),
  KEY expires_at (expires_at)
) {$charset};",
			// Every request, issue, opening and change made through self-service (no email address:
			// that stays on the link, one place to erase it from).
			"CREATE TABLE {$ss_audit} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  link_id bigint(20) unsigned DEFAULT NULL,
  session_id bigint(20) unsigned DEFAULT NULL,
  subscription_id varchar(191) NOT NULL DEFAULT '',
  event varchar(40) NOT NULL,
  detail varchar(255) NOT NULL DEFAULT '',
  ip varchar(45) NOT NULL DEFAULT '',
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY link_id (link_id),
  KEY session_id (session_id),
  KEY created_at (created_at)
) {$charset};",
			// "Email me a link" requests, known address or not, waiting for the background worker
			// (the request itself does the same work either way, so it answers in the same time).
			// A worker claims a row with a conditional UPDATE (its claim_token), then deletes it.
			"CREATE TABLE {$ss_asked} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  email varchar(100) NOT NULL DEFAULT '',
  page_id bigint(20) unsigned NOT NULL DEFAULT 0,
  ip varchar(45) NOT NULL DEFAULT '',
  created_at datetime NOT NULL,
  claim_token char(32) DEFAULT NULL,
  claimed_at datetime DEFAULT NULL,
  PRIMARY KEY  (id),
  KEY claimed_at (claimed_at)
) {$charset};",
			// End-of-financial-year statements (Statements\StatementLog): one row per donor email,
			// organisation ('' for the donor's own) and year, UNIQUE, so finding a donor twice
			// upserts one row; a sender takes a row with a conditional UPDATE (pending -> sending,
			// its claim_token), so two servers never send one statement twice. year_status serves
			// the progress counts and the next batch to send.
			"CREATE TABLE {$statements} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  year smallint(5) unsigned NOT NULL,
  email varchar(100) NOT NULL,
  organisation varchar(160) NOT NULL DEFAULT '',
  name varchar(160) NOT NULL DEFAULT '',
  gifts int(10) unsigned NOT NULL DEFAULT 0,
  total_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  status varchar(20) NOT NULL DEFAULT 'pending',
  claim_token char(32) DEFAULT NULL,
  claimed_at datetime DEFAULT NULL,
  sends smallint(5) unsigned NOT NULL DEFAULT 0,
  mail_id bigint(20) unsigned NOT NULL DEFAULT 0,
  sent_at datetime DEFAULT NULL,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY year_donor (year,email,organisation),
  KEY year_status (year,status)
) {$charset};",
			// "Send all statements" of a year (Statements\StatementRuns): finding its donors page
			// by page (cursor_email moved by compare-and-set), then sending, then done.
			"CREATE TABLE {$stmt_runs} (
  year smallint(5) unsigned NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'finding',
  cursor_email varchar(100) NOT NULL DEFAULT '',
  started_by bigint(20) unsigned NOT NULL DEFAULT 0,
  started_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  finished_at datetime DEFAULT NULL,
  PRIMARY KEY  (year)
) {$charset};",
			// Each statement as issued to its donor (Statements\IssuedStatements): its gifts and
			// total as they were then (gift_lines, JSON), so it reads back as issued, never recomputed.
			// An amended statement replaces the latest issued one (replaces_id). slot is 'original'
			// on a donor's first statement of a year and 'pending' on an amendment waiting for staff
			// to send it (NULL once that is issued), so UNIQUE one_slot keeps one of each per donor,
			// organisation and year: two servers issuing at once make one, and a second change
			// updates the waiting amendment. donor_year serves a donor's statements, year_status a
			// year's amendments waiting.
			"CREATE TABLE {$issued} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  year smallint(5) unsigned NOT NULL,
  email varchar(100) NOT NULL,
  organisation varchar(160) NOT NULL DEFAULT '',
  name varchar(160) NOT NULL DEFAULT '',
  kind varchar(20) NOT NULL DEFAULT 'original',
  replaces_id bigint(20) unsigned NOT NULL DEFAULT 0,
  status varchar(20) NOT NULL DEFAULT 'issued',
  slot varchar(10) DEFAULT NULL,
  channel varchar(20) NOT NULL DEFAULT '',
  lines_known tinyint(1) unsigned NOT NULL DEFAULT 1,
  gift_lines longtext NOT NULL,
  gifts int(10) unsigned NOT NULL DEFAULT 0,
  total_cents bigint(20) NOT NULL DEFAULT 0,
  claim_token char(32) DEFAULT NULL,
  claimed_at datetime DEFAULT NULL,
  mail_id bigint(20) unsigned NOT NULL DEFAULT 0,
  prepared_at datetime NOT NULL,
  issued_at datetime DEFAULT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY one_slot (year,email,organisation,slot),
  KEY donor_year (email,year,organisation),
  KEY year_status (year,status)
) {$charset};",
			// Money that went back to donors (Books\Refunds), made here or at the provider. A refund
			// started here first claims request_key (UNIQUE: the donation and how much of it was
			// refunded when the admin asked, so a double click or two admins at once make one);
			// provider_refund_id (UNIQUE with provider) makes a refund seen again, from the
			// provider's answer or its webhook, the same row.
			"CREATE TABLE {$refunds} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  donation_id bigint(20) unsigned NOT NULL,
  provider varchar(20) NOT NULL,
  provider_refund_id varchar(191) DEFAULT NULL,
  request_key varchar(80) DEFAULT NULL,
  amount_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  currency char(3) NOT NULL DEFAULT 'AUD',
  reason varchar(255) NOT NULL DEFAULT '',
  status varchar(20) NOT NULL DEFAULT 'requested',
  failure varchar(255) NOT NULL DEFAULT '',
  requested_by bigint(20) unsigned NOT NULL DEFAULT 0,
  balance_transaction_id varchar(191) NOT NULL DEFAULT '',
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY provider_refund (provider,provider_refund_id),
  UNIQUE KEY request_key (request_key),
  KEY donation_id (donation_id),
  KEY status_created (status,created_at)
) {$charset};",
			// Chargebacks (the card provider's disputes, cards and BECS): one row per provider dispute, moved by
			// its charge.dispute.* events; outcome is won or lost once closed.
			"CREATE TABLE {$disputes} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  donation_id bigint(20) unsigned NOT NULL DEFAULT 0,
  provider varchar(20) NOT NULL,
  provider_dispute_id varchar(191) NOT NULL,
  charge_id varchar(191) NOT NULL DEFAULT '',
  amount_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  fee_cents bigint(20) unsigned NOT NULL DEFAULT 0,
  currency char(3) NOT NULL DEFAULT 'AUD',
  reason varchar(60) NOT NULL DEFAULT '',
  status varchar(40) NOT NULL DEFAULT '',
  evidence_due_at datetime DEFAULT NULL,
  outcome varchar(10) NOT NULL DEFAULT '',
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY provider_dispute (provider,provider_dispute_id),
  KEY donation_id (donation_id),
  KEY status (status)
) {$charset};",
			// Bank deposits (the provider's payouts), each explained by its balance transactions: the
			// parts' sums and whether they add up to amount_cents exactly (check_status). Each
			// part is signed as it adds to the deposit (fee, refund and dispute negative), so
			// gross + fee + refund + dispute + other = amount_cents − difference_cents.
			"CREATE TABLE {$payouts} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  provider varchar(20) NOT NULL,
  payout_id varchar(191) NOT NULL,
  amount_cents bigint(20) NOT NULL DEFAULT 0,
  currency char(3) NOT NULL DEFAULT 'AUD',
  status varchar(20) NOT NULL DEFAULT '',
  arrival_date date DEFAULT NULL,
  provider_created_at datetime DEFAULT NULL,
  gross_cents bigint(20) NOT NULL DEFAULT 0,
  fee_cents bigint(20) NOT NULL DEFAULT 0,
  refund_cents bigint(20) NOT NULL DEFAULT 0,
  dispute_cents bigint(20) NOT NULL DEFAULT 0,
  other_cents bigint(20) NOT NULL DEFAULT 0,
  transactions int(10) unsigned NOT NULL DEFAULT 0,
  check_status varchar(20) NOT NULL DEFAULT 'unexplained',
  difference_cents bigint(20) NOT NULL DEFAULT 0,
  explained_at datetime DEFAULT NULL,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY provider_payout (provider,payout_id),
  KEY arrival_date (arrival_date),
  KEY check_status (check_status)
) {$charset};",
			// Every movement of the provider balance a payout is made of (the provider's
			// balance transactions: charges, refunds, disputes, fees, the payout itself), with the
			// donation it came from (0: not from this site).
			"CREATE TABLE {$balance} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  provider varchar(20) NOT NULL,
  transaction_id varchar(191) NOT NULL,
  payout_id varchar(191) NOT NULL DEFAULT '',
  type varchar(40) NOT NULL DEFAULT '',
  reporting_category varchar(60) NOT NULL DEFAULT '',
  amount_cents bigint(20) NOT NULL DEFAULT 0,
  fee_cents bigint(20) NOT NULL DEFAULT 0,
  net_cents bigint(20) NOT NULL DEFAULT 0,
  currency char(3) NOT NULL DEFAULT 'AUD',
  source_id varchar(191) NOT NULL DEFAULT '',
  donation_id bigint(20) unsigned NOT NULL DEFAULT 0,
  description varchar(255) NOT NULL DEFAULT '',
  provider_created_at datetime DEFAULT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY provider_transaction (provider,transaction_id),
  KEY payout_id (payout_id),
  KEY donation_id (donation_id),
  KEY source_id (source_id)
) {$charset};",
			// The reports' figures (Reports\ReportTotals), kept on write like donation_totals: one
			// row per day in the site's time zone (so a report's days and financial year are the
			// charity's) and what a report groups by, for donations whose money was received.
			"CREATE TABLE {$reports} (
  day date NOT NULL,
  frequency varchar(10) NOT NULL,
  method varchar(30) NOT NULL,
  currency char(3) NOT NULL,
  iteration_id varchar(64) NOT NULL DEFAULT '',
  utm_source varchar(191) NOT NULL DEFAULT '',
  utm_campaign varchar(191) NOT NULL DEFAULT '',
  donations bigint(20) NOT NULL DEFAULT 0,
  gross_cents bigint(20) NOT NULL DEFAULT 0,
  cover_cents bigint(20) NOT NULL DEFAULT 0,
  refunded_cents bigint(20) NOT NULL DEFAULT 0,
  fee_cents bigint(20) NOT NULL DEFAULT 0,
  dispute_lost_cents bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (day,frequency,method,currency,iteration_id,utm_source,utm_campaign)
) {$charset};",
			// Each site day's sums of report_totals (Reports\ReportTotals keeps both in the same
			// calls): a report by period reads one row per day.
			"CREATE TABLE {$days} (
  day date NOT NULL,
  currency char(3) NOT NULL,
  donations bigint(20) NOT NULL DEFAULT 0,
  gross_cents bigint(20) NOT NULL DEFAULT 0,
  cover_cents bigint(20) NOT NULL DEFAULT 0,
  refunded_cents bigint(20) NOT NULL DEFAULT 0,
  fee_cents bigint(20) NOT NULL DEFAULT 0,
  dispute_lost_cents bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (day,currency)
) {$charset};",
			// The 4-weekly donors' movements (Reports\RecurringMovements): one row per fact (a
			// subscription started, was cancelled, failed a renewal, was recovered by a card update)
			// and the site day it happened, so a period's counts are a key range.
			"CREATE TABLE {$movements} (
  movement varchar(12) NOT NULL,
  day date NOT NULL,
  subscription_id varchar(191) NOT NULL,
  PRIMARY KEY  (movement,day,subscription_id),
  KEY subscription_id (subscription_id)
) {$charset};",
		);
	}
}
