/**
 * Follows an import: asks the server to run its next batch and answer where it stands, again
 * and again while it runs. The server's cron events move it too, so a closed tab loses nothing.
 */
import { useEffect, useState } from '@wordpress/element';
import { isRunning, readState, type ImportState } from './progress';

export type RunBatch = ( id: number ) => Promise< unknown >;

/** Pause between polls, in milliseconds. */
const POLL_MS = 700;

/** Failed polls in a row before the screen says the server cannot be reached. */
const MAX_FAILURES = 5;

export interface ImportProgress {
	state: ImportState;
	unreachable: boolean;
}

/**
 * The import's state, kept current while it runs.
 *
 * @param initial  The state the page was printed with.
 * @param runBatch Runs a batch and answers the state (the REST call).
 */
export function useImportProgress(
	initial: ImportState,
	runBatch: RunBatch
): ImportProgress {
	const [ state, setState ] = useState< ImportState >( initial );
	const [ unreachable, setUnreachable ] = useState( false );

	useEffect( () => {
		let stopped = false;
		let failures = 0;
		let timer: ReturnType< typeof setTimeout > | undefined;
		const poll = async (): Promise< void > => {
			try {
				const next = readState( await runBatch( initial.id ) );
				if ( stopped ) {
					return;
				}
				if ( next ) {
					failures = 0;
					setUnreachable( false );
					setState( next );
					if ( ! isRunning( next.stage ) ) {
						return;
					}
				}
			} catch {
				failures += 1;
				if ( failures >= MAX_FAILURES && ! stopped ) {
					setUnreachable( true );
				}
			}
			if ( ! stopped ) {
				timer = setTimeout( () => void poll(), POLL_MS );
			}
		};
		if ( isRunning( initial.stage ) ) {
			void poll();
		}
		return () => {
			stopped = true;
			if ( timer ) {
				clearTimeout( timer );
			}
		};
	}, [ initial.id, initial.stage, runBatch ] );

	return { state, unreachable };
}
