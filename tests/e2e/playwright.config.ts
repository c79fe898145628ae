/**
 * Playwright against the local "e2e" WordPress (bin/test.sh starts it on port 8890, with the
 * provider stand-ins on 8898), in Debian's Chromium. One worker: the tests share one site.
 */
import { defineConfig } from '@playwright/test';
import { scaled } from './timeouts';

export const SITE_URL =
	process.env.DONATION_WIDGET_E2E_URL ?? 'http://127.0.0.1:8890';

export default defineConfig( {
	testDir: './specs',
	outputDir: './.results',
	fullyParallel: false,
	workers: 1,
	retries: 0,
	forbidOnly: true,
	// Generous for a busy two-core CI machine (see timeouts.ts): a passing test never waits them out.
	timeout: scaled( 180_000 ),
	expect: {
		timeout: scaled( 30_000 ),
		// Text in the stand-in card fields anti-aliases a little differently from run to run; a
		// missing overlay, a wrapped tab or a moved field changes far more than 2 % of a shot.
		toHaveScreenshot: { maxDiffPixelRatio: 0.02 },
	},
	reporter: [ [ 'list' ] ],
	use: {
		baseURL: SITE_URL,
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
		launchOptions: {
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
			],
		},
	},
} );
