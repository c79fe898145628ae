<?php
/**
 * Plugin Name: Donation Widget demo mailbox
 * Description: Shows, under Donation Widget → Demo mailbox, the emails the local site would have sent (filed by the local site's mailer in the donation_widget_test_mailbox option).
 *
 * @package DonationWidget
 */

/**
 * The stored messages, newest first, each with its index in the option.
 *
 * @return array<int, array<string, mixed>>
 */
function donation_widget_demo_mailbox_messages(): array {
	$mailbox = get_option( 'donation_widget_test_mailbox', array() );
	$mailbox = is_array( $mailbox ) ? array_filter( $mailbox, 'is_array' ) : array();
	return array_reverse( $mailbox, true );
}

/**
 * Prints the list, or one message with its links clickable (a card-update link, say).
 */
function donation_widget_demo_mailbox_render(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to read the demo mailbox.', 'donation-widget' ), 403 );
	}
	$messages = donation_widget_demo_mailbox_messages();
	$page_url = admin_url( 'admin.php?page=donation-widget-demo-mailbox' );
	echo '<div class="wrap">';
	printf( '<h1>%s</h1>', esc_html__( 'Demo mailbox', 'donation-widget' ) );
	printf( '<p>%s</p>', esc_html__( 'This local site sends no email: here is every email it would have sent (the last 50), newest first. Queued emails go out when WP-Cron runs, within a minute on the demo.', 'donation-widget' ) );
	$open = isset( $_GET['message'] ) ? absint( wp_unslash( $_GET['message'] ) ) : -1; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses which stored message to show.
	if ( isset( $messages[ $open ] ) ) {
		$message = $messages[ $open ];
		printf( '<p><a href="%s">%s</a></p>', esc_url( $page_url ), esc_html__( '← All emails', 'donation-widget' ) );
		printf( '<h2>%s</h2>', esc_html( (string) ( $message['subject'] ?? '' ) ) );
		printf(
			'<p>%s %s<br />%s %s<br />%s %s</p>',
			esc_html__( 'To:', 'donation-widget' ),
			esc_html( implode( ', ', (array) ( $message['to'] ?? array() ) ) ),
			esc_html__( 'From:', 'donation-widget' ),
			esc_html( trim( ( $message['from_name'] ?? '' ) . ' <' . ( $message['from'] ?? '' ) . '>' ) ),
			esc_html__( 'Sent:', 'donation-widget' ),
			esc_html( wp_date( 'j F Y, g:i a', (int) ( $message['time'] ?? 0 ) ) )
		);
		$text = (string) ( '' !== ( $message['text'] ?? '' ) ? $message['text'] : wp_strip_all_tags( (string) ( $message['html'] ?? '' ) ) );
		printf( '<div style="white-space:pre-wrap;max-width:48em;background:#fff;padding:1em;border:1px solid #c3c4c7">%s</div>', wp_kses( make_clickable( esc_html( $text ) ), array( 'a' => array( 'href' => array() ) ) ) );
		echo '</div>';
		return;
	}
	if ( array() === $messages ) {
		printf( '<p>%s</p>', esc_html__( 'No email yet. Make a donation on the demo page and its receipt appears here.', 'donation-widget' ) );
		echo '</div>';
		return;
	}
	printf(
		'<table class="widefat striped"><thead><tr><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th></tr></thead><tbody>',
		esc_html__( 'Subject', 'donation-widget' ),
		esc_html__( 'To', 'donation-widget' ),
		esc_html__( 'Sent', 'donation-widget' )
	);
	foreach ( $messages as $index => $message ) {
		printf(
			'<tr><td><a href="%s">%s</a></td><td>%s</td><td>%s</td></tr>',
			esc_url( add_query_arg( 'message', $index, $page_url ) ),
			esc_html( (string) ( $message['subject'] ?? '' ) ),
			esc_html( implode( ', ', (array) ( $message['to'] ?? array() ) ) ),
			esc_html( wp_date( 'j F Y, g:i a', (int) ( $message['time'] ?? 0 ) ) )
		);
	}
	echo '</tbody></table></div>';
}

add_action(
	'admin_menu',
	static function (): void {
		add_submenu_page( 'donation-widget', __( 'Demo mailbox', 'donation-widget' ), __( 'Demo mailbox', 'donation-widget' ), 'manage_options', 'donation-widget-demo-mailbox', 'donation_widget_demo_mailbox_render' );
	},
	20
);
