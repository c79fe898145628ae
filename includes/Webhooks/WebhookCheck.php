<?php
/**
 * How a provider's webhook for this site compares with what the plugin needs.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Webhooks;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The answer of one check, in words for the admin. Kept briefly in a transient (as an array) so
 * the provider is not asked on every screen that shows it.
 *
 * @phpstan-type Problem array{text: string, blocking: bool}
 * @phpstan-type CheckArray array{configured: bool, live: bool, checked_at: int, error: string, summary: string, problems: list<Problem>, offer_replace: bool}
 */
final class WebhookCheck {

	/**
	 * Builds a check; use the named constructors.
	 *
	 * @param bool   $configured    Whether the keys to ask the provider are saved.
	 * @param bool   $live          Whether the provider is in live mode.
	 * @param int    $checked_at    Unix time of the check.
	 * @param string $error         Why the provider could not be asked ('' when it was).
	 * @param string $summary       What was found, in one sentence.
	 * @param array  $problems      Each difference: its words, and whether events are lost by it.
	 * @phpstan-param list<Problem> $problems
	 * @param bool   $offer_replace Whether to offer a new webhook (a new signing secret).
	 */
	private function __construct(
		public readonly bool $configured,
		public readonly bool $live,
		public readonly int $checked_at,
		public readonly string $error,
		public readonly string $summary,
		public readonly array $problems,
		public readonly bool $offer_replace
	) {
	}

	/**
	 * The provider answered.
	 *
	 * @param bool   $live          Live mode.
	 * @param string $summary       What was found.
	 * @param array  $problems      Differences.
	 * @phpstan-param list<Problem> $problems
	 * @param bool   $offer_replace Whether to offer a new webhook.
	 */
	public static function found( bool $live, string $summary, array $problems, bool $offer_replace = false ): self {
		return new self( true, $live, time(), '', $summary, $problems, $offer_replace );
	}

	/**
	 * The keys to ask are not saved: nothing was asked.
	 *
	 * @param bool   $live    Live mode.
	 * @param string $message What to save first.
	 */
	public static function unconfigured( bool $live, string $message ): self {
		return new self( false, $live, time(), $message, '', array(), false );
	}

	/**
	 * The provider could not be asked, or refused.
	 *
	 * @param bool   $live    Live mode.
	 * @param string $message What went wrong, in the provider's words where there are some.
	 */
	public static function unavailable( bool $live, string $message ): self {
		return new self( true, $live, time(), $message, '', array(), false );
	}

	/**
	 * A difference that loses events (a missing event type, a disabled or missing webhook, no
	 * way to verify deliveries).
	 *
	 * @param string $text For the admin.
	 * @return array
	 * @phpstan-return Problem
	 */
	public static function blocking( string $text ): array {
		return array(
			'text'     => $text,
			'blocking' => true,
		);
	}

	/**
	 * A difference worth saying that loses nothing (another API version, extra event types).
	 *
	 * @param string $text For the admin.
	 * @return array
	 * @phpstan-return Problem
	 */
	public static function notice( string $text ): array {
		return array(
			'text'     => $text,
			'blocking' => false,
		);
	}

	/**
	 * Whether any difference loses events.
	 */
	public function has_blocking(): bool {
		foreach ( $this->problems as $problem ) {
			if ( $problem['blocking'] ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * For the transient.
	 *
	 * @return array
	 * @phpstan-return CheckArray
	 */
	public function to_array(): array {
		return array(
			'configured'    => $this->configured,
			'live'          => $this->live,
			'checked_at'    => $this->checked_at,
			'error'         => $this->error,
			'summary'       => $this->summary,
			'problems'      => $this->problems,
			'offer_replace' => $this->offer_replace,
		);
	}

	/**
	 * From the transient; null for anything else.
	 *
	 * @param mixed $stored What was kept.
	 */
	public static function from_array( mixed $stored ): ?self {
		if ( ! is_array( $stored ) || ! is_int( $stored['checked_at'] ?? null ) || ! is_array( $stored['problems'] ?? null ) ) {
			return null;
		}
		$problems = array();
		foreach ( $stored['problems'] as $problem ) {
			if ( is_array( $problem ) && is_string( $problem['text'] ?? null ) ) {
				$problems[] = array(
					'text'     => $problem['text'],
					'blocking' => (bool) ( $problem['blocking'] ?? false ),
				);
			}
		}
		return new self(
			(bool) ( $stored['configured'] ?? false ),
			(bool) ( $stored['live'] ?? false ),
			$stored['checked_at'],
			is_string( $stored['error'] ?? null ) ? $stored['error'] : '',
			is_string( $stored['summary'] ?? null ) ? $stored['summary'] : '',
			$problems,
			(bool) ( $stored['offer_replace'] ?? false )
		);
	}
}
