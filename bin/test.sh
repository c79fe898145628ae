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

# Ports: the e2e site on the base port, then the phpunit and zip sites; their stand-ins above.
# Set DONATION_WIDGET_PORT_BASE to run beside another checkout's servers.
PORT_BASE="${DONATION_WIDGET_PORT_BASE:-8890}"
# CI runners are shared and busy: there every test time budget is twice what suits a quiet
# machine (tests/e2e/timeouts.ts, jest.config.js).
if [ -n "${CI:-}" ]; then
	export DONATION_WIDGET_TEST_TIMEOUT_SCALE="${DONATION_WIDGET_TEST_TIMEOUT_SCALE:-2}"
fi
E2E_PORT=$PORT_BASE
PHPUNIT_PORT=$((PORT_BASE + 1))
ZIP_PORT=$((PORT_BASE + 2))
PHPUNIT_STAND_INS=$((PORT_BASE + 7))
E2E_STAND_INS=$((PORT_BASE + 8))

STARTED=$SECONDS
set -e
dw_system_packages
dw_project_dependencies
dw_start_database
set +e

FAILED=()
FAILED_LOGS=()
SUITE=0
# Each suite's output is shown as it runs and kept, so a failed suite's end can be repeated
# last: CI shows only the tail of a run.
run() {
	local name="$1"
	shift
	dw_say "$name"
	local started=$SECONDS
	SUITE=$((SUITE + 1))
	local log="$DW_LOGS/suite-$SUITE.log"
	if "$@" 2>&1 | tee "$log"; then
		echo "-- $name: passed in $((SECONDS - started)) s"
	else
		echo "-- $name: FAILED (after $((SECONDS - started)) s)"
		FAILED+=("$name")
		FAILED_LOGS+=("$log")
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
run "PHPCS (WordPress standards, PHPCompatibility, the directory rules of tests/phpcs)" vendor/bin/phpcs -q
run "PHPStan" vendor/bin/phpstan analyse --memory-limit=1G --no-progress
# The build above regenerated the template: a difference means it was not committed with its strings.
run "Translation template is current (languages/donation-widget.pot)" git diff --exit-code --stat -- languages/donation-widget.pot
run "Jest" npm run --silent test:unit -- --ci
run "Provider stand-ins (node --test)" node --test tests/stand-ins/
run "Docs links name existing headings (node --test)" node --test tests/docs/

dw_say "Setting up the phpunit site and its stand-ins"
export DONATION_WIDGET_STAND_IN_URL="http://127.0.0.1:$PHPUNIT_STAND_INS"
dw_install_site phpunit "$PHPUNIT_PORT" && dw_start_stand_ins "$PHPUNIT_STAND_INS" phpunit-stand-ins
run "PHPUnit" vendor/bin/phpunit

# Two PHP servers on one database, MariaDB alone and then with Redis: exact rate limits.
run "Concurrency (two PHP servers; MariaDB, then Redis)" bash tests/concurrency/run.sh

# Every money path under every network, provider and site fault (the fast form; the full form is
# bin/fault-matrix.sh --full): money taken once, the donor told the truth.
run "Fault matrix, fast form (two PHP servers; MariaDB, then Redis)" bash tests/faults/run.sh

dw_say "Setting up the e2e site, a fresh site for the zip, and their stand-ins"
bash bin/plugin-zip.sh
export DONATION_WIDGET_STAND_IN_URL="http://127.0.0.1:$E2E_STAND_INS"
export DONATION_WIDGET_E2E_URL="http://127.0.0.1:$E2E_PORT"
export DONATION_WIDGET_ZIP_SITE_URL="http://127.0.0.1:$ZIP_PORT"
dw_install_site e2e "$E2E_PORT" && dw_start_stand_ins "$E2E_STAND_INS" e2e-stand-ins && dw_serve_site e2e "$E2E_PORT"
dw_install_fresh_zip_site "$ZIP_PORT" && dw_serve_site zip "$ZIP_PORT"
run "Playwright (Chromium)" npm run --silent test:e2e

run "Size budget" node bin/benchmark.mjs --check

# "Total: 17 min 25 s": the whole run, set-up included.
total() {
	local seconds=$((SECONDS - STARTED))
	echo "Total: $((seconds / 60)) min $((seconds % 60)) s"
}

echo
if [ ${#FAILED[@]} -eq 0 ]; then
	echo "All suites passed."
	total
	exit 0
fi
for i in "${!FAILED[@]}"; do
	echo
	echo "== The end of ${FAILED[$i]}'s output (all of it is above, and in ${FAILED_LOGS[$i]})"
	tail -n 80 "${FAILED_LOGS[$i]}"
done
echo
echo "Failed suites: ${FAILED[*]}"
total
exit 1
