/**
 * While a Donation Widget block's inspector holds a value the widget cannot use, the post
 * cannot be saved or published: the editor's own save lock, with a notice naming each bad
 * value. Without it the post went out with the last usable value (often the settings' amounts)
 * and the editor never knew.
 */
import { dispatch } from '@wordpress/data';
import { useEffect } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

interface EditorActions {
	lockPostSaving: ( name: string ) => void;
	unlockPostSaving: ( name: string ) => void;
	lockPostAutosaving: ( name: string ) => void;
	unlockPostAutosaving: ( name: string ) => void;
}

interface NoticeActions {
	createErrorNotice: (
		content: string,
		options: { id: string; isDismissible: boolean }
	) => void;
	removeNotice: ( id: string ) => void;
}

/**
 * The notice's text: every problem, in order.
 *
 * @param problems What is wrong, each naming its field and value.
 */
export function publishLockMessage( problems: string[] ): string {
	return sprintf(
		/* translators: %s: the problems, each a sentence naming a field and its value. */
		__(
			'This page cannot be published while the Donation Widget block holds values it cannot use. %s',
			'donation-widget'
		),
		problems.join( ' ' )
	);
}

/**
 * Holds the lock (one per block) while there are problems, and lets go when they are fixed or
 * the block is removed. Outside the post editor (the site editor, widgets screen) there is no
 * core/editor store: nothing to lock.
 *
 * @param clientId The block's id in the editor.
 * @param problems What is wrong, each naming its field and value; empty when nothing is.
 */
export function usePublishLock( clientId: string, problems: string[] ): void {
	const message = problems.length > 0 ? publishLockMessage( problems ) : '';
	useEffect( () => {
		if ( message === '' ) {
			return;
		}
		const name = `donation-widget/invalid-${ clientId }`;
		const editor = dispatch( 'core/editor' ) as unknown as
			EditorActions | undefined;
		const notices = dispatch( 'core/notices' ) as unknown as
			NoticeActions | undefined;
		editor?.lockPostSaving?.( name );
		editor?.lockPostAutosaving?.( name );
		notices?.createErrorNotice?.( message, {
			id: name,
			isDismissible: false,
		} );
		return () => {
			editor?.unlockPostSaving?.( name );
			editor?.unlockPostAutosaving?.( name );
			notices?.removeNotice?.( name );
		};
	}, [ clientId, message ] );
}
