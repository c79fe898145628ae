/**
 * The spinner overlay of docs/widget-contract.md#22-donation-widget-shell, shown while a payment or a card update
 * runs, over a widget whose controls are inert. Its status says what is
 * happening and, after a while, that it is still working, so a slow
 * provider does not look like a frozen page. Focus moves to the status (the
 * control the donor pressed is now disabled and would drop focus to the top
 * of the page), unless focus is outside the widget, e.g. in a wallet's own
 * window.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { focusIsOurs, focusWhenReachable } from './focus';

/** When the status adds that the widget is still working. */
export const STILL_WORKING_MS = 8000;

interface BusyOverlayProps {
	/** What is happening, e.g. "Processing your donation…". */
	message: string;
	/** Said after STILL_WORKING_MS. */
	stillWorking: string;
}

export function BusyOverlay( { message, stillWorking }: BusyOverlayProps ) {
	const statusRef = useRef< HTMLParagraphElement >( null );
	const [ slow, setSlow ] = useState( false );

	useEffect( () => {
		const timer = window.setTimeout(
			() => setSlow( true ),
			STILL_WORKING_MS
		);
		return () => window.clearTimeout( timer );
	}, [] );

	useEffect( () => {
		const status = statusRef.current;
		const root = status?.closest< HTMLElement >( '.dw-widget' );
		if ( root && focusIsOurs( root ) ) {
			focusWhenReachable( () => statusRef.current );
		}
	}, [] );

	return (
		<div className="dw-loading">
			<span className="dw-spinner" aria-hidden="true" />
			<p
				ref={ statusRef }
				className="dw-loading__status"
				role="status"
				tabIndex={ -1 }
			>
				{ message }
				{ slow && (
					<>
						{ ' ' }
						<span className="dw-loading__still">
							{ stillWorking }
						</span>
					</>
				) }
			</p>
		</div>
	);
}
