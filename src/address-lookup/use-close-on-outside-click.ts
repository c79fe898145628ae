/**
 * Clicking or touching outside the lookup closes its list (docs/widget-contract.md#24-tab-2-details).
 */
import { useEffect, useRef } from '@wordpress/element';
import type { RefObject } from 'react';

export function useCloseOnOutsideClick(
	wrapperRef: RefObject< HTMLElement >,
	open: boolean,
	close: () => void
): void {
	const latestClose = useRef( close );
	latestClose.current = close;
	useEffect( () => {
		if ( ! open ) {
			return;
		}
		const ownerDocument = wrapperRef.current?.ownerDocument ?? document;
		const onPointerDown = ( event: Event ) => {
			if ( ! wrapperRef.current?.contains( event.target as Node ) ) {
				latestClose.current();
			}
		};
		ownerDocument.addEventListener( 'mousedown', onPointerDown );
		ownerDocument.addEventListener( 'touchstart', onPointerDown );
		return () => {
			ownerDocument.removeEventListener( 'mousedown', onPointerDown );
			ownerDocument.removeEventListener( 'touchstart', onPointerDown );
		};
	}, [ open, wrapperRef ] );
}
