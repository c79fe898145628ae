<?php
/**
 * The widget configuration rules of docs/widget-contract.md#31-widget-configuration-from-the-host-element.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Unit\Blocks;

use DonationWidget\Blocks\WidgetConfig;
use PHPUnit\Framework\TestCase;

final class WidgetConfigTest extends TestCase {

	/**
	 * @return array<string, array{array<string, mixed>, string, string}>
	 */
	public static function fields(): array {
		return array(
			'boolean true becomes "true"'      => array( array( 'modal' => true ), 'modal', 'true' ),
			'string "false" stays "false"'     => array( array( 'modal' => 'false' ), 'modal', 'false' ),
			'"1" is true'                      => array( array( 'hide_mobile' => '1' ), 'hide_mobile', 'true' ),
			'garbage flag is false'            => array( array( 'hide_address' => 'maybe' ), 'hide_address', 'false' ),
			'donation type kept'               => array( array( 'type' => 'donation' ), 'type', 'donation' ),
			'other type is update-card'        => array( array( 'type' => 'anything' ), 'type', 'update-card' ),
			'left position'                    => array( array( 'position' => 'left' ), 'position', 'left' ),
			'unknown position is centre'       => array( array( 'position' => 'middle' ), 'position', 'center' ),
			'three amounts kept'               => array( array( 'amount_values' => '5,10.5,20' ), 'amount_values', '5,10.5,20' ),
			'two amounts dropped'              => array( array( 'amount_values' => '5,10' ), 'amount_values', '' ),
			'non-numeric amounts dropped'      => array( array( 'amount_values' => 'a,b,c' ), 'amount_values', '' ),
			'default amount kept'              => array( array( 'default_amount' => '25.50' ), 'default_amount', '25.50' ),
			'negative default amount dropped'  => array( array( 'default_amount' => '-5' ), 'default_amount', '' ),
			'default of -4 dropped'            => array( array( 'default_amount' => '-4' ), 'default_amount', '' ),
			'default under $5 dropped'         => array( array( 'default_amount' => '4.99' ), 'default_amount', '' ),
			'default of $5 kept'               => array( array( 'default_amount' => '5' ), 'default_amount', '5' ),
			'largest default kept'             => array( array( 'default_amount' => '999999.99' ), 'default_amount', '999999.99' ),
			'default over the maximum dropped' => array( array( 'default_amount' => '1000000' ), 'default_amount', '' ),
			'three decimals dropped'           => array( array( 'default_amount' => '25.001' ), 'default_amount', '' ),
			'presets "3, abc" dropped'         => array( array( 'amount_values' => '3, abc' ), 'amount_values', '' ),
			'a preset under $5 drops all'      => array( array( 'amount_values' => '3,50,100' ), 'amount_values', '' ),
			'a preset over the maximum drops'  => array( array( 'amount_values' => '10,50,1000000' ), 'amount_values', '' ),
			'four presets dropped'             => array( array( 'amount_values' => '10,20,30,40' ), 'amount_values', '' ),
			'spaces around presets trimmed'    => array( array( 'amount_values' => '10, 20 ,30' ), 'amount_values', '10,20,30' ),
			'4weekly kept'                     => array( array( 'donation_type' => '4weekly' ), 'donation_type', '4weekly' ),
			'Oneoff kept'                      => array( array( 'donation_type' => 'Oneoff' ), 'donation_type', 'Oneoff' ),
			'unknown frequency dropped'        => array( array( 'donation_type' => 'monthly' ), 'donation_type', '' ),
			'iteration id cut to 64'           => array( array( 'iteration_id' => str_repeat( 'x', 80 ) ), 'iteration_id', str_repeat( 'x', 64 ) ),
			'a modal keeps its trigger text'   => array(
				array(
					'modal'        => 'true',
					'trigger_text' => ' Give now ',
				),
				'trigger_text',
				'Give now',
			),
			'no trigger without a modal'       => array( array( 'trigger_text' => 'Give now' ), 'trigger_text', '' ),
			'trigger text is plain text'       => array(
				array(
					'modal'        => 'true',
					'trigger_text' => '<b>Give</b>',
				),
				'trigger_text',
				'Give',
			),
			'trigger text cut to 60'           => array(
				array(
					'modal'        => 'true',
					'trigger_text' => str_repeat( 'y', 80 ),
				),
				'trigger_text',
				str_repeat( 'y', 60 ),
			),
		);
	}

	/**
	 * @dataProvider fields
	 * @param array<string, mixed> $input
	 */
	public function test_each_field_is_normalised( array $input, string $field, string $expected ): void {
		$this->assertSame( $expected, WidgetConfig::normalise( $input )[ $field ] );
	}

	public function test_block_attribute_names_map_to_the_spec_names(): void {
		$config = WidgetConfig::from_block_attributes(
			array(
				'widgetType'   => 'update-card',
				'hideInMemory' => true,
				'iterationId'  => 'X1',
			)
		);
		$this->assertSame( 'update-card', $config['type'] );
		$this->assertSame( 'true', $config['hide_inmemory'] );
		$this->assertSame( 'X1', $config['iteration_id'] );
		$this->assertSame( array_keys( WidgetConfig::DEFAULTS ), array_keys( $config ) );
	}

	public function test_the_block_trigger_is_its_text_when_switched_on(): void {
		$this->assertSame(
			'Give now',
			WidgetConfig::from_block_attributes(
				array(
					'modal'       => true,
					'trigger'     => true,
					'triggerText' => 'Give now',
				)
			)['trigger_text']
		);
		$this->assertSame(
			'',
			WidgetConfig::from_block_attributes(
				array(
					'modal'       => true,
					'trigger'     => false,
					'triggerText' => 'Give now',
				)
			)['trigger_text']
		);
		$this->assertSame(
			'',
			WidgetConfig::from_block_attributes(
				array(
					'modal'       => false,
					'trigger'     => true,
					'triggerText' => 'Give now',
				)
			)['trigger_text']
		);
	}
}
