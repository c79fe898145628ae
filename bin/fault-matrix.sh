#!/usr/bin/env bash
# The fault matrix on its own site, MariaDB alone and then with Redis (tests/faults/run.sh):
#   bash bin/fault-matrix.sh --full   every path × provider call × fault (bin/test.sh runs the fast form),
#                                     then the worst faults under the production time budget
#   bash bin/fault-matrix.sh          the fast form: every path under every fault, every call at least once
# Other options (--only=PATH, --fault=NAME, --call=NAME, --setup=mariadb|redis, --concurrency=N)
# narrow a run; see tests/faults/matrix.mjs. Ports: DONATION_WIDGET_PORT_BASE (+3, +4, +5).
exec bash "$(dirname "${BASH_SOURCE[0]}")/../tests/faults/run.sh" "$@"
