/**
 * "Show my donations" on opening an emailed link: a real form POST to admin-post.php (the
 * server exchanges the single-use link for its HTTP-only cookie and redirects), so a link
 * scanner that only fetches the page cannot use the link up.
 */
import { useRef, useState } from '@wordpress/element';
import type { FormEvent } from 'react';
import { __ } from '@wordpress/i18n';
import { BusyOverlay } from '../shared/BusyOverlay';

export interface OpenFormProps {
	/** admin-post.php. */
	url: string;
	/** action, page_id and token, as the plain form sends them. */
	fields: Record< string, string >;
}

/**
 * Reads the data-manage-open attribute; null when it is not one.
 * @param attribute Its value.
 */
export function readOpenForm( attribute: string | null ): OpenFormProps | null {
	try {
		const value: unknown = JSON.parse( attribute ?? '' );
		if ( typeof value !== 'object' || value === null ) {
			return null;
		}
		const { url, fields } = value as { url?: unknown; fields?: unknown };
		if (
			typeof url !== 'string' ||
			new URL( url, window.location.href ).origin !==
				window.location.origin ||
			typeof fields !== 'object' ||
			fields === null
		) {
			return null;
		}
		const strings = Object.entries( fields ).filter(
			( entry ): entry is [ string, string ] =>
				typeof entry[ 1 ] === 'string'
		);
		return { url, fields: Object.fromEntries( strings ) };
	} catch {
		return null;
	}
}

export function OpenForm( { url, fields }: OpenFormProps ) {
	const [ busy, setBusy ] = useState( false );
	const sent = useRef( false );
	// The browser goes on with the POST; a second press would send the used link again, and
	// its "expired" answer would replace the page the first one opens.
	const submit = ( event: FormEvent ) => {
		if ( sent.current ) {
			event.preventDefault();
			return;
		}
		sent.current = true;
		setBusy( true );
	};
	return (
		<div className="dw-widget dw-manage" aria-busy={ busy }>
			<form method="post" action={ url } onSubmit={ submit }>
				{ Object.entries( fields ).map( ( [ name, value ] ) => (
					<input
						key={ name }
						type="hidden"
						name={ name }
						value={ value }
					/>
				) ) }
				<p>
					{ __(
						'Your secure link works once. Continue to see and manage your donations.',
						'donation-widget'
					) }
				</p>
				<div className="dw-actions">
					<button
						type="submit"
						className="dw-button dw-button--primary"
						aria-disabled={ busy || undefined }
					>
						{ __( 'Show my donations', 'donation-widget' ) }
					</button>
				</div>
			</form>
			{ busy && (
				<BusyOverlay
					message={ __(
						'Opening your donations…',
						'donation-widget'
					) }
					stillWorking={ __(
						'Still working. Please wait.',
						'donation-widget'
					) }
				/>
			) }
		</div>
	);
}
