/**
 * The redirect returns the widget reads when the page loads, one line per
 * gateway whose payments may leave the page (see redirect-returns.ts). Kept
 * apart from methods.ts so the code loaded before tab 1 holds no payment
 * method: only these readers.
 */
import type { RedirectReturnReader } from './redirect-returns';
import { expressRedirectReturn } from './stripe/redirect-return';

export const redirectReturnReaders: readonly RedirectReturnReader[] = [
	expressRedirectReturn,
];
