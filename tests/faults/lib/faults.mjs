/**
 * The faults: what a real network and a real provider do to one provider call (FAULTS-API.md,
 * tests/stand-ins POST /__control/faults), and what a real site does to itself (two servers
 * answering the same call at once, a PHP process ended, a database refusing a write).
 *
 * Each fault says how it is put in place for one call (install) and how the matrix knows it
 * happened ("met"). Network faults are the stand-ins'; the others are the harness's own.
 */

/** How long a stalled provider keeps working (the plugin gives up after 3 s: run.sh). */
export const STALL_MS = 5000;

/** How long each of the racing requests is held at the provider, so they overlap there. */
export const RACE_HOLD_MS = 1500;

/** Writes the database refuses once the provider call has come back. */
export const REFUSED_WRITES = 3;

/**
 * Every fault, in table order. kind: network (the stand-ins' fault API), race, kill or db.
 * A status fault lasts as long as the donor's call that met it (an outage), so it is given
 * many times and removed once that call was answered; the others happen once.
 */
export const FAULTS = [
	{
		name: 'drop',
		kind: 'network',
		fault: 'drop_request',
		times: 1,
		label: 'request lost before the provider acts',
	},
	{
		name: 'lose',
		kind: 'network',
		fault: 'lose_answer',
		times: 1,
		label: 'answer lost after the provider acted',
	},
	{
		name: 'stall',
		kind: 'network',
		fault: 'stall',
		ms: STALL_MS,
		times: 1,
		label: 'provider slower than the timeout, still working',
	},
	{
		name: '500',
		kind: 'network',
		fault: 'status',
		status: 500,
		outage: true,
		label: 'HTTP 500, no Stripe-Should-Retry',
	},
	{
		name: '500+retry',
		kind: 'network',
		fault: 'status',
		status: 500,
		should_retry: true,
		outage: true,
		stripeOnly: true,
		label: 'HTTP 500, Stripe-Should-Retry: true',
	},
	{
		name: '503-retry',
		kind: 'network',
		fault: 'status',
		status: 503,
		should_retry: false,
		outage: true,
		label: 'HTTP 503, Stripe-Should-Retry: false',
	},
	{
		name: '429',
		kind: 'network',
		fault: 'status',
		status: 429,
		outage: true,
		label: 'HTTP 429, no Stripe-Should-Retry',
	},
	{
		name: '429+retry',
		kind: 'network',
		fault: 'status',
		status: 429,
		should_retry: true,
		outage: true,
		stripeOnly: true,
		label: 'HTTP 429, Stripe-Should-Retry: true',
	},
	{
		name: 'race',
		kind: 'race',
		label: 'the same call on both PHP servers at once',
	},
	{
		name: 'kill',
		kind: 'kill',
		label: 'PHP process killed right after the provider acted',
	},
	{ name: 'db', kind: 'db', label: 'database refuses the next writes' },
];

/** No fault at all: the paths' own check (--fault=none), never part of a form. */
export const NO_FAULT = { name: 'none', kind: 'none', label: 'no fault' };

/**
 * The faults that apply to a call: the Stripe-Should-Retry variants only where the provider is
 * Stripe (PayPal sends no such header, so they would repeat the plain status cells), and the
 * refused writes only after a call the path writes something after.
 *
 * @param {Object} call A path's call.
 */
export function faultsFor( call ) {
	return FAULTS.filter(
		( fault ) =>
			( ! fault.stripeOnly || call.provider === 'stripe' ) &&
			// A call the path writes nothing after has no write for the database to refuse.
			( fault.kind !== 'db' || call.writes !== 0 )
	);
}

/**
 * The body of POST /__control/faults for a network fault (or the hold of a race, or the hang of
 * a kill) on one call, scoped to the cell.
 *
 * @param {Object} fault The fault.
 * @param {Object} call  The call.
 * @param {Object} scope { path, match } the call's scope for this cell.
 */
export function faultBody( fault, call, scope ) {
	const base = {
		provider: call.provider,
		method: call.method,
		path: scope.path ?? call.path,
		...( scope.match ? { match: scope.match } : {} ),
		...( call.nth ? { nth: call.nth } : {} ),
	};
	if ( fault.kind === 'race' ) {
		return { ...base, fault: 'slow', ms: RACE_HOLD_MS, times: 2 };
	}
	if ( fault.kind === 'kill' ) {
		return { ...base, fault: 'hang_after_act', times: 1 };
	}
	const body = {
		...base,
		fault: fault.fault,
		times: fault.outage ? 20 : fault.times,
	};
	if ( fault.ms ) {
		body.ms = fault.ms;
	}
	if ( fault.fault === 'status' ) {
		body.status = fault.status;
		if ( call.provider === 'stripe' && fault.should_retry !== undefined ) {
			body.should_retry = fault.should_retry;
		}
	}
	return body;
}
