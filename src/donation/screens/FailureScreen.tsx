/**
 * Failure screen (SPEC §2.7). "Try Again" reloads the page.
 */
import { useEffect, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

export function FailureScreen( { onRetry }: { onRetry: () => void } ) {
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
