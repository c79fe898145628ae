<?php
/**
 * The Donors domain's tables.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donors;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

/**
 * The tables the Donors domain owns, registered with Database\Schema by its provider: created,
 * upgraded and dropped with the plugin's, so the platform learns nothing about donors.
 */
final class DonorTables {

	/**
	 * Bump whenever a statement below changes (Schema::version() includes it).
	 */
	public const VERSION = '1';

	/**
	 * Short names of the tables.
	 */
	public const TABLES = array( 'donors', 'donor_identities', 'donor_gifts', 'donor_audit' );

	/**
	 * CREATE TABLE statements, in the form dbDelta() reads.
	 *
	 * @param string $charset The charset clause.
	 * @return list<string>
	 */
	public static function statements( string $charset ): array {
		$donors     = Schema::table( 'donors' );
		$identities = Schema::table( 'donor_identities' );
		$gifts      = Schema::table( 'donor_gifts' );
		$audit      = Schema::table( 'donor_audit' );
		// One row per supporter, its figures derived from its gifts (DonorTotals). identity_hash
		// is the identity it was created for (UNIQUE: two servers creating one donor make one
		// row). merged_into leads every list key, so the list (merged_into = 0) sorts on any
		// column, filters on a date or the 4-weekly count, and searches a name or email prefix,
		// each as a range of one key.
		return array(
			"CREATE TABLE {$donors} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  kind varchar(20) NOT NULL DEFAULT 'individual',
  identity_hash char(40) NOT NULL,
  first_name varchar(50) NOT NULL DEFAULT '',
  last_name varchar(50) NOT NULL DEFAULT '',
  organisation_name varchar(160) NOT NULL DEFAULT '',
  name varchar(191) NOT NULL DEFAULT '',
  email varchar(100) NOT NULL DEFAULT '',
  gifts int(10) unsigned NOT NULL DEFAULT 0,
  given_cents bigint(20) NOT NULL DEFAULT 0,
  kept_cents bigint(20) NOT NULL DEFAULT 0,
  first_gift_at datetime DEFAULT NULL,
  last_gift_at datetime DEFAULT NULL,
  active_recurring int(10) unsigned NOT NULL DEFAULT 0,
  last_statement_at datetime DEFAULT NULL,
  merged_into bigint(20) unsigned NOT NULL DEFAULT 0,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY identity_hash (identity_hash),
  KEY list_name (merged_into,name),
  KEY list_email (merged_into,email),
  KEY list_last_name (merged_into,last_name),
  KEY list_given (merged_into,given_cents),
  KEY list_kept (merged_into,kept_cents),
  KEY list_gifts (merged_into,gifts),
  KEY list_first_gift (merged_into,first_gift_at),
  KEY list_last_gift (merged_into,last_gift_at),
  KEY list_last_statement (merged_into,last_statement_at),
  KEY list_active_recurring (merged_into,active_recurring)
) {$charset};",
			// Who a gift's details name: an individual's lower-cased email, an organisation's
			// lower-cased name and email (identity_hash: the SHA-1 of DonorIdentity::key(), UNIQUE,
			// so two servers meeting a new supporter at once record one identity).
			"CREATE TABLE {$identities} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  identity_hash char(40) NOT NULL,
  kind varchar(20) NOT NULL DEFAULT 'individual',
  email varchar(100) NOT NULL DEFAULT '',
  organisation_name varchar(160) NOT NULL DEFAULT '',
  donor_id bigint(20) unsigned NOT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY identity_hash (identity_hash),
  KEY email (email),
  KEY donor_id (donor_id)
) {$charset};",
			// Which donor each received gift counts for (a merge moves them).
			"CREATE TABLE {$gifts} (
  donation_id bigint(20) unsigned NOT NULL,
  donor_id bigint(20) unsigned NOT NULL,
  PRIMARY KEY  (donation_id),
  KEY donor_id (donor_id,donation_id)
) {$charset};",
			// Merges and other changes staff made to a donor: who, when, what.
			"CREATE TABLE {$audit} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  donor_id bigint(20) unsigned NOT NULL,
  user_id bigint(20) unsigned NOT NULL DEFAULT 0,
  event varchar(40) NOT NULL,
  detail text NOT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY donor_id (donor_id,id)
) {$charset};",
		);
	}
}
