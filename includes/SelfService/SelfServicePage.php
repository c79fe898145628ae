<?php
/**
 * Which page is the "Manage my donation" page.
 *
 * @package DonationWidget
 */

namespace DonationWidget\SelfService;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Settings\Settings;

/**
 * The administrator's choice under Settings > Self-service, and only it: the page self-service
 * emails link to and every self-service form returns to. A post that merely holds the block or
 * the shortcode (any author may write one) is never taken for it.
 */
final class SelfServicePage {

	public const SETTING = 'self_service_page_id';

	/**
	 * Builds the reader.
	 *
	 * @param Settings $settings The settings.
	 */
	public function __construct( private readonly Settings $settings ) {
	}

	/**
	 * The chosen page while it is published, with its address; null otherwise.
	 *
	 * @return array{id: int, url: string}|null
	 */
	public function page(): ?array {
		$id   = $this->settings->int( self::SETTING );
		$page = $id > 0 ? get_post( $id ) : null;
		if ( ! $page instanceof \WP_Post || 'page' !== $page->post_type || 'publish' !== $page->post_status || ! is_post_publicly_viewable( $page ) ) {
			return null;
		}
		$url = get_permalink( $page );
		return is_string( $url ) ? array(
			'id'  => $id,
			'url' => $url,
		) : null;
	}

	/**
	 * Whether a post is the chosen page.
	 *
	 * @param mixed $post A post.
	 */
	public function is( mixed $post ): bool {
		$page = $this->page();
		return null !== $page && $post instanceof \WP_Post && $post->ID === $page['id'];
	}

	/**
	 * Once, on sites from before the setting: the published page already holding the block or
	 * the shortcode (the oldest, if several) becomes the choice, so links keep working. Stored
	 * even when none is found (0), so the search never runs again.
	 */
	public function adopt_existing(): void {
		if ( array_key_exists( self::SETTING, $this->settings->stored() ) ) {
			return;
		}
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a one-off migration (guarded by the stored key above); WordPress has no API to find posts by content. Values are prepared.
		$ids   = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT ID FROM {$wpdb->posts} WHERE post_type = 'page' AND post_status = 'publish' AND (post_content LIKE %s OR post_content LIKE %s) ORDER BY ID ASC LIMIT 20",
				'%' . $wpdb->esc_like( '<!-- wp:' . ManagePage::BLOCK ) . '%',
				'%' . $wpdb->esc_like( '[' . ManagePage::SHORTCODE ) . '%'
			)
		);
		$found = 0;
		foreach ( is_array( $ids ) ? $ids : array() as $id ) {
			$post = get_post( (int) $id );
			if ( $post instanceof \WP_Post && ( has_block( ManagePage::BLOCK, $post ) || has_shortcode( $post->post_content, ManagePage::SHORTCODE ) ) ) {
				$found = (int) $id;
				break;
			}
		}
		$this->settings->save( array( self::SETTING => $found ) );
	}
}
