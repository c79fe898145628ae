/**
 * Makes readme.txt's screenshots (.wordpress-org/screenshot-N.png) from the local e2e site:
 *   npm run screenshots:readme   (with the e2e site served, as bin/test.sh or the e2e script leave it)
 * Kept apart from the e2e suite, so running the suite never rewrites them.
 */
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';
import { scaled } from '../timeouts';

export default defineConfig( {
	...base,
	testDir: '.',
	testMatch: 'readme-screenshots.ts',
	outputDir: '../.results-readme',
	timeout: scaled( 420_000 ),
} );
