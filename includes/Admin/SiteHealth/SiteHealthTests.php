<?php
/**
 * The plugin's checks on Tools → Site Health → Status.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\SiteHealth;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\AdminServiceProvider;
use DonationWidget\Admin\WebhookHealthReport;
use DonationWidget\Admin\WebhookSetupStatus;
use DonationWidget\Checkout\Gateway;
use DonationWidget\Checkout\GatewayRegistry;
use DonationWidget\Protection\ClientIp;
use DonationWidget\Protection\ForwardingCheck;
use DonationWidget\Protection\TrustedProxies;
use DonationWidget\Scheduling\RecurringEvents;
use DonationWidget\Settings\Settings;

/**
 * Five direct tests, each answering what a charity's admin needs to know before a donor finds
 * out: can the site take money in the current mode, is the form served over HTTPS, do the
 * providers' webhooks reach the site, are they set up as the plugin needs, does WP-Cron run the
 * plugin's background work, and are donors counted under their own address (not all under one
 * proxy's).
 */
final class SiteHealthTests {

	/**
	 * How late a recurring event may run before WP-Cron counts as stopped: a site without
	 * visitors for a few minutes is not broken, one whose five-minute event is 30 minutes late is.
	 */
	public const CRON_LATE_SECONDS = 30 * MINUTE_IN_SECONDS;

	/**
	 * Site Health's statuses, mildest first.
	 */
	private const SEVERITY = array( 'good', 'recommended', 'critical' );

	/**
	 * Builds the tests.
	 *
	 * @param Settings            $settings Keys and modes.
	 * @param WebhookHealthReport $webhooks Whether webhooks reach the site.
	 * @param WebhookSetupStatus  $setup    Whether each provider's webhook is set up as needed.
	 * @param GatewayRegistry     $gateways The payment gateways, each saying how it stands.
	 */
	public function __construct( private readonly Settings $settings, private readonly WebhookHealthReport $webhooks, private readonly WebhookSetupStatus $setup, private readonly GatewayRegistry $gateways ) {
	}

	/**
	 * The site_status_tests filter: adds the plugin's direct tests.
	 *
	 * @param mixed $tests Site Health's tests.
	 * @return array<string, mixed>
	 */
	public function register( mixed $tests ): array {
		$tests           = is_array( $tests ) ? $tests : array();
		$tests['direct'] = is_array( $tests['direct'] ?? null ) ? $tests['direct'] : array();
		foreach ( array(
			'donation_widget_keys'          => array( __( 'Donation Widget payment keys', 'donation-widget' ), 'keys' ),
			'donation_widget_https'         => array( __( 'Donation Widget over HTTPS', 'donation-widget' ), 'https' ),
			'donation_widget_webhooks'      => array( __( 'Donation Widget webhooks', 'donation-widget' ), 'webhooks' ),
			'donation_widget_webhook_setup' => array( __( 'Donation Widget webhook setup', 'donation-widget' ), 'webhook_setup' ),
			'donation_widget_cron'          => array( __( 'Donation Widget background tasks', 'donation-widget' ), 'cron' ),
			'donation_widget_client_ip'     => array( __( 'Donation Widget visitor addresses', 'donation-widget' ), 'client_ip' ),
		) as $id => list( $label, $method ) ) {
			$tests['direct'][ $id ] = array(
				'label' => $label,
				'test'  => array( $this, $method ),
			);
		}
		return $tests;
	}

	/**
	 * Whether the keys the current modes need are all there.
	 *
	 * @return array<string, mixed>
	 */
	public function keys(): array {
		$missing = array();
		$notes   = array();
		$summary = array();
		foreach ( $this->gateways->gateways() as $gateway ) {
			$health = $gateway->health();
			array_push( $missing, ...$health->missing );
			array_push( $notes, ...$health->notes );
			$summary[] = $health->summary;
		}
		if ( array() !== $missing ) {
			return $this->result(
				'keys',
				'critical',
				__( 'Donation Widget cannot take card donations', 'donation-widget' ),
				/* translators: %s: the missing keys, such as "the … live secret key". */
				sprintf( __( 'Missing: %s. Donors who reach the payment step will be told the payment could not be taken.', 'donation-widget' ), implode( ', ', $missing ) ),
				true
			);
		}
		if ( array() !== $notes ) {
			return $this->result( 'keys', 'recommended', __( 'Donation Widget is missing a key it should have', 'donation-widget' ), implode( ' ', $notes ), true );
		}
		return $this->result( 'keys', 'good', __( 'Donation Widget has the keys it needs', 'donation-widget' ), implode( ' ', array_filter( $summary ) ), false );
	}

	/**
	 * Whether donors reach the form over HTTPS (the card provider refuses to take live cards
	 * otherwise).
	 *
	 * @return array<string, mixed>
	 */
	public function https(): array {
		if ( wp_is_using_https() ) {
			return $this->result( 'https', 'good', __( 'Donation Widget is served over HTTPS', 'donation-widget' ), __( 'Donors\' details and card entry travel encrypted.', 'donation-widget' ), false );
		}
		$live = array_values( array_filter( $this->gateways->gateways(), static fn ( Gateway $gateway ): bool => $gateway->is_live() ) );
		return $this->result(
			'https',
			array() !== $live ? 'critical' : 'recommended',
			__( 'Donation Widget is not served over HTTPS', 'donation-widget' ),
			array() !== $live
				/* translators: %s: the live provider, such as the card provider's name. */
				? sprintf( __( 'The site takes live donations over plain HTTP. %s and the wallets refuse live payments on such a page: switch the site to HTTPS.', 'donation-widget' ), $live[0]->label() )
				: __( 'The site does not use HTTPS. That is fine for testing, but live donations need it.', 'donation-widget' ),
			false
		);
	}

	/**
	 * Whether the live providers' webhooks have followed the site's recent payments.
	 *
	 * @return array<string, mixed>
	 */
	public function webhooks(): array {
		$silent = $this->webhooks->silent_providers();
		if ( array() !== $silent ) {
			$names = array_map( array( $this->gateways, 'label' ), array_keys( $silent ) );
			return $this->result(
				'webhooks',
				'critical',
				__( 'Donation Widget is not receiving webhooks', 'donation-widget' ),
				/* translators: %s: provider names, comma-separated. */
				sprintf( __( 'No verified webhook from %s has arrived since a recent payment. Refunds, disputes, renewals and payments finished after the donor left reach the records late or not at all: check the webhook URL and secret on the settings screen.', 'donation-widget' ), implode( ', ', $names ) ),
				true
			);
		}
		$lines = array_map( array( $this->webhooks, 'last_event_text' ), $this->gateways->ids() );
		if ( $this->webhooks->recent_gone_object() ) {
			// Acknowledged so the provider stops retrying, but nothing was recorded from it.
			return $this->result( 'webhooks', 'recommended', __( 'Donation Widget received a webhook about something its provider no longer has', 'donation-widget' ), array( implode( ' ', $lines ), $this->webhooks->last_gone_text() ), true );
		}
		return $this->result( 'webhooks', 'good', __( 'Donation Widget webhooks are arriving, or not yet needed', 'donation-widget' ), implode( ' ', $lines ), false );
	}

	/**
	 * Whether each provider's webhook sends exactly the events the plugin handles, enabled, at
	 * the plugin's API version, and can be verified. The provider is asked only when no check of
	 * the present settings is kept (WebhookSetupStatus); a provider without keys is left to the
	 * keys test.
	 *
	 * @return array<string, mixed>
	 */
	public function webhook_setup(): array {
		$lines    = array();
		$status   = 'good';
		$worst    = static fn ( string $a, string $b ): string => array_search( $a, self::SEVERITY, true ) >= array_search( $b, self::SEVERITY, true ) ? $a : $b;
		$unasked  = 0;
		$checked  = 0;
		$problems = 0;
		foreach ( $this->setup->connections() as $id => $connection ) {
			if ( ! $connection->is_configured() ) {
				continue;
			}
			++$checked;
			$name  = $this->gateways->label( $id );
			$check = $this->setup->current( $connection );
			if ( '' !== $check->error ) {
				++$unasked;
				$status  = $worst( $status, 'recommended' );
				$lines[] = $name . ': ' . $check->error;
				continue;
			}
			$found = array_merge( array_map( static fn ( array $problem ): string => $problem['text'], $check->problems ), $connection->delivery_notes() );
			if ( $check->has_blocking() ) {
				$status = $worst( $status, $check->live ? 'critical' : 'recommended' );
			} elseif ( array() !== $found ) {
				$status = $worst( $status, 'recommended' );
			}
			$problems += count( $found );
			$lines[]   = trim( $name . ': ' . $check->summary . ( array() === $found ? ' ' . __( 'It is set up as the plugin needs.', 'donation-widget' ) : '' ) );
			foreach ( $found as $line ) {
				$lines[] = $name . ': ' . $line;
			}
		}//end foreach
		if ( 0 === $checked ) {
			return $this->result(
				'webhook_setup',
				'good',
				__( 'Donation Widget has no webhook to check yet', 'donation-widget' ),
				sprintf(
					/* translators: %s: the providers' names, such as "A or B". */
					__( 'Once the %s keys are saved, the settings screen\'s Connect webhooks sets up their webhooks.', 'donation-widget' ),
					implode( ' ' . __( 'or', 'donation-widget' ) . ' ', array_map( array( $this->gateways, 'label' ), array_keys( $this->setup->connections() ) ) )
				),
				false
			);
		}
		if ( 'good' === $status ) {
			return $this->result( 'webhook_setup', 'good', __( 'Donation Widget webhooks are set up as the plugin needs', 'donation-widget' ), $lines, false );
		}
		$label   = 0 === $problems && $unasked > 0
			? __( 'Donation Widget could not check its webhooks', 'donation-widget' )
			: __( 'Donation Widget webhooks differ from what the plugin needs', 'donation-widget' );
		$lines[] = __( 'Connect webhooks, in each provider\'s section of the settings screen, creates or repairs the webhook.', 'donation-widget' );
		return $this->result( 'webhook_setup', $status, $label, $lines, true );
	}

	/**
	 * Whether WP-Cron runs the plugin's recurring events (reconciliation, queued mail, cleanup).
	 *
	 * @param int|null $now Unix time (tests pass their own).
	 * @return array<string, mixed>
	 */
	public function cron( ?int $now = null ): array {
		$now     = $now ?? time();
		$missing = array();
		$late    = 0;
		foreach ( array_keys( RecurringEvents::all() ) as $hook ) {
			$next = wp_next_scheduled( $hook );
			if ( false === $next ) {
				$missing[] = $hook;
				continue;
			}
			$late = max( $late, $now - (int) $next );
		}
		if ( array() !== $missing ) {
			return $this->result(
				'cron',
				'recommended',
				__( 'Donation Widget\'s background tasks are not scheduled', 'donation-widget' ),
				/* translators: %s: WP-Cron hook names. */
				sprintf( __( 'Not scheduled: %s. They are scheduled again on the next page load; if this stays, another plugin may be clearing WP-Cron events.', 'donation-widget' ), implode( ', ', $missing ) ),
				false
			);
		}
		if ( $late > self::CRON_LATE_SECONDS ) {
			$description = sprintf(
				/* translators: %d: minutes. */
				__( 'The plugin\'s background tasks are %d minutes late: payments left open are not reconciled and receipts wait in the queue.', 'donation-widget' ),
				intdiv( $late, MINUTE_IN_SECONDS )
			);
			$description .= ' ' . ( defined( 'DISABLE_WP_CRON' ) && DISABLE_WP_CRON
				? __( 'DISABLE_WP_CRON is set, so a system cron job must call wp-cron.php every few minutes: check that it runs.', 'donation-widget' )
				: __( 'WP-Cron runs on page loads: check that the site can reach itself (loopback requests) or set up a system cron job calling wp-cron.php.', 'donation-widget' ) );
			return $this->result( 'cron', 'critical', __( 'WP-Cron is not running Donation Widget\'s background tasks', 'donation-widget' ), $description, false );
		}
		return $this->result( 'cron', 'good', __( 'Donation Widget\'s background tasks are running', 'donation-widget' ), __( 'Reconciliation and queued emails run every five minutes.', 'donation-widget' ), false );
	}

	/**
	 * Which address the payment limits count donors under, and whether requests show a proxy
	 * the Trusted proxies setting does not describe (this request, or a payment call this week).
	 *
	 * @return array<string, mixed>
	 */
	public function client_ip(): array {
		$proxies = ClientIp::proxies( $this->settings );
		$now     = ForwardingCheck::current();
		$noted   = ForwardingCheck::last_noted();
		$basis   = self::limit_basis( $proxies );
		/* translators: %s: an IP address. */
		$yours = sprintf( __( 'Your own address, as the plugin sees it on this page: %s.', 'donation-widget' ), $now['address'] );

		$problem = $now['problem'];
		$remote  = $now['remote'];
		$headers = $now['headers'];
		$when    = __( 'This page\'s own request', 'donation-widget' );
		if ( '' === $problem && null !== $noted ) {
			$problem = $noted['problem'];
			$remote  = $noted['remote'];
			$headers = $noted['headers'];
			/* translators: %s: how long ago, such as "2 hours". */
			$when = sprintf( __( 'A payment call %s ago', 'donation-widget' ), human_time_diff( $noted['time'] ) );
		}
		$seen   = implode( ', ', $headers );
		$chosen = TrustedProxies::HEADERS[ $proxies->header ] ?? '';

		switch ( $problem ) {
			case ForwardingCheck::UNTRUSTED_PRIVATE:
				$description = sprintf(
					/* translators: 1: "This page's own request" or "A payment call 2 hours ago", 2: an IP address, 3: header names. */
					__( '%1$s came from %2$s, a private address, carrying %3$s, but that address is not a trusted proxy. Every donor behind it is counted as one visitor, so a busy hour, or one person sending junk, blocks them all. If %2$s is your load balancer or reverse proxy, add it (or its network) under Trusted proxies and choose the header it sets.', 'donation-widget' ),
					$when,
					$remote,
					$seen
				);
				return $this->result( 'client_ip', 'recommended', __( 'Donation Widget may count all donors as one visitor', 'donation-widget' ), $description . ' ' . $basis, true );
			case ForwardingCheck::PROXY_WITHOUT_HEADER:
				$description = sprintf(
					/* translators: 1: "This page's own request" or "A payment call 2 hours ago", 2: an IP address, 3: a header name. */
					__( '%1$s came from the trusted proxy %2$s without a readable %3$s header, so its donor was counted under the proxy\'s address. Check which header the proxy sets and choose that one.', 'donation-widget' ),
					$when,
					$remote,
					$chosen
				);
				if ( '' !== $seen ) {
					/* translators: %s: header names. */
					$description .= ' ' . sprintf( __( 'The request carried: %s.', 'donation-widget' ), $seen );
				}
				return $this->result( 'client_ip', 'recommended', __( 'Donation Widget cannot read the visitor address from your proxy', 'donation-widget' ), $description . ' ' . $basis, true );
			case ForwardingCheck::UNTRUSTED_PUBLIC:
				$description = sprintf(
					/* translators: 1: an IP address, 2: header names. */
					__( 'This page came from %1$s carrying %2$s, and that address is not a trusted proxy, so the header is ignored. If your site is behind a CDN (such as Cloudflare), add the CDN\'s published address ranges under Trusted proxies; otherwise nothing needs doing.', 'donation-widget' ),
					$remote,
					$seen
				);
				return $this->result( 'client_ip', 'recommended', __( 'Donation Widget ignores a forwarding header', 'donation-widget' ), $description . ' ' . $basis, true );
		}//end switch
		return $this->result( 'client_ip', 'good', __( 'Donation Widget counts each donor under their own address', 'donation-widget' ), $basis . ' ' . $yours, false );
	}

	/**
	 * Which address the payment limits use, in a sentence.
	 *
	 * @param TrustedProxies $proxies The settings' proxies.
	 */
	public static function limit_basis( TrustedProxies $proxies ): string {
		if ( ! $proxies->is_configured() ) {
			return __( 'Payment limits count each visitor by the address that connects to the site (REMOTE_ADDR); no proxy is trusted, so no forwarding header is believed.', 'donation-widget' );
		}
		return sprintf(
			/* translators: 1: a header name, 2: a list of IP ranges. */
			__( 'Payment limits count a visitor arriving through a trusted proxy (%2$s) by the address in its %1$s header, and anyone else by the address that connects to the site.', 'donation-widget' ),
			TrustedProxies::HEADERS[ $proxies->header ],
			implode( ', ', $proxies->networks() )
		);
	}

	/**
	 * One result in Site Health's shape.
	 *
	 * @param string          $id               Test id, after the prefix.
	 * @param string          $status           good, recommended or critical.
	 * @param string          $label            Headline.
	 * @param string|string[] $description      Plain text (a list: one paragraph each).
	 * @param bool            $link_to_settings Whether to offer the settings screen.
	 * @return array<string, mixed>
	 */
	private function result( string $id, string $status, string $label, string|array $description, bool $link_to_settings ): array {
		return array(
			'label'       => $label,
			'status'      => $status,
			'badge'       => array(
				'label' => __( 'Donations', 'donation-widget' ),
				'color' => 'good' === $status ? 'blue' : ( 'critical' === $status ? 'red' : 'orange' ),
			),
			'description' => implode( '', array_map( static fn ( string $paragraph ): string => '<p>' . esc_html( $paragraph ) . '</p>', (array) $description ) ),
			'actions'     => $link_to_settings
				? sprintf( '<p><a href="%s">%s</a></p>', esc_url( admin_url( 'admin.php?page=' . AdminServiceProvider::MENU_SLUG ) ), esc_html__( 'Open the Donation Widget settings', 'donation-widget' ) )
				: '',
			'test'        => 'donation_widget_' . $id,
		);
	}
}
