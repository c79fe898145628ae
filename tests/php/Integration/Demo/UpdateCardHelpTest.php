<?php
/**
 * The demo's update-card page says how to get a card-update link.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Demo;

use DonationWidget\Demo\UpdateCardHelp;
use DonationWidget\Tests\Integration\IntegrationTestCase;

final class UpdateCardHelpTest extends IntegrationTestCase {

	private function widget( string $type ): array {
		return array(
			'blockName' => 'donation-widget/donation-widget',
			'attrs'     => array( 'widgetType' => $type ),
		);
	}

	protected function tearDown(): void {
		unset( $_GET['requestID'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a test resets the query.
		parent::tearDown();
	}

	public function test_the_update_card_widget_opened_without_a_link_gets_the_explanation_above_it(): void {
		$html = ( new UpdateCardHelp() )->add_to( '<div class="widget"></div>', $this->widget( 'update-card' ) );

		$this->assertStringStartsWith( '<div class="donation-widget-demo-help" role="note">', $html );
		$this->assertStringEndsWith( '<div class="widget"></div>', $html, 'the widget itself is unchanged' );
		$this->assertStringContainsString( 'Demo: this page needs a card-update link.', $html );
		$this->assertStringContainsString( 'press "Copy card-update link"', wp_strip_all_tags( html_entity_decode( $html ) ) );
		$this->assertStringContainsString( esc_url( \DonationWidget\Admin\Subscriptions\SubscriptionsPage::list_url() ), $html );
	}

	public function test_nothing_is_added_to_the_donation_widget_or_to_a_page_opened_from_a_link(): void {
		$help = new UpdateCardHelp();
		$this->assertSame( '<div></div>', $help->add_to( '<div></div>', $this->widget( 'donation' ) ) );
		$this->assertSame( '<div></div>', $help->add_to( '<div></div>', array( 'attrs' => array() ) ) );

		$_GET['requestID'] = 'abc';
		$this->assertSame( '<div></div>', $help->add_to( '<div></div>', $this->widget( 'update-card' ) ) );
	}
}
