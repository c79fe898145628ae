import {
	fillHistory,
	replacementQuestion,
	requestIdOf,
} from '../card-update-links';

describe( 'requestIdOf', () => {
	it( 'reads the requestID of a card-update URL', () => {
		expect(
			requestIdOf( 'https://example.org/update-card/?requestID=abc_123' )
		).toBe( 'abc_123' );
		expect( requestIdOf( 'https://example.org/update-card/' ) ).toBe( '' );
		expect( requestIdOf( 'not a url' ) ).toBe( '' );
	} );
} );

describe( 'replacementQuestion', () => {
	function panel( question: string ): HTMLElement {
		const element = document.createElement( 'div' );
		element.dataset.question = question;
		return element;
	}

	it( 'asks before Copy while a link works, and before Email only when no link is held', () => {
		const field = document.createElement( 'input' );
		const asking = panel( 'Link #3 still works. Issue a new link?' );
		expect( replacementQuestion( asking, 'copy', field ) ).toBe(
			'Link #3 still works. Issue a new link?'
		);
		expect( replacementQuestion( asking, 'email', field ) ).toBe(
			'Link #3 still works. Issue a new link?'
		);

		field.value = 'https://example.org/update-card/?requestID=abc';
		expect( replacementQuestion( asking, 'email', field ) ).toBe( '' );
		expect( replacementQuestion( asking, 'copy', field ) ).toBe(
			'Link #3 still works. Issue a new link?'
		);
		expect( replacementQuestion( panel( '' ), 'copy', field ) ).toBe( '' );
	} );
} );

describe( 'fillHistory', () => {
	it( 'replaces the rows, and shows the empty sentence when there are none', () => {
		const table = document.createElement( 'table' );
		table.dataset.empty = 'No card-update link has been issued.';
		table.createTBody().insertRow().insertCell().textContent = 'old';

		fillHistory( table, [
			{
				when: '25 November 2026 5:30 pm',
				what: 'Link issued',
				by: 'admin',
				detail: '<i>Link #4</i>',
			},
		] );
		expect( table.tBodies[ 0 ].rows ).toHaveLength( 1 );
		expect(
			Array.from( table.tBodies[ 0 ].rows[ 0 ].cells ).map(
				( cell ) => cell.textContent
			)
		).toEqual( [
			'25 November 2026 5:30 pm',
			'Link issued',
			'admin',
			'<i>Link #4</i>',
		] );

		fillHistory( table, [] );
		expect( table.tBodies[ 0 ].textContent ).toBe(
			'No card-update link has been issued.'
		);
		expect( table.tBodies[ 0 ].rows[ 0 ].cells[ 0 ].colSpan ).toBe( 4 );
	} );
} );
