#!/usr/bin/env bash
# The fault matrix: every provider call of every money path, under every fault a real network and
# a real provider produce (tests/faults/matrix.mjs says which and checks what followed). Its own
# WordPress site ("matrix", its own wp-content) served by two PHP built-in servers on one MariaDB
# database, with its own provider stand-ins. It runs twice: MariaDB alone, then with a private
# redis-server and tests/concurrency/object-cache.php as the site's object cache.
#
# Usage: bash tests/faults/run.sh [--full] [matrix.mjs options]
#   (no option)  the fast form, which bin/test.sh runs: every path under every fault, every call
#                at least once;
#   --full       every path × call × fault (bin/fault-matrix.sh), then, on MariaDB, the worst
#                faults under the production time budget (production-time.mjs).
#   --only=PATH[,PATH]  --fault=FAULT[,…]  --call=NAME  --setup=mariadb|redis  narrow a run.
# Ports: DONATION_WIDGET_PORT_BASE (default 8890) + 3 and + 4 for the servers, + 5 for the
# stand-ins (the concurrency check's offsets: bin/test.sh never runs both at once). Redis listens
# only on a socket under .wp-local/run. Everything is stopped at the end.
set -uo pipefail
# shellcheck source=../../bin/lib/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/env.sh"
cd "$DW_ROOT" || exit 1
mkdir -p "$DW_LOGS" "$DW_RUN"

PORT_BASE="${DONATION_WIDGET_PORT_BASE:-8890}"
SERVER_A=$((PORT_BASE + 3))
SERVER_B=$((PORT_BASE + 4))
STAND_INS=$((PORT_BASE + 5))
SITE=matrix
CONTENT="$DW_CORE/matrix-content"
REDIS_SOCKET="$DW_RUN/matrix-redis.sock"
REDIS_PID="$DW_RUN/matrix-redis.pid"
SETUPS="mariadb redis"
for arg in "$@"; do
	case "$arg" in
		--setup=*) SETUPS="${arg#--setup=}" ;;
	esac
done

# Small provider timeouts, so a fault costs seconds (tests/site/wp-config.php reads them): a
# stalled request is given up after 3 s, a whole donor call after 8 s; stall faults hold 5 s.
export DONATION_WIDGET_PROVIDER_TIMEOUT="${DONATION_WIDGET_PROVIDER_TIMEOUT:-3}"
export DONATION_WIDGET_PAYMENT_DEADLINE="${DONATION_WIDGET_PAYMENT_DEADLINE:-8}"

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

# Each server's workers: a stalled provider holds a worker for the call's whole budget.
serve_both() {
	DW_SERVER_WORKERS=8 dw_serve_site "$SITE" "$SERVER_A" "$SITE-a" && DW_SERVER_WORKERS=8 dw_serve_site "$SITE" "$SERVER_B" "$SITE-b"
}

matrix() {
	DW_SERVERS="http://127.0.0.1:$SERVER_A,http://127.0.0.1:$SERVER_B" DW_SETUP="$1" DW_EXPECT_CACHE="$2" \
		DONATION_WIDGET_SITE="$SITE" DONATION_WIDGET_SITE_PORT="$SERVER_A" DONATION_WIDGET_STATE_DIR="$DW_STATE" \
		node "$DW_ROOT/tests/faults/matrix.mjs" "${@:3}"
}

dw_start_database || exit 1

# The site's own wp-content (tests/site/wp-config.php points the "matrix" site there), so the
# object-cache drop-in never reaches the other local sites.
mkdir -p "$CONTENT/plugins" "$CONTENT/mu-plugins" "$CONTENT/uploads"
ln -sfn "$DW_ROOT" "$CONTENT/plugins/donation-widget"
ln -sfn "$DW_CORE/wp-content/themes" "$CONTENT/themes"
cp "$DW_ROOT/tests/site/mu-plugins/"*.php "$CONTENT/mu-plugins/"
stop_redis

export DONATION_WIDGET_STAND_IN_URL="http://127.0.0.1:$STAND_INS"
dw_say "Fault matrix site (two servers on ports $SERVER_A and $SERVER_B, stand-ins on $STAND_INS)"
# A fresh site and fresh stand-ins for each set-up: the reconciliation passes then ask about
# that run's open donations only.
fresh_site() {
	dw_stop_site "$SITE-a"
	dw_stop_site "$SITE-b"
	dw_mysql -e "DROP DATABASE IF EXISTS \`donation_widget_$SITE\`" &&
		dw_install_site "$SITE" "$SERVER_A" >"$DW_LOGS/$SITE-install.log" 2>&1 &&
		dw_start_stand_ins "$STAND_INS" "$SITE-stand-ins" &&
		: >"$DW_LOGS/$SITE-debug.log"
}

# The worst faults again on the same site, its servers restarted with the plugin's own time budget
# (tests/faults/production-time.mjs): the donor is answered within 60 s, with the truth.
production_time() {
	dw_say "The donor's wait under the production time budget (MariaDB only)"
	dw_stop_site "$SITE-a"
	dw_stop_site "$SITE-b"
	(
		unset DONATION_WIDGET_PROVIDER_TIMEOUT DONATION_WIDGET_PAYMENT_DEADLINE
		serve_both &&
			DW_SERVERS="http://127.0.0.1:$SERVER_A,http://127.0.0.1:$SERVER_B" \
				DONATION_WIDGET_SITE="$SITE" DONATION_WIDGET_STATE_DIR="$DW_STATE" \
				node "$DW_ROOT/tests/faults/production-time.mjs"
	)
}

FAILED=0
FULL=0
ARGS=()
for arg in "$@"; do
	case "$arg" in
		--full)
			FULL=1
			ARGS+=("$arg")
			;;
		--setup=*) ;;
		*) ARGS+=("$arg") ;;
	esac
done

if [[ " $SETUPS " == *" mariadb "* ]]; then
	dw_say "Fault matrix 1/2: MariaDB only"
	unset DONATION_WIDGET_REDIS_SOCKET DW_REDIS_SOCKET
	if fresh_site && serve_both; then
		matrix "MariaDB only" none "${ARGS[@]}" || FAILED=1
		if [ "$FULL" = 1 ]; then
			production_time || FAILED=1
		fi
	else
		FAILED=1
	fi
fi

if [[ " $SETUPS " == *" redis "* ]]; then
	dw_say "Fault matrix 2/2: MariaDB + Redis (object-cache drop-in)"
	redis-server --port 0 --unixsocket "$REDIS_SOCKET" --unixsocketperm 700 --save '' --appendonly no \
		--daemonize yes --pidfile "$REDIS_PID" --logfile "$DW_LOGS/matrix-redis.log"
	for _ in $(seq 1 50); do
		redis-cli -s "$REDIS_SOCKET" ping >/dev/null 2>&1 && break
		sleep 0.1
	done
	if redis-cli -s "$REDIS_SOCKET" ping >/dev/null 2>&1; then
		cp "$DW_ROOT/tests/concurrency/object-cache.php" "$CONTENT/object-cache.php"
		export DONATION_WIDGET_REDIS_SOCKET="$REDIS_SOCKET" DW_REDIS_SOCKET="$REDIS_SOCKET"
		if fresh_site && serve_both; then
			matrix "MariaDB + Redis object cache" redis "${ARGS[@]}" || FAILED=1
		else
			FAILED=1
		fi
	else
		echo "redis-server did not start; see $DW_LOGS/matrix-redis.log" >&2
		FAILED=1
	fi
fi

exit $FAILED
