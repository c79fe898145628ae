<?php
/**
 * Confirms to a donor that their 4-weekly donation has ended.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Receipts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Donations\Donation;
use DonationWidget\Donations\DonationRepository;
use DonationWidget\Donations\SubscriptionRepository;
use DonationWidget\Emails\MailQueue;
use DonationWidget\Settings\Settings;

/**
 * Listener of donation_widget_subscription_cancelled. That action fires once per ended
 * subscription (only the request whose update moved it to cancelled fires it, whether the
 * provider's webhook, staff or the donor cancelled it), so this email needs no claim of its own. It is written then
 * and queued; the mail worker sends it.
 */
final class CancellationEmail {

	/**
	 * Builds the email.
	 *
	 * @param DonationRepository          $donations     Donation records.
	 * @param MailQueue                   $queue         The way out.
	 * @param Settings                    $settings      Organisation and contact details.
	 * @param SubscriptionRepository|null $subscriptions The amount it runs at now (a donor or staff may have changed it since the first donation).
	 */
	public function __construct(
		private readonly DonationRepository $donations,
		private readonly MailQueue $queue,
		private readonly Settings $settings,
		private readonly ?SubscriptionRepository $subscriptions = null
	) {
	}

	/**
	 * Queues the email to the donor.
	 *
	 * @param mixed $subscription_id   The provider's subscription id.
	 * @param mixed $customer_id       The provider's customer id; unused.
	 * @param mixed $first_donation_id The donation that started it.
	 */
	public function on_subscription_cancelled( mixed $subscription_id, mixed $customer_id = '', mixed $first_donation_id = 0 ): void {
		$donation = is_numeric( $first_donation_id ) ? $this->donations->find( (int) $first_donation_id ) : null;
		if ( null === $donation && is_string( $subscription_id ) ) {
			$donation = $this->donations->find_first_of_subscription( $subscription_id );
		}
		if ( null === $donation || ! ReceiptSender::can_email( $donation->email() ) ) {
			return;
		}
		$current = null !== $this->subscriptions && is_string( $subscription_id ) ? $this->subscriptions->find( $subscription_id ) : null;
		$this->queue->enqueue(
			MailQueue::CANCELLATION,
			$donation->email(),
			$this->build( $donation, null !== $current && $current['amount_cents'] > 0 ? $current['amount_cents'] : null ),
			array(
				'donation_id'     => $donation->id(),
				'subscription_id' => is_string( $subscription_id ) ? $subscription_id : $donation->subscription_id(),
			)
		);
	}

	/**
	 * The email's subject, HTML and text.
	 *
	 * @param Donation $donation     The subscription's first donation.
	 * @param int|null $amount_cents The amount every 4 weeks when it ended; null: the first donation's.
	 * @return array{subject: string, html: string, text: string}
	 */
	public function build( Donation $donation, ?int $amount_cents = null ): array {
		$organisation = $this->settings->string( 'organisation_name' );
		$greeting     = '' !== $donation->value( 'first_name' )
			/* translators: %s: the donor's first name. */
			? sprintf( __( 'Dear %s,', 'donation-widget' ), $donation->value( 'first_name' ) )
			: __( 'Hello,', 'donation-widget' );
		$lines = array(
			/* translators: 1: amount, such as $52.50, 2: organisation name. */
			sprintf( __( 'Your 4-weekly donation of %1$s to %2$s has been cancelled. No further payments will be taken.', 'donation-widget' ), DonationFormat::money( $amount_cents ?? $donation->total_cents() ), $organisation ),
			/* translators: %s: date the 4-weekly donation started. */
			sprintf( __( 'It started on %s. Thank you for your generous support.', 'donation-widget' ), DonationFormat::date( $donation->value( 'created_at' ) ) ),
		);
		$ways  = array_filter( array( $this->settings->string( 'supporter_email' ), $this->settings->string( 'supporter_phone' ) ) );
		if ( array() !== $ways ) {
			/* translators: %s: the supporter care email address and/or phone number. */
			$lines[] = sprintf( __( 'If you did not expect this, or would like to give again, please contact us on %s.', 'donation-widget' ), implode( __( ' or ', 'donation-widget' ), $ways ) );
		}

		$html = '<div style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1e1e1e; max-width: 600px;">';
		foreach ( array_merge( array( $greeting ), $lines ) as $line ) {
			$html .= '<p>' . esc_html( $line ) . '</p>';
		}
		return array(
			/* translators: %s: organisation name. */
			'subject' => sprintf( __( 'Your 4-weekly donation to %s has been cancelled', 'donation-widget' ), $organisation ),
			'html'    => $html . '</div>',
			'text'    => implode( "\n\n", array_merge( array( $greeting ), $lines ) ) . "\n",
		);
	}
}
