import { donateLabel } from '../labels';

describe( 'Donate button wording (widget contract §2.3, §2.5)', () => {
	it.each( [
		[ 25, '4weekly', true, 'Donate $25 4-weekly >>' ],
		[ 25, 'Oneoff', true, 'Donate $25 >>' ],
		[ 26.25, '4weekly', false, 'Donate $26.25 4-weekly' ],
		[ 26.5, 'Oneoff', false, 'Donate $26.50' ],
	] as const )(
		'%p %p arrows %p → %p',
		( total, frequency, arrows, expected ) => {
			expect( donateLabel( total, frequency, arrows ) ).toBe( expected );
		}
	);
} );
