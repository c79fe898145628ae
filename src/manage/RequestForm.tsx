/**
 * "Manage my donation" before signing in: the email form in the widget's look. It posts to
 * ManageController::request_json(), which queues the request under the same rules as the plain
 * form (rate limits, the same answer for known and unknown addresses, the answer floor). The
 * server's answer shows in a live region that takes focus; a bad address shows beside the field.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FormEvent } from 'react';
import type { AjaxPost } from '../shared/ajax';
import { BusyOverlay } from '../shared/BusyOverlay';
import { NoticeBox } from './NoticeBox';
import { FieldError } from '../shared/fields';
import { parseNotice, type Notice } from './state';

export const REQUEST_JSON_ACTION = 'donation_widget_manage_request_link';

/** ManageLinks::INVALID: the one answer about the field itself. */
const INVALID = 'invalid';

export interface RequestFormProps {
	/** The answer in the URL (signed out, link expired…), from the server. */
	initialNotice: Notice | null;
	post: AjaxPost;
}

const unreachable = (): Notice => ( {
	message: __(
		'Sorry, we could not reach our server. Please check your connection and try again.',
		'donation-widget'
	),
	isError: true,
} );

/**
 * Reads the server's answer; null when it cannot be read.
 * @param post  The admin-ajax client.
 * @param email What the supporter typed.
 */
async function requestLink(
	post: AjaxPost,
	email: string
): Promise< ( Notice & { outcome: string } ) | null > {
	try {
		const response = await post( REQUEST_JSON_ACTION, { email } );
		const notice = response.ok ? parseNotice( response.body ) : null;
		const outcome = notice
			? ( response.body as { outcome?: unknown } ).outcome
			: null;
		return notice && typeof outcome === 'string'
			? { ...notice, outcome }
			: null;
	} catch {
		return null;
	}
}

export function RequestForm( { initialNotice, post }: RequestFormProps ) {
	const [ email, setEmail ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const [ notice, setNotice ] = useState< Notice | null >( initialNotice );
	const [ fieldError, setFieldError ] = useState( '' );
	const noticeRef = useRef< HTMLDivElement >( null );
	const inputRef = useRef< HTMLInputElement >( null );
	const focus = useRef< 'notice' | 'field' | null >( null );

	useEffect( () => {
		if ( focus.current === 'notice' && notice ) {
			noticeRef.current?.focus();
		} else if ( focus.current === 'field' && fieldError ) {
			inputRef.current?.focus();
		}
		focus.current = null;
	}, [ notice, fieldError ] );

	const submit = async ( event: FormEvent ) => {
		event.preventDefault();
		if ( busy ) {
			return;
		}
		setBusy( true );
		setNotice( null );
		setFieldError( '' );
		const answer = await requestLink( post, email );
		setBusy( false );
		if ( answer?.outcome === INVALID ) {
			focus.current = 'field';
			setFieldError( answer.message );
			return;
		}
		focus.current = 'notice';
		setNotice(
			answer
				? { message: answer.message, isError: answer.isError }
				: unreachable()
		);
	};

	return (
		<div className="dw-widget dw-manage" aria-busy={ busy }>
			{ notice && <NoticeBox ref={ noticeRef } notice={ notice } /> }
			<form noValidate onSubmit={ submit }>
				<p>
					{ __(
						"Enter the email address you give with. If it has donations with us, we'll email you a secure link to see and manage them.",
						'donation-widget'
					) }
				</p>
				<div className="dw-field">
					<label
						className="dw-label"
						htmlFor="donation-widget-manage-email"
					>
						{ __( 'Email address', 'donation-widget' ) }
					</label>
					<input
						ref={ inputRef }
						id="donation-widget-manage-email"
						className="dw-input"
						type="email"
						name="email"
						value={ email }
						onChange={ ( event ) => setEmail( event.target.value ) }
						maxLength={ 100 }
						autoComplete="email"
						aria-required
						aria-invalid={ fieldError ? true : undefined }
						aria-describedby="donation-widget-manage-email-error"
						disabled={ busy }
					/>
					<FieldError
						id="donation-widget-manage-email-error"
						message={ fieldError }
					/>
				</div>
				<div className="dw-actions">
					<button
						type="submit"
						className="dw-button dw-button--primary"
						disabled={ busy }
					>
						{ __( 'Email me a link', 'donation-widget' ) }
					</button>
				</div>
			</form>
			{ busy && (
				<BusyOverlay
					message={ __( 'Sending your request…', 'donation-widget' ) }
					stillWorking={ __(
						'Still working. Please wait.',
						'donation-widget'
					) }
				/>
			) }
		</div>
	);
}
