/**
 * The part of @wordpress/server-side-render the manage block uses. WordPress provides it
 * (wp-server-side-render); the bundle never includes it, so no package is installed for it.
 */
declare module '@wordpress/server-side-render' {
	import type { ComponentType } from 'react';

	const ServerSideRender: ComponentType< {
		block: string;
		attributes?: Record< string, unknown >;
	} >;
	export default ServerSideRender;
}
