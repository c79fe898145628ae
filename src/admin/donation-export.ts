/**
 * Donation Widget → Donations: follows a background CSV export. Each request to the export's
 * batch route (REST, the cookie nonce added by wp-api-fetch) writes its next batch on the
 * server and answers the progress, which fills the panel's labelled progress bar. The polite
 * live region speaks at each quarter and at the end; "Download CSV" appears only once the
 * server says every batch is written, and a failure shows its reason and "Start the export
 * again". The panel's HTML and words come from the server; this script only keeps them current.
 */
import { followBatches, postBatch, sleep, type Wait } from './batch-polling';
import { __, sprintf } from '@wordpress/i18n';

export interface ExportProgress {
	id: number;
	status: 'queued' | 'running' | 'complete' | 'failed';
	rows_total: number;
	rows_done: number;
	label: string;
	error: string;
	download_url: string;
	worked?: boolean;
}

export interface ExportView {
	/** Shows the export's state. */
	show: ( progress: ExportProgress ) => void;
	/** Says something in the live region. */
	announce: ( text: string ) => void;
}

type FetchBatch = ( path: string ) => Promise< ExportProgress >;

/**
 * The quarter of the export reached: 0 to 4.
 *
 * @param done  Rows written.
 * @param total Rows to write.
 */
export function quarter( done: number, total: number ): number {
	if ( total <= 0 ) {
		return 0;
	}
	return Math.min( 4, Math.floor( ( done / total ) * 4 ) );
}

/**
 * Asks for batches until the export is complete or failed.
 *
 * @param path        The export's batch route.
 * @param view        Where its state is shown.
 * @param unreachable What to say when the server cannot be asked any more.
 * @param fetchBatch  Sends one request (the REST call by default).
 * @param wait        Pauses (setTimeout by default).
 * @return The last progress, or null when the server could not be asked.
 */
export function followExport(
	path: string,
	view: ExportView,
	unreachable: string,
	fetchBatch: FetchBatch = postBatch,
	wait: Wait = sleep
): Promise< ExportProgress | null > {
	let spoken = 0;
	return followBatches(
		() => fetchBatch( path ),
		( progress ) => {
			view.show( progress );
			if ( progress.status === 'complete' ) {
				view.announce(
					sprintf(
						/* translators: %s: such as "Export complete: 40 donations." */
						__( '%s Download CSV is ready.', 'donation-widget' ),
						progress.label
					)
				);
				return true;
			}
			if ( progress.status === 'failed' ) {
				view.announce(
					`${ progress.label } ${ progress.error }`.trim()
				);
				return true;
			}
			const reached = quarter( progress.rows_done, progress.rows_total );
			if ( reached > spoken && reached < 4 ) {
				spoken = reached;
				view.announce(
					sprintf(
						/* translators: %d: a percentage such as 25. */
						__(
							'%d%% of the donations exported.',
							'donation-widget'
						),
						reached * 25
					)
				);
			}
			return false;
		},
		// Refused or gone (403, 404): the server's reason, as asking again cannot help.
		( error, refused ) => {
			const message = ( error as { message?: unknown } | null )?.message;
			view.announce(
				refused && typeof message === 'string' ? message : unreachable
			);
		},
		wait
	);
}

/**
 * The panel's elements as an ExportView.
 *
 * @param panel The server-rendered panel.
 */
export function panelView( panel: HTMLElement ): ExportView | null {
	const label = panel.querySelector< HTMLElement >(
		'.donation-widget-export-label'
	);
	const bar = panel.querySelector< HTMLProgressElement >( 'progress' );
	const live = panel.querySelector< HTMLElement >(
		'.donation-widget-export-status'
	);
	const errorText = panel.querySelector< HTMLElement >(
		'.donation-widget-export-error'
	);
	const download = panel.querySelector< HTMLElement >(
		'.donation-widget-export-download'
	);
	const link = download?.querySelector< HTMLAnchorElement >( 'a' );
	const again = panel.querySelector< HTMLElement >(
		'.donation-widget-export-again'
	);
	if ( ! label || ! bar || ! live || ! errorText || ! download || ! again ) {
		return null;
	}
	return {
		show( progress ) {
			label.textContent = progress.label;
			bar.max = Math.max( 1, progress.rows_total );
			bar.value =
				progress.status === 'complete' ? bar.max : progress.rows_done;
			bar.textContent = String( progress.rows_done );
			panel.dataset.status = progress.status;
			if ( progress.status === 'complete' ) {
				panel.classList.replace( 'notice-info', 'notice-success' );
				if ( link && progress.download_url ) {
					link.href = progress.download_url;
				}
				download.hidden = false;
			}
			if ( progress.status === 'failed' ) {
				panel.classList.replace( 'notice-info', 'notice-error' );
				( bar.parentElement ?? bar ).hidden = true;
				errorText.textContent = progress.error;
				errorText.hidden = progress.error === '';
				again.hidden = false;
			}
		},
		announce( text ) {
			live.textContent = text;
		},
	};
}

function setUp( panel: HTMLElement ): void {
	const view = panelView( panel );
	const path = panel.dataset.path;
	if ( ! view || ! path ) {
		return;
	}
	view.announce( panel.dataset.started ?? '' );
	void followExport( path, view, panel.dataset.unreachable ?? '' );
}

document
	.querySelectorAll< HTMLElement >(
		'.donation-widget-export[data-status="queued"], .donation-widget-export[data-status="running"]'
	)
	.forEach( setUp );
