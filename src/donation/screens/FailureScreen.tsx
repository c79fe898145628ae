/**
 * Failure screen (docs/widget-contract.md#27-donation-failure-screen). "Try Again" reloads the page. SPEC's three
 * lines are always shown; below them, what the server said when its answer
 * was readable: its own message, and whether the donor was charged, only as
 * the server said it (data.charged false, or data.outcome "unknown"); never a guess.
 */
import { useEffect, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServerNotice } from '../../payments/gateway';

export function FailureScreen( {
	onRetry,
	notice,
}: {
	onRetry: () => void;
	notice?: ServerNotice;
} ) {
	const headingRef = useRef< HTMLHeadingElement >( null );
	useEffect( () => headingRef.current?.focus(), [] );

	return (
		<div className="dw-screen dw-screen--failure">
			<h2 className="dw-heading" tabIndex={ -1 } ref={ headingRef }>
				{ __(
					'Error: An unexpected error occurred.',
					'donation-widget'
				) }
			</h2>
			<p>
				{ __(
					'No response received from the server.',
					'donation-widget'
				) }
			</p>
			<p>{ __( 'Please try again later.', 'donation-widget' ) }</p>
			{ notice?.message && (
				<p className="dw-failure-detail">{ notice.message }</p>
			) }
			{ notice?.notCharged && (
				<p className="dw-failure-detail">
					{ __( 'You have not been charged.', 'donation-widget' ) }
				</p>
			) }
			{ notice?.charge === 'unknown' && (
				<p className="dw-failure-detail">
					{ __(
						'We cannot tell yet whether you were charged. If you were, your donation will be recorded and your receipt emailed, so please check your email before you try again.',
						'donation-widget'
					) }
				</p>
			) }
			<button
				type="button"
				className="dw-button dw-button--primary"
				onClick={ onRetry }
			>
				{ __( 'Try Again', 'donation-widget' ) }
			</button>
		</div>
	);
}
