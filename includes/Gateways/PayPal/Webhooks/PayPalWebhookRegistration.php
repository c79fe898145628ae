<?php
/**
 * The site's PayPal webhook, set up through PayPal's Webhooks Management API.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\PayPal\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Gateways\PayPal\PayPalSettings;
use DonationWidget\Webhooks\WebhookCheck;
use DonationWidget\Webhooks\WebhookConnectResult;
use DonationWidget\Webhooks\WebhookConnection;
use DonationWidget\Gateways\PayPal\PayPalClient;
use DonationWidget\Gateways\PayPal\PayPalRequestError;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Settings\Settings;

/**
 * Finds the current mode's app webhook whose URL is this site's (PayPal allows one per URL),
 * creates it with exactly the events the plugin handles, or replaces its event types when they
 * differ, and saves its id as the Webhook ID that verifies every delivery. PayPal needs no
 * secret: the id is all the site keeps.
 *
 * @phpstan-type Webhook array<string, mixed>
 */
final class PayPalWebhookRegistration implements WebhookConnection {

	/**
	 * Builds it.
	 *
	 * @param PayPalClient $paypal   PayPal, in the current mode.
	 * @param Settings     $settings The mode and the Webhook ID.
	 * @param array        $events   The event types the plugin handles.
	 * @phpstan-param list<string> $events
	 */
	public function __construct(
		private readonly PayPalClient $paypal,
		private readonly Settings $settings,
		private readonly array $events
	) {
	}

	/**
	 * {@inheritDoc}
	 */
	public function id(): string {
		return 'paypal';
	}

	/**
	 * {@inheritDoc}
	 */
	public function is_configured(): bool {
		return $this->paypal->is_configured();
	}

	/**
	 * This site's webhook URL, exactly as the settings screen shows it.
	 */
	public static function url(): string {
		return rest_url( PayPalWebhookController::NAMESPACE . PayPalWebhookController::ROUTE );
	}

	/**
	 * {@inheritDoc}
	 */
	public function fingerprint(): string {
		return implode( '|', array( $this->paypal->mode_name(), self::url(), ( new PayPalSettings( $this->settings ) )->client_id(), ( new PayPalSettings( $this->settings ) )->secret(), ( new PayPalSettings( $this->settings ) )->webhook_id(), implode( ',', $this->events ) ) );
	}

	/**
	 * Creates the webhook, or replaces its event types, and saves its id.
	 *
	 * @param bool $replace Unused: PayPal needs no secret, so a webhook is never replaced.
	 */
	public function connect( bool $replace = false ): WebhookConnectResult {
		if ( ! $this->is_configured() ) {
			return WebhookConnectResult::failed( $this->paypal->unconfigured_text() );
		}
		try {
			$webhook = $this->ours( $this->paypal );
			$created = false;
			if ( null === $webhook ) {
				try {
					$webhook = $this->paypal->create_webhook( self::url(), $this->events );
					$created = true;
				} catch ( PayPalRequestError $error ) {
					if ( 'WEBHOOK_URL_ALREADY_EXISTS' !== $error->error_name ) {
						return $this->refused( $error );
					}
					// Made since the list was read (another admin, another server): repair that one.
					$webhook = $this->ours( $this->paypal );
					if ( null === $webhook ) {
						/* translators: %s: sandbox or live. */
						return WebhookConnectResult::failed( sprintf( __( 'PayPal says a webhook for this site\'s URL already exists, but the %s app does not list it: it may belong to another app. Delete it there, or save that app\'s client ID and secret.', 'donation-widget' ), $this->paypal->mode_name() ) );
					}
				}
			}
			$id                      = is_string( $webhook['id'] ?? null ) ? $webhook['id'] : '';
			list( $missing, $extra ) = $this->event_differences( $webhook );
			$patched                 = ! $created && array() !== array_merge( $missing, $extra );
			if ( $patched ) {
				$this->paypal->replace_webhook_event_types( $id, $this->events );
			}
		} catch ( PayPalRequestError $error ) {
			return $this->refused( $error );
		} catch ( ProviderUnavailable $error ) {
			return WebhookConnectResult::failed( $this->paypal->failed_check( $error )->message );
		}//end try

		$events = implode( ', ', $this->events );
		if ( $created ) {
			/* translators: 1: webhook id, 2: sandbox or live, 3: event types, comma-separated. */
			$message = sprintf( __( 'Connected: PayPal webhook %1$s (%2$s app) now sends %3$s to this site.', 'donation-widget' ), $id, $this->paypal->mode_name(), $events );
		} elseif ( $patched ) {
			/* translators: 1: webhook id, 2: event types, comma-separated. */
			$message = sprintf( __( 'Repaired PayPal webhook %1$s: it now sends exactly %2$s.', 'donation-widget' ), $id, $events );
		} else {
			/* translators: 1: webhook id, 2: sandbox or live, 3: event types, comma-separated. */
			$message = sprintf( __( 'Already connected: PayPal webhook %1$s (%2$s app) sends %3$s to this site.', 'donation-widget' ), $id, $this->paypal->mode_name(), $events );
		}
		return $this->store_id( $id, $message );
	}

	/**
	 * {@inheritDoc}
	 */
	public function check(): WebhookCheck {
		$live = ( new PayPalSettings( $this->settings ) )->is_live();
		if ( ! $this->is_configured() ) {
			/* translators: %s: sandbox or live. */
			return WebhookCheck::unconfigured( $live, sprintf( __( 'Save the PayPal %s client ID and secret to check the webhook.', 'donation-widget' ), $this->paypal->mode_name() ) );
		}
		try {
			$webhook = $this->ours( $this->paypal->for_screen() );
			// The admin waits on this screen.
		} catch ( PayPalRequestError $error ) {
			/* translators: %s: PayPal's own message. */
			return WebhookCheck::unavailable( $live, sprintf( __( 'PayPal did not list the webhooks: %s', 'donation-widget' ), $error->paypal_message ) );
		} catch ( ProviderUnavailable $error ) {
			return WebhookCheck::unavailable( $live, $this->paypal->failed_check( $error )->message );
		}
		if ( null === $webhook ) {
			return WebhookCheck::found(
				$live,
				'',
				array(
					/* translators: %s: sandbox or live. */
					WebhookCheck::blocking( sprintf( __( 'No webhook of the PayPal %s app sends events to this site: press Connect webhooks to create one.', 'donation-widget' ), $this->paypal->mode_name() ) ),
				)
			);
		}
		$id                      = (string) $webhook['id'];
		$problems                = array();
		list( $missing, $extra ) = $this->event_differences( $webhook );
		if ( array() !== $missing ) {
			/* translators: 1: webhook id, 2: event types, comma-separated. */
			$problems[] = WebhookCheck::blocking( sprintf( __( 'PayPal webhook %1$s does not send %2$s, which the plugin needs: press Connect webhooks.', 'donation-widget' ), $id, implode( ', ', $missing ) ) );
		}
		if ( array() !== $extra ) {
			/* translators: 1: webhook id, 2: event types, comma-separated. */
			$problems[] = WebhookCheck::notice( sprintf( __( 'PayPal webhook %1$s also sends %2$s, which the plugin ignores.', 'donation-widget' ), $id, implode( ', ', $extra ) ) );
		}
		$saved = ( new PayPalSettings( $this->settings ) )->webhook_id();
		if ( '' === $saved ) {
			/* translators: %s: webhook id. */
			$problems[] = WebhookCheck::blocking( sprintf( __( 'No Webhook ID is saved, so the site cannot have PayPal confirm deliveries: press Connect webhooks to save %s.', 'donation-widget' ), $id ) );
		} elseif ( $saved !== $id ) {
			/* translators: 1: the saved id, 2: the webhook's id. */
			$problems[] = WebhookCheck::blocking( sprintf( __( 'The Webhook ID saved (%1$s) is not this webhook\'s (%2$s), so PayPal does not confirm its deliveries: press Connect webhooks.', 'donation-widget' ), $saved, $id ) );
		}
		/* translators: 1: webhook id, 2: sandbox or live. */
		return WebhookCheck::found( $live, sprintf( __( 'PayPal webhook %1$s (%2$s app) sends to this site.', 'donation-widget' ), $id, $this->paypal->mode_name() ), $problems );
	}

	/**
	 * {@inheritDoc}
	 */
	public function delivery_notes(): array {
		// PayPal's events carry a resource version, not an API version the site pins.
		return array();
	}

	/**
	 * The app's webhook for this site's URL, if any.
	 *
	 * @param PayPalClient $paypal The client to ask with (a quick one for screens).
	 * @return array|null
	 * @phpstan-return Webhook|null
	 * @throws PayPalRequestError  When PayPal refuses.
	 * @throws ProviderUnavailable When PayPal cannot be reached.
	 */
	private function ours( PayPalClient $paypal ): ?array {
		$url = self::url();
		foreach ( $paypal->webhooks() as $webhook ) {
			if ( ( $webhook['url'] ?? null ) === $url ) {
				return $webhook;
			}
		}
		return null;
	}

	/**
	 * Saves the webhook's id as the Webhook ID (unless wp-config.php sets it) and says so.
	 *
	 * @param string $id      The webhook id.
	 * @param string $message What was done.
	 */
	private function store_id( string $id, string $message ): WebhookConnectResult {
		$saved = ( new PayPalSettings( $this->settings ) )->webhook_id();
		if ( $saved === $id ) {
			return WebhookConnectResult::connected( $message );
		}
		if ( $this->settings->is_from_constant( 'paypal_webhook_id' ) ) {
			return WebhookConnectResult::needs_attention(
				$message . ' ' . sprintf(
					/* translators: 1: the constant's name, 2: the saved id, 3: the webhook's id. */
					__( 'But the Webhook ID is set by %1$s in wp-config.php (%2$s), which Connect webhooks cannot change: set it to %3$s there, or PayPal will not confirm the deliveries.', 'donation-widget' ),
					$this->settings->fields()['paypal_webhook_id']->constant_name(),
					$saved,
					$id
				)
			);
		}
		$this->settings->save( array( 'paypal_webhook_id' => $id ) );
		if ( ( new PayPalSettings( $this->settings ) )->webhook_id() !== $id ) {
			/* translators: %s: the webhook's id. */
			return WebhookConnectResult::needs_attention( $message . ' ' . sprintf( __( 'But its ID %s could not be saved as the Webhook ID: paste it there yourself.', 'donation-widget' ), $id ) );
		}
		/* translators: %s: the webhook's id. */
		return WebhookConnectResult::connected( $message . ' ' . sprintf( __( 'Its ID %s is saved as the Webhook ID.', 'donation-widget' ), $id ) );
	}

	/**
	 * The event types the plugin needs that the webhook lacks, and those it sends beyond them.
	 *
	 * @param array $webhook A webhook.
	 * @phpstan-param Webhook $webhook
	 * @return array{0: list<string>, 1: list<string>}
	 */
	private function event_differences( array $webhook ): array {
		$names = array();
		foreach ( is_array( $webhook['event_types'] ?? null ) ? $webhook['event_types'] : array() as $type ) {
			if ( is_array( $type ) && is_string( $type['name'] ?? null ) ) {
				$names[] = $type['name'];
			}
		}
		$missing = in_array( '*', $names, true ) ? array() : array_values( array_diff( $this->events, $names ) );
		return array( $missing, array_values( array_diff( $names, $this->events ) ) );
	}

	/**
	 * PayPal's refusal, in its words.
	 *
	 * @param PayPalRequestError $error What PayPal answered.
	 */
	private function refused( PayPalRequestError $error ): WebhookConnectResult {
		/* translators: %s: PayPal's own message. */
		return WebhookConnectResult::failed( sprintf( __( 'PayPal refused to set up the webhook: %s', 'donation-widget' ), '' !== $error->paypal_message ? $error->paypal_message : $error->error_name ) );
	}
}
