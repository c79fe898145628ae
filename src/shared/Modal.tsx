/**
 * The overlay used when the configuration asks for `modal` (docs/widget-contract.md#21-widget-configuration-and-container): a
 * labelled dialog whose backdrop and Escape close it, with focus moved in,
 * kept in, and given back on close.
 */
import { useEffect, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { MouseEvent, ReactNode } from 'react';
import type { WidgetPosition } from './config';
import { focusWhenReachable } from './focus';

const FOCUSABLE = [
	'a[href]',
	'button:not([disabled])',
	'input:not([disabled]):not([type="hidden"])',
	'select:not([disabled])',
	'textarea:not([disabled])',
	'iframe',
	'[tabindex]:not([tabindex="-1"])',
].join( ',' );

function focusables( panel: HTMLElement | null ): HTMLElement[] {
	if ( ! panel ) {
		return [];
	}
	return Array.from(
		panel.querySelectorAll< HTMLElement >( FOCUSABLE )
	).filter( ( element ) => ! element.closest( '[hidden]' ) );
}

/**
 * Gives focus back on close: to what had it before the dialog opened, or,
 * as the dialog opens on page load (docs/widget-contract.md#21-widget-configuration-and-container) when nothing had, to the
 * page's main content, else its first control, so focus never falls to
 * the top of the document.
 *
 * @param ownerDocument The page.
 * @param previous      What had focus when the dialog opened.
 */
function returnFocus(
	ownerDocument: Document,
	previous: HTMLElement | null
): void {
	if ( previous && previous.isConnected && previous !== ownerDocument.body ) {
		previous.focus();
		return;
	}
	focusWhenReachable(
		() =>
			ownerDocument.querySelector< HTMLElement >(
				'main, [role="main"]'
			) ?? focusables( ownerDocument.body )[ 0 ],
		ownerDocument
	);
}

interface ModalProps {
	label: string;
	position: WidgetPosition;
	onClose: () => void;
	children: ReactNode;
	/** Takes focus on close when usable (a trigger button), whatever had it before. */
	returnFocusTo?: HTMLButtonElement | null;
}

export function Modal( {
	label,
	position,
	onClose,
	children,
	returnFocusTo = null,
}: ModalProps ) {
	const panelRef = useRef< HTMLDivElement >( null );
	const pressStartedOnBackdrop = useRef( false );
	const closeRef = useRef( onClose );
	closeRef.current = onClose;
	const returnRef = useRef( returnFocusTo );
	returnRef.current = returnFocusTo;

	useEffect( () => {
		const ownerDocument = panelRef.current?.ownerDocument ?? document;
		const previous = ownerDocument.activeElement as HTMLElement | null;
		const panel = panelRef.current;
		( focusables( panel )[ 0 ] ?? panel )?.focus();

		const { body } = ownerDocument;
		const overflow = body.style.overflow;
		body.style.overflow = 'hidden';

		const onKeyDown = ( event: KeyboardEvent ) => {
			// Inner widgets (the address list) handle Escape first.
			if ( event.key === 'Escape' && ! event.defaultPrevented ) {
				closeRef.current();
			}
		};
		ownerDocument.addEventListener( 'keydown', onKeyDown );

		return () => {
			ownerDocument.removeEventListener( 'keydown', onKeyDown );
			body.style.overflow = overflow;
			const target = returnRef.current;
			if ( target?.isConnected && ! target.disabled ) {
				target.focus();
			} else {
				returnFocus( ownerDocument, previous );
			}
		};
	}, [] );

	const focusEdge = ( edge: 'first' | 'last' ) => {
		const list = focusables( panelRef.current );
		const target = edge === 'first' ? list[ 0 ] : list[ list.length - 1 ];
		( target ?? panelRef.current )?.focus();
	};

	const onBackdropMouseDown = ( event: MouseEvent< HTMLDivElement > ) => {
		pressStartedOnBackdrop.current = event.target === event.currentTarget;
	};
	const onBackdropClick = ( event: MouseEvent< HTMLDivElement > ) => {
		// Only a press that starts and ends on the backdrop closes: selecting
		// text inside the panel and releasing outside must not.
		if (
			event.target === event.currentTarget &&
			pressStartedOnBackdrop.current
		) {
			onClose();
		}
		pressStartedOnBackdrop.current = false;
	};

	return (
		// The backdrop is a mouse convenience; keyboard users have Escape and the Close button.
		// eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
		<div
			className={ `dw-modal dw-modal--${ position }` }
			onMouseDown={ onBackdropMouseDown }
			onClick={ onBackdropClick }
		>
			{ /* Focus guards keep Tab and Shift+Tab inside the panel, iframes included. */ }
			{  }
			<span
				className="dw-focus-guard"
				tabIndex={ 0 }
				onFocus={ () => focusEdge( 'last' ) }
			/>
			<div
				ref={ panelRef }
				className="dw-modal__panel"
				role="dialog"
				aria-modal="true"
				aria-label={ label }
				tabIndex={ -1 }
			>
				<button
					type="button"
					className="dw-modal__close"
					onClick={ onClose }
					aria-label={ __( 'Close', 'donation-widget' ) }
				>
					<span aria-hidden="true">×</span>
				</button>
				{ children }
			</div>
			{  }
			<span
				className="dw-focus-guard"
				tabIndex={ 0 }
				onFocus={ () => focusEdge( 'first' ) }
			/>
		</div>
	);
}
