#!/usr/bin/env bash
# `npm test`'s pretest step: the real clients the acceptance tests drive, from Debian's packages.
# Installs what is missing when run as root (apt-get); otherwise names the packages and fails.
set -u
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
/usr/bin/python3 -c 'import psycopg' >/dev/null 2>&1 || missing+=(python3-psycopg)
/usr/bin/python3 -c 'import psycopg2' >/dev/null 2>&1 || missing+=(python3-psycopg2)
/usr/bin/python3 -c 'import pandas, sqlalchemy' >/dev/null 2>&1 || missing+=(python3-pandas python3-sqlalchemy)
/usr/bin/python3 -c 'import requests' >/dev/null 2>&1 || missing+=(python3-requests)
command -v javac >/dev/null 2>&1 || missing+=(default-jdk-headless)
[ -f /usr/share/java/postgresql.jar ] || missing+=(libpostgresql-jdbc-java)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "the tests need these Debian packages: ${missing[*]}" >&2
  echo "install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "installing test dependencies: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq "${missing[@]}" >/dev/null || {
  echo "apt-get could not install: ${missing[*]}" >&2
  exit 1
}
