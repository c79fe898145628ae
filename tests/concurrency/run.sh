#!/usr/bin/env bash
# The concurrency check: two PHP built-in servers (several workers each) serve one WordPress site
# on one MariaDB database, with the provider stand-ins; tests/concurrency/check.mjs fires
# simultaneous payment calls and card-update link checks at both and prints what got through.
# It runs twice: first with MariaDB alone (counters in the plugin's rate_counters table), then
# with a private redis-server and tests/concurrency/object-cache.php as the site's object cache.
#
# Usage: bash tests/concurrency/run.sh      (bin/test.sh runs it; needs no stdin)
# Ports: DONATION_WIDGET_PORT_BASE (default 8890) + 3 and + 4 for the servers, + 5 for the
# stand-ins. Redis listens only on a socket under .wp-local/run. Everything is stopped at the end.
set -uo pipefail
# shellcheck source=../../bin/lib/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/env.sh"
cd "$DW_ROOT" || exit 1
mkdir -p "$DW_LOGS" "$DW_RUN"

PORT_BASE="${DONATION_WIDGET_PORT_BASE:-8890}"
SERVER_A=$((PORT_BASE + 3))
SERVER_B=$((PORT_BASE + 4))
STAND_INS=$((PORT_BASE + 5))
SITE=concurrency
CONTENT="$DW_CORE/concurrency-content"
REDIS_SOCKET="$DW_RUN/concurrency-redis.sock"
REDIS_PID="$DW_RUN/concurrency-redis.pid"

stop_redis() {
	if [ -f "$REDIS_PID" ]; then
		kill "$(cat "$REDIS_PID")" 2>/dev/null || true
		rm -f "$REDIS_PID"
	fi
	rm -f "$CONTENT/object-cache.php"
}

cleanup() {
	dw_stop_site "$SITE-a"
	dw_stop_site "$SITE-b"
	dw_stop_pid "$SITE-stand-ins"
	stop_redis
}
trap cleanup EXIT

serve_both() {
	dw_serve_site "$SITE" "$SERVER_A" "$SITE-a" && dw_serve_site "$SITE" "$SERVER_B" "$SITE-b"
}

check() {
	DW_SERVERS="http://127.0.0.1:$SERVER_A,http://127.0.0.1:$SERVER_B" DW_SETUP="$1" DW_EXPECT_STORE="$2" \
		DONATION_WIDGET_SITE="$SITE" DONATION_WIDGET_SITE_PORT="$SERVER_A" DONATION_WIDGET_STATE_DIR="$DW_STATE" \
		node "$DW_ROOT/tests/concurrency/check.mjs"
}

dw_start_database || exit 1

# The site's own wp-content (tests/site/wp-config.php points the "concurrency" site there), so the
# object-cache drop-in never reaches the other local sites.
mkdir -p "$CONTENT/plugins" "$CONTENT/mu-plugins" "$CONTENT/uploads"
ln -sfn "$DW_ROOT" "$CONTENT/plugins/donation-widget"
ln -sfn "$DW_CORE/wp-content/themes" "$CONTENT/themes"
cp "$DW_ROOT/tests/site/mu-plugins/"*.php "$CONTENT/mu-plugins/"
stop_redis

export DONATION_WIDGET_STAND_IN_URL="http://127.0.0.1:$STAND_INS"
dw_say "Concurrency site (two servers on ports $SERVER_A and $SERVER_B, stand-ins on $STAND_INS)"
dw_install_site "$SITE" "$SERVER_A" || exit 1
dw_start_stand_ins "$STAND_INS" "$SITE-stand-ins" || exit 1

FAILED=0

dw_say "1/2: MariaDB only"
unset DONATION_WIDGET_REDIS_SOCKET DW_REDIS_SOCKET
if serve_both; then
	check "MariaDB only" table || FAILED=1
else
	FAILED=1
fi

dw_say "2/2: MariaDB + Redis (object-cache drop-in)"
redis-server --port 0 --unixsocket "$REDIS_SOCKET" --unixsocketperm 700 --save '' --appendonly no \
	--daemonize yes --pidfile "$REDIS_PID" --logfile "$DW_LOGS/concurrency-redis.log"
# Up to 30 s on a busy machine; the loop ends as soon as it answers.
for _ in $(seq 1 300); do
	redis-cli -s "$REDIS_SOCKET" ping >/dev/null 2>&1 && break
	sleep 0.1
done
if redis-cli -s "$REDIS_SOCKET" ping >/dev/null 2>&1; then
	cp "$DW_ROOT/tests/concurrency/object-cache.php" "$CONTENT/object-cache.php"
	export DONATION_WIDGET_REDIS_SOCKET="$REDIS_SOCKET" DW_REDIS_SOCKET="$REDIS_SOCKET"
	if serve_both; then
		check "MariaDB + Redis object cache" object-cache || FAILED=1
	else
		FAILED=1
	fi
else
	echo "redis-server did not start; see $DW_LOGS/concurrency-redis.log" >&2
	FAILED=1
fi

exit $FAILED
