<?php
/**
 * The widget's files are printed as WordPress prints enqueued files, with nothing holding them back.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Blocks;

use DonationWidget\Blocks\Assets;
use DonationWidget\Blocks\WidgetRenderer;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class WidgetScriptsTest extends IntegrationTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->fresh_page();
	}

	protected function tearDown(): void {
		$this->fresh_page();
		parent::tearDown();
	}

	/**
	 * A page with nothing printed or enqueued yet.
	 */
	private function fresh_page(): void {
		foreach ( array( wp_scripts(), wp_styles() ) as $dependencies ) {
			$dependencies->queue = array();
			$dependencies->done  = array();
			$dependencies->to_do = array();
		}
		wp_scripts()->in_footer = array();
		// Registered afresh, as on a page: other tests leave their inline scripts and data on it.
		wp_deregister_script( WidgetRenderer::SCRIPT_HANDLE );
		$this->service( Assets::class )->register();
		$this->assertTrue( wp_script_is( WidgetRenderer::SCRIPT_HANDLE, 'registered' ), 'The front end is not built: run npm run build.' );
		wp_deregister_script( 'another-plugin' );
		wp_deregister_style( WidgetRenderer::PLACEHOLDER_STYLE_HANDLE );
	}

	/**
	 * What WordPress prints in the head (wp_head) and at the end of the page (wp_footer).
	 *
	 * @return array{0: string, 1: string} Head, footer.
	 */
	private function print_page(): array {
		ob_start();
		wp_styles()->do_items();
		wp_scripts()->do_head_items();
		$head = (string) ob_get_clean();
		ob_start();
		wp_scripts()->do_footer_items();
		return array( $head, (string) ob_get_clean() );
	}

	public function test_the_widget_files_are_printed_as_wordpress_prints_them_with_nothing_held_back(): void {
		do_blocks( '<!-- wp:donation-widget/donation-widget /-->' );
		$this->assertTrue( wp_style_is( WidgetRenderer::SCRIPT_HANDLE, 'enqueued' ) );
		$this->assertTrue( wp_style_is( WidgetRenderer::PLACEHOLDER_STYLE_HANDLE, 'enqueued' ) );

		list( $head, $footer ) = $this->print_page();
		$this->assertMatchesRegularExpression( "/<link [^>]*id='donation-widget-view-css'/", $head, 'The stylesheet is with the page\'s, so the widget never mounts unstyled.' );
		$this->assertStringNotContainsString( 'build/view.js', $head, 'The scripts do not hold up the page\'s first paint.' );
		foreach ( array( 'vendor/react.min.js', 'vendor/react-dom.min.js', 'dist/i18n.min.js', 'build/view.js', 'window.donationWidget = {', 'wp.i18n.setLocaleData' ) as $part ) {
			$this->assertStringContainsString( $part, $footer );
		}
		$this->assertLessThan( strpos( $footer, 'build/view.js' ), strpos( $footer, 'dist/i18n.min.js' ), 'In WordPress\'s order.' );
		$this->assertMatchesRegularExpression( '#src="[^"]*build/view\.js[^"]*" id="donation-widget-view-js" defer#', $footer );
		// Nothing inert for a loader script to move in later.
		foreach ( array( '<template', 'requestAnimationFrame', 'PerformanceObserver', 'donation-widget-scripts' ) as $held_back ) {
			$this->assertStringNotContainsString( $held_back, $head . $footer );
		}

		// Printed once: WordPress's own footer scripts do not print them again.
		ob_start();
		wp_scripts()->do_items( false, 1 );
		$this->assertStringNotContainsString( 'build/view.js', (string) ob_get_clean() );
	}

	public function test_a_script_another_script_on_the_page_needs_is_printed_once_before_both(): void {
		wp_enqueue_script( 'another-plugin', 'https://example.org/another.js', array( 'wp-i18n' ), '1', true );
		do_blocks( '<!-- wp:donation-widget/donation-widget /-->' );

		list( , $footer ) = $this->print_page();
		$this->assertSame( 1, substr_count( $footer, 'dist/i18n.min.js' ) );
		$this->assertSame( 1, substr_count( $footer, 'dist/hooks.min.js' ) );
		$this->assertLessThan( strpos( $footer, 'example.org/another.js' ), strpos( $footer, 'dist/i18n.min.js' ), 'Another plugin may call wp.i18n as soon as its script runs.' );
		$this->assertStringContainsString( 'vendor/react.min.js', $footer );
		$this->assertStringContainsString( 'build/view.js', $footer );
	}

	public function test_a_page_without_a_widget_gets_nothing(): void {
		wp_enqueue_script( 'another-plugin', 'https://example.org/another.js', array( 'wp-i18n' ), '1', true );
		list( $head, $footer ) = $this->print_page();
		$this->assertStringContainsString( 'example.org/another.js', $footer );
		$this->assertStringNotContainsString( 'donation-widget-view', $head . $footer );
		$this->assertStringNotContainsString( 'vendor/react', $footer );
	}
}
