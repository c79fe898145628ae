/**
 * Thank-you screen (docs/widget-contract.md#26-donation-success-screen). Its "being processed" variant is for a
 * payment the server accepted that completes later (a bank debit): the
 * receipt follows when the bank confirms.
 */
import {
	createInterpolateElement,
	useEffect,
	useRef,
} from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { newTabLink } from '../../shared/links';
import { formatMoney } from '../../shared/money';

interface SuccessScreenProps {
	firstName: string;
	total: number;
	recurring: boolean;
	/** Accepted, completing later: "is being processed" instead of "has been successful". */
	processing?: boolean;
	/**
	 * Where the receipt goes (the donor's email), when the site emails
	 * receipts; "" says nothing about a receipt.
	 */
	receiptEmail?: string;
	contactUrl: string;
	getInvolvedUrl: string;
}

export function SuccessScreen( {
	firstName,
	total,
	recurring,
	processing = false,
	receiptEmail = '',
	contactUrl,
	getInvolvedUrl,
}: SuccessScreenProps ) {
	const headingRef = useRef< HTMLHeadingElement >( null );
	useEffect( () => headingRef.current?.focus(), [] );

	return (
		<div className="dw-screen dw-screen--success">
			<svg
				className="dw-check-icon"
				viewBox="0 0 48 48"
				width="48"
				height="48"
				aria-hidden="true"
				focusable="false"
			>
				<circle cx="24" cy="24" r="22" fill="#1a7f37" />
				<path
					d="M14 25l7 7 13-15"
					fill="none"
					stroke="#ffffff"
					strokeWidth="4"
					strokeLinecap="round"
					strokeLinejoin="round"
				/>
			</svg>
			<h2 className="dw-heading" tabIndex={ -1 } ref={ headingRef }>
				{ sprintf(
					/* translators: %s: the donor's first name */
					__( 'Thank you, %s', 'donation-widget' ),
					firstName
				) }
			</h2>
			{ processing ? (
				<>
					<p>
						{ sprintf(
							/* translators: %s: the amount given, e.g. 25 or 25.50 */
							__(
								'Your donation of $%s is being processed.',
								'donation-widget'
							),
							formatMoney( total )
						) }
					</p>
					<p>
						{ __(
							'Bank payments take up to three business days to clear. We will email your receipt once your bank confirms the payment.',
							'donation-widget'
						) }
					</p>
				</>
			) : (
				<p>
					{ sprintf(
						/* translators: %s: the amount given, e.g. 25 or 25.50 */
						__(
							'Your donation of $%s has been successful.',
							'donation-widget'
						),
						formatMoney( total )
					) }
				</p>
			) }
			{ recurring && (
				<p>
					{ __(
						'Your next donation will be processed in 4 weeks.',
						'donation-widget'
					) }
				</p>
			) }
			{ /* A bank payment's receipt waits for the bank (said above). */ }
			{ receiptEmail && ! processing && (
				<p>
					{ sprintf(
						/* translators: %s: the donor's email address */
						__(
							'Your receipt is being emailed to %s.',
							'donation-widget'
						),
						receiptEmail
					) }
				</p>
			) }
			<p>
				{ createInterpolateElement(
					__(
						'If you have a question, <contact>contact us</contact>, or find out more about <involved>other ways to get involved</involved>.',
						'donation-widget'
					),
					{
						contact: newTabLink( contactUrl ),
						involved: newTabLink( getInvolvedUrl ),
					}
				) }
			</p>
		</div>
	);
}
