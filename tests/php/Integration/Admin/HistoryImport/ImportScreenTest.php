<?php
/**
 * The Import donations screen: refusals beside their field, the progress route's permissions.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Tests\Integration\Admin\HistoryImport;

use DonationWidget\Admin\HistoryImport\ImportActions;
use DonationWidget\Admin\HistoryImport\ImportPage;
use DonationWidget\Database\Schema;
use DonationWidget\HistoryImport\CsvUpload;
use DonationWidget\HistoryImport\ImportJobs;
use DonationWidget\HistoryImport\ImportTables;
use DonationWidget\Tests\Integration\IntegrationTestCase;

/**
 * Posts are handled as the screen's load hook handles them, then the screen is printed.
 */
final class ImportScreenTest extends IntegrationTestCase {

	/**
	 * Request globals to restore.
	 *
	 * @var array{0: array<string, mixed>, 1: array<string, mixed>, 2: array<string, mixed>, 3: array<string, mixed>, 4: array<string, mixed>}
	 */
	private array $saved;

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$this->saved = array( $_POST, $_FILES, $_GET, $_REQUEST, $_SERVER ); // phpcs:ignore WordPress.Security.NonceVerification
	}

	protected function tearDown(): void {
		list( $_POST, $_FILES, $_GET, $_REQUEST, $_SERVER ) = $this->saved; // phpcs:ignore WordPress.Security.NonceVerification
		parent::tearDown();
	}

	public function test_a_200_mb_post_php_emptied_gets_the_message_beside_the_file_field(): void {
		$this->log_in_as( 'administrator' );
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_SERVER['CONTENT_LENGTH'] = (string) ( 200 * 1024 * 1024 );
		$_POST                     = array();
		$_FILES                    = array();
		$before                    = $this->imports();

		$screen = $this->screen();
		$screen['actions']->handle();
		$html = $this->render( $screen['page'] );

		$this->assertStringContainsString( 'This file is 200 MB', $html );
		$this->assertMatchesRegularExpression( '/<input type="file" id="donation-widget-import-file"[^>]*aria-describedby="donation-widget-import-file-error[^"]*"[^>]*aria-invalid="true"/', $html );
		$this->assertSame( $before, $this->imports(), 'Nothing is kept.' );
	}

	public function test_a_file_cut_by_upload_max_filesize_gets_the_same_message(): void {
		$this->log_in_as( 'administrator' );
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_SERVER['CONTENT_LENGTH'] = (string) ( 200 * 1024 * 1024 );
		$_POST                     = array(
			'step'     => 'upload',
			'_wpnonce' => wp_create_nonce( ImportActions::NONCE ),
		);
		$_REQUEST                  = $_POST; // phpcs:ignore WordPress.Security.NonceVerification
		$_FILES                    = array(
			'csv' => array(
				'name'     => 'huge.csv',
				'type'     => 'text/csv',
				'tmp_name' => '',
				'error'    => UPLOAD_ERR_INI_SIZE,
				'size'     => 0,
			),
		);
		$screen                    = $this->screen();
		$screen['actions']->handle();
		$this->assertSame( CsvUpload::too_large( 200 * 1024 * 1024 ), $screen['actions']->errors()['file'] ?? '' );
		$this->assertStringContainsString( 'This file is 200 MB', $this->render( $screen['page'] ) );
	}

	public function test_a_mapping_without_the_needed_columns_is_refused_beside_each_field(): void {
		$this->log_in_as( 'administrator' );
		$jobs = $this->service( ImportJobs::class );
		assert( $jobs instanceof ImportJobs );
		$id = $jobs->create( get_current_user_id(), 'gifts.csv', 30, 'UTF-8', ',', 'old.example.org.au', array( 'When', 'How much', 'Who' ) );
		$jobs->add_rows( $id, array( 2 => array( '2025-01-01', '10.00', 'Jo' ) ) );
		$jobs->staged( $id, 'csv', array(), 1, false );

		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_POST                     = array(
			'step'     => 'map',
			'import'   => (string) $id,
			'column'   => array( 'amount' => '1' ),
			'_wpnonce' => wp_create_nonce( ImportActions::NONCE ),
		);
		$_REQUEST                  = $_POST; // phpcs:ignore WordPress.Security.NonceVerification
		$_GET                      = array( 'import' => (string) $id );
		$screen                    = $this->screen();
		$screen['actions']->handle();
		$html = $this->render( $screen['page'] );

		$this->assertMatchesRegularExpression( '/<select id="donation-widget-column-date"[^>]*aria-invalid="true" aria-describedby="donation-widget-column-date-error"/', $html );
		$this->assertStringContainsString( 'id="donation-widget-column-date-error"', $html );
		$this->assertStringContainsString( 'Choose the column of the donor&#039;s email, or of their name', $html );
		$this->assertMatchesRegularExpression( '/<option value="1" selected=\'selected\'>Column 2: How much<\/option>/', $html, 'The posted choice stays.' );
		$job = $jobs->find( $id );
		$this->assertNotNull( $job );
		$this->assertSame( 'mapping', $job->stage, 'Nothing starts.' );
	}

	public function test_the_progress_route_is_for_staff_only(): void {
		$jobs = $this->service( ImportJobs::class );
		assert( $jobs instanceof ImportJobs );
		$id = $jobs->create( 1, 'gifts.csv', 30, 'UTF-8', ',', 'old.example.org.au', array( 'Date', 'Amount', 'Email' ) );
		$jobs->add_rows( $id, array( 2 => array( '2025-01-01', '10.00', 'jo@example.org.au' ) ) );
		$jobs->staged(
			$id,
			'csv',
			array(
				'date'   => 0,
				'amount' => 1,
				'email'  => 2,
			),
			1,
			true
		);

		$this->log_in_as( 'subscriber' );
		$this->assertSame( 403, $this->rest( 'POST', "/donation-widget/v1/history-imports/{$id}/run" )->get_status() );

		$this->log_in_as( 'administrator' );
		$answer = $this->rest( 'POST', "/donation-widget/v1/history-imports/{$id}/run" );
		$this->assertSame( 200, $answer->get_status() );
		$this->assertSame(
			array(
				'id'      => $id,
				'stage'   => 'checked',
				'done'    => 1,
				'total'   => 1,
				'ok'      => 1,
				'refused' => 0,
				'created' => 0,
				'error'   => '',
			),
			$answer->get_data(),
			'The poll ran the dry run\'s one batch.'
		);
		$this->assertSame( 404, $this->rest( 'GET', '/donation-widget/v1/history-imports/999999' )->get_status() );
	}

	/**
	 * The screen's objects, as the container shares them.
	 *
	 * @return array{page: ImportPage, actions: ImportActions}
	 */
	private function screen(): array {
		$page    = $this->service( ImportPage::class );
		$actions = $this->service( ImportActions::class );
		assert( $page instanceof ImportPage && $actions instanceof ImportActions );
		return array(
			'page'    => $page,
			'actions' => $actions,
		);
	}

	/**
	 * The printed screen.
	 *
	 * @param ImportPage $page The screen.
	 */
	private function render( ImportPage $page ): string {
		ob_start();
		$page->render();
		return (string) ob_get_clean();
	}

	/**
	 * Imports there are.
	 */
	private function imports(): int {
		global $wpdb;
		return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( ImportTables::IMPORTS ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
	}
}
