<?php
/**
 * The dashboard's donations summary.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin;

use DonationWidget\Admin\Dashboard\DonationsSummaryWidget;
use DonationWidget\Database\Schema;

final class DashboardWidgetTest extends AdminTestCase {

	private function widget(): DonationsSummaryWidget {
		return $this->service( DonationsSummaryWidget::class );
	}

	public function test_this_months_total_donors_and_recurring_income(): void {
		$before = $this->widget()->numbers();
		$this->insert_donation(
			array(
				'total_cents' => 5000,
				'email'       => $this->email( 'a' ),
			)
		);
		$this->insert_donation(
			array(
				'total_cents' => 2500,
				'email'       => strtoupper( $this->email( 'a' ) ),
			)
		);
		$this->insert_donation(
			array(
				'total_cents' => 10000,
				'email'       => $this->email( 'b' ),
			)
		);
		$this->insert_donation(
			array(
				'total_cents' => 9900,
				'status'      => 'failed',
				'email'       => $this->email( 'c' ),
			)
		);
		$this->insert_donation(
			array(
				'total_cents' => 7700,
				'created_at'  => self::days_ago( 45 ),
				'email'       => $this->email( 'd' ),
			)
		);
		$first = $this->insert_donation(
			array(
				'frequency'       => '4weekly',
				'subscription_id' => 'sub_dash' . wp_generate_password( 6, false ),
				'total_cents'     => 3000,
				'email'           => $this->email( 'e' ),
			)
		);
		$this->insert_subscription( 'sub_dash' . wp_generate_password( 8, false ), $first, 'active', 3000 );
		$this->insert_subscription( 'sub_gone' . wp_generate_password( 8, false ), $first, 'cancelled', 4000 );

		$after = $this->widget()->numbers();

		$this->assertSame( 5000 + 2500 + 10000 + 3000, $after['month_cents'] - $before['month_cents'] );
		$this->assertSame( 4, $after['month_count'] - $before['month_count'] );
		$this->assertSame( 3, $after['month_donors'] - $before['month_donors'], 'one donor, whatever the case of the email' );
		$this->assertSame( 3000, $after['recurring_cents'] - $before['recurring_cents'] );
		$this->assertSame( 1, $after['recurring_count'] - $before['recurring_count'] );
		$this->assertSame( 1, $after['recurring_donors'] - $before['recurring_donors'] );
	}

	public function test_one_donors_three_4_weekly_donations_are_from_1_donor(): void {
		global $wpdb;
		// Only this test's subscriptions run (rolled back with the test).
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'subscriptions' ) . ' SET status = %s', 'cancelled' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		foreach ( array( 'jane', 'JANE', 'Jane' ) as $i => $local ) {
			$first = $this->insert_donation(
				array(
					'frequency'       => '4weekly',
					'subscription_id' => 'sub_one' . $i . wp_generate_password( 6, false ),
					'total_cents'     => 2000,
					'email'           => $this->email( $local ),
				)
			);
			$this->insert_subscription( 'sub_one' . $i . wp_generate_password( 8, false ), $first, 'active', 2000 );
		}

		$numbers = $this->widget()->numbers();
		$this->assertSame( array( 3, 1 ), array( $numbers['recurring_count'], $numbers['recurring_donors'] ) );
		$this->assertStringContainsString( '$60.00 every 4 weeks from 1 donor<', $this->rendered() );

		$other = $this->insert_donation(
			array(
				'frequency' => '4weekly',
				'email'     => $this->email( 'omar' ),
			)
		);
		$this->insert_subscription( 'sub_two' . wp_generate_password( 8, false ), $other, 'active', 1000 );
		$this->assertStringContainsString( '$70.00 every 4 weeks from 2 donors<', $this->rendered() );
	}

	private function rendered(): string {
		ob_start();
		$this->widget()->render();
		return (string) ob_get_clean();
	}

	public function test_the_widget_is_only_for_staff_who_may_see_donations(): void {
		global $wp_meta_boxes;
		require_once ABSPATH . 'wp-admin/includes/dashboard.php';
		set_current_screen( 'dashboard' );

		$this->log_in_as( 'editor' );
		$this->widget()->add();
		$this->assertArrayNotHasKey( DonationsSummaryWidget::ID, $wp_meta_boxes['dashboard']['normal']['core'] ?? array() );

		$this->log_in_as( 'administrator' );
		$this->widget()->add();
		$this->assertArrayHasKey( DonationsSummaryWidget::ID, $wp_meta_boxes['dashboard']['normal']['core'] ?? array() );
		unset( $wp_meta_boxes['dashboard']['normal']['core'][ DonationsSummaryWidget::ID ] );

		ob_start();
		$this->widget()->render();
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( 'Raised in ' . wp_date( 'F Y' ), $html );
		$this->assertStringContainsString( 'Recurring income', $html );
		$this->assertStringContainsString( 'every 4 weeks', $html );
	}
}
