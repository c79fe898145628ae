<?php
/**
 * The widget's files wait for the page's first paint.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration;

use DonationWidget\Blocks\WidgetRenderer;
use DonationWidget\Blocks\WidgetScriptLoader;

final class WidgetScriptLoaderTest extends IntegrationTestCase {

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
		$this->assertTrue( wp_script_is( WidgetRenderer::SCRIPT_HANDLE, 'registered' ), 'The front end is not built: run npm run build.' );
		unset( wp_scripts()->registered[ WidgetRenderer::SCRIPT_HANDLE ]->extra['before'] );
		wp_deregister_script( 'another-plugin' );
		wp_deregister_style( WidgetRenderer::PLACEHOLDER_STYLE_HANDLE );
	}

	/**
	 * What the loader prints at the end of the page.
	 */
	private function footer(): string {
		ob_start();
		$this->service( WidgetScriptLoader::class )->print_after_first_paint();
		return (string) ob_get_clean();
	}

	public function test_the_widget_files_are_inert_until_the_loader_moves_them_in_after_first_paint(): void {
		do_blocks( '<!-- wp:donation-widget/donation-widget /-->' );
		// Nothing of the widget's own is left for the head: only the placeholder's inline sizes.
		$this->assertFalse( wp_style_is( WidgetRenderer::SCRIPT_HANDLE, 'enqueued' ) );
		$this->assertTrue( wp_style_is( WidgetRenderer::PLACEHOLDER_STYLE_HANDLE, 'enqueued' ) );

		$footer = $this->footer();
		$this->assertSame( 1, preg_match( '#<template id="donation-widget-scripts">(.*)</template>(.*)$#s', $footer, $parts ), $footer );
		list( , $template, $after ) = $parts;
		$this->assertMatchesRegularExpression( "/^<link [^>]*id='donation-widget-view-css'/", $template, 'The stylesheet comes first, so the widget never mounts unstyled.' );
		foreach ( array( 'vendor/react.min.js', 'vendor/react-dom.min.js', 'dist/i18n.min.js', 'build/view.js', 'window.donationWidget = {', 'wp.i18n.setLocaleData' ) as $part ) {
			$this->assertStringContainsString( $part, $template );
		}
		$this->assertLessThan( strpos( $template, 'build/view.js' ), strpos( $template, 'dist/i18n.min.js' ), 'In WordPress\'s order.' );
		$this->assertStringContainsString( 'requestAnimationFrame', $after );
		$this->assertStringContainsString( "getElementById( 'donation-widget-scripts' )", $after );
		$this->assertStringNotContainsString( 'src=', $after );

		// Printed once: WordPress's own footer scripts do not print them again.
		ob_start();
		wp_scripts()->do_items( false, 1 );
		$this->assertStringNotContainsString( 'build/view.js', (string) ob_get_clean() );
	}

	public function test_a_script_another_script_on_the_page_needs_is_printed_as_usual(): void {
		wp_enqueue_script( 'another-plugin', 'https://example.org/another.js', array( 'wp-i18n' ), '1', true );
		do_blocks( '<!-- wp:donation-widget/donation-widget /-->' );

		$footer   = $this->footer();
		$template = (string) strstr( $footer, '<template' );
		$outside  = substr( $footer, 0, strlen( $footer ) - strlen( $template ) );
		$this->assertStringContainsString( 'dist/i18n.min.js', $outside, 'Another plugin may call wp.i18n as soon as its script runs.' );
		$this->assertStringContainsString( 'dist/hooks.min.js', $outside );
		$this->assertStringNotContainsString( 'dist/i18n.min.js', $template );
		$this->assertStringContainsString( 'vendor/react.min.js', $template );
		$this->assertStringContainsString( 'build/view.js', $template );
	}

	public function test_a_page_without_a_widget_gets_nothing(): void {
		wp_enqueue_script( 'another-plugin', 'https://example.org/another.js', array( 'wp-i18n' ), '1', true );
		$this->assertSame( '', $this->footer() );
	}
}
