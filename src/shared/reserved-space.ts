/**
 * Keeps the space the server reserved for a widget (the placeholder printed
 * inside its host element) until the widget has filled it, so nothing on
 * the page moves when React replaces the placeholder.
 *
 * React empties the host on its first commit, and a widget's first commit
 * may be shorter than its first screen (the update-card widget shows its
 * title before the lazily loaded form arrives). The host therefore keeps
 * the placeholder's height as a min-height until its content is at least
 * as tall, or until the donor first interacts (a shift right after input
 * is expected, and not counted as a layout shift), or the window's width
 * changes (the measured height no longer applies).
 */

const INPUT_EVENTS = [ 'pointerdown', 'keydown' ] as const;

/**
 * Call before mounting into the host.
 *
 * @param host The host element, still holding the server's placeholder.
 * @return Releases the reserved height at once (e.g. when nothing mounts).
 */
export function holdReservedSpace( host: HTMLElement ): () => void {
	const reserved = host.getBoundingClientRect().height;
	const view = host.ownerDocument.defaultView;
	let released = false;
	let observer: ResizeObserver | null = null;
	const width = view?.innerWidth;
	// Mobile browsers resize the window's height as their address bar hides.
	const onResize = () => {
		if ( view?.innerWidth !== width ) {
			release();
		}
	};

	const release = () => {
		if ( released ) {
			return;
		}
		released = true;
		observer?.disconnect();
		INPUT_EVENTS.forEach( ( type ) =>
			view?.removeEventListener( type, release, true )
		);
		view?.removeEventListener( 'resize', onResize );
		host.style.minHeight = '';
		host.removeAttribute( 'aria-busy' );
	};

	if ( reserved < 1 || ! view || typeof ResizeObserver === 'undefined' ) {
		// Nothing to hold (a modal takes no room in the page), or no way to
		// tell when the widget has grown: the host is busy until the widget's
		// first commit only.
		const done = () => {
			if ( host.firstElementChild ) {
				release();
			}
		};
		if ( typeof MutationObserver !== 'undefined' ) {
			const mutations = new MutationObserver( () => {
				done();
				if ( released ) {
					mutations.disconnect();
				}
			} );
			mutations.observe( host, { childList: true } );
		}
		return release;
	}

	host.style.minHeight = `${ reserved }px`;
	// The content's own height: the host's children, not the host, which
	// the min-height stretches.
	const contentHeight = () =>
		Array.from( host.children ).reduce(
			( sum, child ) => sum + child.getBoundingClientRect().height,
			0
		);
	observer = new ResizeObserver( () => {
		// Sub-pixel rounding: the placeholder's heights are measured to 1/64 px.
		if ( host.firstElementChild && contentHeight() >= reserved - 0.5 ) {
			release();
		}
	} );
	// The children change as React mounts and renders: observe each new one.
	const watchChildren = new MutationObserver( () => {
		if ( released ) {
			watchChildren.disconnect();
			return;
		}
		Array.from( host.children ).forEach( ( child ) =>
			observer?.observe( child )
		);
	} );
	watchChildren.observe( host, { childList: true } );
	INPUT_EVENTS.forEach( ( type ) =>
		view.addEventListener( type, release, true )
	);
	view.addEventListener( 'resize', onResize );
	return release;
}

/**
 * For a host that will hold no widget: the placeholder goes, and the host
 * is no longer busy.
 *
 * @param host The host element.
 */
export function dropPlaceholder( host: HTMLElement ): void {
	host.replaceChildren();
	host.removeAttribute( 'aria-busy' );
}
