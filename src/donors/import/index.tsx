/**
 * Donation Widget → Import donations: mounts the progress bar into the host the screen prints
 * (Admin\HistoryImport\ImportViews::progress), which carries the import's id and stage, and
 * checks an upload's size before it is sent.
 */
import apiFetch from '@wordpress/api-fetch';
import { createRoot } from '@wordpress/element';
import { ImportProgressBar } from './ImportProgressBar';
import { readState } from './progress';
import { guardUploadSize } from './uploadGuard';
import type { RunBatch } from './useImportProgress';

const runBatch: RunBatch = ( id ) =>
	apiFetch( {
		path: `/donation-widget/v1/history-imports/${ id }/run`,
		method: 'POST',
	} );

export function mountImportProgress( root: ParentNode = document ): void {
	root.querySelectorAll< HTMLElement >( '[data-history-import]' ).forEach(
		( host ) => {
			let data: unknown = null;
			try {
				data = JSON.parse( host.dataset.historyImport ?? '' );
			} catch {
				return;
			}
			const initial = readState( {
				done: 0,
				total: 0,
				...( typeof data === 'object' && data !== null ? data : {} ),
			} );
			const resultUrl =
				typeof data === 'object' &&
				data !== null &&
				'resultUrl' in data &&
				typeof data.resultUrl === 'string'
					? data.resultUrl
					: window.location.href;
			if ( ! initial || initial.id < 1 ) {
				return;
			}
			createRoot( host ).render(
				<ImportProgressBar
					initial={ initial }
					runBatch={ runBatch }
					resultUrl={ resultUrl }
				/>
			);
		}
	);
}

function start(): void {
	mountImportProgress();
	guardUploadSize();
}

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', start );
} else {
	start();
}
