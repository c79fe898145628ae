/**
 * A "form" method hands its submit flow to the Donate button while it is
 * the chosen one, and takes it back when it is not.
 */
import { useEffect, useRef } from '@wordpress/element';
import type { PaymentMethodProps } from './registry';

export function useSubmitter(
	name: string,
	props: Pick< PaymentMethodProps, 'selected' | 'setSubmitter' >,
	ready: boolean,
	submit: () => Promise< void >
): void {
	const { selected, setSubmitter } = props;
	// The Donate button calls the latest flow, with the latest values.
	const latest = useRef( submit );
	latest.current = submit;

	useEffect( () => {
		if ( ! selected ) {
			return;
		}
		setSubmitter( () => ( {
			name,
			ready,
			submit: () => latest.current(),
		} ) );
		return () =>
			setSubmitter( ( current ) =>
				current?.name === name ? null : current
			);
	}, [ name, selected, ready, setSubmitter ] );
}
