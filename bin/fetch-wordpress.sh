#!/usr/bin/env bash
# Puts WordPress core (6.8.x, from Debian trixie's "wordpress" package) into .wp-local/core.
# Offline-friendly: only Debian's package mirror is used, through a private apt list that never
# touches the system's own sources. Skips everything when the core is already there.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CORE="${WP_CORE_DIR:-$ROOT/.wp-local/core}"

if [ -f "$CORE/wp-includes/version.php" ]; then
	echo "WordPress core: $(php -r "include '$CORE/wp-includes/version.php'; echo \$wp_version;") already in $CORE"
	exit 0
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/lists/partial" "$WORK/debs" "$WORK/root"
URI="$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)"
if [ -z "$URI" ]; then
	URI="$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)"
fi
[ -n "$URI" ] || { echo "fetch-wordpress: no Debian mirror found in /etc/apt" >&2; exit 1; }
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $URI trixie main" > "$WORK/sources.list"
APT_OPTS=(-o "Dir::Etc::SourceList=$WORK/sources.list" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$WORK/lists" -o Debug::NoLocking=1 -o APT::Sandbox::User=root)

echo "WordPress core: downloading Debian trixie's wordpress package from $URI"
apt-get "${APT_OPTS[@]}" update >/dev/null
( cd "$WORK/debs" && apt-get "${APT_OPTS[@]}" download wordpress wordpress-theme-twentytwentyfive libjs-cropper libjs-underscore libjs-lodash php-getid3 >/dev/null )
for deb in "$WORK"/debs/*.deb; do dpkg -x "$deb" "$WORK/root"; done

mkdir -p "$(dirname "$CORE")"
# -L resolves Debian's symlinks into the libjs/php packages; the /etc symlinks cannot resolve and are skipped.
cp -rL "$WORK/root/usr/share/wordpress" "$CORE" 2>/dev/null || true
rm -f "$CORE/wp-config.php"
if [ ! -d "$CORE/wp-content/themes/twentytwentyfive" ] && [ -d "$WORK/root/usr/share/wordpress/wp-content/themes/twentytwentyfive" ]; then
	cp -rL "$WORK/root/usr/share/wordpress/wp-content/themes/twentytwentyfive" "$CORE/wp-content/themes/" 2>/dev/null || true
fi
echo "WordPress core: $(php -r "include '$CORE/wp-includes/version.php'; echo \$wp_version;") installed in $CORE"
