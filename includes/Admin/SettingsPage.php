<?php
/**
 * Donation Widget → Settings.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Blocks\Assets;
use DonationWidget\Settings\SettingField;
use DonationWidget\Settings\Settings;
use DonationWidget\Settings\SettingsSanitizer;
use DonationWidget\Settings\SettingsSchema;
use DonationWidget\Settings\SettingsSection;
use DonationWidget\Settings\SettingsServiceProvider;

/**
 * The settings screen. Saving goes through options.php (nonce and capability checked there)
 * and the registered sanitiser. Secrets are never printed back: only their last four characters,
 * and a box to remove one (the only way to: an empty field keeps it).
 */
final class SettingsPage {

	public const CAPABILITY = Settings::CAPABILITY;

	/**
	 * The action that prints a section's own introduction under its heading, inside the form
	 * (such as the accounting export's setup).
	 */
	public const SECTION_INTRO_HOOK = 'donation_widget_settings_section_intro';

	/**
	 * The screen's hook suffix, once the menu exists.
	 *
	 * @var string
	 */
	private string $hook_suffix = '';

	/**
	 * Builds the screen.
	 *
	 * @param Settings            $settings          Values and field definitions.
	 * @param ConnectionTester    $connection_tester Which sections have a "Test connection" button.
	 * @param WebhookHealthReport $webhook_health Last webhook event and refusal, per provider.
	 * @param WebhookConnectPanel $webhook_setup  "Connect webhooks" and how each webhook differs.
	 */
	public function __construct(
		private readonly Settings $settings,
		private readonly ConnectionTester $connection_tester,
		private readonly WebhookHealthReport $webhook_health,
		private readonly WebhookConnectPanel $webhook_setup
	) {
	}

	/**
	 * Loads the screen's script on the screen itself (admin_enqueue_scripts).
	 *
	 * @param string $hook_suffix The admin screen being loaded.
	 */
	public function enqueue_on( string $hook_suffix ): void {
		if ( $hook_suffix === $this->hook_suffix() ) {
			$this->enqueue_script( Assets::ADMIN_SETTINGS_HANDLE, ConnectionTester::ACTION );
		}
	}

	/**
	 * Adds the top-level menu with its Settings screen.
	 */
	public function add_menu(): void {
		add_menu_page(
			__( 'Donation Widget', 'donation-widget' ),
			__( 'Donation Widget', 'donation-widget' ),
			self::CAPABILITY,
			AdminServiceProvider::MENU_SLUG,
			array( $this, 'render' ),
			'dashicons-heart',
			58
		);
		$this->hook_suffix = (string) add_submenu_page(
			AdminServiceProvider::MENU_SLUG,
			__( 'Donation Widget settings', 'donation-widget' ),
			__( 'Settings', 'donation-widget' ),
			self::CAPABILITY,
			AdminServiceProvider::MENU_SLUG,
			array( $this, 'render' )
		);
	}

	/**
	 * The screen's hook suffix (for enqueueing its script).
	 */
	public function hook_suffix(): string {
		return $this->hook_suffix;
	}

	/**
	 * Enqueues the screen's script (the "Test connection" buttons) with its nonce.
	 *
	 * @param string $handle       Registered script handle.
	 * @param string $nonce_action Nonce action of the connection test.
	 * @phpstan-param non-empty-string $handle
	 */
	public function enqueue_script( string $handle, string $nonce_action ): void {
		if ( ! wp_script_is( $handle, 'registered' ) ) {
			return;
		}
		wp_add_inline_script(
			$handle,
			'window.donationWidgetAdmin = ' . wp_json_encode(
				array(
					'ajaxUrl' => admin_url( 'admin-ajax.php' ),
					'nonce'   => wp_create_nonce( $nonce_action ),
				)
			) . ';',
			'before'
		);
		wp_enqueue_script( $handle );
	}

	/**
	 * Adds "Settings" under the plugin's name on the Plugins screen.
	 *
	 * @param array<int|string, string> $links Existing links.
	 * @return array<int|string, string>
	 */
	public function add_settings_link( array $links ): array {
		$url = admin_url( 'admin.php?page=' . AdminServiceProvider::MENU_SLUG );
		array_unshift( $links, sprintf( '<a href="%s">%s</a>', esc_url( $url ), esc_html__( 'Settings', 'donation-widget' ) ) );
		return $links;
	}

	/**
	 * The section shown first: the one the URL names (so saving, which returns to the same URL,
	 * stays on it), else the first. Every section is in the one form either way, so saving
	 * never drops the values of the sections not shown.
	 *
	 * @param array<string, string> $sections Section id => heading.
	 */
	private function current_section( array $sections ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only picks which section to show.
		$asked = isset( $_GET['section'] ) ? sanitize_key( wp_unslash( $_GET['section'] ) ) : '';
		return array_key_exists( $asked, $sections ) ? $asked : (string) array_key_first( $sections );
	}

	/**
	 * The URL of one section of the screen.
	 *
	 * @param string $section Section id.
	 */
	public static function section_url( string $section ): string {
		return add_query_arg(
			array(
				'page'    => AdminServiceProvider::MENU_SLUG,
				'section' => $section,
			),
			admin_url( 'admin.php' )
		);
	}

	/**
	 * Prints the screen: a menu of the sections (WordPress's nav tabs, one link per section of
	 * SettingsSchema::sections(), so a section added there appears here), then the form with
	 * one panel per section, only the chosen one shown. Each provider's "Test connection"
	 * follows the fields it tests, and its result is an admin notice beside it.
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage Donation Widget settings.', 'donation-widget' ), 403 );
		}
		$fields   = $this->settings->fields();
		$sections = SettingsSchema::sections();
		$current  = $this->current_section( $sections );
		echo '<div class="wrap donation-widget-settings">';
		printf( '<h1>%s</h1>', esc_html__( 'Donation Widget settings', 'donation-widget' ) );
		// All slugs: options.php files "Settings saved." under "general", ours under the option.
		settings_errors();
		printf( '<nav class="nav-tab-wrapper wp-clearfix donation-widget-settings-sections" aria-label="%s">', esc_attr__( 'Settings sections', 'donation-widget' ) );
		foreach ( $sections as $section => $heading ) {
			printf(
				'<a href="%1$s" class="%2$s" data-section="%3$s"%4$s>%5$s</a>',
				esc_url( self::section_url( $section ) ),
				esc_attr( $section === $current ? 'nav-tab nav-tab-active' : 'nav-tab' ),
				esc_attr( $section ),
				$section === $current ? ' aria-current="page"' : '', // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a fixed attribute.
				esc_html( $heading )
			);
		}
		echo '</nav>';
		echo '<form method="post" action="options.php" novalidate="novalidate">';
		settings_fields( SettingsServiceProvider::OPTION_GROUP );
		$webhooks = array();
		foreach ( SettingsSchema::registered_sections() as $gateway_section ) {
			$webhooks[ $gateway_section->id ] = $gateway_section;
		}
		$with_tests = $this->connection_tester->providers();
		foreach ( $sections as $section => $heading ) {
			$id = 'donation-widget-section-' . $section;
			printf(
				'<section class="donation-widget-settings-section" id="%1$s" data-section="%2$s" aria-labelledby="%1$s-heading"%3$s>',
				esc_attr( $id ),
				esc_attr( $section ),
				esc_attr( $section === $current ? '' : ' hidden' )
			);
			printf( '<h2 id="%s">%s</h2>', esc_attr( $id . '-heading' ), esc_html( $heading ) );
			/**
			 * Prints a section's introduction under its heading, before its fields.
			 *
			 * @param string $section Section id.
			 */
			do_action( 'donation_widget_settings_section_intro', $section );
			$this->render_webhook( $webhooks[ $section ] ?? null, $section );
			echo '<table class="form-table" role="presentation"><tbody>';
			foreach ( $fields as $field ) {
				if ( $field->section === $section ) {
					$this->render_row( $field );
				}
			}
			echo '</tbody></table>';
			if ( in_array( $section, $with_tests, true ) ) {
				$this->render_connection_test( $section );
			}
			/**
			 * Prints a gateway's own status in its section, after its fields and their test (such
			 * as the wallets' domain, which saving or testing the card provider's keys registers).
			 *
			 * @param string $section Section id.
			 */
			do_action( 'donation_widget_settings_section', $section );
			echo '</section>';
		}//end foreach
		submit_button( __( 'Save settings', 'donation-widget' ) );
		echo '</form></div>';
	}

	/**
	 * A gateway section's webhook endpoint, its last event, how it differs from what the plugin
	 * needs and "Connect webhooks", above its fields.
	 *
	 * @param SettingsSection|null $gateway_section The gateway's description of the section, if a gateway's.
	 * @param string               $section         Section id.
	 */
	private function render_webhook( ?SettingsSection $gateway_section, string $section ): void {
		if ( null === $gateway_section || '' === $gateway_section->webhook_route ) {
			return;
		}
		printf( '<p>%s <code>%s</code></p>', esc_html( $gateway_section->webhook_help ), esc_html( rest_url( $gateway_section->webhook_route ) ) );
		printf( '<p class="donation-widget-webhook-health" data-provider="%s">%s', esc_attr( $section ), esc_html( $this->webhook_health->last_event_text( $section ) ) );
		$failure = $this->webhook_health->last_failure_text( $section );
		if ( '' !== $failure ) {
			printf( '<br /><span class="donation-widget-webhook-failure">%s</span>', esc_html( $failure ) );
		}
		$gone = $this->webhook_health->last_gone_text( $section );
		if ( '' !== $gone ) {
			printf( '<br /><span class="donation-widget-webhook-gone">%s</span>', esc_html( $gone ) );
		}
		echo '</p>';
		$this->webhook_setup->render( $section );
	}

	/**
	 * "Test connection", after the fields it tests, and the place its notice appears.
	 *
	 * @param string $section Section id (the provider).
	 */
	private function render_connection_test( string $section ): void {
		$result = 'donation-widget-test-result-' . $section;
		printf(
			'<div class="donation-widget-connection-test"><p><button type="button" class="button donation-widget-test-connection" data-provider="%1$s" aria-describedby="%2$s-help">%3$s</button></p><p class="description" id="%2$s-help">%4$s</p><div class="donation-widget-test-result" id="%2$s" data-testing="%5$s"></div></div>',
			esc_attr( $section ),
			esc_attr( $result ),
			esc_html__( 'Test connection', 'donation-widget' ),
			esc_html__( 'The test uses the saved keys: save your changes first.', 'donation-widget' ),
			esc_attr__( 'Testing…', 'donation-widget' )
		);
	}

	/**
	 * One labelled field.
	 *
	 * @param SettingField $field The field.
	 */
	private function render_row( SettingField $field ): void {
		$id          = 'donation-widget-' . str_replace( '_', '-', $field->key );
		$name        = Settings::OPTION . '[' . $field->key . ']';
		$description = $field->description;
		echo '<tr><th scope="row">';
		if ( SettingField::CHECKBOX !== $field->type ) {
			printf( '<label for="%s">%s</label>', esc_attr( $id ), esc_html( $field->label ) );
		} else {
			echo esc_html( $field->label );
		}
		echo '</th><td>';

		if ( $this->settings->is_from_constant( $field->key ) ) {
			printf(
				'<p id="%s"><code>%s</code> %s</p>',
				esc_attr( $id ),
				esc_html( $field->constant_name() ),
				esc_html__( 'set in wp-config.php', 'donation-widget' )
			);
			echo '</td></tr>';
			return;
		}

		$describedby = '' !== $description ? $id . '-description' : '';
		/**
		 * The value a field shows (not what is stored): a section may pre-fill an empty field
		 * with a suggestion for the admin to check and save, such as the accounting export's codes.
		 *
		 * @param mixed        $value The stored value.
		 * @param SettingField $field The field.
		 */
		$value = apply_filters( 'donation_widget_settings_field_value', $this->settings->get( $field->key ), $field );
		switch ( $field->type ) {
			case SettingField::SECRET:
				$stored      = $this->settings->string( $field->key );
				$description = '' === $stored
					? __( 'Not set.', 'donation-widget' )
					/* translators: %s: the last four characters of the saved secret. */
					: sprintf( __( 'Saved: ends in %s. Leave empty to keep it.', 'donation-widget' ), substr( $stored, -4 ) );
				$describedby = $id . '-description';
				printf(
					'<input type="password" class="regular-text" id="%s" name="%s" value="" autocomplete="new-password" spellcheck="false" aria-describedby="%s" />',
					esc_attr( $id ),
					esc_attr( $name ),
					esc_attr( $describedby )
				);
				if ( '' !== $stored ) {
					// Removing takes this box (and a confirmation on saving): an empty field never removes.
					printf(
						'<br /><label for="%1$s"><input type="checkbox" class="donation-widget-remove-secret" id="%1$s" name="%2$s" value="%3$s" data-label="%4$s" /> %5$s</label>',
						esc_attr( $id . '-remove' ),
						esc_attr( Settings::OPTION . '[' . SettingsSanitizer::REMOVE_SECRETS . '][]' ),
						esc_attr( $field->key ),
						esc_attr( $field->label ),
						esc_html__( 'Remove the stored key when saving', 'donation-widget' )
					);
				}
				break;
			case SettingField::CHOICE:
				printf( '<select id="%s" name="%s"%s>', esc_attr( $id ), esc_attr( $name ), $this->describedby( $describedby ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- describedby() escapes.
				foreach ( $field->choices as $choice => $label ) {
					printf( '<option value="%s"%s>%s</option>', esc_attr( $choice ), selected( $value, $choice, false ), esc_html( $label ) );
				}
				echo '</select>';
				break;
			case SettingField::CHECKBOX:
				printf(
					'<input type="hidden" name="%2$s" value="0" /><label for="%1$s"><input type="checkbox" id="%1$s" name="%2$s" value="1"%3$s%4$s /> %5$s</label>',
					esc_attr( $id ),
					esc_attr( $name ),
					checked( (bool) $value, true, false ),
					$this->describedby( $describedby ), // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- describedby() escapes.
					esc_html( $field->label )
				);
				break;
			case SettingField::NETWORKS:
				// One range per line reads best; the sanitiser takes commas and spaces as well.
				$lines = is_array( $value ) ? implode( "\n", array_map( 'strval', $value ) ) : ( is_string( $value ) ? $value : '' );
				printf(
					'<textarea class="regular-text code" rows="4" id="%s" name="%s" spellcheck="false"%s>%s</textarea>',
					esc_attr( $id ),
					esc_attr( $name ),
					$this->describedby( $describedby ), // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- describedby() escapes.
					esc_textarea( $lines )
				);
				break;
			case SettingField::PAGE:
				wp_dropdown_pages(
					array(
						'id'                => esc_attr( $id ),
						'name'              => esc_attr( $name ),
						'selected'          => (int) $value,
						'show_option_none'  => esc_html__( '— Choose a page —', 'donation-widget' ),
						'option_none_value' => '0',
					)
				);
				break;
			default:
				$types = array(
					SettingField::URL     => 'url',
					SettingField::EMAIL   => 'email',
					SettingField::PHONE   => 'tel',
					SettingField::INTEGER => 'number',
				);
				$shown = is_array( $value ) ? implode( ', ', array_map( 'strval', $value ) ) : ( is_scalar( $value ) ? (string) $value : '' );
				printf(
					'<input type="%s" class="regular-text" id="%s" name="%s" value="%s"%s />',
					esc_attr( $types[ $field->type ] ?? 'text' ),
					esc_attr( $id ),
					esc_attr( $name ),
					esc_attr( $shown ),
					$this->describedby( $describedby ) // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- describedby() escapes.
				);
		}//end switch
		if ( '' !== $description ) {
			printf( '<p class="description" id="%s">%s</p>', esc_attr( $id . '-description' ), esc_html( $description ) );
		}
		echo '</td></tr>';
	}

	/**
	 * An escaped aria-describedby attribute, or nothing.
	 *
	 * @param string $id The description's id.
	 */
	private function describedby( string $id ): string {
		return '' === $id ? '' : sprintf( ' aria-describedby="%s"', esc_attr( $id ) );
	}
}
