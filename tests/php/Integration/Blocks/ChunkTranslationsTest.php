<?php
/**
 * The lazily loaded steps' translations reach wp.i18n before the widget runs.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Blocks;

use DonationWidget\Blocks\Assets;
use DonationWidget\Blocks\WidgetRenderer;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class ChunkTranslationsTest extends IntegrationTestCase {

	private string $file = '';

	protected function setUp(): void {
		parent::setUp();
		$this->assertFileExists( DONATION_WIDGET_DIR . '/build/step-details.js', 'The front end is built.' );
		// What `wp i18n make-json` writes for the details step's chunk, in WordPress's languages folder.
		$this->file = WP_LANG_DIR . '/plugins/donation-widget-fr_FR-' . md5( 'build/step-details.js' ) . '.json';
		wp_mkdir_p( dirname( $this->file ) );
		file_put_contents( // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a fixture file.
			$this->file,
			(string) wp_json_encode(
				array(
					'domain'      => 'messages',
					'locale_data' => array(
						'messages' => array(
							''             => array(
								'domain' => 'messages',
								'lang'   => 'fr_FR',
							),
							'Organisation' => array( 'Organisme' ),
						),
					),
				)
			)
		);
	}

	protected function tearDown(): void {
		wp_delete_file( $this->file );
		remove_all_filters( 'determine_locale' );
		parent::tearDown();
	}

	/**
	 * The inline scripts printed before the widget's script, once a page holding the widget
	 * enqueues it.
	 */
	private function before_view(): string {
		wp_deregister_script( WidgetRenderer::SCRIPT_HANDLE );
		$this->service( Assets::class )->register();
		$this->service( WidgetRenderer::class )->enqueue();
		$before = wp_scripts()->get_data( WidgetRenderer::SCRIPT_HANDLE, 'before' );
		return is_array( $before ) ? implode( "\n", $before ) : '';
	}

	public function test_a_french_site_gets_the_details_steps_strings_with_the_widget(): void {
		add_filter( 'determine_locale', static fn (): string => 'fr_FR' );
		$before = $this->before_view();
		$this->assertStringContainsString( 'wp.i18n.setLocaleData(', $before );
		$this->assertStringContainsString( '"Organisation":["Organisme"]', $before );
		$this->assertStringContainsString( '"donation-widget"', $before );
	}

	public function test_an_english_site_or_a_locale_without_files_adds_nothing(): void {
		$this->assertStringNotContainsString( 'setLocaleData', $this->before_view() );
		add_filter( 'determine_locale', static fn (): string => 'de_DE' );
		$this->assertStringNotContainsString( 'setLocaleData', $this->before_view() );
	}
}
