/**
 * Values the payment methods of one payment step share, made on first use:
 * one card-provider script for all of that provider's methods, with no module-level state.
 */
import { useCallback, useRef } from '@wordpress/element';

export function useStepStore(): < T >( key: string, create: () => T ) => T {
	const store = useRef( new Map< string, unknown >() );
	return useCallback( < T >( key: string, create: () => T ): T => {
		if ( ! store.current.has( key ) ) {
			store.current.set( key, create() );
		}
		return store.current.get( key ) as T;
	}, [] );
}
