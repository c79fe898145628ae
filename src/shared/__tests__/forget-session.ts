/**
 * Jest setup: the widget keeps the donor's values in sessionStorage (so a
 * reload brings them back); each test starts with an empty one, as a new
 * tab would.
 */
afterEach( () => {
	window.sessionStorage.clear();
} );
