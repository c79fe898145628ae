<?php
/**
 * Loads the widget's scripts and stylesheet after the page's first paint.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Blocks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The page around a widget is what a visitor reads first, and it must not wait for the widget:
 * React, wp-i18n (which WordPress keeps blocking, for its inline locale script) and the widget's
 * own files, printed as usual, were fetched and run before the page's first paint and doubled
 * the donate page's largest contentful paint on a phone. The placeholder already holds the
 * widget's space, so nothing is lost by waiting.
 *
 * WordPress still prints every tag (translations and inline scripts included), in its order, but
 * inside an inert <template>; a small inline script moves them into the page once the page's
 * largest paint has settled, in batches that keep WordPress's order: files download side by side, and each
 * inline script runs once the files before it have. Scripts another script on the page needs are
 * left out of the template and printed as usual, so nothing else on the page waits for them.
 */
final class WidgetScriptLoader {

	public const TEMPLATE_ID = 'donation-widget-scripts';

	/**
	 * Runs after the page's largest paint: the template's tags, in order, files waited for before the inline
	 * script that follows them. The stylesheet is one of the files, so the widget never mounts
	 * unstyled.
	 */
	private const LOADER = <<<'JS'
( function () {
	var template = document.getElementById( 'donation-widget-scripts' );
	if ( ! template ) {
		return;
	}
	var nodes = Array.prototype.slice.call( template.content.children );
	function copy( node ) {
		var element = document.createElement( node.tagName );
		Array.prototype.forEach.call( node.attributes, function ( attribute ) {
			element.setAttribute( attribute.name, attribute.value );
		} );
		if ( 'SCRIPT' === node.tagName ) {
			element.text = node.text;
			element.async = false;
		}
		return element;
	}
	function insert( index, loading ) {
		for ( ; index < nodes.length; index++ ) {
			var node = nodes[ index ];
			var isFile = node.hasAttribute( 'src' ) || node.hasAttribute( 'href' );
			if ( ! isFile && loading.length ) {
				Promise.all( loading ).then( insert.bind( null, index, [] ) );
				return;
			}
			var element = copy( node );
			if ( isFile ) {
				loading.push( new Promise( function ( done ) {
					element.onload = element.onerror = done;
				} ) );
			}
			( 'LINK' === node.tagName || 'STYLE' === node.tagName ? document.head : document.body ).appendChild( element );
		}
	}
	// After the first frame, once the page's largest paint has settled (100 ms without a larger
	// one), or at once where the browser does not report it. A page never painted (a background
	// tab) still loads the widget 3 s after its first frame.
	requestAnimationFrame( function () {
		var types = ( window.PerformanceObserver && PerformanceObserver.supportedEntryTypes ) || [];
		if ( types.indexOf( 'largest-contentful-paint' ) < 0 ) {
			setTimeout( insert.bind( null, 0, [] ), 0 );
			return;
		}
		var timer = setTimeout( start, 3000 );
		var observer = new PerformanceObserver( function () {
			clearTimeout( timer );
			timer = setTimeout( start, 100 );
		} );
		function start() {
			observer.disconnect();
			insert( 0, [] );
		}
		observer.observe( { type: 'largest-contentful-paint', buffered: true } );
	} );
} )();
JS;

	/**
	 * Prints the widget's tags into the template and the loader (wp_footer, just before WordPress
	 * prints the footer scripts). Nothing happens on a page without a widget.
	 */
	public function print_after_first_paint(): void {
		$scripts = wp_scripts();
		if ( ! $scripts->query( WidgetRenderer::SCRIPT_HANDLE, 'enqueued' ) ) {
			return;
		}
		$widget_needs = $this->with_dependencies( $scripts, array( WidgetRenderer::SCRIPT_HANDLE ) );
		$others_need  = $this->with_dependencies( $scripts, array_values( array_diff( $scripts->queue, array( WidgetRenderer::SCRIPT_HANDLE ) ) ) );
		$shared       = array_values( array_intersect( $widget_needs, $others_need ) );
		if ( array() !== $shared ) {
			$scripts->do_items( $shared );
		}

		ob_start();
		wp_styles()->do_items( array( WidgetRenderer::SCRIPT_HANDLE ) );
		$scripts->do_items( array( WidgetRenderer::SCRIPT_HANDLE ) );
		$tags = (string) ob_get_clean();

		// phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WordPress's own script and style tags, built and escaped by WP_Scripts and WP_Styles.
		printf( '<template id="%s">%s</template>', esc_attr( self::TEMPLATE_ID ), $tags );
		wp_print_inline_script_tag( self::LOADER );
	}

	/**
	 * The handles and every script they need, not yet printed.
	 *
	 * @param \WP_Scripts $scripts WordPress's scripts.
	 * @param string[]    $handles Handles to start from.
	 * @return list<string>
	 */
	private function with_dependencies( \WP_Scripts $scripts, array $handles ): array {
		$found = array();
		while ( array() !== $handles ) {
			$handle = array_shift( $handles );
			$script = $scripts->query( $handle, 'registered' );
			if ( in_array( $handle, $found, true ) || ! $script instanceof \_WP_Dependency || in_array( $handle, $scripts->done, true ) ) {
				continue;
			}
			$found[] = $handle;
			foreach ( $script->deps as $dependency ) {
				if ( is_string( $dependency ) ) {
					$handles[] = $dependency;
				}
			}
		}
		return $found;
	}
}
