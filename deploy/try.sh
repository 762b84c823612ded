#!/usr/bin/env bash
# Runs deploy/'s recipe on this machine: the built app on PostgreSQL and Redis, behind nginx with
# deploy/nginx.conf (TLS with a throw-away certificate, HTTP/2, precompressed assets), at
# https://localhost:$DEPLOY_PORT until stopped (Ctrl-C or SIGTERM; everything it started goes).
#
#   DEPLOY_PORT          HTTPS port (8443)          DEPLOY_HTTP_PORT  plain HTTP, redirected (8080)
#   DEPLOY_APP_PORT      the app's port (3100)
#   DEPLOY_DATABASE_URL  an admin connection to a PostgreSQL server that may create a database
#                        (postgres://postgres@127.0.0.1:5432/postgres); a fresh one is made and
#                        dropped at the end
#   DEPLOY_REDIS_URL     redis://127.0.0.1:6379     DEPLOY_SKIP_BUILD=1  use dist/client as built
#
# Then e.g. `BENCH_LOAD_URL=https://localhost:8443 npm run bench:load`. Needs Debian's
# nginx-light, libnginx-mod-http-brotli-static and openssl (.ci/run installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
port=${DEPLOY_PORT:-8443}
http_port=${DEPLOY_HTTP_PORT:-8080}
app_port=${DEPLOY_APP_PORT:-3100}
admin_url=${DEPLOY_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
redis_url=${DEPLOY_REDIS_URL:-redis://127.0.0.1:6379}
node="$root/node_modules/.bin/node"
command -v nginx >/dev/null || { echo "deploy/try.sh: nginx is not installed (apt-get install nginx-light libnginx-mod-http-brotli-static)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/tomoni-deploy-XXXXXX")
database="tomoni_deploy_$$"
app_pid='' nginx_pid=''
psql_admin() { "$node" -e "const {Client}=require('pg');const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.query(process.argv[2])).then(()=>c.end(),e=>{console.error(e.message);process.exit(1)})" "$admin_url" "$1"; }
cleanup() {
  trap - EXIT INT TERM
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null && wait "$app_pid" 2>/dev/null
  psql_admin "DROP DATABASE IF EXISTS $database" || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

[ "${DEPLOY_SKIP_BUILD:-}" = 1 ] || npm run -s build

# The certificate a real site gets from its CA: here one made for localhost, valid two days.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
  -addext 'subjectAltName=DNS:localhost,IP:127.0.0.1' \
  -keyout "$work/privkey.pem" -out "$work/fullchain.pem" 2>/dev/null

# deploy/nginx.conf with its SET values for this run (ports, certificate, client files; no IPv6).
sed -e "s|server 127.0.0.1:3000;|server 127.0.0.1:$app_port;|" \
    -e "s|listen 443 ssl http2;|listen $port ssl http2;|" \
    -e "s|listen 80;|listen $http_port;|" \
    -e '/listen \[::\]/d' \
    -e "s|server_name tomoni.example;|server_name localhost;|" \
    -e "s|/etc/ssl/tomoni/|$work/|" \
    -e "s|root /srv/tomoni/dist/client;|root $root/dist/client;|" \
    -e "s|https://\$host\$request_uri|https://\$host:$port\$request_uri|" \
    deploy/nginx.conf > "$work/site.conf"
cat > "$work/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log warn;
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path $work/body;
  proxy_temp_path $work/proxy;
  fastcgi_temp_path $work/fastcgi;
  uwsgi_temp_path $work/uwsgi;
  scgi_temp_path $work/scgi;
  include $work/site.conf;
}
CONF

psql_admin "CREATE DATABASE $database"
db_url="${admin_url%/*}/$database"
echo "deploy/try.sh: the app on PostgreSQL ($database) and Redis, port $app_port"
HOST=127.0.0.1 PORT=$app_port PUBLIC_URL="https://localhost:$port" TRUST_PROXY=true \
  DATA_DIR="$work/data" DATABASE_URL="$db_url" REDIS_URL="$redis_url" NODE_ENV=production \
  LOG_LEVEL=${LOG_LEVEL:-warn} "$node" --import tsx src/server/main.ts &
app_pid=$!
# healthy URL PID SECONDS: waits until URL answers, failing if PID exits or time runs out.
healthy() {
  for _ in $(seq 1 $(($3 * 5))); do
    curl -skf "$1" >/dev/null && return 0
    kill -0 "$2" 2>/dev/null || { echo "deploy/try.sh: $1: the process exited" >&2; cat "$work/error.log" >&2 2>/dev/null; return 1; }
    sleep 0.2
  done
  echo "deploy/try.sh: $1 did not answer in $3 s" >&2
  return 1
}
healthy "http://127.0.0.1:$app_port/healthz" "$app_pid" 180
nginx -e "$work/error.log" -c "$work/nginx.conf" &
nginx_pid=$!
healthy "https://localhost:$port/healthz" "$nginx_pid" 10
echo "deploy/try.sh: ready at https://localhost:$port"
wait "$nginx_pid"
