/**
 * The BECS Direct Debit method's texts. Functions, so the text is translated
 * when shown rather than when the module loads.
 */
import { __ } from '@wordpress/i18n';

export const SERVICE_AGREEMENT_URL =
	'https://stripe.com/au-becs-dd-service-agreement/legal';

export const becsTexts = {
	toggle: () => __( 'Bank account (Direct Debit)', 'donation-widget' ),
	bankAccount: () => __( 'Bank account', 'donation-widget' ),
	/* translators: %s: the account holder's name, taken from the donor's details. */
	accountName: () => __( 'Account name: %s', 'donation-widget' ),
	/*
	 * Stripe's required BECS mandate content, in our words: the Direct Debit
	 * Request, its service agreement (linked), Stripe Payments Australia as
	 * debit user with its ACN and user ID, the charity as merchant, the
	 * amounts, and the account holder's confirmation.
	 */
	/* translators: <organisation/> is the charity's name; <link> wraps the name of the service agreement. */
	mandate: () =>
		__(
			'By giving your bank account details and donating, you agree to this Direct Debit Request and the <link>Direct Debit Request service agreement</link>, and you authorise Stripe Payments Australia Pty Ltd ACN 160 180 343 Direct Debit User ID 507156 ("Stripe"), to debit your account through the Bulk Electronic Clearing System (BECS) on behalf of <organisation/> (the "Merchant") for any amounts the Merchant communicates to you, such as the donation shown on this form. You confirm that you are an account holder or an authorised signatory on the account above.',
			'donation-widget'
		),
	accept: () =>
		__(
			'I accept the Direct Debit Request and service agreement',
			'donation-widget'
		),
	mustAccept: () =>
		__(
			'You must accept the Direct Debit Request and service agreement',
			'donation-widget'
		),
	checkAccount: () =>
		__(
			'Please check your bank account details and try again!',
			'donation-widget'
		),
};
