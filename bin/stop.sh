#!/usr/bin/env bash
# Stops the demo started by `DONATION_WIDGET_START_DETACH=1 bin/start.sh`: its cron loop, the
# site, the provider stand-ins and the database. The demo's data stays in .wp-local/.
set -uo pipefail
# shellcheck source=lib/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/env.sh"
dw_stop_pid demo-cron
dw_stop_site demo
dw_stop_pid demo-stand-ins
dw_stop_database
echo "Donation Widget demo stopped."
