<?php
/**
 * The site's Stripe webhook endpoint, set up through Stripe's API.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Gateways\Stripe\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Gateways\Stripe\StripeSettings;
use DonationWidget\Webhooks\WebhookCheck;
use DonationWidget\Webhooks\WebhookConnectResult;
use DonationWidget\Webhooks\WebhookConnection;
use DonationWidget\Webhooks\WebhookHealth;
use DonationWidget\Gateways\Stripe\StripeClient;
use DonationWidget\Gateways\Stripe\StripeError;
use DonationWidget\Http\ConnectionResult;
use DonationWidget\Http\ProviderUnavailable;
use DonationWidget\Receipts\DonationFormat;
use DonationWidget\Settings\Settings;

/**
 * Finds the endpoint of the current mode that sends to this site's webhook URL (the one whose id
 * was stored first), and makes it send exactly the events the plugin handles, at the pinned API
 * version, enabled. Stripe cannot change an endpoint's API version, and shows its signing secret
 * only in the answer that creates it: so an endpoint of another version (or one whose secret the
 * site lacks, on request) is replaced by a new one, whose secret is saved before the old one is
 * deleted, so the site is never left without a secret that works.
 *
 * @phpstan-type Endpoint array<string, mixed>
 */
final class StripeWebhookEndpoint implements WebhookConnection {

	/**
	 * The endpoint id the plugin made or repaired last, per mode (test, live).
	 */
	public const OPTION = 'donation_widget_stripe_webhook_endpoint';

	/**
	 * Builds it.
	 *
	 * @param StripeClient  $stripe   Stripe, in the current mode.
	 * @param Settings      $settings The mode and the signing secrets.
	 * @param WebhookHealth $health   The last event received.
	 * @param array         $events   The event types the plugin handles.
	 * @phpstan-param list<string> $events
	 */
	public function __construct(
		private readonly StripeClient $stripe,
		private readonly Settings $settings,
		private readonly WebhookHealth $health,
		private readonly array $events
	) {
	}

	/**
	 * {@inheritDoc}
	 */
	public function id(): string {
		return 'stripe';
	}

	/**
	 * {@inheritDoc}
	 */
	public function is_configured(): bool {
		return $this->stripe->is_configured();
	}

	/**
	 * This site's webhook URL, exactly as the settings screen shows it.
	 */
	public static function url(): string {
		return rest_url( StripeWebhookController::NAMESPACE . StripeWebhookController::ROUTE );
	}

	/**
	 * {@inheritDoc}
	 */
	public function fingerprint(): string {
		return implode( '|', array( $this->mode(), self::url(), ( new StripeSettings( $this->settings ) )->secret_key(), ( new StripeSettings( $this->settings ) )->webhook_secret(), $this->stored_id(), implode( ',', $this->events ) ) );
	}

	/**
	 * The endpoint id stored for the current mode ('' when none).
	 */
	public function stored_id(): string {
		$stored = get_option( self::OPTION, array() );
		$id     = is_array( $stored ) ? ( $stored[ $this->mode() ] ?? '' ) : '';
		return is_string( $id ) ? $id : '';
	}

	/**
	 * Creates, repairs or replaces the endpoint (see the class comment).
	 *
	 * @param bool $replace Whether to make a new endpoint even when the present one fits: the only
	 *                      way to a signing secret the site lacks.
	 */
	public function connect( bool $replace = false ): WebhookConnectResult {
		if ( ! $this->is_configured() ) {
			return WebhookConnectResult::failed( $this->stripe->unconfigured_text() );
		}
		try {
			$endpoint = $this->ours( $this->stripe )[0] ?? null;
			if ( null === $endpoint ) {
				return $this->create_endpoint();
			}
			if ( $this->version_of( $endpoint ) !== StripeClient::API_VERSION || $replace ) {
				return $this->replace_endpoint( $endpoint, $replace );
			}
			return $this->repair_endpoint( $endpoint );
		} catch ( StripeError $error ) {
			/* translators: %s: Stripe's own message. */
			return WebhookConnectResult::failed( sprintf( __( 'Stripe refused to set up the webhook endpoint: %s', 'donation-widget' ), $error->stripe_message ) );
		} catch ( ProviderUnavailable $error ) {
			return WebhookConnectResult::failed( $this->stripe->failed_check( $error )->message );
		}
	}

	/**
	 * {@inheritDoc}
	 */
	public function check(): WebhookCheck {
		$live = ( new StripeSettings( $this->settings ) )->is_live();
		if ( ! $this->is_configured() ) {
			/* translators: %s: test or live. */
			return WebhookCheck::unconfigured( $live, sprintf( __( 'Save the Stripe %s secret key to check the webhook endpoint.', 'donation-widget' ), $this->stripe->mode_name() ) );
		}
		try {
			// The admin waits on the settings screen or Site Health: a few seconds at most.
			$mine = $this->ours( $this->stripe->for_screen() );
		} catch ( StripeError $error ) {
			/* translators: %s: Stripe's own message. */
			return WebhookCheck::unavailable( $live, sprintf( __( 'Stripe did not list the webhook endpoints: %s', 'donation-widget' ), $error->stripe_message ) );
		} catch ( ProviderUnavailable $error ) {
			return WebhookCheck::unavailable( $live, $this->stripe->failed_check( $error )->message );
		}
		$endpoint = $mine[0] ?? null;
		if ( null === $endpoint ) {
			return WebhookCheck::found(
				$live,
				'',
				array(
					/* translators: %s: test or live. */
					WebhookCheck::blocking( sprintf( __( 'No Stripe webhook endpoint in %s mode sends events to this site: press Connect webhooks to create one.', 'donation-widget' ), $this->stripe->mode_name() ) ),
				)
			);
		}
		$id       = (string) $endpoint['id'];
		$problems = array();
		$version  = $this->version_of( $endpoint );
		if ( StripeClient::API_VERSION !== $version ) {
			$problems[] = WebhookCheck::notice(
				sprintf(
					/* translators: 1: endpoint id, 2: its API version, 3: the plugin's API version. */
					__( 'Endpoint %1$s sends events in API version %2$s, not %3$s, which the plugin reads. They still work (the site reads each object again itself), but Stripe cannot change an endpoint\'s version: Connect webhooks replaces it with a new endpoint.', 'donation-widget' ),
					$id,
					$this->version_name( $version ),
					StripeClient::API_VERSION
				)
			);
		}
		list( $missing, $extra ) = $this->event_differences( $endpoint );
		if ( array() !== $missing ) {
			/* translators: 1: endpoint id, 2: event types, comma-separated. */
			$problems[] = WebhookCheck::blocking( sprintf( __( 'Endpoint %1$s does not send %2$s, which the plugin needs: press Connect webhooks.', 'donation-widget' ), $id, implode( ', ', $missing ) ) );
		}
		if ( array() !== $extra ) {
			/* translators: 1: endpoint id, 2: event types, comma-separated. */
			$problems[] = WebhookCheck::notice( sprintf( __( 'Endpoint %1$s also sends %2$s, which the plugin ignores.', 'donation-widget' ), $id, implode( ', ', $extra ) ) );
		}
		if ( 'enabled' !== ( $endpoint['status'] ?? '' ) ) {
			/* translators: %s: endpoint id. */
			$problems[] = WebhookCheck::blocking( sprintf( __( 'Endpoint %s is disabled: Stripe sends it nothing. Press Connect webhooks to enable it.', 'donation-widget' ), $id ) );
		}
		$no_secret = '' === ( new StripeSettings( $this->settings ) )->webhook_secret();
		if ( $no_secret ) {
			$problems[] = WebhookCheck::blocking( $this->no_secret_text() );
		}
		if ( count( $mine ) > 1 ) {
			$problems[] = WebhookCheck::notice(
				sprintf(
					/* translators: 1: how many, 2: endpoint ids. */
					_n( '%1$d more endpoint sends to this URL (%2$s); its deliveries fail the signature check. Delete it in the Stripe dashboard.', '%1$d more endpoints send to this URL (%2$s); their deliveries fail the signature check. Delete them in the Stripe dashboard.', count( $mine ) - 1, 'donation-widget' ),
					count( $mine ) - 1,
					implode( ', ', array_map( static fn ( array $other ): string => (string) $other['id'], array_slice( $mine, 1 ) ) )
				)
			);
		}
		$summary = sprintf(
			/* translators: 1: endpoint id, 2: test or live, 3: API version. */
			__( 'Stripe endpoint %1$s (%2$s mode, API version %3$s) sends to this site.', 'donation-widget' ),
			$id,
			$this->stripe->mode_name(),
			$this->version_name( $version )
		);
		return WebhookCheck::found( $live, $summary, $problems, $no_secret && ! $this->secret_is_constant() );
	}

	/**
	 * {@inheritDoc}
	 */
	public function delivery_notes(): array {
		$event = $this->health->last_event( 'stripe' );
		if ( null === $event || '' === $event['api_version'] || StripeClient::API_VERSION === $event['api_version'] ) {
			return array();
		}
		return array(
			sprintf(
				/* translators: 1: event type, 2: date and time, 3: its API version, 4: the plugin's API version. */
				__( 'The last Stripe event (%1$s, %2$s) arrived in API version %3$s, not %4$s. That is harmless, since the site reads each object again at its own version, but the endpoint that sent it is not on the plugin\'s version.', 'donation-widget' ),
				$event['type'],
				DonationFormat::date_time_at( (int) $event['time'] ),
				$event['api_version'],
				StripeClient::API_VERSION
			),
		);
	}

	/**
	 * The current mode's endpoints that send to this site's URL, the stored one first.
	 *
	 * @param StripeClient $stripe The client to ask with (a quick one for screens).
	 * @return list<Endpoint>
	 * @throws StripeError         When Stripe refuses.
	 * @throws ProviderUnavailable When Stripe cannot be reached.
	 */
	private function ours( StripeClient $stripe ): array {
		// An account has at most 16 endpoints: one page holds them all.
		$answer = $stripe->get( '/v1/webhook_endpoints', array( 'limit' => 100 ) );
		$url    = self::url();
		$mine   = array();
		foreach ( is_array( $answer['data'] ?? null ) ? $answer['data'] : array() as $endpoint ) {
			if ( is_array( $endpoint ) && is_string( $endpoint['id'] ?? null ) && ( $endpoint['url'] ?? null ) === $url ) {
				$mine[] = $endpoint;
			}
		}
		$stored = $this->stored_id();
		usort( $mine, static fn ( array $a, array $b ): int => (int) ( $b['id'] === $stored ) - (int) ( $a['id'] === $stored ) );
		return $mine;
	}

	/**
	 * No endpoint sends to the site: a new one.
	 *
	 * @throws StripeError         When Stripe refuses.
	 * @throws ProviderUnavailable When Stripe cannot be reached.
	 */
	private function create_endpoint(): WebhookConnectResult {
		if ( $this->secret_is_constant() ) {
			return WebhookConnectResult::needs_attention(
				$this->constant_text() . ' ' . __( 'No endpoint sends to this site yet: create one in the Stripe dashboard and put its signing secret in wp-config.php, or remove the constant and press Connect webhooks again.', 'donation-widget' )
			);
		}
		$created = $this->create_and_store();
		if ( is_string( $created ) ) {
			return WebhookConnectResult::failed( $created );
		}
		return WebhookConnectResult::connected(
			sprintf(
				/* translators: 1: test or live, 2: endpoint id, 3: API version, 4: event types, comma-separated. */
				__( 'Connected: Stripe endpoint %2$s (%1$s mode, API version %3$s) now sends %4$s to this site, and its signing secret is saved.', 'donation-widget' ),
				$this->stripe->mode_name(),
				(string) $created['id'],
				StripeClient::API_VERSION,
				implode( ', ', $this->events )
			)
		);
	}

	/**
	 * An endpoint whose version cannot be changed, or whose secret the site lacks: a new endpoint
	 * first, its secret saved, then the old one deleted.
	 *
	 * @param array $old       The endpoint found.
	 * @phpstan-param Endpoint $old
	 * @param bool  $requested Whether the admin asked for a new endpoint.
	 * @throws StripeError         When Stripe refuses to create it.
	 * @throws ProviderUnavailable When Stripe cannot be reached.
	 */
	private function replace_endpoint( array $old, bool $requested ): WebhookConnectResult {
		$old_id  = (string) $old['id'];
		$version = $this->version_of( $old );
		if ( $this->secret_is_constant() ) {
			$why = $requested
				? __( 'A new endpoint would come with a new signing secret: create one in the Stripe dashboard and put its secret in wp-config.php instead.', 'donation-widget' )
				: sprintf(
					/* translators: 1: endpoint id, 2: its API version, 3: the plugin's API version. */
					__( 'Endpoint %1$s stays on API version %2$s and keeps working (the site reads each object again itself). To move to %3$s, create a new endpoint in the Stripe dashboard, put its signing secret in wp-config.php, then delete the old one.', 'donation-widget' ),
					$old_id,
					$this->version_name( $version ),
					StripeClient::API_VERSION
				);
			return WebhookConnectResult::needs_attention( $this->constant_text() . ' ' . $why );
		}
		$created = $this->create_and_store();
		if ( is_string( $created ) ) {
			return WebhookConnectResult::failed( $created );
		}
		$new_id = (string) $created['id'];
		$done   = $requested
			? sprintf(
				/* translators: 1: new endpoint id, 2: old endpoint id. */
				__( 'Connected: new Stripe endpoint %1$s replaces %2$s, and its signing secret is saved.', 'donation-widget' ),
				$new_id,
				$old_id
			)
			: sprintf(
				/* translators: 1: old endpoint id, 2: its API version, 3: new endpoint id, 4: the plugin's API version. */
				__( 'Connected: endpoint %1$s was on API version %2$s, which Stripe cannot change, so new endpoint %3$s on %4$s replaces it, and its signing secret is saved.', 'donation-widget' ),
				$old_id,
				$this->version_name( $version ),
				$new_id,
				StripeClient::API_VERSION
			);
		try {
			$this->stripe->delete( '/v1/webhook_endpoints/' . rawurlencode( $old_id ) );
		} catch ( StripeError | ProviderUnavailable $error ) {
			return WebhookConnectResult::needs_attention(
				$done . ' ' . sprintf(
					/* translators: 1: old endpoint id, 2: what went wrong. */
					__( 'The old endpoint %1$s could not be deleted (%2$s): delete it in the Stripe dashboard, or its deliveries keep failing the signature check.', 'donation-widget' ),
					$old_id,
					$error instanceof StripeError ? $error->stripe_message : ConnectionResult::detail( $error )
				)
			);
		}
		/* translators: %s: old endpoint id. */
		return WebhookConnectResult::connected( $done . ' ' . sprintf( __( 'The old endpoint %s was deleted.', 'donation-widget' ), $old_id ) );
	}

	/**
	 * An endpoint of the pinned version: its events set and enabled, if they are not.
	 *
	 * @param array $endpoint The endpoint found.
	 * @phpstan-param Endpoint $endpoint
	 * @throws StripeError         When Stripe refuses the update.
	 * @throws ProviderUnavailable When Stripe cannot be reached.
	 */
	private function repair_endpoint( array $endpoint ): WebhookConnectResult {
		$id      = (string) $endpoint['id'];
		$changes = array();
		$done    = array();
		if ( array() !== array_merge( ...$this->event_differences( $endpoint ) ) ) {
			$changes['enabled_events'] = $this->events;
			/* translators: %s: event types, comma-separated. */
			$done[] = sprintf( __( 'it now sends exactly %s', 'donation-widget' ), implode( ', ', $this->events ) );
		}
		if ( 'enabled' !== ( $endpoint['status'] ?? '' ) ) {
			$changes['disabled'] = false;
			$done[]              = __( 'it was disabled and is enabled again', 'donation-widget' );
		}
		if ( array() !== $changes ) {
			$this->stripe->post( '/v1/webhook_endpoints/' . rawurlencode( $id ), $changes, 'dw-webhook-endpoint-' . wp_generate_uuid4() );
		}
		$this->remember( $id );
		$message = array() === $changes
			/* translators: 1: endpoint id, 2: test or live, 3: API version. */
			? sprintf( __( 'Already connected: Stripe endpoint %1$s (%2$s mode, API version %3$s) sends the events the plugin handles to this site.', 'donation-widget' ), $id, $this->stripe->mode_name(), StripeClient::API_VERSION )
			/* translators: 1: endpoint id, 2: what changed. */
			: sprintf( __( 'Repaired Stripe endpoint %1$s: %2$s.', 'donation-widget' ), $id, implode( '; ', $done ) );
		if ( '' === ( new StripeSettings( $this->settings ) )->webhook_secret() ) {
			return WebhookConnectResult::needs_attention( $message . ' ' . $this->no_secret_text() );
		}
		return WebhookConnectResult::connected( $message );
	}

	/**
	 * Creates an endpoint of the pinned version with exactly the plugin's events, and saves its
	 * signing secret and id for the current mode. An endpoint whose secret could not be saved is
	 * deleted again, so it never sends deliveries nobody can verify.
	 *
	 * @return array|string The endpoint, or why it could not be set up.
	 * @phpstan-return Endpoint|string
	 * @throws StripeError         When Stripe refuses.
	 * @throws ProviderUnavailable When Stripe cannot be reached.
	 */
	private function create_and_store(): array|string {
		$created = $this->stripe->post(
			'/v1/webhook_endpoints',
			array(
				'url'            => self::url(),
				'api_version'    => StripeClient::API_VERSION,
				'enabled_events' => $this->events,
				/* translators: %s: the site's name. */
				'description'    => sprintf( __( 'Donation Widget on %s', 'donation-widget' ), wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ) ),
			),
			'dw-webhook-endpoint-' . wp_generate_uuid4()
		);
		$id      = is_string( $created['id'] ?? null ) ? $created['id'] : '';
		$secret  = is_string( $created['secret'] ?? null ) ? $created['secret'] : '';
		$key     = 'stripe_' . $this->mode() . '_webhook_secret';
		if ( '' !== $secret ) {
			$this->settings->save( array( $key => $secret ) );
		}
		if ( '' === $id || '' === $secret || ( new StripeSettings( $this->settings ) )->webhook_secret() !== $secret ) {
			if ( '' !== $id ) {
				try {
					$this->stripe->delete( '/v1/webhook_endpoints/' . rawurlencode( $id ) );
				} catch ( StripeError | ProviderUnavailable $error ) {
					// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an endpoint nobody can verify may linger.
					error_log( "Donation Widget: could not delete Stripe webhook endpoint {$id} whose secret was not saved: " . $error->getMessage() );
				}
			}
			return __( 'Stripe made an endpoint, but its signing secret could not be saved, so it was deleted again. Nothing changed.', 'donation-widget' );
		}
		$this->remember( $id );
		return $created;
	}

	/**
	 * Stores the endpoint id of the current mode.
	 *
	 * @param string $id we_… id.
	 */
	private function remember( string $id ): void {
		$stored                  = get_option( self::OPTION, array() );
		$stored                  = is_array( $stored ) ? $stored : array();
		$stored[ $this->mode() ] = $id;
		update_option( self::OPTION, $stored, false );
	}

	/**
	 * The event types the plugin needs that the endpoint lacks, and those it sends beyond them.
	 *
	 * @param array $endpoint An endpoint.
	 * @phpstan-param Endpoint $endpoint
	 * @return array{0: list<string>, 1: list<string>}
	 */
	private function event_differences( array $endpoint ): array {
		$enabled = array_values( array_filter( is_array( $endpoint['enabled_events'] ?? null ) ? $endpoint['enabled_events'] : array(), 'is_string' ) );
		$missing = in_array( '*', $enabled, true ) ? array() : array_values( array_diff( $this->events, $enabled ) );
		return array( $missing, array_values( array_diff( $enabled, $this->events ) ) );
	}

	/**
	 * An endpoint's API version ('' when it follows the account's default).
	 *
	 * @param array $endpoint An endpoint.
	 * @phpstan-param Endpoint $endpoint
	 */
	private function version_of( array $endpoint ): string {
		return is_string( $endpoint['api_version'] ?? null ) ? $endpoint['api_version'] : '';
	}

	/**
	 * A version for people: the account's default when an endpoint names none.
	 *
	 * @param string $version An API version, or ''.
	 */
	private function version_name( string $version ): string {
		return '' === $version ? __( 'the account\'s default', 'donation-widget' ) : $version;
	}

	/**
	 * Whether wp-config.php sets the current mode's signing secret.
	 */
	private function secret_is_constant(): bool {
		return $this->settings->is_from_constant( 'stripe_' . $this->mode() . '_webhook_secret' );
	}

	/**
	 * "The … signing secret is set in wp-config.php …".
	 */
	private function constant_text(): string {
		$field = $this->settings->fields()[ 'stripe_' . $this->mode() . '_webhook_secret' ];
		/* translators: 1: test or live, 2: the constant's name. */
		return sprintf( __( 'The Stripe %1$s webhook signing secret is set by %2$s in wp-config.php, so Connect webhooks cannot save a new one.', 'donation-widget' ), $this->stripe->mode_name(), $field->constant_name() );
	}

	/**
	 * Why a missing secret needs a new endpoint.
	 */
	private function no_secret_text(): string {
		/* translators: %s: test or live. */
		return sprintf( __( 'This site has no Stripe %s webhook signing secret, so it refuses the endpoint\'s deliveries. Stripe shows a secret only when it makes an endpoint: press Replace the endpoint to make a new one and save its secret (the old one is then deleted).', 'donation-widget' ), $this->stripe->mode_name() );
	}

	/**
	 * The current mode: test or live.
	 */
	private function mode(): string {
		return ( new StripeSettings( $this->settings ) )->is_live() ? 'live' : 'test';
	}
}
