import { buildInitialValues, readUtm } from '../initial-values';
import { configFixture, settingsFixture } from './fixtures';

describe( 'load sequence (widget contract §4.1)', () => {
	it( 'captures the utm values from the query string', () => {
		expect(
			readUtm(
				'?utm_source=news&utm_medium=email&utm_campaign=eofy&utm_content=hero&utm_term=give&x=1'
			)
		).toEqual( {
			utm_source: 'news',
			utm_medium: 'email',
			utm_campaign: 'eofy',
			utm_content: 'hero',
			utm_term: 'give',
		} );
	} );

	it.each( [
		[ 'settings presets', {}, [ '20', '50', '100' ] ],
		[
			'configuration presets win',
			{ amount_values: [ '5', '10', '15' ] },
			[ '5', '10', '15' ],
		],
		[
			'three at most',
			{ amount_values: [ '1', '2', '3', '4' ] },
			[ '1', '2', '3' ],
		],
	] )( 'amountValues: %s', ( _name, config, expected ) => {
		expect(
			buildInitialValues(
				{ ...configFixture, ...config },
				settingsFixture,
				''
			).amountValues
		).toEqual( expected );
	} );

	it.each( [
		[ '', 'IT-DEFAULT' ],
		[ 'IT-CAMPAIGN', 'IT-CAMPAIGN' ],
	] )( 'iteration id from configuration %p → %p', ( iteration, expected ) => {
		expect(
			buildInitialValues(
				{ ...configFixture, iteration_id: iteration },
				settingsFixture,
				''
			).iteration_id
		).toBe( expected );
	} );

	it.each( [
		[ 0, 50 ],
		[ -5, 50 ],
		[ 35, 35 ],
	] )(
		'configuration default_amount %p → amount %p',
		( configured, expected ) => {
			expect(
				buildInitialValues(
					{ ...configFixture, default_amount: configured },
					settingsFixture,
					''
				).amount
			).toBe( expected );
		}
	);

	it.each( [
		[ '', '4weekly' ],
		[ 'Oneoff', 'Oneoff' ],
		[ '4weekly', '4weekly' ],
		[ 'unknown', '4weekly' ],
	] )( 'donation_type %p → frequency %p', ( donationType, expected ) => {
		expect(
			buildInitialValues(
				{ ...configFixture, donation_type: donationType },
				settingsFixture,
				''
			).frequency
		).toBe( expected );
	} );

	it( 'starts with the widget contract §3.3 defaults', () => {
		expect(
			buildInitialValues( configFixture, settingsFixture, '' )
		).toMatchObject( {
			inputAmount: '',
			helpCover: false,
			helpCoverPercent: 0.05,
			currency: 'AUD',
			donateAs: 'individual',
			privacyTerms: true,
			showCC: false,
			address: { country: 'Australia' },
			cardNumber: '',
		} );
	} );
} );
