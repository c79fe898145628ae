<?php
/**
 * `wp donation-widget seed`.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Cli;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Seeds a demo or test site with realistic donations (see DonationSeeder). Without WP-CLI, the
 * same work runs from bin/seed-donations.php.
 */
final class SeedCommand {

	/**
	 * Builds the command.
	 *
	 * @param DonationSeeder $seeder Does the work.
	 */
	public function __construct( private readonly DonationSeeder $seeder ) {
	}

	/**
	 * Adds realistic donations to a demo or test site (refused elsewhere).
	 *
	 * ## OPTIONS
	 *
	 * [--rows=<rows>]
	 * : How many donation rows.
	 * ---
	 * default: 10000
	 * ---
	 *
	 * [--seed=<seed>]
	 * : Random seed.
	 * ---
	 * default: 13
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp donation-widget seed --rows=1000000
	 *
	 * @param array<int, string>    $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args --rows, --seed.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		try {
			$result = $this->seeder->seed(
				max( 1, (int) ( $assoc_args['rows'] ?? 10000 ) ),
				(int) ( $assoc_args['seed'] ?? 13 ),
				static function ( int $written ): void {
					if ( 0 === $written % 100000 ) {
						// @phpstan-ignore class.notFound (WP-CLI defines it when it runs this command.)
						\WP_CLI::log( "{$written} rows" );
					}
				}
			);
		} catch ( \RuntimeException $error ) {
			// @phpstan-ignore class.notFound (as above.)
			\WP_CLI::error( $error->getMessage() );
			return;
		}
		// @phpstan-ignore class.notFound (as above.)
		\WP_CLI::success( self::summary( $result ) );
	}

	/**
	 * What a run wrote, for people.
	 *
	 * @param array{donations: int, subscriptions: int, seconds: float} $result What seed() answered.
	 */
	public static function summary( array $result ): string {
		return sprintf( 'Seeded %d donations (%d 4-weekly donations started) in %.1f s.', $result['donations'], $result['subscriptions'], $result['seconds'] );
	}
}
