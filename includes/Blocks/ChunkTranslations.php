<?php
/**
 * Translations of the widget's lazily loaded chunks.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Blocks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * WordPress loads a script's translations only for files it registered (build/view.js), but the
 * widget's later steps come from chunks webpack loads itself (build/step-details.js, …). Their
 * strings are in the template under the chunk's own name (bin/make-pot.mjs), so `wp i18n
 * make-json` writes one JSON file per chunk, named as WordPress names them:
 * donation-widget-{locale}-{md5 of "build/<chunk>.js"}.json. This class hands those files' strings
 * to wp.i18n before the widget's script runs, as WordPress does for the script's own file, on
 * pages that show the widget only (WidgetRenderer::enqueue()).
 */
final class ChunkTranslations {

	private const DOMAIN = 'donation-widget';

	/**
	 * The inline script that adds every chunk's translations for the current locale ('' when
	 * there are none, as on an English site).
	 *
	 * @param array $entry_names Entry names in build/ (their files are not chunks).
	 * @phpstan-param list<string> $entry_names
	 */
	public function inline_script( array $entry_names ): string {
		$locale = determine_locale();
		if ( 'en_US' === $locale ) {
			return '';
		}
		$messages = array();
		foreach ( $this->chunk_paths( $entry_names ) as $relative ) {
			$messages = array_merge( $messages, $this->messages( $relative, $locale ) );
		}
		if ( array() === $messages ) {
			return '';
		}
		$messages[''] = array( 'domain' => self::DOMAIN );
		return sprintf( 'wp.i18n.setLocaleData( %s, %s );', (string) wp_json_encode( $messages ), (string) wp_json_encode( self::DOMAIN ) );
	}

	/**
	 * "build/<name>.js" of every built chunk.
	 *
	 * @param array $entry_names Entry names in build/.
	 * @phpstan-param list<string> $entry_names
	 * @return list<string>
	 */
	private function chunk_paths( array $entry_names ): array {
		$paths = array();
		foreach ( (array) glob( DONATION_WIDGET_DIR . '/build/*.js' ) as $file ) {
			$name = basename( (string) $file, '.js' );
			if ( ! in_array( $name, $entry_names, true ) ) {
				$paths[] = 'build/' . $name . '.js';
			}
		}
		return $paths;
	}

	/**
	 * One chunk's messages, from the plugin's languages folder or WordPress's (as WordPress
	 * looks for a script's own file).
	 *
	 * @param string $relative "build/<name>.js".
	 * @param string $locale   The locale.
	 * @return array<string, mixed>
	 */
	private function messages( string $relative, string $locale ): array {
		$name = self::DOMAIN . '-' . $locale . '-' . md5( $relative ) . '.json';
		foreach ( array( DONATION_WIDGET_DIR . '/languages', WP_LANG_DIR . '/plugins' ) as $folder ) {
			if ( ! is_readable( $folder . '/' . $name ) ) {
				continue;
			}
			$data     = wp_json_file_decode( $folder . '/' . $name, array( 'associative' => true ) );
			$messages = is_array( $data ) ? ( $data['locale_data'][ self::DOMAIN ] ?? $data['locale_data']['messages'] ?? null ) : null;
			if ( is_array( $messages ) ) {
				unset( $messages[''] );
				return $messages;
			}
		}
		return array();
	}
}
