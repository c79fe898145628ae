<?php
/**
 * Constants PHPStan needs to know about (WordPress and the plugin define them at run time).
 *
 * @package DonationWidget
 */

define( 'ABSPATH', '/tmp/wordpress/' );
define( 'DONATION_WIDGET_VERSION', '0.0.0' );
define( 'DONATION_WIDGET_FILE', __FILE__ );
define( 'DONATION_WIDGET_DIR', __DIR__ );
define( 'DONATION_WIDGET_MIN_PHP', '8.1' );
define( 'OBJECT', 'OBJECT' );
define( 'ARRAY_A', 'ARRAY_A' );
define( 'ARRAY_N', 'ARRAY_N' );
define( 'MINUTE_IN_SECONDS', 60 );
define( 'HOUR_IN_SECONDS', 3600 );
define( 'DAY_IN_SECONDS', 86400 );
define( 'WEEK_IN_SECONDS', 604800 );
define( 'WP_LANG_DIR', '/tmp/wordpress/wp-content/languages' );
