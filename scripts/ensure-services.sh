#!/usr/bin/env bash
# Starts PostgreSQL and Redis when they are not answering (CI and fresh sessions). Quiet when both are up.
set -u
pg_up() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
redis_up() { [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = "PONG" ]; }

if ! pg_up && [ -d /etc/postgresql ]; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
fi
if ! redis_up && command -v redis-server >/dev/null; then
  echo "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
fi
for _ in $(seq 1 30); do
  if pg_up && redis_up; then exit 0; fi
  sleep 1
done
pg_up || echo "warning: PostgreSQL is not answering on 127.0.0.1:5432" >&2
redis_up || echo "warning: Redis is not answering on 127.0.0.1:6379" >&2
exit 0
