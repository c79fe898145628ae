/**
 * lodash's isPlainObject: an object made by `{}`, `new Object()` or
 * `Object.create( null )`, not an array, a class instance or a host object.
 * @param value Any value.
 */
export default function isPlainObject( value: unknown ): boolean {
	if (
		value === null ||
		typeof value !== 'object' ||
		Object.prototype.toString.call( value ) !== '[object Object]'
	) {
		return false;
	}
	const proto: unknown = Object.getPrototypeOf( value );
	if ( proto === null ) {
		return true;
	}
	const Ctor: unknown = Object.prototype.hasOwnProperty.call(
		proto,
		'constructor'
	)
		? ( proto as { constructor: unknown } ).constructor
		: undefined;
	return (
		typeof Ctor === 'function' &&
		Ctor instanceof Ctor &&
		Function.prototype.toString.call( Ctor ) ===
			Function.prototype.toString.call( Object )
	);
}
