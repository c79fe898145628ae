// Jest for the front end: wp-scripts' preset (Babel with TypeScript), tests beside the code.
const defaultConfig = require( '@wordpress/scripts/config/jest-unit.config' );

// No tight per-test timeout: Jest's default 5 s failed tests that pass alone when the machine was
// busy (load 40 on two cores). A test that hangs still fails, after a minute.
// DONATION_WIDGET_TEST_TIMEOUT_SCALE multiplies it (and the Playwright ones) on a slower CI.
const timeoutScale =
	Number( process.env.DONATION_WIDGET_TEST_TIMEOUT_SCALE ) || 1;

module.exports = {
	...defaultConfig,
	testTimeout: 60_000 * timeoutScale,
	testMatch: [ '<rootDir>/src/**/__tests__/**/*.test.[jt]s?(x)' ],
	testEnvironment: 'jsdom',
	setupFilesAfterEnv: [ '<rootDir>/src/shared/__tests__/forget-session.ts' ],
};
