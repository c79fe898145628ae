/**
 * Experian Address Validation stand-in (https://api.experianaperture.io
 * replaced by {server}/experian): search and format over a small fixed book
 * of Australian addresses.
 */
import { randomUUID, HttpAnswer } from './util.mjs';

const REGIONS = {
	NSW: 'New South Wales',
	VIC: 'Victoria',
	QLD: 'Queensland',
	WA: 'Western Australia',
	SA: 'South Australia',
	TAS: 'Tasmania',
	ACT: 'Australian Capital Territory',
	NT: 'Northern Territory',
};

/**
 * The address book. `partial: true` formats with confidence "Partial match".
 */
export const ADDRESS_BOOK = [
	{
		building_number: '1',
		street: [ 'Example', 'Street' ],
		locality: 'Sydney',
		region: 'NSW',
		postal_code: '2000',
	},
	{
		sub_building: [ 'Unit', '5' ],
		building_number: '10',
		street: [ 'Example', 'Street' ],
		locality: 'Sydney',
		region: 'NSW',
		postal_code: '2000',
	},
	{
		sub_building: [ 'Level', '2' ],
		building_number: '123',
		street: [ 'Pitt', 'Street' ],
		locality: 'Sydney',
		region: 'NSW',
		postal_code: '2000',
	},
	{
		building_number: '42',
		street: [ 'Wallaby', 'Way' ],
		locality: 'Sydney',
		region: 'NSW',
		postal_code: '2000',
	},
	{
		building_number: '25',
		street: [ 'Sample', 'Road' ],
		locality: 'Parramatta',
		region: 'NSW',
		postal_code: '2150',
	},
	{
		building_number: '100',
		street: [ 'Collins', 'Street' ],
		locality: 'Melbourne',
		region: 'VIC',
		postal_code: '3000',
	},
	{
		building_number: '7',
		street: [ 'Queen', 'Street' ],
		locality: 'Brisbane City',
		region: 'QLD',
		postal_code: '4000',
	},
	{
		building_number: '15',
		street: [ 'Hay', 'Street' ],
		locality: 'Perth',
		region: 'WA',
		postal_code: '6000',
	},
	{
		building_number: '3',
		street: [ 'King William', 'Street' ],
		locality: 'Adelaide',
		region: 'SA',
		postal_code: '5000',
	},
	{
		building_number: '8',
		street: [ 'Partial', 'Lane' ],
		locality: 'Hobart',
		region: 'TAS',
		postal_code: '7000',
		partial: true,
	},
].map( ( entry, index ) => {
	const street = entry.street.join( ' ' );
	const line = `${ entry.building_number } ${ street }`;
	const subBuilding = entry.sub_building
		? entry.sub_building.join( ' ' )
		: '';
	const text = `${ subBuilding ? `${ subBuilding }, ` : '' }${ line }, ${
		entry.locality
	} ${ entry.region } ${ entry.postal_code }`;
	const key = Buffer.from(
		`id=${ text }~alt_key=~dataset=AU_ADDRESS~format_key=AUS$stand-in$${ index + 1 }`
	).toString( 'base64url' );
	return {
		...entry,
		key,
		text,
		address: {
			address_line_1: subBuilding || line,
			address_line_2: subBuilding ? line : '',
			address_line_3: '',
			locality: entry.locality,
			region: entry.region,
			postal_code: entry.partial ? '' : entry.postal_code,
			country: 'AUSTRALIA',
		},
		components: {
			language: 'en-AU',
			country_name: 'Australia',
			country_iso_3: 'AUS',
			postal_code: {
				full_name: entry.postal_code,
				primary: entry.postal_code,
			},
			...( entry.sub_building
				? {
						sub_building: {
							name: subBuilding,
							door: {
								full_name: subBuilding,
								type: entry.sub_building[ 0 ],
								value: entry.sub_building[ 1 ],
							},
						},
					}
				: {} ),
			building: { building_number: entry.building_number },
			street: {
				full_name: street,
				name: entry.street[ 0 ],
				type: entry.street[ 1 ],
			},
			locality: {
				region: {
					name: REGIONS[ entry.region ],
					code: entry.region,
				},
				town: { name: entry.locality },
			},
		},
	};
} );

const normalise = ( text ) =>
	String( text || '' )
		.toLowerCase()
		.replace( /[,]/g, ' ' )
		.replace( /\s+/g, ' ' )
		.trim();

/**
 * Addresses matching the search text: those containing the text as a
 * case-insensitive substring (commas and spacing ignored); if there are none,
 * those where every word of the text starts a word of the address.
 *
 * @param {string} text Search text.
 * @return {Object[]} Matching entries.
 */
export function searchBook( text ) {
	const query = normalise( text );
	if ( ! query ) {
		return [];
	}
	const substring = ADDRESS_BOOK.filter( ( entry ) =>
		normalise( entry.text ).includes( query )
	);
	if ( substring.length ) {
		return substring;
	}
	const words = query.split( ' ' );
	return ADDRESS_BOOK.filter( ( entry ) => {
		const addressWords = normalise( entry.text ).split( ' ' );
		return words.every( ( word ) =>
			addressWords.some( ( addressWord ) =>
				addressWord.startsWith( word )
			)
		);
	} );
}

/**
 * Character ranges of the search words inside a suggestion.
 *
 * @param {string} text  Suggestion text.
 * @param {string} query Search text.
 * @return {number[][]} [[start, end], ...]
 */
function matchedRanges( text, query ) {
	const lower = text.toLowerCase();
	const ranges = [];
	for ( const word of normalise( query ).split( ' ' ) ) {
		const start = lower.indexOf( word );
		if ( word && start !== -1 ) {
			ranges.push( [ start, start + word.length ] );
		}
	}
	return ranges.sort( ( a, b ) => a[ 0 ] - b[ 0 ] );
}

const experianError = ( status, type, title, detail, extra = {} ) =>
	new HttpAnswer( status, {
		error: { type, title, detail, ...extra },
		reference_id: randomUUID(),
	} );

export class ExperianStandIn {
	reset() {}

	scenarioAnswer( scenario ) {
		return this.statusAnswer( scenario === 'rate_limited' ? 429 : 500 );
	}

	/**
	 * An error answer with a server-side status (the generic scenarios and the status fault).
	 *
	 * @param {number} status 429, 500, 502, 503 or 504.
	 * @return {HttpAnswer} Answer.
	 */
	statusAnswer( status ) {
		if ( status === 429 ) {
			return experianError(
				429,
				'Too Many Requests',
				'Too Many Requests',
				'The request limit has been exceeded. Please try again later.'
			);
		}
		const title =
			{
				502: 'Bad Gateway',
				503: 'Service Unavailable',
				504: 'Gateway Timeout',
			}[ status ] || 'Internal Server Error';
		return experianError(
			status,
			title,
			title,
			'An unexpected error occurred.'
		);
	}

	handle( ctx ) {
		try {
			this.authorize( ctx );
			let match;
			if ( ctx.method === 'POST' && ctx.path === '/address/search/v1' ) {
				return this.search( ctx );
			}
			if (
				ctx.method === 'GET' &&
				( match = /^\/address\/format\/v1\/([^/]+)$/.exec( ctx.path ) )
			) {
				return this.format( ctx, decodeURIComponent( match[ 1 ] ) );
			}
			throw experianError(
				404,
				'Not Found',
				'Not Found',
				`No endpoint for ${ ctx.method } ${ ctx.path }.`
			);
		} catch ( error ) {
			if ( error instanceof HttpAnswer ) {
				return { status: error.status, body: error.body, headers: {} };
			}
			throw error;
		}
	}

	authorize( ctx ) {
		const token = String( ctx.headers[ 'auth-token' ] || '' ).trim();
		if ( ! token || /^(invalid|bad|wrong)/i.test( token ) ) {
			throw experianError(
				401,
				'Unauthorized',
				'Unauthorized',
				token
					? 'The Auth-Token provided is not valid.'
					: 'The Auth-Token header was not supplied.'
			);
		}
	}

	search( ctx ) {
		if ( ctx.jsonError || ! ctx.body || typeof ctx.body !== 'object' ) {
			throw experianError(
				400,
				'Bad Request',
				'Bad Request',
				'The request body is not valid JSON.'
			);
		}
		const body = ctx.body;
		const invalidParams = [];
		if ( ! body.country_iso ) {
			invalidParams.push( {
				propertypath: 'country_iso',
				reason: 'The country_iso field is required.',
			} );
		} else if ( String( body.country_iso ).toUpperCase() !== 'AUS' ) {
			invalidParams.push( {
				propertypath: 'country_iso',
				reason: `The country ${ body.country_iso } is not available in this stand-in (only AUS).`,
			} );
		}
		if (
			body.datasets !== undefined &&
			( ! Array.isArray( body.datasets ) ||
				! body.datasets.every( ( d ) => /^au-/i.test( String( d ) ) ) )
		) {
			invalidParams.push( {
				propertypath: 'datasets',
				reason: 'The dataset(s) requested are not valid for country AUS.',
			} );
		}
		const unspecified =
			body.components && Array.isArray( body.components.unspecified )
				? body.components.unspecified
				: null;
		if ( ! unspecified || ! unspecified.length ) {
			invalidParams.push( {
				propertypath: 'components.unspecified',
				reason: 'At least one search component is required.',
			} );
		}
		if ( invalidParams.length ) {
			throw experianError(
				400,
				'Bad Request',
				'Bad Request',
				'One or more request parameters are invalid.',
				{ invalid_params: invalidParams }
			);
		}
		const text = unspecified.join( ' ' );
		const max = Math.max(
			1,
			Math.min( 100, Number( body.max_suggestions ) || 7 )
		);
		const forced = ctx.take( [ 'no_matches' ] );
		const hits = forced ? [] : searchBook( text );
		const base = `${ ctx.origin }${ ctx.prefix }`;
		let confidence = 'No matches';
		if ( hits.length === 1 ) {
			confidence = 'Verified match';
		} else if ( hits.length > 1 ) {
			confidence = 'Multiple matches';
		}
		return {
			status: 200,
			headers: {},
			body: {
				result: {
					more_results_available: hits.length > max,
					confidence,
					suggestions_key: hits.length ? randomUUID() : undefined,
					suggestions: hits.slice( 0, max ).map( ( entry ) => ( {
						global_address_key: entry.key,
						text: entry.text,
						matched: matchedRanges( entry.text, text ),
						format: `${ base }/address/format/v1/${ entry.key }`,
					} ) ),
				},
			},
		};
	}

	format( ctx, key ) {
		const entry = ADDRESS_BOOK.find( ( item ) => item.key === key );
		if ( ! entry ) {
			throw experianError(
				404,
				'Not Found',
				'Not Found',
				'The global_address_key provided was not found.'
			);
		}
		const forced = ctx.take( [ 'partial_match' ] );
		const partial = entry.partial || !! forced;
		return {
			status: 200,
			headers: {},
			body: {
				result: {
					global_address_key: entry.key,
					confidence: partial ? 'Partial match' : 'Verified match',
					address: { ...entry.address },
					components: structuredClone( entry.components ),
				},
			},
		};
	}
}
