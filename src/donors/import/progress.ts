/**
 * Where an import stands, as the server's route answers it
 * (Admin\HistoryImport\ImportRestController::state), read defensively.
 */
export type ImportStage =
	| 'uploading'
	| 'mapping'
	| 'checking'
	| 'checked'
	| 'importing'
	| 'done'
	| 'failed';

export interface ImportState {
	id: number;
	stage: ImportStage;
	done: number;
	total: number;
	ok: number;
	refused: number;
	created: number;
	error: string;
}

const STAGES: readonly ImportStage[] = [
	'uploading',
	'mapping',
	'checking',
	'checked',
	'importing',
	'done',
	'failed',
];

function isStage( value: unknown ): value is ImportStage {
	return (
		typeof value === 'string' &&
		( STAGES as readonly string[] ).includes( value )
	);
}

function count( value: unknown ): number {
	return typeof value === 'number' && Number.isFinite( value ) && value >= 0
		? Math.floor( value )
		: 0;
}

/**
 * An answer of the route as an ImportState, or null when it is not one.
 *
 * @param value The parsed JSON.
 */
export function readState( value: unknown ): ImportState | null {
	if ( typeof value !== 'object' || value === null ) {
		return null;
	}
	const answer = value as Record< string, unknown >;
	if ( ! isStage( answer.stage ) ) {
		return null;
	}
	return {
		id: count( answer.id ),
		stage: answer.stage,
		done: count( answer.done ),
		total: count( answer.total ),
		ok: count( answer.ok ),
		refused: count( answer.refused ),
		created: count( answer.created ),
		error: typeof answer.error === 'string' ? answer.error : '',
	};
}

/**
 * Whether the server still has work to do on the import.
 *
 * @param stage The import's stage.
 */
export function isRunning( stage: ImportStage ): boolean {
	return stage === 'checking' || stage === 'importing';
}

/**
 * The share done, 0 to 100.
 *
 * @param state The import.
 */
export function percent( state: ImportState ): number {
	if ( state.stage === 'done' || state.stage === 'checked' ) {
		return 100;
	}
	return state.total > 0
		? Math.min( 100, Math.floor( ( state.done / state.total ) * 100 ) )
		: 0;
}
