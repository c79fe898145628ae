#!/usr/bin/env bash
# Builds dist/donation-widget.zip: only what production needs (PHP, the built front end, the
# block metadata and a production autoloader). No tests, stand-ins, sources or node_modules.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [ ! -f build/view.asset.php ] || [ ! -f build/editor.asset.php ]; then
	echo "plugin-zip: building the front end first"
	npm run --silent build
fi

STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
DEST="$STAGE/donation-widget"
mkdir -p "$DEST"
cp donation-widget.php uninstall.php readme.txt composer.json "$DEST/"
cp -r includes blocks build "$DEST/"
[ -d languages ] && cp -r languages "$DEST/"
# Production autoloader only: the plugin has no runtime Composer dependencies.
composer install --working-dir="$DEST" --no-dev --no-interaction --no-progress --quiet --classmap-authoritative
rm -f "$DEST/composer.lock"

mkdir -p dist
rm -f dist/donation-widget.zip
( cd "$STAGE" && zip -qr "$ROOT/dist/donation-widget.zip" donation-widget )
echo "plugin-zip: dist/donation-widget.zip ($(du -k dist/donation-widget.zip | cut -f1) KB, $(unzip -l dist/donation-widget.zip | tail -1 | awk '{print $2}') files)"
