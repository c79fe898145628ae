<?php
/**
 * Server render of the Donation Widget block: the host element the front end mounts into.
 *
 * @package DonationWidget
 *
 * @var array<string, mixed> $attributes Block attributes.
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

echo \DonationWidget\Blocks\WidgetRenderer::from_block_attributes( is_array( $attributes ) ? $attributes : array() ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WidgetRenderer escapes every attribute it prints.
