<?php
/**
 * Plugin Name: Donation Widget fault matrix: refused writes
 * Description: Test only. On the fault matrix's own site (tests/faults), makes the database refuse the next writes to one of the plugin's tables for one request, as a database under a lock timeout or a failover would.
 *
 * The matrix steers it per request with the X-Donation-Widget-Matrix-Refuse-Writes header (a
 * command-line call sets HTTP_X_DONATION_WIDGET_MATRIX_REFUSE_WRITES itself):
 *
 *   table=donations;writes=2;after=POST /v1/payment_intents/:id/confirm
 *
 * table:  the plugin table's short name (donations, refunds, payment_references …);
 * writes: how many INSERT / UPDATE / REPLACE / DELETE statements on it are refused (default 1);
 * after:  optional; the refusals start once a provider request of that method and path (after the
 *         provider's prefix, ":id" for one segment) has come back, answered or not: "right after
 *         the provider acted". Without it they start at once;
 * tag:    optional; named in the log line, so the matrix knows which of its cells it was.
 *
 * A refused write is sent to MariaDB as a SIGNAL, so it fails there as a real refusal would:
 * $wpdb returns false, sets last_error and logs "WordPress database error". Each refusal is
 * logged with "[fault matrix] refused write", so the matrix can tell it happened.
 *
 * It does nothing on any other site: tests/site/mu-plugins is copied into every local site, and
 * only the "matrix" site (DONATION_WIDGET_SITE) honours the header. Never shipped.
 *
 * @package DonationWidget
 */

// phpcs:disable -- a test-only must-use plugin outside the plugin's code.

if ( 'matrix' === getenv( 'DONATION_WIDGET_SITE' ) && isset( $_SERVER['HTTP_X_DONATION_WIDGET_MATRIX_REFUSE_WRITES'] ) ) {
	( static function ( string $steer ): void {
		parse_str( str_replace( ';', '&', $steer ), $fields );
		$table  = preg_replace( '/[^a-z_]/', '', (string) ( $fields['table'] ?? '' ) );
		$writes = max( 1, (int) ( $fields['writes'] ?? 1 ) );
		$after  = trim( (string) ( $fields['after'] ?? '' ) );
		$tag    = preg_replace( '/[^A-Za-z0-9_.:-]/', '', (string) ( $fields['tag'] ?? '' ) );
		if ( '' === $table ) {
			return;
		}
		$state = (object) array(
			'armed'  => '' === $after,
			'left'   => $writes,
			'table'  => $GLOBALS['table_prefix'] . 'donation_widget_' . $table,
			'method' => '',
			'path'   => null,
			'tag'    => $tag,
		);
		if ( '' !== $after ) {
			$parts         = preg_split( '/\s+/', $after, 2 );
			$state->method = strtoupper( (string) ( $parts[0] ?? '' ) );
			$segments      = array_map( static fn ( string $segment ): string => ':id' === $segment ? '[^/]+' : preg_quote( $segment, '#' ), explode( '/', (string) ( $parts[1] ?? '' ) ) );
			$state->path   = '#/(stripe|paypal)' . implode( '/', $segments ) . '$#';
			add_action(
				'http_api_debug',
				static function ( $response, $context, $class, $args, $url ) use ( $state ): void {
					$path = (string) wp_parse_url( (string) $url, PHP_URL_PATH );
					if ( ! $state->armed && strtoupper( (string) ( $args['method'] ?? 'GET' ) ) === $state->method && preg_match( $state->path, $path ) ) {
						$state->armed = true;
					}
				},
				10,
				5
			);
		}
		add_filter(
			'query',
			static function ( $query ) use ( $state ) {
				if ( ! $state->armed || $state->left < 1 || ! is_string( $query ) ) {
					return $query;
				}
				if ( ! preg_match( '/^\s*(INSERT|UPDATE|REPLACE|DELETE)\b[^`]*?`?' . preg_quote( $state->table, '/' ) . '`?(\s|$)/i', $query ) ) {
					return $query;
				}
				--$state->left;
				error_log( '[fault matrix] refused write (tag ' . $state->tag . ') to ' . $state->table . ': ' . substr( preg_replace( '/\s+/', ' ', $query ), 0, 120 ) );
				return "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'The fault matrix refused this write (lock wait timeout)'";
			}
		);
	} )( (string) $_SERVER['HTTP_X_DONATION_WIDGET_MATRIX_REFUSE_WRITES'] );
}
