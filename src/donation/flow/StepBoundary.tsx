/**
 * Around a step that arrives as its own chunk: if the chunk cannot be
 * fetched (offline, a deploy removed it), the step shows the failure
 * screen (docs/widget-contract.md#27-donation-failure-screen, whose "Try Again" reloads the page) instead of the
 * whole widget going blank.
 */
import { Component } from '@wordpress/element';
import type { ReactNode } from 'react';
import { logProblem } from '../../shared/ajax';
import { FailureScreen } from '../screens/FailureScreen';

interface StepBoundaryProps {
	children: ReactNode;
}

export class StepBoundary extends Component<
	StepBoundaryProps,
	{ failed: boolean }
> {
	override state = { failed: false };

	static getDerivedStateFromError() {
		return { failed: true };
	}

	override componentDidCatch( error: unknown ) {
		logProblem( 'a step of the donation widget could not load', error );
	}

	override render() {
		if ( this.state.failed ) {
			return <FailureScreen onRetry={ () => window.location.reload() } />;
		}
		return this.props.children;
	}
}
