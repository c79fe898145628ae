#!/usr/bin/env bash
# Runs WordPress's Plugin Check (the directory's own tool: its static checks, its PHPCS rule sets,
# WPCS 3) on the release zip, offline. Not part of CI: WPCS 3 and its dependencies are not in the
# Packagist copy this project installs from, so the tools are assembled once into the git-ignored
# .plugin-check/ from local git copies of their public repositories (nothing is downloaded here):
#
#   PLUGIN_CHECK_MIRRORS=/path/with/owner+name/repo/git-dirs bin/plugin-check.sh --assemble
#
# Each git dir is a clone of the repository named in TOOLS below (e.g. `git clone --bare
# https://github.com/WordPress/plugin-check MIRRORS/WordPress+plugin-check/repo`).
# Then `bin/plugin-check.sh` builds dist/donation-widget.zip, unpacks it, boots the local phpunit
# site's WordPress (the header and readme checks call WordPress) and runs every static check.
# CI keeps the rules it can run with WPCS 2.3: see tests/phpcs/ and phpcs.xml.dist.
set -euo pipefail
# shellcheck source=lib/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/env.sh"
cd "$DW_ROOT"
TOOLS="${PLUGIN_CHECK_TOOLS:-$DW_ROOT/.plugin-check}"

# folder  repository  version (the newest each local copy has that fit together: Plugin Check
# 1.2.0 requires WPCS ^3.1; WPCS 3.1.0 requires PHPCSUtils ^1.0.10 and PHPCSExtra ^1.2.1).
SOURCES=(
	"plugin-check WordPress+plugin-check 1.2.0"
	"phpcs PHPCSStandards+PHP_CodeSniffer 3.13.4"
	"wpcs WordPress+WordPress-Coding-Standards 3.1.0"
	"phpcsutils PHPCSStandards+PHPCSUtils 1.0.12"
	"phpcsextra PHPCSStandards+PHPCSExtra 1.2.1"
	"vipwpcs Automattic+VIP-Coding-Standards 3.0.1"
	"readme-parser afragen+wordpress-plugin-readme-parser 67fba498d0b112acf84386b95e4905c539a33f0b"
)

if [ "${1:-}" = "--assemble" ]; then
	MIRRORS="${PLUGIN_CHECK_MIRRORS:?set PLUGIN_CHECK_MIRRORS to the folder holding the git copies}"
	rm -rf "$TOOLS"
	for line in "${SOURCES[@]}"; do
		read -r dir repo ref <<<"$line"
		mkdir -p "$TOOLS/$dir"
		git --git-dir="$MIRRORS/$repo/repo" archive "$ref" | tar -x -C "$TOOLS/$dir"
		echo "plugin-check: $dir = $repo @ $ref"
	done
	php "$TOOLS/phpcs/bin/phpcs" --config-set installed_paths \
		"$TOOLS/wpcs,$TOOLS/phpcsutils/PHPCSUtils,$TOOLS/phpcsextra,$TOOLS/vipwpcs,$TOOLS/plugin-check/phpcs-sniffs" >/dev/null
	exit 0
fi

[ -f "$TOOLS/plugin-check/plugin.php" ] || { echo "plugin-check: no tools in $TOOLS; run with --assemble first (see the top of $0)" >&2; exit 2; }

bash bin/plugin-zip.sh
UNPACKED="$(mktemp -d)"
trap 'rm -rf "$UNPACKED"' EXIT
unzip -q dist/donation-widget.zip -d "$UNPACKED"

dw_start_database >/dev/null
if [ ! -f "$DW_STATE/.phpunit-installed" ]; then
	dw_install_site phpunit "$((${DONATION_WIDGET_PORT_BASE:-8890} + 1))" >/dev/null && touch "$DW_STATE/.phpunit-installed"
fi
# The current WordPress release, which "Tested up to" must name (7.0 came out on 2026-05-20).
# Offline, Plugin Check would compare with the local core (Debian's 6.8) instead: set it anew
# when WordPress releases.
export PLUGIN_CHECK_LATEST_WP="${PLUGIN_CHECK_LATEST_WP:-7.0}"
DONATION_WIDGET_SITE=phpunit DONATION_WIDGET_STATE_DIR="$DW_STATE" \
	php -d memory_limit=2G "$DW_ROOT/bin/lib/plugin-check-runner.php" "$TOOLS" "$UNPACKED/donation-widget/donation-widget.php" "$DW_CORE"
