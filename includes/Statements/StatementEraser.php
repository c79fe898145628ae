<?php
/**
 * The statements' personal data eraser.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Statements;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * WordPress's "Erase personal data" tool removes a donor's statements from the log.
 */
final class StatementEraser {

	/**
	 * Takes the log.
	 *
	 * @param StatementLog     $log    Statements sent.
	 * @param IssuedStatements $issued Statements as issued.
	 */
	public function __construct( private readonly StatementLog $log, private readonly IssuedStatements $issued ) {
	}

	/**
	 * The wp_privacy_personal_data_erasers filter.
	 *
	 * @param mixed $erasers Erasers so far.
	 * @return array<string, mixed>
	 */
	public function add_to( mixed $erasers ): array {
		$erasers                               = is_array( $erasers ) ? $erasers : array();
		$erasers['donation-widget-statements'] = array(
			'eraser_friendly_name' => __( 'Donation Widget tax statements', 'donation-widget' ),
			'callback'             => array( $this, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * Erases one donor's statements.
	 *
	 * @param string $email The donor's email.
	 * @return array{items_removed: bool, items_retained: bool, messages: list<string>, done: bool}
	 */
	public function erase( string $email ): array {
		return array(
			'items_removed'  => ( $this->log->erase( $email ) + $this->issued->erase( $email ) ) > 0,
			'items_retained' => false,
			'messages'       => array(),
			'done'           => true,
		);
	}
}
