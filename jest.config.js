// Jest for the front end: wp-scripts' preset (Babel with TypeScript), tests beside the code.
const defaultConfig = require( '@wordpress/scripts/config/jest-unit.config' );

module.exports = {
	...defaultConfig,
	testMatch: [ '<rootDir>/src/**/__tests__/**/*.test.[jt]s?(x)' ],
	testEnvironment: 'jsdom',
	setupFilesAfterEnv: [ '<rootDir>/src/shared/__tests__/forget-session.ts' ],
};
