/**
 * Moving focus to something meaningful once it can take it. A payment's end
 * re-renders the widget and lifts `inert` from its form in the same commit;
 * until then focus() on anything inside is silently ignored, so the target
 * is looked up again on each animation frame for a short while.
 */

// About two seconds: a slow phone may take that long to re-render.
const FRAMES = 120;

/**
 * Focuses the element `find` returns once it is connected and outside any
 * inert subtree. Elements that cannot take focus (a message, a heading) get
 * tabindex="-1" first, so focus lands there without adding a Tab stop.
 * It gives up if focus moves anywhere meanwhile.
 *
 * @param find          Looks the target up (it may not be rendered yet).
 * @param ownerDocument The page the widget is in.
 * @param frames        How many animation frames to keep trying.
 */
export function focusWhenReachable(
	find: () => HTMLElement | null | undefined,
	ownerDocument: Document = window.document,
	frames = FRAMES
): void {
	const startedWith = ownerDocument.activeElement;
	const attempt = ( left: number ) => {
		const active = ownerDocument.activeElement;
		// Focus went somewhere else meanwhile (the donor moved on): leave it.
		if (
			active !== startedWith &&
			active &&
			active !== ownerDocument.body
		) {
			return;
		}
		const target = find();
		if ( target && target.isConnected && ! target.closest( '[inert]' ) ) {
			if ( target.tabIndex < 0 && ! target.hasAttribute( 'tabindex' ) ) {
				target.tabIndex = -1;
			}
			target.focus();
			if ( target.ownerDocument.activeElement === target ) {
				return;
			}
		}
		if ( left > 0 ) {
			window.requestAnimationFrame( () => attempt( left - 1 ) );
		}
	};
	attempt( frames );
}

/**
 * Whether focus is nowhere in particular (the page itself) or inside the
 * given element: then the widget may move it. Focus elsewhere (a wallet's own
 * window, another part of the page) is the donor's and is left alone.
 *
 * @param within The widget's root.
 */
export function focusIsOurs( within: HTMLElement ): boolean {
	const active = within.ownerDocument.activeElement;
	return (
		! active ||
		active === within.ownerDocument.body ||
		within.contains( active )
	);
}
