/**
 * Every text of the update-card widget (docs/widget-contract.md#28-update-card-widget to docs/widget-contract.md#210-link-expired-screen, docs/widget-contract.md#53-payment-donation-and-update-card-form, docs/widget-contract.md#8-the-error-catalogue).
 * Functions, so the text is translated when shown rather than when the
 * module loads. The success and expired texts hold placeholders the screens
 * fill with the supporter care contacts.
 */
import { __, sprintf } from '@wordpress/i18n';
import { messages } from '../shared/messages';

const BRAND_NAMES: Record< string, string > = {
	visa: 'Visa',
	mastercard: 'Mastercard',
	amex: 'American Express',
	discover: 'Discover',
	diners: 'Diners Club',
	jcb: 'JCB',
	unionpay: 'UnionPay',
};

export const texts = {
	title: () => __( 'Update card details.', 'donation-widget' ),
	nameOnCard: () => __( 'Name on Card', 'donation-widget' ),
	cardNumber: () => __( 'Card Number', 'donation-widget' ),
	cardExpiry: () => __( 'Card Expiry', 'donation-widget' ),
	cardCvv: () => __( 'Card CVV', 'donation-widget' ),
	expiryPlaceholder: () => __( 'MM/YY', 'donation-widget' ),
	cvvPlaceholder: () => __( 'CVV', 'donation-widget' ),
	submit: () => __( 'UPDATE CARD DETAILS', 'donation-widget' ),
	// eslint-disable-next-line @wordpress/i18n-ellipsis -- the SPEC's own spelling.
	loading: () => __( 'Loading...', 'donation-widget' ),
	required: messages.required,
	cardBrand: messages.cardBrand,
	cardDeclined: messages.cardDeclined,
	updating: () => __( 'Updating your card…', 'donation-widget' ),
	stillWorking: () =>
		__(
			"Still working — please don't close this page.",
			'donation-widget'
		),
	pageNotFound: () => __( 'Page not found', 'donation-widget' ),
	stripeUnavailable: () =>
		__(
			'The secure card form could not be loaded. Please reload the page and try again.',
			'donation-widget'
		),
	updated: () =>
		__(
			'Your payment details have been updated successfully.',
			'donation-widget'
		),
	/* translators: <email/> and <phone/> are the supporter care email address and phone number. */
	updatedContact: () =>
		__(
			'If you have any questions or need anything further please contact us on <email/> or <phone/>.',
			'donation-widget'
		),
	missedRecovered: () =>
		__(
			'We have also processed the donation that was missed, so your regular giving is up to date. Thank you!',
			'donation-widget'
		),
	missedFailed: () =>
		__(
			"We tried again to process the donation that was missed, but it didn't go through with this card. There is nothing you need to do now: your new card is saved for your next donations, and we will try the missed donation again in a few days.",
			'donation-widget'
		),
	expiredTitle: () =>
		__( 'Your link has expired, please get in touch.', 'donation-widget' ),
	/* translators: <phone/> is the supporter care phone number. */
	expiredBody: () =>
		__(
			'The protection of your personal information is important to us, so your secure unique link is only valid for a short time. Please contact our Supporter Care team on <phone/> to update your details. Thank you for your continued support.',
			'donation-widget'
		),
	currentCard: ( brand: string, last4: string ) =>
		sprintf(
			/* translators: 1: card brand, such as Visa, 2: the card's last four digits. */
			__( 'Card being replaced: %1$s ending in %2$s', 'donation-widget' ),
			brandName( brand ),
			last4
		),
	dialogLabel: () => __( 'Update card details', 'donation-widget' ),
	demoMode: () => __( 'Demo mode: no real payments', 'donation-widget' ),
};

/**
 * A card brand as people write it ("visa" → "Visa").
 * @param brand Brand as the card provider reports it.
 */
export function brandName( brand: string ): string {
	const known = BRAND_NAMES[ brand.toLowerCase() ];
	if ( known ) {
		return known;
	}
	return brand ? brand.charAt( 0 ).toUpperCase() + brand.slice( 1 ) : '';
}
