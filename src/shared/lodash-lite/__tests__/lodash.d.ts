// lodash's own modules, which the tests compare ours with (no @types/lodash needed for four functions).
declare module 'lodash/clone' {
	export default function clone< T >( value: T ): T;
}
declare module 'lodash/cloneDeep' {
	export default function cloneDeep< T >( value: T ): T;
}
declare module 'lodash/isPlainObject' {
	export default function isPlainObject( value: unknown ): boolean;
}
declare module 'lodash/toPath' {
	export default function toPath( value: unknown ): Array< string | symbol >;
}
