/**
 * Tab 3 (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#44-frequency-and-payment-options): the registered payment methods, the amount line,
 * help cover, privacy terms and the Donate button. Mounted (hidden) from
 * tab 2 on, so the methods' fields are ready before tab 3; this is also when
 * the providers' scripts and the captcha are first loaded. It knows no
 * provider: each method brings its own fields and submit flow.
 */
import { useCallback, useMemo, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useFormikContext } from 'formik';
import { useInvisibleCaptcha } from '../../captcha/use-invisible-captcha';
import type { PaymentOutcomeHandlers } from '../../payments/gateway';
import { paymentMethods } from '../../payments/methods';
import { validatePrivacy } from '../../payments/payment-rules';
import { availableMethods, registeredMethods } from '../../payments/registry';
import type { AjaxPost } from '../../shared/ajax';
import type { ProviderScripts, Settings } from '../../shared/config';
import type { DonationValues } from '../../shared/donation-values';
import { totalAmount } from '../../shared/help-cover';
import { donateLabel } from '../../shared/labels';
import { AmountLine } from './payment/AmountLine';
import { HelpCover } from './payment/HelpCover';
import { PaymentMethods } from './payment/PaymentMethods';
import { PrivacyTerms } from './payment/PrivacyTerms';
import { useDonateButton } from './payment/use-donate-button';
import { useMethodChoice } from './payment/use-method-choice';
import { usePaymentServer } from './payment/use-payment-server';
import { useStepStore } from './payment/use-step-store';

export interface PaymentStepProps {
	/** Tab 3 is showing (wallet buttons render only then). */
	active: boolean;
	loading: boolean;
	settings: Settings;
	providerScripts: ProviderScripts;
	post: AjaxPost;
	handlers: PaymentOutcomeHandlers;
	widgetIndex: number;
	/** Re-checks amount and details; false (and shows that step) if either fails. */
	confirmEarlierSteps: () => boolean;
	onBack: () => void;
}

export default function PaymentStep( props: PaymentStepProps ) {
	const { active, loading, settings, providerScripts } = props;
	const { values, setFieldTouched } = useFormikContext< DonationValues >();
	const valuesRef = useRef( values );
	valuesRef.current = values;
	const privacyRef = useRef< HTMLInputElement >( null );

	const captcha = useInvisibleCaptcha(
		settings.google_captcha_key,
		providerScripts.recaptcha
	);
	const server = usePaymentServer(
		props.post,
		captcha.getToken,
		valuesRef,
		props.widgetIndex
	);

	const recurring = values.frequency === '4weekly';
	// The page's queue is read once: gateways' scripts ran before this one.
	const registered = useMemo( () => registeredMethods( paymentMethods ), [] );
	const methods = useMemo(
		() =>
			availableMethods( registered, {
				settings,
				frequency: values.frequency,
			} ),
		[ registered, settings, values.frequency ]
	);
	const choice = useMethodChoice(
		methods.filter( ( method ) => method.kind === 'form' ),
		recurring
	);

	const donate = useDonateButton( choice.chosen, loading );
	const { setLoading } = props.handlers;
	const { setProcessing: setDonateProcessing } = donate;
	// A form method's payment covers the widget like the wallets' do
	// (docs/widget-contract.md#22-donation-widget-shell's overlay); the Donate button still reads "Submitting...".
	const setProcessing = useCallback(
		( on: boolean ) => {
			setDonateProcessing( on );
			setLoading( on );
		},
		[ setDonateProcessing, setLoading ]
	);
	const shared = useStepStore();

	const focusPrivacy = () => privacyRef.current?.focus();
	const touchPrivacy = () => setFieldTouched( 'privacyTerms', true );
	/** Earlier steps and privacy, before any payment method starts. */
	const mayStart = () => {
		if ( ! props.confirmEarlierSteps() ) {
			return false;
		}
		if ( Object.keys( validatePrivacy( valuesRef.current ) ).length > 0 ) {
			touchPrivacy();
			focusPrivacy();
			return false;
		}
		return true;
	};

	const total = totalAmount( values );
	const badges = [
		...new Set( methods.map( ( method ) => method.badge ) ),
	].filter( ( badge ) => badge !== undefined );

	return (
		<form
			className="dw-step dw-step--payment"
			noValidate
			onSubmit={ donate.onSubmit }
		>
			<h2 className="dw-heading">
				{ recurring
					? __( 'Payment Details', 'donation-widget' )
					: __( 'Select payment method', 'donation-widget' ) }
			</h2>
			<PaymentMethods
				methods={ methods }
				recurring={ recurring }
				choice={ choice }
				methodProps={ {
					settings,
					providerScripts,
					server,
					handlers: props.handlers,
					getValues: () => valuesRef.current,
					active,
					widgetIndex: props.widgetIndex,
					mayStart,
					confirmEarlierSteps: props.confirmEarlierSteps,
					focusPrivacy,
					touchPrivacy,
					processing: donate.processing,
					setProcessing,
					setSubmitter: donate.setSubmitter,
					shared,
				} }
			/>
			<AmountLine total={ total } recurring={ recurring } />
			<HelpCover />
			<PrivacyTerms settings={ settings } inputRef={ privacyRef } />
			<div className="dw-actions">
				{ donate.visible && (
					<button
						type="submit"
						className="dw-button dw-button--primary"
						disabled={ donate.disabled }
					>
						{ donate.processing
							? // eslint-disable-next-line @wordpress/i18n-ellipsis -- docs/widget-contract.md#25-tab-3-payment spells it with three dots.
								__( 'Submitting...', 'donation-widget' )
							: donateLabel( total, values.frequency, false ) }
					</button>
				) }
				<button
					type="button"
					className="dw-link dw-back"
					onClick={ props.onBack }
				>
					{ __( 'Back', 'donation-widget' ) }
				</button>
			</div>
			{ badges.map( ( Badge, index ) => (
				<Badge key={ index } />
			) ) }
			<div className="dw-captcha" ref={ captcha.containerRef } />
		</form>
	);
}
