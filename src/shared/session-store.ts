/** sessionStorage, or null where the browser refuses access to it. */
export function sessionStore(): Storage | null {
	try {
		return window.sessionStorage;
	} catch {
		return null;
	}
}
