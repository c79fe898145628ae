<?php
/**
 * The offline gift's form and void form, as HTML.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\OfflineGifts;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\OfflineGifts\OfflineGiftKind;
use DonationWidget\OfflineGifts\OfflineGifts;

/**
 * Prints the record / edit form (every field labelled, its description and, when refused, its
 * message beside it, tied by aria-describedby and marked aria-invalid) and the void form.
 * RecordGiftPage decides what is shown; this class only writes it.
 */
final class GiftFormView {

	/**
	 * The record / edit form.
	 *
	 * @param int                   $id     The gift edited (0: a new one).
	 * @param array<string, string> $values Field => value shown.
	 * @param array<string, string> $errors Field => why it was refused.
	 * @param string                $submit The button's text.
	 */
	public function form( int $id, array $values, array $errors, string $submit ): void {
		if ( array() !== $errors ) {
			printf(
				'<div class="notice notice-error" role="alert"><p>%s</p>%s</div>',
				esc_html__( 'Nothing was saved. Correct the fields marked below, then save again.', 'donation-widget' ),
				isset( $errors['form'] ) ? '<p>' . esc_html( $errors['form'] ) . '</p>' : ''
			);
		}
		$token = isset( $values['gift_token'] ) && OfflineGifts::is_token( $values['gift_token'] ) ? $values['gift_token'] : wp_generate_uuid4();
		printf( '<form method="post" action="%s" class="donation-widget-gift-form" novalidate>', esc_url( $id > 0 ? RecordGiftPage::gift_url( $id ) : RecordGiftPage::url() ) );
		wp_nonce_field( RecordGiftPage::NONCE . '_' . $id );
		printf( '<input type="hidden" name="gift_token" value="%s" />', esc_attr( $token ) );
		echo '<table class="form-table" role="presentation"><tbody>';
		$this->choice( 'kind', __( 'Received as', 'donation-widget' ), OfflineGiftKind::labels(), $values, $errors );
		$format = (string) get_option( 'date_format', 'j F Y' );
		/* translators: %s: today's date in the site's date format. */
		$this->field( 'received', __( 'Date received', 'donation-widget' ), $values, $errors, sprintf( __( 'As the site writes dates, such as %s (site time zone). Not in the future.', 'donation-widget' ), (string) wp_date( $format ) ), array( 'required' => true ) );
		$this->field(
			'amount',
			__( 'Amount (AUD)', 'donation-widget' ),
			$values,
			$errors,
			__( 'Dollars and cents, such as 150 or 150.50.', 'donation-widget' ),
			array(
				'required'  => true,
				'inputmode' => 'decimal',
			)
		);
		$this->choice(
			'donate_as',
			__( 'Given by', 'donation-widget' ),
			array(
				'individual'   => __( 'A person', 'donation-widget' ),
				'organisation' => __( 'An organisation', 'donation-widget' ),
			),
			$values + array( 'donate_as' => 'individual' ),
			$errors
		);
		$this->field( 'organisation_name', __( 'Organisation name', 'donation-widget' ), $values, $errors, __( 'For an organisation\'s gift: the receipt is made out to it.', 'donation-widget' ) );
		$this->field( 'first_name', __( 'First name', 'donation-widget' ), $values, $errors, __( 'The donor, or the organisation\'s contact.', 'donation-widget' ), array( 'autocomplete' => 'off' ) );
		$this->field( 'last_name', __( 'Last name', 'donation-widget' ), $values, $errors, '', array( 'autocomplete' => 'off' ) );
		$this->field( 'email', __( 'Email', 'donation-widget' ), $values, $errors, __( 'Optional. With an email the receipt is emailed; without one, print it for the post.', 'donation-widget' ), array( 'type' => 'email' ) );
		$this->field( 'address_line1', __( 'Address', 'donation-widget' ), $values, $errors, __( 'For the posted receipt.', 'donation-widget' ) );
		$this->field( 'address_line2', __( 'Address line 2', 'donation-widget' ), $values, $errors );
		$this->field( 'city', __( 'Suburb or town', 'donation-widget' ), $values, $errors );
		$this->field( 'state', __( 'State', 'donation-widget' ), $values, $errors );
		$this->field( 'postcode', __( 'Postcode', 'donation-widget' ), $values, $errors );
		$this->field( 'country', __( 'Country', 'donation-widget' ), $values, $errors );
		$this->field( 'reference', __( 'Reference', 'donation-widget' ), $values, $errors, __( 'The cheque number, or the bank transfer\'s reference.', 'donation-widget' ) );
		$this->field( 'iteration_id', __( 'Campaign (iteration ID)', 'donation-widget' ), $values, $errors, __( 'Optional: the campaign the gift answers, as the donation form\'s iteration ID names it.', 'donation-widget' ) );
		$this->note( $values, $errors );
		echo '</tbody></table>';
		printf( '<p class="submit"><button type="submit" class="button button-primary">%s</button></p></form>', esc_html( $submit ) );
	}

	/**
	 * One text field with its description and, when refused, its message.
	 *
	 * @param string                $name   Field name.
	 * @param string                $label  Label.
	 * @param array<string, string> $values Field => value.
	 * @param array<string, string> $errors Field => message.
	 * @param string                $help   Description.
	 * @param array<string, mixed>  $attrs  type, required, inputmode, autocomplete.
	 */
	private function field( string $name, string $label, array $values, array $errors, string $help = '', array $attrs = array() ): void {
		$id        = 'donation-widget-gift-' . $name;
		$described = array();
		if ( isset( $errors[ $name ] ) ) {
			$described[] = $id . '-error';
		}
		if ( '' !== $help ) {
			$described[] = $id . '-help';
		}
		$required = ! empty( $attrs['required'] );
		printf( '<tr><th scope="row"><label for="%s">%s', esc_attr( $id ), esc_html( $label ) );
		if ( $required ) {
			echo ' <span aria-hidden="true">*</span>';
		}
		printf(
			'</label></th><td><input type="%s" class="regular-text" id="%s" name="%s" value="%s"',
			esc_attr( isset( $attrs['type'] ) && is_string( $attrs['type'] ) ? $attrs['type'] : 'text' ),
			esc_attr( $id ),
			esc_attr( $name ),
			esc_attr( $values[ $name ] ?? '' )
		);
		if ( $required ) {
			echo ' aria-required="true"';
		}
		if ( isset( $attrs['inputmode'] ) && is_string( $attrs['inputmode'] ) ) {
			printf( ' inputmode="%s"', esc_attr( $attrs['inputmode'] ) );
		}
		if ( array() !== $described ) {
			printf( ' aria-describedby="%s"', esc_attr( implode( ' ', $described ) ) );
		}
		if ( isset( $errors[ $name ] ) ) {
			echo ' aria-invalid="true"';
		}
		echo ' />';
		$this->messages( $id, $errors[ $name ] ?? '', $help );
		echo '</td></tr>';
	}

	/**
	 * A set of radio buttons.
	 *
	 * @param string                $name    Field name.
	 * @param string                $legend  Legend.
	 * @param array<string, string> $choices Value => label.
	 * @param array<string, string> $values  Field => value.
	 * @param array<string, string> $errors  Field => message.
	 */
	private function choice( string $name, string $legend, array $choices, array $values, array $errors ): void {
		$id = 'donation-widget-gift-' . $name;
		printf( '<tr><th scope="row">%s</th><td><fieldset%s><legend class="screen-reader-text">%s</legend>', esc_html( $legend ), isset( $errors[ $name ] ) ? ' aria-describedby="' . esc_attr( $id . '-error' ) . '"' : '', esc_html( $legend ) );
		foreach ( $choices as $value => $label ) {
			printf(
				'<label style="display: inline-block; margin-right: 1.5em;"><input type="radio" name="%s" value="%s"%s /> %s</label>',
				esc_attr( $name ),
				esc_attr( $value ),
				checked( $values[ $name ] ?? '', $value, false ),
				esc_html( $label )
			);
		}
		echo '</fieldset>';
		$this->messages( $id, $errors[ $name ] ?? '', '' );
		echo '</td></tr>';
	}

	/**
	 * The note field.
	 *
	 * @param array<string, string> $values Field => value.
	 * @param array<string, string> $errors Field => message.
	 */
	private function note( array $values, array $errors ): void {
		$id = 'donation-widget-gift-note';
		printf(
			'<tr><th scope="row"><label for="%1$s">%2$s</label></th><td><textarea class="large-text" rows="3" id="%1$s" name="note"%3$s>%4$s</textarea>',
			esc_attr( $id ),
			esc_html__( 'Note', 'donation-widget' ),
			isset( $errors['note'] ) ? ' aria-invalid="true" aria-describedby="' . esc_attr( $id . '-error' ) . '"' : '',
			esc_textarea( $values['note'] ?? '' )
		);
		$this->messages( $id, $errors['note'] ?? '', '' );
		echo '</td></tr>';
	}

	/**
	 * A field's error and description.
	 *
	 * @param string $id    The field's id.
	 * @param string $error Why it was refused ('' for none).
	 * @param string $help  Its description.
	 */
	private function messages( string $id, string $error, string $help ): void {
		if ( '' !== $error ) {
			printf( '<p class="donation-widget-field-error" id="%s" style="color: #b32d2e; font-weight: 600;">%s</p>', esc_attr( $id . '-error' ), esc_html( $error ) );
		}
		if ( '' !== $help ) {
			printf( '<p class="description" id="%s">%s</p>', esc_attr( $id . '-help' ), esc_html( $help ) );
		}
	}

	/**
	 * The void form: a reason, then the button.
	 *
	 * @param int    $id    Donation row id.
	 * @param string $error Why the last void was refused ('' for none).
	 */
	public function void_form( int $id, string $error ): void {
		printf( '<h2>%s</h2>', esc_html__( 'Void this gift', 'donation-widget' ) );
		printf( '<p>%s</p>', esc_html__( 'For a gift recorded by mistake, or a cheque that bounced. A void gift is never deleted: it keeps its receipt number, marked void, and leaves every total, report and statement.', 'donation-widget' ) );
		printf( '<form method="post" action="%s">', esc_url( RecordGiftPage::gift_url( $id ) ) );
		wp_nonce_field( RecordGiftPage::VOID_NONCE . '_' . $id );
		printf(
			'<p><label for="donation-widget-void-reason">%s</label><br /><input type="text" class="regular-text" id="donation-widget-void-reason" name="void_reason" maxlength="200"%s /></p>',
			esc_html__( 'Why it is voided', 'donation-widget' ),
			'' !== $error ? ' aria-invalid="true" aria-describedby="donation-widget-void-reason-error"' : ''
		);
		if ( '' !== $error ) {
			printf( '<p class="donation-widget-field-error" id="donation-widget-void-reason-error" style="color: #b32d2e; font-weight: 600;">%s</p>', esc_html( $error ) );
		}
		printf( '<p><button type="submit" class="button button-secondary" name="void_gift" value="1">%s</button></p></form>', esc_html__( 'Void gift', 'donation-widget' ) );
	}
}
