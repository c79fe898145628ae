/**
 * Settings for a widget (docs/widget-contract.md#22-donation-widget-shell, docs/widget-contract.md#7-the-calls-it-makes call 1): the copy PHP printed with
 * the page when there is one (no request before first paint), otherwise the
 * REST route. A failure is logged and the widget stays blank.
 */
import { useEffect, useState } from '@wordpress/element';
import { logProblem } from './ajax';
import { parseSettings, type PageGlobals, type Settings } from './config';

export async function fetchSettings(
	settingsUrl: string,
	fetchImpl: typeof fetch = ( ...args ) => window.fetch( ...args )
): Promise< Settings > {
	const response = await fetchImpl( settingsUrl, {
		credentials: 'same-origin',
		headers: { Accept: 'application/json' },
	} );
	if ( ! response.ok ) {
		throw new Error( `settings answered HTTP ${ response.status }` );
	}
	const settings = parseSettings( await response.json() );
	if ( ! settings ) {
		throw new Error( 'settings are not an object' );
	}
	return settings;
}

/**
 * null until loaded, and for ever when loading failed.
 * @param globals Page globals (preloaded settings, REST URL).
 */
export function useSettings( globals: PageGlobals ): Settings | null {
	const [ settings, setSettings ] = useState< Settings | null >(
		globals.settings
	);
	useEffect( () => {
		if ( globals.settings ) {
			return;
		}
		let current = true;
		fetchSettings( globals.settingsUrl )
			.then( ( loaded ) => current && setSettings( loaded ) )
			.catch( ( error ) => logProblem( 'settings did not load', error ) );
		return () => {
			current = false;
		};
	}, [ globals ] );
	return settings;
}
