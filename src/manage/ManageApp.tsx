/**
 * "Manage my donation" for a signed-in donor: their 4-weekly donations with one primary action
 * each (a new amount), the other changes behind confirmation dialogs, past gifts and tax
 * statements. Every change is a call to the server (ManageController::json), which applies the
 * same rules as the plain forms and answers with the page's fresh state.
 */
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FormEvent } from 'react';
import type { AjaxPost } from '../shared/ajax';
import { BusyOverlay } from '../shared/BusyOverlay';
import { NoticeBox } from './NoticeBox';
import { Modal } from '../shared/Modal';
import {
	call,
	type ActionName,
	type ManageAnswer,
	type ManagedSubscription,
	type ManageState,
	type Notice,
} from './state';

/** Fired by the update-card widget when the card was replaced. */
export const CARD_UPDATED_EVENT = 'donation-widget-card-updated';

type Dialog =
	| { kind: 'skip'; subscription: ManagedSubscription }
	| { kind: 'pause'; subscription: ManagedSubscription }
	| { kind: 'cancel'; subscription: ManagedSubscription };

export interface ManageAppProps {
	initial: ManageState;
	post: AjaxPost;
	/** Where the browser goes when the server says so (tests replace it). */
	navigate?: ( url: string ) => void;
}

const unreachable = (): Notice => ( {
	message: __(
		'Sorry, we could not reach our server. Please reload the page to see whether your change was made.',
		'donation-widget'
	),
	isError: true,
} );

export function ManageApp( {
	initial,
	post,
	navigate = ( url ) => window.location.assign( url ),
}: ManageAppProps ) {
	const [ state, setState ] = useState( initial );
	const [ notice, setNotice ] = useState< Notice | null >( initial.notice );
	const [ busy, setBusy ] = useState( false );
	const [ dialog, setDialog ] = useState< Dialog | null >( null );
	const noticeRef = useRef< HTMLDivElement >( null );
	const focusNotice = useRef( false );

	useEffect( () => {
		if ( focusNotice.current && notice ) {
			focusNotice.current = false;
			noticeRef.current?.focus();
		}
	}, [ notice ] );

	const settle = useCallback(
		( answer: ManageAnswer | null ) => {
			if ( answer?.redirect ) {
				navigate( answer.redirect );
				return;
			}
			setBusy( false );
			if ( answer?.state ) {
				setState( answer.state );
			}
			focusNotice.current = true;
			setNotice( answer ? answer.notice : unreachable() );
		},
		[ navigate ]
	);

	const send = useCallback(
		async ( fields: Record< string, string > ) => {
			setDialog( null );
			setNotice( null );
			setBusy( true );
			settle(
				await call( post, { manage_nonce: state.nonce, ...fields } )
			);
		},
		[ post, settle, state.nonce ]
	);

	const change = (
		action: ActionName,
		subscription: ManagedSubscription,
		fields: Record< string, string > = {}
	) =>
		send( {
			op: 'change',
			change: action,
			subscription_id: subscription.id,
			...fields,
		} );

	// The card replaced in place: show it without a reload.
	useEffect( () => {
		const refresh = async () => {
			const answer = await call( post, {
				manage_nonce: state.nonce,
				op: 'state',
			} );
			if ( answer?.state ) {
				setState( answer.state );
			}
		};
		document.addEventListener( CARD_UPDATED_EVENT, refresh );
		return () =>
			document.removeEventListener( CARD_UPDATED_EVENT, refresh );
	}, [ post, state.nonce ] );

	return (
		<div className="dw-widget dw-manage" aria-busy={ busy }>
			{ notice && <NoticeBox ref={ noticeRef } notice={ notice } /> }
			<h2 className="dw-heading">
				{ __( 'Your 4-weekly donations', 'donation-widget' ) }
			</h2>
			{ state.subscriptions.length === 0 && (
				<p>
					{ __(
						'You have no 4-weekly donations with us.',
						'donation-widget'
					) }
				</p>
			) }
			{ state.subscriptions.map( ( subscription ) => (
				<SubscriptionPanel
					key={ subscription.id }
					subscription={ subscription }
					state={ state }
					busy={ busy }
					onChange={ change }
					onDialog={ setDialog }
				/>
			) ) }
			<Gifts gifts={ state.gifts } />
			{ state.statements.length > 0 && (
				<section
					className="dw-manage__section"
					aria-labelledby="dw-manage-statements"
				>
					<h2 id="dw-manage-statements" className="dw-heading">
						{ __( 'Tax statements', 'donation-widget' ) }
					</h2>
					<ul>
						{ state.statements.map( ( statement ) => (
							<li key={ statement.url }>
								<a href={ statement.url }>
									{ statement.label }
								</a>
							</li>
						) ) }
					</ul>
				</section>
			) }
			<div className="dw-actions dw-manage__section">
				<button
					type="button"
					className="dw-button dw-button--secondary"
					disabled={ busy }
					onClick={ () => send( { op: 'sign_out' } ) }
				>
					{ __( 'Sign out', 'donation-widget' ) }
				</button>
			</div>
			{ dialog && (
				<ConfirmDialog
					dialog={ dialog }
					state={ state }
					onClose={ () => setDialog( null ) }
					onConfirm={ change }
				/>
			) }
			{ busy && (
				<BusyOverlay
					message={ __( 'Saving your change…', 'donation-widget' ) }
					stillWorking={ __(
						'Still working. Please wait.',
						'donation-widget'
					) }
				/>
			) }
		</div>
	);
}

interface PanelProps {
	subscription: ManagedSubscription;
	state: ManageState;
	busy: boolean;
	onChange: (
		action: ActionName,
		subscription: ManagedSubscription,
		fields?: Record< string, string >
	) => void;
	onDialog: ( dialog: Dialog ) => void;
}

function SubscriptionPanel( {
	subscription,
	state,
	busy,
	onChange,
	onDialog,
}: PanelProps ) {
	const [ amount, setAmount ] = useState( '' );
	const headingId = `subscription-${ subscription.id }-heading`;
	const { actions } = state;
	if ( ! subscription.running ) {
		return (
			<section
				className="dw-manage__subscription"
				id={ `subscription-${ subscription.id }` }
				aria-labelledby={ headingId }
			>
				<h3 id={ headingId }>{ subscription.heading }</h3>
				<p>
					{ __(
						'This 4-weekly donation has ended.',
						'donation-widget'
					) }
				</p>
			</section>
		);
	}
	const amountId = `dw-amount-${ subscription.id }`;
	const submitAmount = ( event: FormEvent ) => {
		event.preventDefault();
		onChange( 'change_amount', subscription, { amount: amount.trim() } );
	};
	return (
		<section
			className="dw-manage__subscription"
			id={ `subscription-${ subscription.id }` }
			aria-labelledby={ headingId }
		>
			<h3 id={ headingId }>{ subscription.heading }</h3>
			<dl className="dw-manage__facts">
				<dt>{ __( 'Amount', 'donation-widget' ) }</dt>
				<dd>{ subscription.amount }</dd>
				<dt>{ __( 'Next donation', 'donation-widget' ) }</dt>
				<dd>{ subscription.nextDonation }</dd>
				{ subscription.paused && (
					<>
						<dt>{ __( 'Paused', 'donation-widget' ) }</dt>
						<dd>{ subscription.paused }</dd>
					</>
				) }
				<dt>{ __( 'Card', 'donation-widget' ) }</dt>
				<dd>{ subscription.card }</dd>
			</dl>
			{ actions.change_amount && (
				<form className="dw-manage__amount" onSubmit={ submitAmount }>
					<label className="dw-label" htmlFor={ amountId }>
						{ __( 'New amount every 4 weeks', 'donation-widget' ) }
					</label>
					<div className="dw-manage__amount-row">
						<div className="dw-affix">
							<span
								className="dw-affix__prefix"
								aria-hidden="true"
							>
								$
							</span>
							<input
								id={ amountId }
								className="dw-input"
								type="text"
								inputMode="decimal"
								required
								maxLength={ 10 }
								aria-describedby={ `${ amountId }-help` }
								value={ amount }
								onChange={ ( event ) =>
									setAmount( event.target.value )
								}
							/>
						</div>
						<button
							type="submit"
							className="dw-button dw-button--primary"
							disabled={ busy }
						>
							{ __( 'Change amount', 'donation-widget' ) }
						</button>
					</div>
					<p id={ `${ amountId }-help` } className="dw-manage__help">
						{ __(
							'In dollars, from $5 to $999,999.99. It applies from your next donation; nothing is charged now.',
							'donation-widget'
						) }
					</p>
				</form>
			) }
			<div className="dw-actions">
				{ subscription.paused && actions.resume && (
					<SecondaryAction
						busy={ busy }
						onClick={ () => onChange( 'resume', subscription ) }
					>
						{ __( 'Resume', 'donation-widget' ) }
					</SecondaryAction>
				) }
				{ actions.skip && (
					<SecondaryAction
						busy={ busy }
						onClick={ () =>
							onDialog( { kind: 'skip', subscription } )
						}
					>
						{ __( 'Skip the next donation', 'donation-widget' ) }
					</SecondaryAction>
				) }
				{ actions.pause && (
					<SecondaryAction
						busy={ busy }
						onClick={ () =>
							onDialog( { kind: 'pause', subscription } )
						}
					>
						{ __( 'Pause donations', 'donation-widget' ) }
					</SecondaryAction>
				) }
				{ actions.replace_card && (
					<SecondaryAction
						busy={ busy }
						onClick={ () =>
							onChange( 'replace_card', subscription )
						}
					>
						{ __( 'Replace card', 'donation-widget' ) }
					</SecondaryAction>
				) }
				{ actions.cancel && (
					<button
						type="button"
						className="dw-link dw-manage__cancel"
						disabled={ busy }
						onClick={ () =>
							onDialog( { kind: 'cancel', subscription } )
						}
					>
						{ __( 'Cancel this donation', 'donation-widget' ) }
					</button>
				) }
			</div>
		</section>
	);
}

/**
 * One of a donation's secondary actions: the page keeps a single primary action (Change amount).
 * @param props          Button properties.
 * @param props.busy     While the server works on another change.
 * @param props.onClick  What the action does.
 * @param props.children The action's label.
 */
function SecondaryAction( {
	busy,
	onClick,
	children,
}: {
	busy: boolean;
	onClick: () => void;
	children: string;
} ) {
	return (
		<button
			type="button"
			className="dw-button dw-button--secondary"
			disabled={ busy }
			onClick={ onClick }
		>
			{ children }
		</button>
	);
}

interface ConfirmProps {
	dialog: Dialog;
	state: ManageState;
	onClose: () => void;
	onConfirm: (
		action: ActionName,
		subscription: ManagedSubscription,
		fields?: Record< string, string >
	) => void;
}

function ConfirmDialog( { dialog, state, onClose, onConfirm }: ConfirmProps ) {
	const [ cycles, setCycles ] = useState(
		state.pauseChoices[ 0 ]?.value ?? '1'
	);
	const [ reason, setReason ] = useState( '' );
	const { subscription } = dialog;
	const id = `dw-dialog-${ subscription.id }`;
	const back = (
		<button
			type="button"
			className="dw-button dw-button--secondary"
			onClick={ onClose }
		>
			{ dialog.kind === 'cancel'
				? __( 'Keep my donation', 'donation-widget' )
				: __( 'Go back', 'donation-widget' ) }
		</button>
	);
	const submit = ( event: FormEvent ) => {
		event.preventDefault();
		if ( dialog.kind === 'pause' ) {
			onConfirm( 'pause', subscription, { cycles } );
		} else if ( dialog.kind === 'cancel' ) {
			onConfirm( 'cancel', subscription, { reason } );
		} else {
			onConfirm( 'skip', subscription );
		}
	};
	const labels = {
		skip: __( 'Skip the next donation?', 'donation-widget' ),
		pause: __( 'Pause your 4-weekly donation?', 'donation-widget' ),
		cancel: __( 'Cancel your 4-weekly donation?', 'donation-widget' ),
	};
	return (
		<Modal
			label={ labels[ dialog.kind ] }
			position="center"
			onClose={ onClose }
		>
			<form className="dw-manage__dialog" onSubmit={ submit }>
				<h2 className="dw-heading">{ labels[ dialog.kind ] }</h2>
				<p>{ subscription.heading }</p>
				{ dialog.kind === 'skip' && (
					<p>
						{ __(
							'Your next donation will not be taken. The one after it will, as usual.',
							'donation-widget'
						) }
					</p>
				) }
				{ dialog.kind === 'pause' && (
					<div className="dw-field">
						<label
							className="dw-label"
							htmlFor={ `${ id }-cycles` }
						>
							{ __( 'Pause for', 'donation-widget' ) }
						</label>
						<select
							id={ `${ id }-cycles` }
							className="dw-input"
							value={ cycles }
							onChange={ ( event ) =>
								setCycles( event.target.value )
							}
						>
							{ state.pauseChoices.map( ( choice ) => (
								<option
									key={ choice.value }
									value={ choice.value }
								>
									{ choice.label }
								</option>
							) ) }
						</select>
					</div>
				) }
				{ dialog.kind === 'cancel' && (
					<>
						<p>
							{ __(
								'Cancelling stops your 4-weekly donation straight away: no further donations will be taken.',
								'donation-widget'
							) }
						</p>
						<div className="dw-field">
							<label
								className="dw-label"
								htmlFor={ `${ id }-reason` }
							>
								{ __( 'Reason (optional)', 'donation-widget' ) }
							</label>
							<textarea
								id={ `${ id }-reason` }
								className="dw-input"
								rows={ 3 }
								maxLength={ 500 }
								value={ reason }
								onChange={ ( event ) =>
									setReason( event.target.value )
								}
							/>
						</div>
					</>
				) }
				<div className="dw-actions">
					<button
						type="submit"
						className="dw-button dw-button--primary"
					>
						{ dialog.kind === 'skip' &&
							__( 'Yes, skip it', 'donation-widget' ) }
						{ dialog.kind === 'pause' &&
							__( 'Pause', 'donation-widget' ) }
						{ dialog.kind === 'cancel' &&
							__( 'Yes, cancel my donation', 'donation-widget' ) }
					</button>
					{ back }
				</div>
			</form>
		</Modal>
	);
}

function Gifts( { gifts }: { gifts: ManageState[ 'gifts' ] } ) {
	const columns = [
		__( 'Date', 'donation-widget' ),
		__( 'Amount', 'donation-widget' ),
		__( 'Frequency', 'donation-widget' ),
		__( 'Receipt number', 'donation-widget' ),
	];
	return (
		<section
			className="dw-manage__section"
			aria-labelledby="dw-manage-gifts"
		>
			<h2 id="dw-manage-gifts" className="dw-heading">
				{ __( 'Your gifts', 'donation-widget' ) }
			</h2>
			{ gifts.length === 0 ? (
				<p>{ __( 'No gifts yet.', 'donation-widget' ) }</p>
			) : (
				// On narrow screens each row stacks as a small list, each value under its label.
				<table className="dw-manage__gifts">
					<thead>
						<tr>
							{ columns.map( ( column ) => (
								<th key={ column } scope="col">
									{ column }
								</th>
							) ) }
						</tr>
					</thead>
					<tbody>
						{ gifts.map( ( gift, index ) => (
							<tr key={ `${ gift.receipt }-${ index }` }>
								{ [
									gift.date,
									gift.amount,
									gift.frequency,
									gift.receipt,
								].map( ( value, column ) => (
									<td
										key={ columns[ column ] }
										data-label={ columns[ column ] }
									>
										{ value }
									</td>
								) ) }
							</tr>
						) ) }
					</tbody>
				</table>
			) }
		</section>
	);
}
