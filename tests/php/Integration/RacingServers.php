<?php
/**
 * Races of several "web servers": PHP processes on the phpunit site, started together.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration;

/**
 * Starts one PHP process per command line, each booting the site with its own database
 * connection and printing "ready"; once every one is ready, tells all of them "go" at once, then
 * returns what each printed as JSON. A process that prints to its error output fails the test.
 */
trait RacingServers {

	/**
	 * Runs the race.
	 *
	 * @param string             $script  The server script.
	 * @param list<list<string>> $servers Each server's arguments.
	 * @return list<mixed> Each server's decoded JSON answer, in order.
	 */
	protected function race( string $script, array $servers ): array {
		$processes = array();
		foreach ( $servers as $arguments ) {
			$pipes       = array();
			$processes[] = array(
				proc_open(
					array_merge( array( PHP_BINARY, $script ), $arguments ),
					array(
						0 => array( 'pipe', 'r' ),
						1 => array( 'pipe', 'w' ),
						2 => array( 'pipe', 'w' ),
					),
					$pipes
				),
				$pipes,
			);
		}
		// Every server booted and connected, then all are told to go at once.
		foreach ( $processes as list( , $pipes ) ) {
			// Booting WordPress may take a while on a busy machine; a server that died answers at once.
			stream_set_timeout( $pipes[1], 300 );
			$this->assertSame( "ready\n", fgets( $pipes[1] ), 'a server did not start' );
		}
		foreach ( $processes as list( , $pipes ) ) {
			fwrite( $pipes[0], "go\n" );
			fflush( $pipes[0] );
		}
		$results = array();
		foreach ( $processes as list( $process, $pipes ) ) {
			fclose( $pipes[0] );
			$out = (string) stream_get_contents( $pipes[1] );
			$err = (string) stream_get_contents( $pipes[2] );
			fclose( $pipes[1] );
			fclose( $pipes[2] );
			proc_close( $process );
			$this->assertSame( '', trim( $err ), 'a server printed errors' );
			$results[] = json_decode( trim( $out ), true );
		}
		return $results;
	}
}
