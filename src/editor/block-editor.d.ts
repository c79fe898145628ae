/**
 * The part of @wordpress/block-editor the block uses. The package ships no type declarations,
 * and the DefinitelyTyped ones lag its releases.
 * @param props
 */
declare module '@wordpress/block-editor' {
	import type { ComponentType, ReactNode } from 'react';

	export const InspectorControls: ComponentType< {
		children?: ReactNode;
		group?: string;
	} >;
	export function useBlockProps(
		props?: Record< string, unknown >
	): Record< string, unknown >;
}
