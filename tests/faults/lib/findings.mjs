/**
 * The findings the matrix first reported, kept as cells of their own so both forms always run
 * them (the fast form's rotation may give their fault to another call):
 *
 *   1. Stripe answering a card confirmation slower than the plugin's timeout: the retries met
 *      409 idempotency_key_in_use, the donor was told HTTP 409 "This payment attempt was already
 *      used with other card details", the widget dropped the attempt, and Try Again charged a
 *      second time (the card path's confirm call under the stall fault);
 *   2. one attempt sent ten times at once, each with a new card token (a donor pressing Donate
 *      again and again on a slow page, spread over both servers): one or two answers were 502
 *      charged: false "The payment could not be started" although the donor was charged.
 *
 * Findings 3 (card testing) and 4 (captcha and limits) are tested by their own helpers.
 */
import { cardPaymentMethod } from './browser.mjs';
import { Cell } from './cell.mjs';
import { FAULTS } from './faults.mjs';
import { stripeMoney } from './money.mjs';
import { PATHS } from './paths.mjs';
import { SERVERS, captchaToken, formData } from './world.mjs';

/** How often the donor's one attempt is sent at once. */
const BURST = 10;

/**
 * One attempt, sent BURST times at once with a new card token each, half to each server.
 *
 * @param {Cell} cell The cell.
 */
async function burst( cell ) {
	const email = cell.email();
	const form = formData( email );
	const attemptId = cell.memory.idFor( form );
	cell.attempts.add( attemptId );
	cell.data.firstAttempt = attemptId;
	const tokens = await Promise.all(
		Array.from( { length: BURST }, () => cardPaymentMethod() )
	);
	await cell.arm( 'start' );
	await Promise.all(
		tokens.map( ( token ) =>
			cell.post(
				{
					action: 'process_payment_method',
					token,
					cardId: token,
					formData: form,
					coverAmount: '0',
					currentUrl: `${ SERVERS[ 0 ] }/donate/`,
					attemptId,
					captchaToken: captchaToken(),
				},
				{ form }
			)
		)
	);
}

/**
 * The findings' cells.
 *
 * @param {string} run This run's id.
 * @return {Cell[]} Finding 1's and finding 2's cells.
 */
export function findingCells( run ) {
	const card = PATHS.find( ( path ) => path.name === 'card' );
	const stall = FAULTS.find( ( fault ) => fault.name === 'stall' );
	const first = new Cell(
		{ ...card, name: 'finding 1: card' },
		card.calls.find( ( call ) => call.name === 'confirm' ),
		stall,
		run
	);
	const burstPath = {
		name: 'finding 2: card',
		label: 'one attempt sent ten times at once with new card tokens',
		money: stripeMoney,
		calls: [
			{
				name: 'create+confirm',
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents',
				stage: 'start',
			},
		],
		drive: burst,
	};
	const second = new Cell(
		burstPath,
		burstPath.calls[ 0 ],
		{
			name: `${ BURST } at once`,
			kind: 'none',
			label: `the same attempt ${ BURST } times at once, new card tokens`,
		},
		run
	);
	return [ first, second ];
}
