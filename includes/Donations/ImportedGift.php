<?php
/**
 * How an imported gift names where it came from.
 *
 * @package DonationWidget
 */

namespace DonationWidget\Donations;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * An imported gift (provider GiftOrigin::IMPORTED) keeps its source in provider_reference as
 * "<source>:<the source's donation id>" ("givewp:123", "csv:INV-9", or "csv:" when the file had no
 * id). Screens, statements and the donor's page print it through this class.
 */
final class ImportedGift {

	/**
	 * A GiveWP donations export.
	 */
	public const GIVEWP = 'givewp';

	/**
	 * Any other CSV file.
	 */
	public const CSV = 'csv';

	/**
	 * The provider_reference of an imported gift.
	 *
	 * @param string $source    GIVEWP or CSV.
	 * @param string $reference The source's id of the gift ('' when it had none).
	 */
	public static function reference( string $source, string $reference ): string {
		return mb_substr( $source . ':' . $reference, 0, 191 );
	}

	/**
	 * Whether a donation was imported.
	 *
	 * @param Donation $donation The donation.
	 */
	public static function is_imported( Donation $donation ): bool {
		return GiftOrigin::IMPORTED === $donation->provider();
	}

	/**
	 * "Imported from GiveWP, donation 123": what staff see beside an imported gift.
	 *
	 * @param string $provider_reference The gift's provider_reference.
	 */
	public static function label( string $provider_reference ): string {
		list( $source, $reference ) = self::parts( $provider_reference );
		if ( self::GIVEWP === $source ) {
			/* translators: %s: the gift's donation ID in GiveWP. */
			return '' !== $reference ? sprintf( __( 'Imported from GiveWP, donation %s', 'donation-widget' ), $reference ) : __( 'Imported from GiveWP', 'donation-widget' );
		}
		/* translators: %s: the gift's id or reference in the imported file. */
		return '' !== $reference ? sprintf( __( 'Imported from a CSV file, reference %s', 'donation-widget' ), $reference ) : __( 'Imported from a CSV file', 'donation-widget' );
	}

	/**
	 * What a statement prints in the receipt number's place: the source's number ("GiveWP 123"),
	 * or "imported" (the gift was receipted by the previous system, never by this one).
	 *
	 * @param string $provider_reference The gift's provider_reference.
	 */
	public static function receipt_number( string $provider_reference ): string {
		list( $source, $reference ) = self::parts( $provider_reference );
		if ( '' === $reference ) {
			return __( 'imported', 'donation-widget' );
		}
		/* translators: %s: the gift's donation ID in GiveWP. */
		return self::GIVEWP === $source ? sprintf( __( 'GiveWP %s', 'donation-widget' ), $reference ) : $reference;
	}

	/**
	 * Source and reference of a provider_reference.
	 *
	 * @param string $provider_reference The gift's provider_reference.
	 * @return array{0: string, 1: string}
	 */
	private static function parts( string $provider_reference ): array {
		$parts = explode( ':', $provider_reference, 2 );
		return array( $parts[0], $parts[1] ?? '' );
	}
}
