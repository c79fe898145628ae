/**
 * Stripe stand-in: Stored objects: save, find, render with expand[], lists and search, the publishable-key view.
 */
import {
	MISSING_NAMES,
	PUBLIC_PI_FIELDS,
	PUBLIC_SI_FIELDS,
} from './constants.mjs';
import {
	invalid,
	missingParam,
	expandList,
	parseSearchQuery,
	matchesQuery,
} from './helpers.mjs';

export class Store {
	save( object ) {
		if ( ! object.__seq ) {
			Object.defineProperty( object, '__seq', {
				value: ++this.sequence,
				enumerable: false,
				writable: true,
			} );
		}
		this.objects.set( object.id, object );
		return object;
	}

	find( id, type ) {
		const object = this.objects.get( String( id ) );
		if ( ! object || ( type && object.object !== type ) ) {
			return null;
		}
		return object;
	}

	/**
	 * Find or throw Stripe's resource_missing error.
	 *
	 * @param {string}      id    Object id.
	 * @param {string}      type  Object type.
	 * @param {string|null} param Request parameter naming it (400), or null for a URL id (404).
	 * @return {Object} Stored object.
	 */
	mustFind( id, type, param = null ) {
		const object = this.find( id, type );
		if ( object ) {
			return object;
		}
		const name = MISSING_NAMES[ type ] || type;
		return invalid( `No such ${ name }: '${ id }'`, {
			status: param ? 400 : 404,
			code: 'resource_missing',
			param: param || ( type === 'payment_intent' ? 'intent' : 'id' ),
		} );
	}

	/**
	 * A list object with Stripe's pagination parameters.
	 *
	 * @param {string}   type   Object type.
	 * @param {Function} filter Predicate.
	 * @param {Object}   params Request parameters.
	 * @param {string}   url    List URL.
	 * @return {Object} List object.
	 */
	list( type, filter, params, url ) {
		const limit = this.limitParam( params.limit );
		let items = [ ...this.objects.values() ]
			.filter( ( object ) => object.object === type && filter( object ) )
			.sort( ( a, b ) => b.created - a.created || b.__seq - a.__seq );
		if ( params.starting_after ) {
			const index = items.findIndex(
				( item ) => item.id === params.starting_after
			);
			items = index === -1 ? [] : items.slice( index + 1 );
		} else if ( params.ending_before ) {
			const index = items.findIndex(
				( item ) => item.id === params.ending_before
			);
			items = index === -1 ? [] : items.slice( 0, index );
			items = items.slice( Math.max( 0, items.length - limit ) );
		}
		const page = items.slice( 0, limit );
		const expand = this.listExpand( params.expand );
		return {
			object: 'list',
			data: page.map( ( item ) => this.render( item, expand ) ),
			has_more: items.length > limit,
			url,
		};
	}

	/**
	 * A list's expand paths, relative to its items: Stripe wants them under `data.`.
	 *
	 * @param {*} value expand parameter.
	 * @return {string[]} Paths for each item.
	 */
	listExpand( value ) {
		return expandList( value ).map( ( path ) => {
			if ( ! path.startsWith( 'data.' ) ) {
				invalid(
					`This property cannot be expanded (${ path }). You may want to try expanding 'data.${ path }' instead.`
				);
			}
			return path.slice( 'data.'.length );
		} );
	}

	searchOf( type ) {
		return ( req ) => {
			const params = req.params;
			if ( ! params.query ) {
				missingParam( 'query' );
			}
			const parsed = parseSearchQuery( params.query );
			const limit = this.limitParam( params.limit );
			const items = [ ...this.objects.values() ]
				.filter(
					( object ) =>
						object.object === type && matchesQuery( object, parsed )
				)
				.sort( ( a, b ) => b.created - a.created || b.__seq - a.__seq );
			const expand = this.listExpand( params.expand );
			return {
				object: 'search_result',
				data: items
					.slice( 0, limit )
					.map( ( item ) => this.render( item, expand ) ),
				has_more: items.length > limit,
				next_page: null,
				total_count: items.length,
				url: `/v1/${ type }s/search`,
			};
		};
	}

	retrieveOf( type ) {
		return ( req, id ) =>
			this.render( this.mustFind( id, type ), req.params.expand );
	}

	/**
	 * Keep only what a publishable key may see.
	 *
	 * @param {Object}  object Rendered intent.
	 * @param {boolean} pk     Whether the request used a publishable key.
	 * @return {Object} Filtered object.
	 */
	publicView( object, pk ) {
		if ( ! pk ) {
			return object;
		}
		const fields =
			object.object === 'setup_intent'
				? PUBLIC_SI_FIELDS
				: PUBLIC_PI_FIELDS;
		const view = {};
		for ( const field of fields ) {
			if ( field in object ) {
				view[ field ] = object[ field ];
			}
		}
		return view;
	}

	checkClientSecret( intent, params, pk ) {
		if ( ! pk ) {
			return;
		}
		if ( ! params.client_secret ) {
			missingParam( 'client_secret' );
		}
		if ( params.client_secret !== intent.client_secret ) {
			const noun =
				intent.object === 'setup_intent'
					? 'SetupIntent'
					: 'PaymentIntent';
			invalid(
				`The client_secret provided does not match the client_secret associated with the ${ noun }.`,
				{
					param: 'client_secret',
					code:
						intent.object === 'setup_intent'
							? 'setup_intent_invalid_parameter'
							: 'payment_intent_invalid_parameter',
				}
			);
		}
	}
}
