/**
 * "Powered by Stripe" badge, drawn inline so the page makes no extra request.
 */
import { __ } from '@wordpress/i18n';

export function ProviderBadge() {
	const label = __( 'Secure payments powered by Stripe', 'donation-widget' );
	return (
		<svg
			className="dw-badge"
			role="img"
			aria-label={ label }
			width="168"
			height="28"
			viewBox="0 0 168 28"
			xmlns="http://www.w3.org/2000/svg"
		>
			<title>{ label }</title>
			<rect
				x="0.5"
				y="0.5"
				width="167"
				height="27"
				rx="5"
				fill="#ffffff"
				stroke="#5e5e5e"
			/>
			<path
				d="M14 12v-2.5a4 4 0 0 1 8 0V12h1.2v8.5H12.8V12zm2 0h4v-2.5a2 2 0 0 0-4 0z"
				fill="#3d3d3d"
			/>
			<text
				x="32"
				y="18.5"
				fontFamily="-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif"
				fontSize="12"
				fill="#3d3d3d"
			>
				Powered by
				<tspan fontWeight="700" fill="#4f46c8">
					{ ' ' }
					stripe
				</tspan>
			</text>
		</svg>
	);
}
