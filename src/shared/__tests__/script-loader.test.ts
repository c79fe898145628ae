import { loadScript, withQuery } from '../script-loader';

describe( 'script loader', () => {
	afterEach( () => {
		document.head.innerHTML = '';
	} );

	it( 'injects a script once per page and shares the promise', async () => {
		const first = loadScript( 'https://js.example.test/a.js' );
		const second = loadScript( 'https://js.example.test/a.js' );
		expect( second ).toBe( first );
		const scripts = document.head.querySelectorAll(
			'script[src="https://js.example.test/a.js"]'
		);
		expect( scripts ).toHaveLength( 1 );
		scripts[ 0 ].dispatchEvent( new Event( 'load' ) );
		await expect( first ).resolves.toBeUndefined();
	} );

	it( 'forgets a failed load so a later call can retry', async () => {
		const failed = loadScript( 'https://js.example.test/b.js' );
		document.head
			.querySelector( 'script' )
			?.dispatchEvent( new Event( 'error' ) );
		await expect( failed ).rejects.toThrow( 'Could not load' );
		const retry = loadScript( 'https://js.example.test/b.js' );
		expect( retry ).not.toBe( failed );
		expect( document.head.querySelectorAll( 'script' ) ).toHaveLength( 1 );
	} );

	it.each( [
		[
			'https://x.test/api.js',
			'https://x.test/api.js?render=explicit&onload=cb',
		],
		[
			'https://x.test/api.js?hl=en',
			'https://x.test/api.js?hl=en&render=explicit&onload=cb',
		],
	] )( 'withQuery(%p)', ( src, expected ) => {
		expect( withQuery( src, { render: 'explicit', onload: 'cb' } ) ).toBe(
			expected
		);
	} );
} );
