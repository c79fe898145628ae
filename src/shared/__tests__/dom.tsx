/**
 * Minimal rendering helpers over react-dom/client and act (no Testing
 * Library in this project).
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ReactElement } from 'react';

(
	globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
 ).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
	container: HTMLElement;
	root: Root;
	unmount: () => void;
}

export async function render( ui: ReactElement ): Promise< Rendered > {
	const container = document.createElement( 'div' );
	document.body.appendChild( container );
	const root = createRoot( container );
	await act( async () => {
		root.render( ui );
	} );
	return {
		container,
		root,
		unmount: () => {
			act( () => root.unmount() );
			container.remove();
		},
	};
}

/** Whether the running test replaced the timers with Jest's fake ones. */
function usingFakeTimers(): boolean {
	return 'clock' in setTimeout;
}

/** Lets pending promises (Formik validation, lazy chunks) settle. */
export async function settle(): Promise< void > {
	await act( async () => {
		if ( usingFakeTimers() ) {
			jest.advanceTimersByTime( 1 );
			await Promise.resolve();
		} else {
			await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
		}
	} );
}

/**
 * Lets a number of animation frames run (focusWhenReachable retries on each),
 * counted rather than timed, so a busy machine cannot end the wait before
 * the frames have run.
 *
 * @param count How many frames.
 */
export async function frames( count = 6 ): Promise< void > {
	await act( async () => {
		for ( let frame = 0; frame < count; frame++ ) {
			await new Promise< void >( ( resolve ) =>
				window.requestAnimationFrame( () => resolve() )
			);
		}
	} );
}

export async function click(
	element: Element | null | undefined
): Promise< void > {
	if ( ! element ) {
		throw new Error( 'nothing to click' );
	}
	await act( async () => {
		( element as HTMLElement ).click();
	} );
	await settle();
}

/**
 * Types into a controlled input the way React listens for it.
 * @param input
 * @param value
 */
export async function typeInto(
	input: Element | null | undefined,
	value: string
): Promise< void > {
	if ( ! ( input instanceof HTMLInputElement ) ) {
		throw new Error( 'not an input' );
	}
	const setter = Object.getOwnPropertyDescriptor(
		HTMLInputElement.prototype,
		'value'
	)?.set;
	await act( async () => {
		input.focus();
		setter?.call( input, value );
		input.dispatchEvent( new Event( 'input', { bubbles: true } ) );
	} );
	await settle();
}

export async function keyDown(
	target: Element | null | undefined,
	key: string
): Promise< boolean > {
	if ( ! target ) {
		throw new Error( 'no target' );
	}
	let notCancelled = true;
	await act( async () => {
		notCancelled = target.dispatchEvent(
			new KeyboardEvent( 'keydown', {
				key,
				bubbles: true,
				cancelable: true,
			} )
		);
	} );
	await settle();
	return notCancelled;
}

export function byText(
	root: ParentNode,
	selector: string,
	text: string
): HTMLElement | undefined {
	return Array.from( root.querySelectorAll< HTMLElement >( selector ) ).find(
		( element ) => element.textContent?.trim() === text
	);
}

/**
 * The input a visible <label> points at.
 * @param root
 * @param text
 */
export function byLabel( root: ParentNode, text: string ): HTMLElement | null {
	const label = byText( root, 'label', text );
	const id = label?.getAttribute( 'for' );
	return id ? root.querySelector< HTMLElement >( `[id="${ id }"]` ) : null;
}
