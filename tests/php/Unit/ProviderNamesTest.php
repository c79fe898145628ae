<?php
/**
 * No production file outside a gateway folder names a payment provider, so a gateway is
 * everything in its two folders plus its registration lines.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit;

use PHPUnit\Framework\TestCase;

final class ProviderNamesTest extends TestCase {

	/**
	 * What is scanned, relative to the plugin root.
	 */
	private const SCANNED = array( 'includes', 'src', 'blocks', 'donation-widget.php', 'uninstall.php' );

	/**
	 * The gateways' own folders: everything about a provider belongs there.
	 */
	private const GATEWAY_FOLDERS = array(
		'includes/Gateways/Stripe/',
		'includes/Gateways/PayPal/',
		'src/payments/stripe/',
		'src/payments/paypal/',
	);

	/**
	 * A provider's name. "striped" (WordPress's table class) is no provider.
	 */
	private const NAME = '/stripe(?!d\b)|paypal/i';

	/**
	 * The files that may name a provider: file => array( reason, lines ), where lines is a
	 * pattern the allowed lines match (null: the whole file).
	 *
	 * @var array<string, array{0: string, 1: string|null}>
	 */
	private const ALLOWED = array(
		'includes/Gateways/GatewaysServiceProvider.php' => array(
			'The registration line: the gateways the plugin ships.',
			'/(Stripe|PayPal)\\\\/',
		),
		'src/payments/methods.ts'                       => array(
			'The registration line of the browser: the payment methods the widget ships.',
			'/from \'\.\/(stripe|paypal)[\/\']|^\s*payPalMethod,$/',
		),
		'src/payments/returns.ts'                       => array(
			'The registration line of the redirect returns: the gateways whose payments may leave the page.',
			'/from \'\.\/stripe\/redirect-return\'/',
		),
		'src/shared/config.ts'                          => array(
			'The keys of window.donationWidget.providerScripts that the server prints (the page contract); each gateway folder reads its own.',
			'/^\s*(stripe|paypal): (string|toText\( scripts\.(stripe|paypal) \)),?;?$/',
		),
		'includes/Cli/DonationSeeder.php'               => array(
			'Stored provider and method ids of the demo donations it writes.',
			'/\'(stripe|paypal)\'/',
		),
		'includes/SelfService/SubscriptionChanges.php'  => array(
			'A result code already in donors\' manage-page URLs (manage_result=…), kept so those URLs keep reading.',
			'/PROVIDER_REFUSED = \'stripe_refused\'/',
		),
		'includes/Books/Payouts/PayoutParts.php'        => array(
			'Stored balance-transaction types, as the card provider writes them on its own fees.',
			'/FEE_TYPES = array\( \'stripe_fee\', \'stripe_fx_fee\'/',
		),
	);

	/**
	 * The update-card widget collects a card with the card provider's fields and public key
	 * (docs/widget-contract.md, section 2.8), so its code may use them; its comments say "the
	 * card provider".
	 */
	private const CARD_UPDATE = array(
		'folder' => 'src/card-update/',
		'lines'  => '/^(?!\\s*(\\*|\\/\\/|\\/\\*))/',
	);

	public function test_no_production_file_outside_a_gateway_folder_names_a_provider(): void {
		$root = dirname( __DIR__, 3 );
		$hits = array();
		foreach ( $this->files( $root ) as $file ) {
			$lines = file( $root . '/' . $file );
			foreach ( false === $lines ? array() : $lines as $number => $line ) {
				if ( preg_match( self::NAME, $line ) && ! $this->allowed( $file, $line ) ) {
					$hits[] = $file . ':' . ( $number + 1 ) . ': ' . trim( $line );
				}
			}
		}
		$this->assertSame( array(), $hits, "These lines name a provider outside its gateway folder: move them into the gateway, or say the provider (the card provider, the wallet provider) or use the gateway's label().\n" . implode( "\n", $hits ) );
	}

	public function test_every_allowed_file_still_exists(): void {
		$root = dirname( __DIR__, 3 );
		foreach ( array_keys( self::ALLOWED ) as $file ) {
			$this->assertFileExists( $root . '/' . $file, 'Drop it from the allowlist.' );
		}
	}

	public function test_the_check_finds_a_provider_name_and_skips_table_stripes(): void {
		$this->assertSame( 1, preg_match( self::NAME, '// Made at Stripe.' ) );
		$this->assertSame( 1, preg_match( self::NAME, "'paypal' === \$provider" ) );
		$this->assertSame( 0, preg_match( self::NAME, '<table class="widefat striped">' ) );
		$this->assertFalse( $this->allowed( 'includes/Books/Example.php', 'new Stripe\\Fees()' ) );
		$this->assertTrue( $this->allowed( 'includes/Gateways/GatewaysServiceProvider.php', 'new Stripe\\StripeServiceProvider(),' ) );
		$this->assertFalse( $this->allowed( 'includes/Gateways/GatewaysServiceProvider.php', '// Stripe first.' ) );
		$this->assertTrue( $this->allowed( 'src/card-update/Form.tsx', "\t\tconst stripe = useStripe();" ) );
		$this->assertFalse( $this->allowed( 'src/card-update/Form.tsx', ' * Loaded with Stripe.js.' ) );
	}

	/**
	 * The scanned production files, relative to the root, gateway folders and tests left out.
	 *
	 * @param string $root Plugin root.
	 * @return list<string>
	 */
	private function files( string $root ): array {
		$files = array();
		foreach ( self::SCANNED as $scanned ) {
			if ( is_file( $root . '/' . $scanned ) ) {
				$files[] = $scanned;
				continue;
			}
			$tree = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $root . '/' . $scanned, \FilesystemIterator::SKIP_DOTS ) );
			foreach ( $tree as $file ) {
				$files[] = substr( $file->getPathname(), strlen( $root ) + 1 );
			}
		}
		$production = array_filter(
			$files,
			static function ( string $file ): bool {
				foreach ( self::GATEWAY_FOLDERS as $folder ) {
					if ( str_starts_with( $file, $folder ) ) {
						return false;
					}
				}
				// Tests beside the code are no production file.
				return ! str_contains( $file, '/__tests__/' ) && ! preg_match( '/\.test\.tsx?$/', $file );
			}
		);
		sort( $production );
		return array_values( $production );
	}

	/**
	 * Whether the allowlist lets this line of this file name a provider.
	 *
	 * @param string $file Relative path.
	 * @param string $line The line.
	 */
	private function allowed( string $file, string $line ): bool {
		if ( str_starts_with( $file, self::CARD_UPDATE['folder'] ) ) {
			return 1 === preg_match( self::CARD_UPDATE['lines'], $line );
		}
		if ( ! isset( self::ALLOWED[ $file ] ) ) {
			return false;
		}
		$lines = self::ALLOWED[ $file ][1];
		return null === $lines || 1 === preg_match( $lines, $line );
	}
}
