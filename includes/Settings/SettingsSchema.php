<?php
/**
 * Every setting of the plugin, in the order the settings screen shows them.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The list of settings and the screen sections they belong to.
 */
final class SettingsSchema {

	/**
	 * The accounting export's suggested codes, per package: typical Australian charts (Xero's
	 * default chart for an organisation in Australia; MYOB AccountRight's numbering, income 4-,
	 * expenses 6-, other income 8-, assets 1-). The Accounting export tab offers to fill the
	 * empty code fields with them; nothing is stored until the treasurer checks them and saves.
	 */
	public const BOOKS_SUGGESTED_CODES = array(
		'xero' => array(
			'books_donations_account'     => '200',
			'books_fees_account'          => '404',
			'books_refunds_account'       => '200',
			'books_other_income_account'  => '260',
			'books_bank_deposits_account' => '090',
		),
		'myob' => array(
			'books_donations_account'     => '4-1100',
			'books_fees_account'          => '6-1100',
			'books_refunds_account'       => '4-1100',
			'books_other_income_account'  => '8-1000',
			'books_clearing_account'      => '1-1180',
			'books_bank_deposits_account' => '1-1110',
		),
	);

	/**
	 * Section id => heading.
	 *
	 * @return array<string, string>
	 */
	public static function sections(): array {
		$sections = array();
		foreach ( self::registered_sections() as $section ) {
			$sections[ $section->id ] = $section->title;
		}
		return $sections + array(
			'experian'     => __( 'Experian address lookup', 'donation-widget' ),
			'recaptcha'    => __( 'Google reCAPTCHA', 'donation-widget' ),
			'donations'    => __( 'Donation form', 'donation-widget' ),
			'organisation' => __( 'Organisation', 'donation-widget' ),
			'card_update'  => __( 'Card-update links', 'donation-widget' ),
			'receipts'     => __( 'Receipts', 'donation-widget' ),
			'protection'   => __( 'Abuse protection', 'donation-widget' ),
			'data'         => __( 'Data', 'donation-widget' ),
			'self_service' => __( 'Self-service', 'donation-widget' ),
			'books'        => __( 'Accounting export', 'donation-widget' ),
		);
	}

	/**
	 * Every field, keyed by its key.
	 *
	 * @return array<string, SettingField>
	 */
	public static function fields(): array {
		$fields = array(
			new SettingField( 'experian_token', __( 'Experian token', 'donation-widget' ), SettingField::SECRET, 'experian' ),
			new SettingField( 'experian_min_search_char', __( 'Characters before an address search', 'donation-widget' ), SettingField::INTEGER, 'experian', 4, '', array(), 1, 20 ),
			new SettingField( 'recaptcha_site_key', __( 'reCAPTCHA site key', 'donation-widget' ), SettingField::TEXT, 'recaptcha', '', __( 'An invisible reCAPTCHA v2 key.', 'donation-widget' ) ),
			new SettingField( 'recaptcha_secret_key', __( 'reCAPTCHA secret key', 'donation-widget' ), SettingField::SECRET, 'recaptcha' ),
			new SettingField( 'amount_values', __( 'Preset amounts', 'donation-widget' ), SettingField::AMOUNTS, 'donations', array( '25', '50', '100' ), __( 'Three amounts in dollars, separated by commas.', 'donation-widget' ) ),
			new SettingField( 'default_amount', __( 'Default amount', 'donation-widget' ), SettingField::AMOUNT, 'donations', '50' ),
			new SettingField( 'default_iteration_id', __( 'Default campaign iteration ID', 'donation-widget' ), SettingField::TEXT, 'donations' ),
			new SettingField( 'organisation_name', __( 'Organisation name', 'donation-widget' ), SettingField::TEXT, 'organisation', get_bloginfo( 'name' ) ),
			new SettingField( 'abn', __( 'ABN', 'donation-widget' ), SettingField::TEXT, 'organisation', '', __( 'Australian Business Number: 11 digits.', 'donation-widget' ) ),
			new SettingField( 'privacy_url', __( 'Privacy collection statement URL', 'donation-widget' ), SettingField::URL, 'organisation', get_privacy_policy_url() ),
			new SettingField( 'contact_url', __( '"Contact us" page URL', 'donation-widget' ), SettingField::URL, 'organisation', home_url( '/contact/' ) ),
			new SettingField( 'get_involved_url', __( '"Other ways to get involved" page URL', 'donation-widget' ), SettingField::URL, 'organisation', home_url( '/' ) ),
			new SettingField( 'supporter_phone', __( 'Supporter care phone', 'donation-widget' ), SettingField::PHONE, 'organisation' ),
			new SettingField( 'supporter_email', __( 'Supporter care email', 'donation-widget' ), SettingField::EMAIL, 'organisation', get_option( 'admin_email' ) ),
			new SettingField( 'card_update_page_id', __( 'Card-update page', 'donation-widget' ), SettingField::PAGE, 'card_update', 0, __( 'The page holding the update-card widget; links open it.', 'donation-widget' ) ),
			new SettingField( 'card_update_link_hours', __( 'Link lifetime (hours)', 'donation-widget' ), SettingField::INTEGER, 'card_update', 72, '', array(), 1, 720 ),
			new SettingField( 'receipt_from_name', __( 'Receipt sender name', 'donation-widget' ), SettingField::TEXT, 'receipts', get_bloginfo( 'name' ) ),
			new SettingField( 'receipt_from_email', __( 'Receipt sender address', 'donation-widget' ), SettingField::EMAIL, 'receipts', get_option( 'admin_email' ) ),
			new SettingField( 'receipt_send_automatically', __( 'Email receipts', 'donation-widget' ), SettingField::CHECKBOX, 'receipts', true, __( 'Email a receipt after each successful donation and each 4-weekly renewal.', 'donation-widget' ) ),
			new SettingField( 'receipt_number_prefix', __( 'Receipt number prefix', 'donation-widget' ), SettingField::TEXT, 'receipts', 'REC-', __( 'Put before the receipt number, as in REC-00000042. Numbers are given in order to donations once the money is received; receipts already sent keep their number.', 'donation-widget' ) ),
			new SettingField( 'receipt_tax_statement', __( 'Tax statement', 'donation-widget' ), SettingField::TEXT, 'receipts', __( 'Donations of $2 or more to {organisation} are tax deductible in Australia.', 'donation-widget' ), __( '{organisation} is replaced by the organisation name.', 'donation-widget' ) ),
			new SettingField( 'receipt_footer', __( 'Receipt footer', 'donation-widget' ), SettingField::TEXT, 'receipts', '', __( 'Optional closing line on every receipt, such as a thank-you from your CEO.', 'donation-widget' ) ),
			new SettingField( 'rate_limit_payments', __( 'Payment attempts per visitor per hour', 'donation-widget' ), SettingField::INTEGER, 'protection', 20, __( 'Counted per visitor address (per /64 network for IPv6). Only calls whose details and reCAPTCHA pass count; a donor finishing a payment already started (3-D Secure, a wallet, a provider\'s own payment window) is not counted again. An address whose calls fail reCAPTCHA this many times is refused for the rest of the hour without asking Google.', 'donation-widget' ), array(), 1, 10000 ),
			new SettingField( 'rate_limit_payments_email', __( 'Payment attempts per donor email per hour', 'donation-widget' ), SettingField::INTEGER, 'protection', 10, __( 'Counted per email address typed in the form, whatever address the donor comes from, and only for calls that pass reCAPTCHA, so nobody can use up a donor\'s allowance by naming her email. A call must be within both limits; the email is counted first, so one donor retrying never uses up more than this much of a shared office or mobile network address.', 'donation-widget' ), array(), 1, 10000 ),
			new SettingField( 'trusted_proxies', __( 'Trusted proxies', 'donation-widget' ), SettingField::NETWORKS, 'protection', array(), __( 'Only when your site sits behind a load balancer, reverse proxy or CDN: the addresses or ranges (CIDR, such as 10.0.0.0/8 or 2400:cb00::/32) requests arrive from. Separate them with commas or line breaks. Leave empty when visitors connect to the site directly: then no header is believed.', 'donation-widget' ) ),
			new SettingField(
				'client_ip_header',
				__( 'Header with the visitor\'s address', 'donation-widget' ),
				SettingField::CHOICE,
				'protection',
				'x_forwarded_for',
				__( 'Read only on requests from a trusted proxy. X-Forwarded-For and Forwarded are read from the right, past your trusted proxies, so a visitor cannot choose their own address. Cloudflare sends CF-Connecting-IP; Akamai True-Client-IP; nginx often X-Real-IP.', 'donation-widget' ),
				array(
					''                 => __( 'None: always use the connecting address', 'donation-widget' ),
					'x_forwarded_for'  => 'X-Forwarded-For',
					'forwarded'        => 'Forwarded (RFC 7239)',
					'x_real_ip'        => 'X-Real-IP',
					'cf_connecting_ip' => 'CF-Connecting-IP',
					'true_client_ip'   => 'True-Client-IP',
				)
			),
			new SettingField( 'rate_limit_address', __( 'Address searches per visitor per minute', 'donation-widget' ), SettingField::INTEGER, 'protection', 60, '', array(), 1, 10000 ),
			new SettingField( 'delete_data_on_uninstall', __( 'Delete all data on uninstall', 'donation-widget' ), SettingField::CHECKBOX, 'data', false, __( 'Also deletes every donation record when the plugin is deleted. Leave unticked to keep them.', 'donation-widget' ) ),
			new SettingField( 'self_service_page_id', __( '"Manage my donation" page', 'donation-widget' ), SettingField::PAGE, 'self_service', 0, __( 'The page holding the "Manage my donation" block. Self-service emails link only to it; no other page is accepted.', 'donation-widget' ) ),
			new SettingField( 'self_service_change_amount', __( 'Donors may change the amount', 'donation-widget' ), SettingField::CHECKBOX, 'self_service', true, __( 'On the "Manage my donation" page, from the next donation on.', 'donation-widget' ) ),
			new SettingField( 'self_service_skip', __( 'Donors may skip a donation', 'donation-widget' ), SettingField::CHECKBOX, 'self_service', true ),
			new SettingField( 'self_service_pause', __( 'Donors may pause', 'donation-widget' ), SettingField::CHECKBOX, 'self_service', true, __( 'For one to three donations.', 'donation-widget' ) ),
			new SettingField( 'self_service_cancel', __( 'Donors may cancel', 'donation-widget' ), SettingField::CHECKBOX, 'self_service', true ),
			new SettingField( 'self_service_replace_card', __( 'Donors may replace their card', 'donation-widget' ), SettingField::CHECKBOX, 'self_service', true ),
			// The accounts the Xero / MYOB export codes each line to (Books\Export). A gift is not a
			// supply, so it is outside GST: BAS Excluded (MYOB N-T) by default; the card provider's fees carry GST.
			new SettingField( 'books_donations_account', __( 'Donations income account code', 'donation-widget' ), SettingField::TEXT, 'books', '', __( 'The code of your donations income account in Xero (such as 200) or MYOB (such as 4-1100). Gifts are coded to it.', 'donation-widget' ) ),
			new SettingField( 'books_fees_account', __( 'Payment fees expense account code', 'donation-widget' ), SettingField::TEXT, 'books', '', __( 'The card provider\'s fees are coded to it (such as 404 Bank Fees in Xero, or 6-1100 in MYOB).', 'donation-widget' ) ),
			new SettingField( 'books_refunds_account', __( 'Refunds and chargebacks account code', 'donation-widget' ), SettingField::TEXT, 'books', '', __( 'Refunds and disputes (chargebacks) are coded to it; often the donations income account itself.', 'donation-widget' ) ),
			new SettingField( 'books_other_income_account', __( 'Other income account code', 'donation-widget' ), SettingField::TEXT, 'books', '', __( 'Money on the card provider\'s account that did not come from this site (such as an invoice paid by card elsewhere) is coded to it (such as 260 Other Revenue in Xero, or 8-1000 in MYOB). MYOB refuses a line without an account.', 'donation-widget' ) ),
			new SettingField( 'books_clearing_account', __( 'MYOB deposit account number', 'donation-widget' ), SettingField::TEXT, 'books', '', __( 'MYOB only: the bank or card provider clearing account the deposits are received into (such as 1-1180). In Xero you choose the account when you import the file.', 'donation-widget' ) ),
			// Offline gifts (cash, cheques, bank transfers) reach the bank directly, not through a provider's deposit.
			new SettingField( 'books_bank_deposits_account', __( 'Bank deposits account', 'donation-widget' ), SettingField::TEXT, 'books', '', __( 'The bank account offline gifts (cash, cheques, bank transfers) are banked into (such as 090 in Xero, or 1-1110 in MYOB). Their own export file uses it: MYOB receives the money into it; in Xero, import that file into this account. Each gift is coded to the donations income account.', 'donation-widget' ) ),
			new SettingField(
				'books_donations_tax',
				__( 'Tax rate of gifts, refunds and chargebacks', 'donation-widget' ),
				SettingField::CHOICE,
				'books',
				'bas_excluded',
				__( 'A gift is not payment for a supply, so it is outside GST: BAS Excluded, unless your accountant tells you otherwise.', 'donation-widget' ),
				array(
					'bas_excluded'    => __( 'BAS Excluded (MYOB: N-T)', 'donation-widget' ),
					'gst_free_income' => __( 'GST Free Income (MYOB: FRE)', 'donation-widget' ),
				)
			),
			new SettingField(
				'books_fees_tax',
				__( 'Tax rate of payment fees', 'donation-widget' ),
				SettingField::CHOICE,
				'books',
				'gst_on_expenses',
				__( 'The card provider charges GST on its fees to Australian accounts. Choose BAS Excluded if your organisation is not registered for GST.', 'donation-widget' ),
				array(
					'gst_on_expenses'   => __( 'GST on Expenses (MYOB: GST)', 'donation-widget' ),
					'gst_free_expenses' => __( 'GST Free Expenses (MYOB: FRE)', 'donation-widget' ),
					'bas_excluded'      => __( 'BAS Excluded (MYOB: N-T)', 'donation-widget' ),
				)
			),
		);

		foreach ( self::registered_sections() as $section ) {
			array_push( $fields, ...$section->fields );
		}

		$by_key = array();
		foreach ( $fields as $field ) {
			$by_key[ $field->key ] = $field;
		}
		return $by_key;
	}

	/**
	 * The sections other domains add (the payment gateways), first on the screen. They add them
	 * through the donation_widget_settings_sections filter, so settings depend on no domain.
	 *
	 * @return list<SettingsSection>
	 */
	public static function registered_sections(): array {
		$sections = apply_filters( 'donation_widget_settings_sections', array() );
		return array_values( array_filter( is_array( $sections ) ? $sections : array(), static fn ( mixed $section ): bool => $section instanceof SettingsSection ) );
	}
}
