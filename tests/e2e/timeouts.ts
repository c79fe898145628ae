/**
 * The e2e suite's time budgets. None is tight: a test that passes alone must pass on a busy
 * two-core CI machine too, so each budget is a few times what the test takes there; a budget
 * only runs out when something is wrong, so a generous one costs nothing on a passing run.
 *
 * DONATION_WIDGET_TEST_TIMEOUT_SCALE multiplies every budget (Jest's too): set it on a slower
 * CI runner, such as 2 or 3.
 */
const scale = Number( process.env.DONATION_WIDGET_TEST_TIMEOUT_SCALE );

/**
 * A budget in milliseconds, times the scale.
 *
 * @param milliseconds The budget on an ordinary busy machine.
 */
export function scaled( milliseconds: number ): number {
	return Math.round( milliseconds * ( scale > 0 ? scale : 1 ) );
}
