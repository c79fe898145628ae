/**
 * Loading indicators: inline while the payment code downloads, and the
 * overlay that covers the widget while a payment runs (docs/widget-contract.md#22-donation-widget-shell).
 */
import { __ } from '@wordpress/i18n';

function Spinner() {
	return (
		<>
			<span className="dw-spinner" aria-hidden="true" />
			<span className="dw-visually-hidden">
				{
					// eslint-disable-next-line @wordpress/i18n-ellipsis -- same spelling as the SPEC's other "..." labels.
					__( 'Loading...', 'donation-widget' )
				}
			</span>
		</>
	);
}

/** Shown on tab 3 if the payment code is still downloading. */
export function PaymentLoading() {
	return (
		<div className="dw-inline-loading" role="status">
			<Spinner />
		</div>
	);
}

export function LoadingOverlay() {
	return (
		<div className="dw-loading" role="status">
			<Spinner />
		</div>
	);
}
