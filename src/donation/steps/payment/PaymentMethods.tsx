/**
 * The registered payment methods tab 3 offers (docs/widget-contract.md#25-tab-3-payment), in registration
 * order: express methods and, when one-off, a toggle per form method inside
 * the wallets area; when recurring with more than one form method, a choice
 * between them; then each form method's fields (hidden unless chosen).
 */
import { Suspense, useId } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type {
	PaymentMethodProps,
	PaymentMethodRegistration,
} from '../../../payments/registry';
import type { MethodChoice } from './use-method-choice';

type CommonProps = Omit< PaymentMethodProps, 'selected' | 'contentId' >;

interface PaymentMethodsProps {
	methods: PaymentMethodRegistration[];
	recurring: boolean;
	choice: MethodChoice;
	methodProps: CommonProps;
}

export function PaymentMethods( {
	methods,
	recurring,
	choice,
	methodProps,
}: PaymentMethodsProps ) {
	const id = useId();
	const contentId = ( method: PaymentMethodRegistration ) =>
		`${ id }-${ method.name }`;
	const express = methods.filter( ( method ) => method.kind === 'express' );
	const forms = methods.filter( ( method ) => method.kind === 'form' );
	const isChosen = ( method: PaymentMethodRegistration ) =>
		choice.chosen?.name === method.name;

	const render = ( method: PaymentMethodRegistration ) => (
		<Suspense key={ method.name } fallback={ null }>
			<method.content
				{ ...methodProps }
				selected={ isChosen( method ) }
				contentId={ contentId( method ) }
			/>
		</Suspense>
	);
	const toggle = ( method: PaymentMethodRegistration ) => (
		<button
			key={ method.name }
			type="button"
			className="dw-button dw-button--secondary dw-cc-toggle"
			aria-expanded={ recurring ? undefined : isChosen( method ) }
			aria-pressed={ recurring ? isChosen( method ) : undefined }
			aria-controls={ contentId( method ) }
			onClick={ () => choice.choose( method.name ) }
		>
			{ method.label?.() ?? method.name }
		</button>
	);

	return (
		<>
			{ ! recurring && (
				<div className="dw-wallets">
					{ express.map( render ) }
					{ forms.map( toggle ) }
				</div>
			) }
			{ recurring && forms.length > 1 && (
				<div
					className="dw-toggles dw-method-choice"
					role="group"
					aria-label={ __( 'Payment method', 'donation-widget' ) }
				>
					{ forms.map( toggle ) }
				</div>
			) }
			{ forms.map( render ) }
		</>
	);
}
