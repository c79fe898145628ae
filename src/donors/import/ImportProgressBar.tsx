/**
 * The import's progress: a labelled progress bar while the dry run or the import runs, and what
 * to do next when it ends. The status line is a polite live region, so a screen reader hears
 * the end without being interrupted at every batch.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { percent, type ImportState } from './progress';
import { useImportProgress, type RunBatch } from './useImportProgress';

interface Props {
	initial: ImportState;
	runBatch: RunBatch;
	resultUrl: string;
}

function statusText( state: ImportState ): string {
	switch ( state.stage ) {
		case 'checking':
			return sprintf(
				/* translators: 1: rows checked, 2: rows in all. */
				__(
					'Checking the rows (dry run): %1$d of %2$d.',
					'donation-widget'
				),
				state.done,
				state.total
			);
		case 'checked':
			return sprintf(
				/* translators: 1: gifts to create, 2: rows refused. */
				__(
					'Dry run finished: %1$d gifts will be created, %2$d rows are refused. Nothing has been written yet.',
					'donation-widget'
				),
				state.ok,
				state.refused
			);
		case 'importing':
			return sprintf(
				/* translators: 1: gifts imported, 2: gifts in all. */
				__( 'Importing: %1$d of %2$d gifts.', 'donation-widget' ),
				state.done,
				state.total
			);
		case 'done':
			return sprintf(
				/* translators: %d: gifts created. */
				_n(
					'Import finished: %d gift created.',
					'Import finished: %d gifts created.',
					state.created,
					'donation-widget'
				),
				state.created
			);
		case 'uploading':
			return __(
				'The file is still being read. Reload this page in a moment.',
				'donation-widget'
			);
		case 'failed':
			return sprintf(
				/* translators: %s: why it stopped. */
				__( 'The import stopped: %s', 'donation-widget' ),
				state.error
			);
		default:
			return '';
	}
}

export function ImportProgressBar( {
	initial,
	runBatch,
	resultUrl,
}: Props ): JSX.Element {
	const { state, unreachable } = useImportProgress( initial, runBatch );
	const label =
		state.stage === 'checking' || state.stage === 'checked'
			? __( 'Dry run', 'donation-widget' )
			: __( 'Import', 'donation-widget' );
	const showBar = state.stage !== 'failed';
	return (
		<div className="donation-widget-history-import">
			{ showBar && (
				<p>
					<label htmlFor="donation-widget-import-progress">
						{ label }
					</label>{ ' ' }
					<progress
						id="donation-widget-import-progress"
						max={ 100 }
						value={ percent( state ) }
					>
						{ `${ percent( state ) }%` }
					</progress>
				</p>
			) }
			<p role="status" aria-live="polite">
				{ statusText( state ) }
			</p>
			{ unreachable && (
				<p>
					{ __(
						'The server cannot be reached just now. The import goes on in the background: reload this page later to see where it stands.',
						'donation-widget'
					) }
				</p>
			) }
			{ state.stage === 'checked' && (
				<p>
					<a className="button button-primary" href={ resultUrl }>
						{ __( 'See the dry run', 'donation-widget' ) }
					</a>
				</p>
			) }
			{ state.stage === 'importing' && (
				<p>
					{ __(
						'You can close this tab: the import goes on in the background and resumes where it stopped.',
						'donation-widget'
					) }
				</p>
			) }
		</div>
	);
}
