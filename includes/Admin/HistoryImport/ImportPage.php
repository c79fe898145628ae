<?php
/**
 * Donation Widget → Import donations.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Admin\HistoryImport;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

use DonationWidget\Admin\AdminServiceProvider;
use DonationWidget\Admin\Donations\DonationsCapability;
use DonationWidget\Blocks\Assets;
use DonationWidget\HistoryImport\ImportJob;
use DonationWidget\HistoryImport\ImportJobs;

/**
 * Bring in the history: upload a CSV file (GiveWP's donations export as it is, or any other file
 * through a column-mapping step), read the dry run, import in the background while a progress
 * bar follows it. Each step is the same screen, for one import (&import=<id>), at its stage.
 */
final class ImportPage {

	public const SLUG = 'donation-widget-import';

	public const SCRIPT_HANDLE = Assets::ADMIN_HISTORY_IMPORT_HANDLE;

	/**
	 * The screen's hook suffix, once the menu is added.
	 *
	 * @var string
	 */
	private string $hook_suffix = '';

	/**
	 * Builds the screen.
	 *
	 * @param ImportJobs    $jobs     The imports.
	 * @param ImportActions $actions  Its form posts.
	 * @param ImportViews   $views    What each step prints.
	 */
	public function __construct( private readonly ImportJobs $jobs, private readonly ImportActions $actions, private readonly ImportViews $views ) {
	}

	/**
	 * Adds "Import donations" under the Donation Widget menu, and its form handling.
	 */
	public function add_menu(): void {
		$this->hook_suffix = (string) add_submenu_page(
			AdminServiceProvider::MENU_SLUG,
			__( 'Import donations', 'donation-widget' ),
			__( 'Import donations', 'donation-widget' ),
			DonationsCapability::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
		if ( '' !== $this->hook_suffix ) {
			add_action( 'load-' . $this->hook_suffix, array( $this->actions, 'handle' ) );
		}
	}

	/**
	 * The screen's URL, for one import when given.
	 *
	 * @param int                  $import_id The import (0 for the upload step).
	 * @param array<string, mixed> $args      More query arguments.
	 */
	public static function url( int $import_id = 0, array $args = array() ): string {
		$query = array( 'page' => self::SLUG );
		if ( $import_id > 0 ) {
			$query['import'] = $import_id;
		}
		return add_query_arg( array_merge( $query, $args ), admin_url( 'admin.php' ) );
	}

	/**
	 * Enqueues the progress bar's script on this screen, and nowhere else.
	 *
	 * @param string $hook_suffix The screen being loaded.
	 */
	public function enqueue( string $hook_suffix ): void {
		if ( '' === $this->hook_suffix || $hook_suffix !== $this->hook_suffix ) {
			return;
		}
		if ( wp_script_is( self::SCRIPT_HANDLE, 'registered' ) ) {
			wp_enqueue_script( self::SCRIPT_HANDLE );
		}
	}

	/**
	 * Prints the screen at the import's stage.
	 */
	public function render(): void {
		if ( ! DonationsCapability::current_user_can() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to import donations.', 'donation-widget' ), '', array( 'response' => 403 ) );
		}
		echo '<div class="wrap"><h1>' . esc_html__( 'Import donations', 'donation-widget' ) . '</h1>';
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- reading which import to show changes nothing.
		$job = isset( $_GET['import'] ) ? $this->jobs->find( absint( wp_unslash( $_GET['import'] ) ) ) : null;
		if ( null === $job ) {
			$this->views->upload( $this->actions->errors() );
		} elseif ( ImportJob::MAPPING === $job->stage || ( ImportJob::CHECKED === $job->stage && $this->views->asks_to_remap() ) ) {
			$this->views->mapping( $job, $this->actions->errors(), $this->actions->posted_mapping() );
		} elseif ( ImportJob::CHECKED === $job->stage ) {
			$this->views->dry_run( $job );
		} else {
			$this->views->progress( $job, Assets::is_built() && wp_script_is( self::SCRIPT_HANDLE, 'enqueued' ) );
		}
		echo '</div>';
	}
}
