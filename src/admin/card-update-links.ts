/**
 * Donation Widget → 4-weekly donations: "Copy card-update link" and "Email card-update link".
 * Posts to the card-update admin-ajax action (nonce and capability are checked there), reports
 * the outcome in the panel's live region, and refills the history and the live-link sentence
 * from the answer, so the screen never contradicts what just happened.
 *
 * Only the newest link works. Email after Copy sends the copied link's requestID, so the server
 * emails that same link while it still works; issuing a new link while an earlier one still
 * works (and the admin no longer holds it) asks first.
 */

export interface HistoryRow {
	when: string;
	what: string;
	by: string;
	detail: string;
}

interface IssueAnswer {
	success?: boolean;
	data?: {
		message?: string;
		url?: string;
		emailed?: boolean;
		reused?: boolean;
		history?: HistoryRow[];
		live?: string;
		question?: string;
	};
}

async function readAnswer( response: Response ): Promise< IssueAnswer | null > {
	try {
		return ( await response.json() ) as IssueAnswer;
	} catch {
		return null;
	}
}

/**
 * The requestID of a card-update URL, or ''.
 * @param url The link shown in the panel.
 */
export function requestIdOf( url: string ): string {
	try {
		return new URL( url ).searchParams.get( 'requestID' ) ?? '';
	} catch {
		return '';
	}
}

/**
 * Refills the history table's body: one row per entry, or the empty sentence.
 * @param table The history table.
 * @param rows  Its rows, newest first.
 */
export function fillHistory(
	table: HTMLTableElement,
	rows: HistoryRow[]
): void {
	const body = table.tBodies[ 0 ] ?? table.createTBody();
	body.replaceChildren();
	if ( rows.length === 0 ) {
		const cell = body.insertRow().insertCell();
		cell.colSpan = 4;
		cell.textContent = table.dataset.empty ?? '';
		return;
	}
	rows.forEach( ( row ) => {
		const line = body.insertRow();
		[ row.when, row.what, row.by, row.detail ].forEach(
			( text ) => ( line.insertCell().textContent = text )
		);
	} );
}

async function showLink(
	panel: HTMLElement,
	field: HTMLInputElement,
	url: string
): Promise< string > {
	field.value = url;
	field.hidden = false;
	if ( navigator.clipboard && window.isSecureContext ) {
		try {
			await navigator.clipboard.writeText( url );
			return panel.dataset.copied ?? '';
		} catch {
			// Fall through: the link is shown, selected, for the admin to copy.
		}
	}
	field.select();
	return panel.dataset.shown ?? '';
}

function updateState( panel: HTMLElement, data: IssueAnswer[ 'data' ] ): void {
	if ( ! data ) {
		return;
	}
	const table = panel.querySelector< HTMLTableElement >( 'table' );
	if ( table && Array.isArray( data.history ) ) {
		fillHistory( table, data.history );
	}
	const live = panel.querySelector< HTMLElement >(
		'.donation-widget-card-update-live'
	);
	if ( live && typeof data.live === 'string' ) {
		live.textContent = data.live;
		live.hidden = data.live === '';
	}
	if ( typeof data.question === 'string' ) {
		panel.dataset.question = data.question;
	}
}

async function issue(
	panel: HTMLElement,
	delivery: string,
	field: HTMLInputElement
): Promise< string > {
	const failed = panel.dataset.failed ?? '';
	const body = new URLSearchParams( {
		action: panel.dataset.action ?? '',
		subscription_id: panel.dataset.subscription ?? '',
		delivery,
		_ajax_nonce: panel.dataset.nonce ?? '',
	} );
	if ( delivery === 'email' && field.value ) {
		body.set( 'request_id', requestIdOf( field.value ) );
	}
	try {
		const response = await fetch( panel.dataset.ajaxUrl ?? '', {
			method: 'POST',
			credentials: 'same-origin',
			body,
		} );
		const answer = await readAnswer( response );
		const data = answer?.data ?? {};
		updateState( panel, data );
		if ( ! response.ok || ! answer?.success ) {
			return data.message || failed;
		}
		if ( delivery === 'copy' && data.url ) {
			return showLink( panel, field, String( data.url ) );
		}
		if ( ! data.emailed ) {
			return failed;
		}
		if ( data.reused ) {
			return panel.dataset.reused ?? '';
		}
		// A new link replaced the one shown: the box must not offer a link that no longer works.
		field.value = '';
		field.hidden = true;
		return panel.dataset.emailed ?? '';
	} catch {
		return failed;
	}
}

/**
 * Whether pressing this button would stop a working link the admin does not hold, and so
 * needs a confirmation: Copy always issues a new link; Email does unless a link is shown.
 * @param panel    The panel.
 * @param delivery "copy" or "email".
 * @param field    The box holding the copied link.
 */
export function replacementQuestion(
	panel: HTMLElement,
	delivery: string,
	field: HTMLInputElement
): string {
	const question = panel.dataset.question ?? '';
	if ( delivery === 'email' && field.value ) {
		return '';
	}
	return question;
}

function setUp( panel: HTMLElement ): void {
	const result = panel.querySelector< HTMLElement >(
		'.donation-widget-card-update-result'
	);
	const field = panel.querySelector< HTMLInputElement >( 'input[readonly]' );
	if ( ! result || ! field ) {
		return;
	}
	const buttons = Array.from(
		panel.querySelectorAll< HTMLButtonElement >( 'button[data-delivery]' )
	);
	buttons.forEach( ( button ) => {
		button.addEventListener( 'click', async () => {
			const delivery = button.dataset.delivery ?? '';
			const question = replacementQuestion( panel, delivery, field );
			// eslint-disable-next-line no-alert -- a plain confirmation before a working link is revoked.
			if ( question && ! window.confirm( question ) ) {
				return;
			}
			buttons.forEach( ( each ) => ( each.disabled = true ) );
			result.textContent = panel.dataset.working ?? '';
			result.textContent = await issue( panel, delivery, field );
			buttons.forEach( ( each ) => ( each.disabled = false ) );
			button.focus();
		} );
	} );
}

document
	.querySelectorAll< HTMLElement >( '.donation-widget-card-update' )
	.forEach( setUp );
