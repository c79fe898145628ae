/**
 * Payment and address tests use the shared values fixture; it must be what
 * the widget really starts with.
 */
import { valuesFixture as sharedValuesFixture } from '../../shared/__tests__/fixtures';
import { valuesFixture } from './fixtures';

it( 'the shared values fixture equals the widget initial values', () => {
	expect( sharedValuesFixture() ).toEqual( valuesFixture() );
} );
