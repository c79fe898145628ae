<?php
/**
 * The WP-CLI command: wp donation-widget card-link <subscription id or email> [--email].
 *
 * @package DonationWidget
 */

namespace DonationWidget\Cli;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\CardUpdate\CardUpdateActor;
use DonationWidget\CardUpdate\CardUpdateLinkRefused;
use DonationWidget\CardUpdate\CardUpdateLinks;
use DonationWidget\CardUpdate\RecurringDonors;
use DonationWidget\Subscriptions\RecurringPayments;

/**
 * Prints a card-update link for a recurring donor, found by subscription id or by email
 * address; with --email, emails it to them instead. The logic is link_for(), a plain method;
 * __invoke() is the thin WP-CLI glue around it.
 */
final class CardLinkCommand {

	/**
	 * Builds the command.
	 *
	 * @param CardUpdateLinks   $links     The card-update service.
	 * @param RecurringDonors   $donors    Email → subscriptions.
	 * @param RecurringPayments $recurring The provider of 4-weekly donations, for its name.
	 */
	public function __construct( private readonly CardUpdateLinks $links, private readonly RecurringDonors $donors, private readonly RecurringPayments $recurring ) {
	}

	/**
	 * Issues a card-update link for a recurring donor.
	 *
	 * ## OPTIONS
	 *
	 * <subscription-or-email>
	 * : The card provider's subscription id (sub_…), or the donor's email address.
	 *
	 * [--email]
	 * : Email the link to the donor instead of printing it.
	 *
	 * ## EXAMPLES
	 *
	 *     wp donation-widget card-link sub_1PqR2sT3uV4wX5yZ
	 *     wp donation-widget card-link jane@example.org.au --email
	 *
	 * @param array                 $args       Positional arguments.
	 * @param array<string, string> $assoc_args Flags.
	 * @phpstan-param list<string> $args
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		try {
			$lines = $this->link_for( (string) ( $args[0] ?? '' ), isset( $assoc_args['email'] ) );
		} catch ( CardUpdateLinkRefused $refused ) {
			// @phpstan-ignore class.notFound (WP-CLI defines it when it runs the command.)
			\WP_CLI::error( $refused->getMessage() );
			return;
		}
		foreach ( $lines as $line ) {
			// @phpstan-ignore class.notFound (WP-CLI defines it when it runs the command.)
			\WP_CLI::line( $line );
		}
	}

	/**
	 * Issues (and, with $email, emails) a link; the lines to print: first the URL (or where it
	 * was emailed), then its expiry.
	 *
	 * @param string $target A sub_… id or an email address.
	 * @param bool   $email  Email it to the donor instead of printing it.
	 * @return list<string>
	 * @throws CardUpdateLinkRefused When the target names no single running subscription, or no link can be issued.
	 */
	public function link_for( string $target, bool $email = false ): array {
		$subscription_id = $this->subscription_of( trim( $target ) );
		if ( $email ) {
			$sent   = $this->links->email_link( $subscription_id, CardUpdateActor::WP_CLI );
			$latest = $this->links->for_subscription( $subscription_id )[0] ?? null;
			if ( ! $sent || null === $latest ) {
				throw new CardUpdateLinkRefused( 'email_failed', esc_html__( 'The link was issued, but the email could not be sent. Check the site\'s email settings.', 'donation-widget' ) );
			}
			return array(
				/* translators: 1: email address, 2: the provider's subscription id. */
				sprintf( __( 'Emailed a card-update link to %1$s for %2$s.', 'donation-widget' ), $latest->email, $subscription_id ),
				/* translators: %s: date and time, UTC. */
				sprintf( __( 'It expires %s UTC.', 'donation-widget' ), $latest->expires_at ),
			);
		}
		$issued = $this->links->issue( $subscription_id, CardUpdateActor::WP_CLI );
		return array(
			$issued->url,
			/* translators: 1: the provider's subscription id, 2: email address, 3: date and time, UTC. */
			sprintf( __( 'For %1$s (%2$s); it expires %3$s UTC and works once.', 'donation-widget' ), $subscription_id, $issued->link->email, $issued->link->expires_at ),
		);
	}

	/**
	 * The subscription a target names.
	 *
	 * @param string $target A sub_… id or an email address.
	 * @throws CardUpdateLinkRefused When it names none, or several.
	 */
	private function subscription_of( string $target ): string {
		if ( str_starts_with( $target, 'sub_' ) ) {
			return $target;
		}
		if ( ! is_email( $target ) ) {
			throw new CardUpdateLinkRefused(
				esc_html( CardUpdateLinkRefused::UNKNOWN_SUBSCRIPTION ),
				esc_html(
					sprintf(
						/* translators: %s: the provider's name. */
						__( 'Give a %s subscription id (sub_…) or the donor\'s email address.', 'donation-widget' ),
						$this->recurring->label()
					)
				)
			);
		}
		$found = $this->donors->running_subscriptions_of( $target );
		if ( array() === $found ) {
			/* translators: %s: email address. */
			throw new CardUpdateLinkRefused( esc_html( CardUpdateLinkRefused::UNKNOWN_SUBSCRIPTION ), esc_html( sprintf( __( 'No running 4-weekly donation was found for %s.', 'donation-widget' ), $target ) ) );
		}
		if ( count( $found ) > 1 ) {
			/* translators: 1: email address, 2: a list of the provider's subscription ids. */
			throw new CardUpdateLinkRefused( esc_html( CardUpdateLinkRefused::UNKNOWN_SUBSCRIPTION ), esc_html( sprintf( __( '%1$s has several running 4-weekly donations: %2$s. Name one of them.', 'donation-widget' ), $target, implode( ', ', $found ) ) ) );
		}
		return $found[0];
	}
}
