/**
 * Tab 3's method area with made-up registrations: it renders whatever is
 * registered, offers a toggle per form method when one-off and a choice when
 * recurring with more than one, and tells each method whether it is chosen.
 */
import { lazy } from '@wordpress/element';
import { Formik } from 'formik';
import { valuesFixture } from '../../../../shared/__tests__/fixtures';
import {
	byText,
	click,
	render,
	settle,
	type Rendered,
} from '../../../../shared/__tests__/dom';
import type {
	PaymentMethodProps,
	PaymentMethodRegistration,
} from '../../../../payments/registry';
import type { Frequency } from '../../../../shared/donation-values';
import { PaymentMethods } from '../PaymentMethods';
import { useMethodChoice } from '../use-method-choice';

// Form methods hide their fields unless chosen; express methods always show.
const content = ( text: string, express = false ) =>
	lazy( async () => ( {
		default: ( props: PaymentMethodProps ) => (
			<div
				id={ props.contentId }
				data-method={ text }
				hidden={ ! express && ! props.selected }
			>
				{ text }
			</div>
		),
	} ) );

const form = ( name: string, label: string ): PaymentMethodRegistration => ( {
	name,
	kind: 'form',
	label: () => label,
	canMakePayment: () => true,
	content: content( name ),
	showsDonateButton: true,
} );
const wallet: PaymentMethodRegistration = {
	name: 'wallet',
	kind: 'express',
	canMakePayment: () => true,
	content: content( 'wallet', true ),
	showsDonateButton: false,
};

function Harness( {
	methods,
	recurring,
}: {
	methods: PaymentMethodRegistration[];
	recurring: boolean;
} ) {
	const choice = useMethodChoice(
		methods.filter( ( method ) => method.kind === 'form' ),
		recurring
	);
	return (
		<PaymentMethods
			methods={ methods }
			recurring={ recurring }
			choice={ choice }
			methodProps={ {} as PaymentMethodProps }
		/>
	);
}

let view: Rendered;
afterEach( () => view.unmount() );

async function mount(
	methods: PaymentMethodRegistration[],
	frequency: Frequency
) {
	view = await render(
		<Formik
			initialValues={ valuesFixture( { frequency } ) }
			onSubmit={ () => undefined }
		>
			<Harness
				methods={ methods }
				recurring={ frequency === '4weekly' }
			/>
		</Formik>
	);
	await settle();
	await settle();
	return view.container;
}

const shown = ( root: HTMLElement ) =>
	Array.from( root.querySelectorAll( '[data-method]:not([hidden])' ) ).map(
		( element ) => element.getAttribute( 'data-method' )
	);

it( 'one-off: wallets first, a toggle per form method, one open at a time', async () => {
	const root = await mount(
		[ wallet, form( 'card', 'Credit Card' ), form( 'bank', 'Bank' ) ],
		'Oneoff'
	);
	expect( shown( root ) ).toEqual( [ 'wallet' ] );
	const card = byText( root, 'button', 'Credit Card' ) as HTMLElement;
	const bank = byText( root, 'button', 'Bank' ) as HTMLElement;
	await click( card );
	expect( shown( root ) ).toEqual( [ 'wallet', 'card' ] );
	expect( card.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
	await click( bank );
	expect( shown( root ) ).toEqual( [ 'wallet', 'bank' ] );
	expect( card.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
	expect( bank.getAttribute( 'aria-controls' ) ).toBe(
		root.querySelector( '[data-method="bank"]' )?.id
	);
	await click( bank );
	expect( shown( root ) ).toEqual( [ 'wallet' ] );
} );

it( 'recurring with one form method: shown, no toggle', async () => {
	const root = await mount( [ form( 'card', 'Credit Card' ) ], '4weekly' );
	expect( shown( root ) ).toEqual( [ 'card' ] );
	expect( byText( root, 'button', 'Credit Card' ) ).toBeUndefined();
} );

it( 'recurring with two form methods: the first is chosen, the donor may switch', async () => {
	const root = await mount(
		[ form( 'card', 'Credit Card' ), form( 'bank', 'Bank' ) ],
		'4weekly'
	);
	expect( shown( root ) ).toEqual( [ 'card' ] );
	const group = root.querySelector( '[role="group"]' );
	expect( group?.getAttribute( 'aria-label' ) ).toBe( 'Payment method' );
	const bank = byText( root, 'button', 'Bank' ) as HTMLElement;
	expect( bank.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
	await click( bank );
	expect( shown( root ) ).toEqual( [ 'bank' ] );
	expect( bank.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
} );
