/**
 * The Reports screen's entry (only ReportsPage enqueues it): mounts the app into the page's
 * host, which carries the site's today.
 */
import apiFetch from '@wordpress/api-fetch';
import { createRoot } from '@wordpress/element';
import { ReportsApp, type FetchReport } from './ReportsApp';
import { queryString } from './report';
import './reports.scss';

const fetchReport: FetchReport = ( query ) =>
	apiFetch( {
		path: `/donation-widget/v1/reports?${ queryString( query ) }`,
	} );

export function mountReports( root: ParentNode = document ): void {
	root.querySelectorAll< HTMLElement >( '[data-reports]' ).forEach(
		( host ) => {
			let today = '';
			try {
				const data: unknown = JSON.parse(
					host.getAttribute( 'data-reports' ) ?? ''
				);
				if (
					typeof data === 'object' &&
					data !== null &&
					'today' in data &&
					typeof data.today === 'string'
				) {
					today = data.today;
				}
			} catch {
				// Left empty: the server's message in the host stays.
			}
			if ( ! /^\d{4}-\d{2}-\d{2}$/.test( today ) ) {
				return;
			}
			createRoot( host ).render(
				<ReportsApp today={ today } fetchReport={ fetchReport } />
			);
		}
	);
}

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', () => mountReports() );
} else {
	mountReports();
}
