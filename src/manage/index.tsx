/**
 * The "Manage my donation" page's entry (loaded on that page only): React replaces the
 * server's plain forms, which stay as the page without JavaScript.
 */
import { createRoot } from '@wordpress/element';
import { createAjaxClient, logProblem } from '../shared/ajax';
import { ManageApp } from './ManageApp';
import { OpenForm, readOpenForm } from './OpenForm';
import { RequestForm } from './RequestForm';
import { parseNotice, readState } from './state';
import '../view.scss';
import './manage.scss';

declare global {
	interface Window {
		donationWidgetManage?: { ajaxUrl?: unknown };
	}
}

export function mountManage( root: ParentNode = document ): void {
	const ajaxUrl = window.donationWidgetManage?.ajaxUrl;
	root.querySelectorAll< HTMLElement >( '[data-manage-state]' ).forEach(
		( host ) => {
			const state = readState( host.getAttribute( 'data-manage-state' ) );
			if ( ! state || typeof ajaxUrl !== 'string' ) {
				// The plain forms keep working.
				logProblem( 'the manage page has no readable state', host );
				return;
			}
			createRoot( host ).render(
				<ManageApp
					initial={ state }
					post={ createAjaxClient( ajaxUrl ) }
				/>
			);
		}
	);
	// The email form before signing in.
	root.querySelectorAll< HTMLElement >( '[data-manage-request]' ).forEach(
		( host ) => {
			if ( typeof ajaxUrl !== 'string' ) {
				logProblem( 'the manage page has no ajax URL', host );
				return;
			}
			let notice = null;
			try {
				notice = parseNotice(
					JSON.parse(
						host.getAttribute( 'data-manage-request' ) ?? ''
					)?.notice
				);
			} catch {
				// No notice: the form still works.
			}
			createRoot( host ).render(
				<RequestForm
					initialNotice={ notice }
					post={ createAjaxClient( ajaxUrl ) }
				/>
			);
		}
	);
	// "Show my donations" on opening a link.
	root.querySelectorAll< HTMLElement >( '[data-manage-open]' ).forEach(
		( host ) => {
			const form = readOpenForm(
				host.getAttribute( 'data-manage-open' )
			);
			if ( form ) {
				createRoot( host ).render( <OpenForm { ...form } /> );
			}
		}
	);
}

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', () => mountManage() );
} else {
	mountManage();
}
