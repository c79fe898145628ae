#!/usr/bin/env bash
# The README's start command: sets everything up, then serves the demo site (demo mode: every
# provider is a local stand-in, no real payments) until Ctrl-C.
#   Demo site:  http://127.0.0.1:8888/donate/  and  /update-card/
#   Admin:      http://127.0.0.1:8888/wp-admin/  (admin / password)
set -euo pipefail
# shellcheck source=lib/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/env.sh"

SITE_PORT="${DONATION_WIDGET_DEMO_PORT:-8888}"
STAND_IN_PORT=8899

mkdir -p "$DW_LOGS" "$DW_RUN"
dw_system_packages
dw_project_dependencies
dw_start_database
dw_say "Installing the demo site"
dw_install_site demo "$SITE_PORT"
dw_start_stand_ins "$STAND_IN_PORT" demo-stand-ins
dw_serve_site demo "$SITE_PORT"
# The demo sets DISABLE_WP_CRON, as a real site with a system cron does: call wp-cron.php every
# minute, so queued donor emails (receipts, cancellations) go out. The mail is filed in the
# demo's mailbox option, not sent.
( while sleep 60; do curl -fsS -o /dev/null "http://127.0.0.1:$SITE_PORT/wp-cron.php" || true; done ) >/dev/null 2>&1 &
echo $! >"$DW_RUN/demo-cron.pid"

cleanup() {
	dw_stop_pid demo-cron
	dw_stop_site demo
	dw_stop_pid demo-stand-ins
	dw_stop_database
}
trap cleanup EXIT INT TERM

cat <<MSG

Donation Widget demo is running (demo mode: no real payments).
  Donation form:   http://127.0.0.1:$SITE_PORT/donate/
  Update card:     http://127.0.0.1:$SITE_PORT/update-card/
  Admin:           http://127.0.0.1:$SITE_PORT/wp-admin/  (user admin, password "password")
  Logs:            $DW_LOGS
Press Ctrl-C to stop.
MSG

if [ -n "${DONATION_WIDGET_START_DETACH:-}" ]; then
	trap - EXIT INT TERM
	exit 0
fi
# Stay in the foreground while the server runs.
wait "$(cat "$DW_RUN/demo-server.pid")"
