<?php
/**
 * The import's own tables.
 *
 * @package DonationWidget
 */

namespace DonationWidget\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

/**
 * An upload is kept in the database, never in a local file or in PHP's memory between requests,
 * because the dry run and each batch of the import may run on any of several web servers. Each
 * row of the file is one row of history_import_rows (its cells as JSON), with the dry run's
 * verdict on it and, once imported, the donation it made.
 */
final class ImportTables {

	public const DOMAIN = 'history_import';

	/**
	 * Bump when a statement below changes.
	 */
	public const VERSION = '2';

	public const IMPORTS = 'history_imports';

	public const ROWS = 'history_import_rows';

	/**
	 * Registers the tables with the platform's schema.
	 */
	public static function register(): void {
		Schema::add_domain_tables( self::DOMAIN, self::VERSION, array( self::IMPORTS, self::ROWS ), array( self::class, 'statements' ) );
	}

	/**
	 * CREATE TABLE statements for dbDelta().
	 *
	 * @param string $charset The charset clause.
	 * @return list<string>
	 */
	public static function statements( string $charset ): array {
		$imports = Schema::table( self::IMPORTS );
		$rows    = Schema::table( self::ROWS );
		return array(
			// checked_upto / imported_upto are the last row_no each phase finished: a batch
			// records its progress by moving them, under the claim (claim_token, claimed_until).
			"CREATE TABLE {$imports} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  user_id bigint(20) unsigned NOT NULL DEFAULT 0,
  file_name varchar(191) NOT NULL DEFAULT '',
  file_bytes bigint(20) unsigned NOT NULL DEFAULT 0,
  encoding varchar(20) NOT NULL DEFAULT '',
  delimiter varchar(10) NOT NULL DEFAULT '',
  source varchar(20) NOT NULL DEFAULT '',
  source_site varchar(191) NOT NULL DEFAULT '',
  header mediumtext NOT NULL,
  mapping text NOT NULL,
  date_format varchar(20) NOT NULL DEFAULT '',
  date_source varchar(10) NOT NULL DEFAULT '',
  stage varchar(20) NOT NULL DEFAULT 'uploading',
  rows_total int(10) unsigned NOT NULL DEFAULT 0,
  checked_upto int(10) unsigned NOT NULL DEFAULT 0,
  rows_ok int(10) unsigned NOT NULL DEFAULT 0,
  rows_refused int(10) unsigned NOT NULL DEFAULT 0,
  imported_upto int(10) unsigned NOT NULL DEFAULT 0,
  rows_created int(10) unsigned NOT NULL DEFAULT 0,
  rows_present int(10) unsigned NOT NULL DEFAULT 0,
  claim_token char(32) DEFAULT NULL,
  claimed_until datetime DEFAULT NULL,
  stalls tinyint(3) unsigned NOT NULL DEFAULT 0,
  error varchar(255) NOT NULL DEFAULT '',
  cells_emptied tinyint(1) unsigned NOT NULL DEFAULT 0,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY stage (stage)
) {$charset};",
			"CREATE TABLE {$rows} (
  import_id bigint(20) unsigned NOT NULL,
  row_no int(10) unsigned NOT NULL,
  cells mediumtext NOT NULL,
  identity char(40) NOT NULL DEFAULT '',
  verdict varchar(20) NOT NULL DEFAULT '',
  detail varchar(255) NOT NULL DEFAULT '',
  donation_id bigint(20) unsigned DEFAULT NULL,
  PRIMARY KEY  (import_id,row_no),
  KEY import_identity (import_id,identity),
  KEY import_verdict (import_id,verdict,row_no)
) {$charset};",
		);
	}
}
