/**
 * The server's answer on the manage page: a status, or an alert when it is an error. It takes
 * focus (tabIndex -1) so a keyboard or screen-reader user lands on what happened.
 */
import { forwardRef } from '@wordpress/element';
import type { Notice } from './state';

export const NoticeBox = forwardRef< HTMLDivElement, { notice: Notice } >(
	( { notice }, ref ) => (
		<div
			ref={ ref }
			className={ `dw-manage__notice${
				notice.isError ? ' dw-manage__notice--error' : ''
			}` }
			role={ notice.isError ? 'alert' : 'status' }
			tabIndex={ -1 }
		>
			<p>{ notice.message }</p>
		</div>
	)
);
