<?php
/**
 * The offline gifts' own tables.
 *
 * @package DonationWidget
 */

namespace DonationWidget\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Database\Schema;

/**
 * The table offline_gifts holds what an offline gift has beyond its donation row (reference, note, who recorded
 * it, the gift it corrects or that corrected it); offline_gift_audit holds every change staff made to
 * one, field by field. Both keep records: never emptied on uninstall unless the data goes.
 */
final class OfflineGiftTables {

	/**
	 * The domain's name in Schema::version().
	 */
	public const DOMAIN = 'offline_gifts';

	/**
	 * Bump when a statement below changes.
	 */
	public const VERSION = '1';

	/**
	 * Short names of the tables.
	 */
	public const TABLES = array( 'offline_gifts', 'offline_gift_audit' );

	/**
	 * The CREATE TABLE statements, for dbDelta().
	 *
	 * @param string $charset The charset clause.
	 * @return list<string>
	 */
	public static function statements( string $charset ): array {
		$gifts = Schema::table( 'offline_gifts' );
		$audit = Schema::table( 'offline_gift_audit' );
		return array(
			"CREATE TABLE {$gifts} (
  donation_id bigint(20) unsigned NOT NULL,
  reference varchar(64) NOT NULL DEFAULT '',
  note text NOT NULL,
  recorded_by bigint(20) unsigned NOT NULL DEFAULT 0,
  recorded_at datetime NOT NULL,
  corrects_id bigint(20) unsigned NOT NULL DEFAULT 0,
  corrected_by_id bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (donation_id),
  KEY corrects_id (corrects_id)
) {$charset};",
			"CREATE TABLE {$audit} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  donation_id bigint(20) unsigned NOT NULL,
  user_id bigint(20) unsigned NOT NULL DEFAULT 0,
  changed_at datetime NOT NULL,
  field varchar(40) NOT NULL,
  before_value text NOT NULL,
  after_value text NOT NULL,
  PRIMARY KEY  (id),
  KEY donation_id (donation_id,id)
) {$charset};",
		);
	}
}
