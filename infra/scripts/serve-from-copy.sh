#!/usr/bin/env bash
# Proves the production bundle needs nothing a development install has: copies what a release
# holds (infra/dist, console/dist, every package.json and the lockfile, the tenant files and content pages) into
# a temporary folder outside the checkout, installs the production dependencies there only
# (npm ci --omit=dev, without the e2e workspace, which production does not run), and starts
# `npm run serve` from it. Published builds are not copied: they stay in the registry
# (FORECOURT_DATA_DIR's folder, or the builds bucket).
#
#   npm run build
#   DATABASE_URL=postgres://... FORECOURT_DATA_DIR=<data folder> PORT=8200 infra/scripts/serve-from-copy.sh
#
# The server runs in the foreground; Ctrl+C (or SIGTERM to this script) stops it gracefully, and
# the copy is removed on exit (KEEP_COPY=1 keeps it).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [[ ! -f "$root/infra/dist/serve.js" ]]; then
  echo "There is no bundle in infra/dist: run 'npm run build' first." >&2
  exit 1
fi
if [[ -z "${DATABASE_URL:-}" ]]; then
  echo "DATABASE_URL is not set: the server runs on an existing, migrated PostgreSQL database." >&2
  exit 1
fi

copy="$(mktemp -d "${TMPDIR:-/tmp}/forecourt-release-XXXXXX")"
server=""
cleanup() {
  if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then kill -TERM "$server" 2>/dev/null || true; wait "$server" || true; fi
  if [[ "${KEEP_COPY:-}" == "1" ]]; then echo "The copy stays in $copy"; else rm -rf "$copy"; fi
}
trap cleanup EXIT

started=$(date +%s)
cd "$root"
cp package.json package-lock.json "$copy/"
workspaces=$(node -p "require('./package.json').workspaces.join(' ')")
for workspace in $workspaces; do
  mkdir -p "$copy/$workspace"
  cp "$workspace/package.json" "$copy/$workspace/"
done
cp -R infra/dist infra/tenants infra/content "$copy/infra/"
# The operator console's build, which the server serves on the console's host.
if [[ -d console/dist ]]; then cp -R console/dist "$copy/console/"; fi
echo "Copied the release into $copy ($(du -sh "$copy" | cut -f1))"

cd "$copy"
production_workspaces=()
for workspace in $workspaces; do
  [[ "$workspace" == "e2e" ]] || production_workspaces+=(--workspace "$workspace")
done
npm ci --omit=dev --no-audit --no-fund "${production_workspaces[@]}"
installed=$(date +%s)
echo "Installed the production dependencies in $((installed - started)) s ($(du -sh node_modules | cut -f1) of node_modules)"

npm run serve &
server=$!
forward() { kill -TERM "$server" 2>/dev/null || true; }
trap forward TERM INT
# `wait` returns early when a trapped signal arrives; wait again for the server's own exit.
status=0
wait "$server" || status=$?
if kill -0 "$server" 2>/dev/null; then wait "$server" || status=$?; fi
server=""
exit "$status"
