#!/usr/bin/env bash
# Shared by bin/start.sh, bin/test.sh and the e2e harness: puts together a local WordPress
# (Debian's 6.8 core, a private MariaDB, PHP's built-in server) with this plugin active.
# Everything lives in the git-ignored .wp-local/ folder; nothing here runs in production.

DW_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DW_STATE="$DW_ROOT/.wp-local"
DW_CORE="$DW_STATE/core"
DW_RUN="$DW_STATE/run"
DW_LOGS="$DW_STATE/logs"
DW_DB_SOCKET="$DW_RUN/mysqld.sock"

dw_say() { printf '\n== %s\n' "$*"; }

# Installs the Debian packages the local site and the browser tests need, when missing.
dw_system_packages() {
	local missing=()
	command -v php >/dev/null || missing+=(php-cli)
	php -r 'exit(extension_loaded("mysqli") ? 0 : 1);' 2>/dev/null || missing+=(php-mysql)
	php -r 'exit(extension_loaded("curl") ? 0 : 1);' 2>/dev/null || missing+=(php-curl)
	php -r 'exit(extension_loaded("mbstring") ? 0 : 1);' 2>/dev/null || missing+=(php-mbstring)
	php -r 'exit(extension_loaded("xml") ? 0 : 1);' 2>/dev/null || missing+=(php-xml)
	php -r 'exit(extension_loaded("zip") ? 0 : 1);' 2>/dev/null || missing+=(php-zip)
	command -v mariadbd >/dev/null || [ -x /usr/sbin/mariadbd ] || missing+=(mariadb-server)
	command -v composer >/dev/null || missing+=(composer)
	command -v zip >/dev/null || missing+=(zip)
	command -v unzip >/dev/null || missing+=(unzip)
	[ -x /usr/bin/chromium ] || missing+=(chromium)
	# The build writes languages/donation-widget.pot; xgettext reads the PHP strings (bin/make-pot.mjs).
	command -v xgettext >/dev/null || missing+=(gettext)
	# The concurrency check runs the rate limits on a real shared cache too (tests/concurrency).
	command -v redis-server >/dev/null || [ -x /usr/bin/redis-server ] || missing+=(redis-server)
	php -r 'exit(extension_loaded("redis") ? 0 : 1);' 2>/dev/null || missing+=(php-redis)
	if [ ${#missing[@]} -eq 0 ]; then
		return 0
	fi
	dw_say "Installing Debian packages: ${missing[*]}"
	if [ "$(id -u)" -ne 0 ]; then
		echo "Please run as root, or install them yourself: sudo apt-get install ${missing[*]}" >&2
		return 1
	fi
	DEBIAN_FRONTEND=noninteractive apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# npm ci, composer install and the front-end build, each skipped when already up to date.
dw_project_dependencies() {
	cd "$DW_ROOT" || return 1
	if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
		dw_say "npm ci"
		npm ci --no-audit --no-fund --loglevel=error
	fi
	if [ ! -f vendor/autoload.php ] || [ composer.json -nt vendor/autoload.php ]; then
		dw_say "composer install"
		composer install --no-interaction --no-progress --quiet
	fi
	dw_say "Building the front end (wp-scripts build)"
	npm run --silent build >"$DW_LOGS/build.log" 2>&1 || { cat "$DW_LOGS/build.log"; return 1; }
	tail -n 3 "$DW_LOGS/build.log"
}

dw_mysql() {
	mariadb --socket="$DW_DB_SOCKET" -uroot "$@"
}

# A private MariaDB server on a Unix socket under .wp-local/run (no port, no system service).
dw_start_database() {
	mkdir -p "$DW_RUN" "$DW_LOGS"
	if [ -S "$DW_DB_SOCKET" ] && dw_mysql -e 'SELECT 1' >/dev/null 2>&1; then
		return 0
	fi
	local datadir="$DW_STATE/mariadb"
	local user_opt=()
	[ "$(id -u)" -eq 0 ] && user_opt=(--user=root)
	if [ ! -d "$datadir/mysql" ]; then
		dw_say "Creating a private MariaDB data folder in $datadir"
		mkdir -p "$datadir"
		mariadb-install-db "${user_opt[@]}" --datadir="$datadir" --auth-root-authentication-method=normal \
			--skip-test-db >"$DW_LOGS/mariadb-install.log" 2>&1 || { cat "$DW_LOGS/mariadb-install.log"; return 1; }
	fi
	dw_say "Starting MariaDB (socket $DW_DB_SOCKET)"
	local mariadbd
	mariadbd="$(command -v mariadbd || echo /usr/sbin/mariadbd)"
	nohup "$mariadbd" --no-defaults "${user_opt[@]}" --datadir="$datadir" --socket="$DW_DB_SOCKET" \
		--pid-file="$DW_RUN/mysqld.pid" --skip-networking --log-error="$DW_LOGS/mariadb.log" \
		--innodb-buffer-pool-size=64M --innodb-flush-log-at-trx-commit=2 >/dev/null 2>&1 &
	# Up to two minutes: a busy machine may be slow to start it; the loop ends as soon as it answers.
	for _ in $(seq 1 240); do
		dw_mysql -e 'SELECT 1' >/dev/null 2>&1 && return 0
		sleep 0.5
	done
	echo "MariaDB did not start; see $DW_LOGS/mariadb.log" >&2
	tail -n 20 "$DW_LOGS/mariadb.log" >&2
	return 1
}

dw_stop_database() {
	[ -f "$DW_RUN/mysqld.pid" ] && kill "$(cat "$DW_RUN/mysqld.pid")" 2>/dev/null
	return 0
}

# Writes the shared wp-config.php and router, links the plugin in, and installs one site.
# $1 = site name (demo | e2e | phpunit), $2 = port.
dw_install_site() {
	local site="$1" port="$2"
	bash "$DW_ROOT/bin/fetch-wordpress.sh"
	cp "$DW_ROOT/tests/site/wp-config.php" "$DW_CORE/wp-config.php"
	cp "$DW_ROOT/tests/site/router.php" "$DW_STATE/router.php"
	mkdir -p "$DW_CORE/wp-content/plugins" "$DW_CORE/wp-content/mu-plugins" "$DW_LOGS"
	ln -sfn "$DW_ROOT" "$DW_CORE/wp-content/plugins/donation-widget"
	cp "$DW_ROOT/tests/site/mu-plugins/"*.php "$DW_CORE/wp-content/mu-plugins/"
	dw_mysql -e "CREATE DATABASE IF NOT EXISTS \`donation_widget_${site}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
	DONATION_WIDGET_SITE="$site" DONATION_WIDGET_SITE_PORT="$port" DONATION_WIDGET_STATE_DIR="$DW_STATE" \
		php "$DW_ROOT/tests/site/install-site.php"
}

# A brand-new site without the plugin (database and wp-content wiped), for the zip install test.
dw_install_fresh_zip_site() {
	local port="$1"
	dw_mysql -e 'DROP DATABASE IF EXISTS `donation_widget_zip`'
	rm -rf "$DW_CORE/zip-content"
	mkdir -p "$DW_CORE/zip-content/plugins" "$DW_CORE/zip-content/mu-plugins" "$DW_CORE/zip-content/upgrade" "$DW_CORE/zip-content/uploads"
	cp -r "$DW_CORE/wp-content/themes" "$DW_CORE/zip-content/themes"
	cp "$DW_ROOT/tests/site/mu-plugins/"*.php "$DW_CORE/zip-content/mu-plugins/"
	: >"$DW_LOGS/zip-debug.log"
	dw_mysql -e 'CREATE DATABASE `donation_widget_zip` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci'
	DONATION_WIDGET_SITE=zip DONATION_WIDGET_SITE_PORT="$port" DONATION_WIDGET_STATE_DIR="$DW_STATE" \
		php "$DW_ROOT/tests/site/install-site.php"
}

# Serves one site with PHP's built-in server in the background; echoes nothing, writes a pid file.
# $3 names the pid and log files when one site runs on several servers (default: the site).
# DW_SERVER_WORKERS sets its worker processes (default 4).
dw_serve_site() {
	local site="$1" port="$2" name="${3:-$1}"
	dw_stop_site "$name"
	PHP_CLI_SERVER_WORKERS="${DW_SERVER_WORKERS:-4}" DONATION_WIDGET_SITE="$site" DONATION_WIDGET_SITE_PORT="$port" DONATION_WIDGET_STATE_DIR="$DW_STATE" \
		nohup php -S "127.0.0.1:$port" -t "$DW_CORE" "$DW_STATE/router.php" >"$DW_LOGS/$name-server.log" 2>&1 &
	local pid=$!
	echo "$pid" >"$DW_RUN/$name-server.pid"
	# Up to a minute on a busy machine; a server that died stops the wait at once.
	for _ in $(seq 1 300); do
		# Alive and answering: a server left on the port by another checkout would answer too.
		kill -0 "$pid" 2>/dev/null || break
		curl -fsS -o /dev/null "http://127.0.0.1:$port/wp-json/" 2>/dev/null && return 0
		sleep 0.2
	done
	echo "The $site site did not answer on port $port; see $DW_LOGS/$name-server.log" >&2
	return 1
}

dw_stop_site() {
	dw_stop_pid "$1-server"
}

# The provider stand-in server (tests/stand-ins), in the background.
dw_start_stand_ins() {
	local port="$1" name="${2:-stand-ins}"
	dw_stop_pid "$name"
	STAND_IN_PORT="$port" nohup node "$DW_ROOT/tests/stand-ins/server.mjs" >"$DW_LOGS/$name.log" 2>&1 &
	local pid=$!
	echo "$pid" >"$DW_RUN/$name.pid"
	# Up to a minute on a busy machine; a server that died stops the wait at once.
	for _ in $(seq 1 300); do
		kill -0 "$pid" 2>/dev/null || break
		curl -fsS -o /dev/null "http://127.0.0.1:$port/__control/requests" 2>/dev/null && return 0
		sleep 0.2
	done
	echo "The provider stand-ins did not start; see $DW_LOGS/$name.log" >&2
	return 1
}

# Stops a background server and its children (PHP's server forks one worker per
# PHP_CLI_SERVER_WORKERS, and the workers keep the port if only the parent stops).
dw_stop_pid() {
	local pidfile="$DW_RUN/$1.pid"
	if [ -f "$pidfile" ]; then
		local pid children
		pid="$(cat "$pidfile")"
		children="$(pgrep -P "$pid" 2>/dev/null || true)"
		pkill -P "$pid" 2>/dev/null || true
		kill "$pid" 2>/dev/null || true
		rm -f "$pidfile"
		# Until they are gone (up to 10 s): a server started next on the same port would find it
		# still held by the old workers ("Address already in use").
		local _ process alive
		for _ in $(seq 1 50); do
			alive=0
			for process in $pid $children; do
				kill -0 "$process" 2>/dev/null && alive=1
			done
			[ "$alive" -eq 0 ] && break
			sleep 0.2
		done
	fi
	return 0
}
