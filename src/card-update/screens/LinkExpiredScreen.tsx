/**
 * Link-expired screen (docs/widget-contract.md#210-link-expired-screen): an expired, used, unknown or missing link.
 */
import {
	createInterpolateElement,
	useEffect,
	useRef,
} from '@wordpress/element';
import { texts } from '../texts';
import { phoneLink } from './contact-links';

export function LinkExpiredScreen( { phone }: { phone: string } ) {
	const headingRef = useRef< HTMLHeadingElement >( null );
	useEffect( () => headingRef.current?.focus(), [] );

	return (
		<div className="dw-screen dw-screen--expired">
			<h2 className="dw-heading" tabIndex={ -1 } ref={ headingRef }>
				{ texts.expiredTitle() }
			</h2>
			<p>
				{ createInterpolateElement( texts.expiredBody(), {
					phone: phoneLink( phone ),
				} ) }
			</p>
		</div>
	);
}
