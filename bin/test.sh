#!/usr/bin/env bash
# The README's test command: sets everything up on a fresh machine, then runs every suite:
# static checks, Jest, the stand-ins' own tests, PHPUnit (Unit + Integration against a real
# WordPress and MariaDB), Playwright in Debian's Chromium, and the size budget.
# Every suite runs even when an earlier one fails; the exit code says whether all passed.
set -uo pipefail
# shellcheck source=lib/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/env.sh"
cd "$DW_ROOT" || exit 1
mkdir -p "$DW_LOGS" "$DW_RUN"

set -e
dw_system_packages
dw_project_dependencies
dw_start_database
set +e

FAILED=()
run() {
	local name="$1"
	shift
	dw_say "$name"
	local started=$SECONDS
	if "$@"; then
		echo "-- $name: passed in $((SECONDS - started)) s"
	else
		echo "-- $name: FAILED (after $((SECONDS - started)) s)"
		FAILED+=("$name")
	fi
}

cleanup() {
	dw_stop_site e2e
	dw_stop_site zip
	dw_stop_pid phpunit-stand-ins
	dw_stop_pid e2e-stand-ins
	dw_stop_database
}
trap cleanup EXIT

run "TypeScript (tsc --noEmit)" npx tsc --noEmit -p tsconfig.json
run "ESLint (wp-scripts lint-js)" npm run --silent lint:js
run "PHPCS (WordPress standards, PHPCompatibility)" vendor/bin/phpcs -q
run "PHPStan" vendor/bin/phpstan analyse --memory-limit=1G --no-progress
run "Jest" npm run --silent test:unit -- --ci
run "Provider stand-ins (node --test)" node --test tests/stand-ins/

dw_say "Setting up the phpunit site and its stand-ins"
dw_install_site phpunit 8891 && dw_start_stand_ins 8897 phpunit-stand-ins
run "PHPUnit" vendor/bin/phpunit

dw_say "Setting up the e2e site, a fresh site for the zip, and their stand-ins"
bash bin/plugin-zip.sh
dw_install_site e2e 8890 && dw_start_stand_ins 8898 e2e-stand-ins && dw_serve_site e2e 8890
dw_install_fresh_zip_site 8892 && dw_serve_site zip 8892
run "Playwright (Chromium)" npm run --silent test:e2e

run "Size budget" node bin/benchmark.mjs --check

echo
if [ ${#FAILED[@]} -eq 0 ]; then
	echo "All suites passed."
	exit 0
fi
echo "Failed suites: ${FAILED[*]}"
exit 1
