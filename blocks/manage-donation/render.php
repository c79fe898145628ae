<?php
/**
 * Server render of the "Manage my donation" block.
 *
 * @package DonationWidget
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

echo \DonationWidget\Plugin::instance()->container()->get( \DonationWidget\SelfService\ManagePage::class )->render( get_block_wrapper_attributes( array( 'class' => 'donation-widget-manage' ) ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- ManagePage escapes everything it prints.
