/**
 * The steps after the amount step come as their own chunks, so the code a
 * donor downloads before tab 1 works holds only tab 1 (and Formik):
 * - details (tab 2): its form, the address lookup and the yup rules; fetched
 *   as soon as tab 1 has rendered and the browser is idle, so "Donate" shows
 *   tab 2 at once, and its rules are there when the tab bar jumps to tab 3;
 * - payment (tab 3): mounted, with the providers' scripts, once tab 2 is
 *   first reached (StepPanels), as before.
 */
import { lazy, useEffect, useState } from '@wordpress/element';

type DetailsChunk = typeof import( '../steps/details-chunk' );

let detailsChunk: DetailsChunk | null = null;
let detailsRequest: Promise< DetailsChunk > | null = null;

/** Fetches the details step's chunk once; after a failure, the next call tries again. */
export function loadDetailsStep(): Promise< DetailsChunk > {
	if ( ! detailsRequest ) {
		detailsRequest = import(
			/* webpackChunkName: "step-details" */ '../steps/details-chunk'
		).then(
			( module ) => {
				detailsChunk = module;
				return module;
			},
			( error: unknown ) => {
				detailsRequest = null;
				throw error;
			}
		);
	}
	return detailsRequest;
}

/** The details step's chunk if it has arrived, else null. */
export function loadedDetailsStep(): DetailsChunk | null {
	return detailsChunk;
}

export const DetailsStep = lazy( () =>
	loadDetailsStep().then( ( module ) => ( { default: module.DetailsStep } ) )
);

export const PaymentStep = lazy(
	() =>
		import( /* webpackChunkName: "step-payment" */ '../steps/PaymentStep' )
);

/**
 * True once the browser has been idle after the first render: the moment
 * to fetch the next step's code without slowing tab 1 down.
 */
export function useIdle(): boolean {
	const [ idle, setIdle ] = useState( false );
	useEffect( () => {
		const start = () => setIdle( true );
		if ( typeof window.requestIdleCallback === 'function' ) {
			const id = window.requestIdleCallback( start, { timeout: 1500 } );
			return () => window.cancelIdleCallback( id );
		}
		const timer = window.setTimeout( start, 1 );
		return () => window.clearTimeout( timer );
	}, [] );
	return idle;
}
