/**
 * Donation Widget → Tax statements: follows "Send all statements". Each request to the year's
 * batch route (REST, the cookie nonce added by wp-api-fetch) takes a few steps of the run on the
 * server (finding donors, then sending a batch) and answers the progress, which fills the
 * panel's labelled progress bar; the polite live region speaks when sending is done. The panel's
 * HTML and words come from the server; this script only keeps them current.
 */
import { followBatches, postBatch, sleep, type Wait } from './batch-polling';

export interface StatementProgress {
	status: 'finding' | 'sending' | 'done' | '';
	total: number;
	done: number;
	label: string;
	worked?: boolean;
}

export interface ProgressView {
	/** Shows the run's state. */
	show: ( progress: StatementProgress ) => void;
	/** Says something in the live region. */
	announce: ( text: string ) => void;
}

type FetchStep = ( path: string ) => Promise< StatementProgress >;

/**
 * Asks for steps until the run is done.
 *
 * @param path        The year's batch route.
 * @param view        Where its state is shown.
 * @param unreachable What to say when the server cannot be asked any more.
 * @param fetchStep   Sends one request (the REST call by default).
 * @param wait        Pauses (setTimeout by default).
 * @return The last progress, or null when the server could not be asked.
 */
export function followStatements(
	path: string,
	view: ProgressView,
	unreachable: string,
	fetchStep: FetchStep = postBatch,
	wait: Wait = sleep
): Promise< StatementProgress | null > {
	return followBatches(
		() => fetchStep( path ),
		( progress ) => {
			view.show( progress );
			if ( progress.status === 'done' || progress.status === '' ) {
				view.announce( progress.label );
				return true;
			}
			return false;
		},
		() => view.announce( unreachable ),
		wait
	);
}

/**
 * The panel's elements as a ProgressView.
 *
 * @param panel The server-rendered panel.
 */
export function panelView( panel: HTMLElement ): ProgressView | null {
	const label = panel.querySelector< HTMLElement >(
		'.donation-widget-statement-label'
	);
	const bar = panel.querySelector< HTMLProgressElement >( 'progress' );
	const live = panel.querySelector< HTMLElement >(
		'.donation-widget-statement-status'
	);
	if ( ! label || ! bar || ! live ) {
		return null;
	}
	return {
		show( progress ) {
			label.textContent = progress.label;
			bar.max = Math.max( 1, progress.total );
			bar.value = progress.status === 'done' ? bar.max : progress.done;
			bar.textContent = String( progress.done );
			panel.dataset.status = progress.status;
			if ( progress.status === 'done' ) {
				panel.classList.replace( 'notice-info', 'notice-success' );
			}
		},
		announce( text ) {
			live.textContent = text;
		},
	};
}

document
	.querySelectorAll< HTMLElement >(
		'.donation-widget-statement-progress[data-status="finding"], .donation-widget-statement-progress[data-status="sending"]'
	)
	.forEach( ( panel ) => {
		const view = panelView( panel );
		const path = panel.dataset.path;
		if ( view && path ) {
			void followStatements(
				path,
				view,
				panel.dataset.unreachable ?? ''
			);
		}
	} );
