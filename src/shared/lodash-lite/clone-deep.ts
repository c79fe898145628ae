/**
 * lodash's cloneDeep as formik uses it: a deep copy of the initial values,
 * errors, touched and status, so the form's state never shares objects with
 * its props. An object met twice (or in a cycle) is copied once.
 */
import { shallowCopy } from './clone';

export default function cloneDeep< T >( value: T ): T {
	const copies = new Map< object, unknown >();
	const copy = ( item: unknown ): unknown => {
		if ( item === null || typeof item !== 'object' ) {
			return item;
		}
		if ( copies.has( item ) ) {
			return copies.get( item );
		}
		return shallowCopy( item, copy, ( container ) =>
			copies.set( item, container )
		);
	};
	return copy( value ) as T;
}
