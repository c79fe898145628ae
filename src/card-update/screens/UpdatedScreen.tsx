/**
 * Update success screen (docs/widget-contract.md#29-update-success-screen), plus a line about a missed donation
 * when the subscription was behind.
 */
import {
	createInterpolateElement,
	useEffect,
	useRef,
} from '@wordpress/element';
import type { MissedDonation } from '../flow';
import { texts } from '../texts';
import { emailLink, phoneLink } from './contact-links';

interface UpdatedScreenProps {
	email: string;
	phone: string;
	missedDonation: MissedDonation | null;
}

export function UpdatedScreen( {
	email,
	phone,
	missedDonation,
}: UpdatedScreenProps ) {
	const headingRef = useRef< HTMLHeadingElement >( null );
	useEffect( () => headingRef.current?.focus(), [] );

	return (
		<div className="dw-screen dw-screen--updated">
			<h2 className="dw-heading" tabIndex={ -1 } ref={ headingRef }>
				{ texts.updated() }
			</h2>
			{ missedDonation === 'recovered' && (
				<p>{ texts.missedRecovered() }</p>
			) }
			{ missedDonation === 'failed' && <p>{ texts.missedFailed() }</p> }
			<p>
				{ createInterpolateElement( texts.updatedContact(), {
					email: emailLink( email ),
					phone: phoneLink( phone ),
				} ) }
			</p>
		</div>
	);
}
