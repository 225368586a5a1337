#!/usr/bin/env bash
# Brings the language model's tuning sources that are not on the machine already into ROOT (default
# /work/scratch/debs), laid out as `scripts/trainLanguageModel.ts ROOT` reads them: Debian packages (`apt-get
# download`, unpacked with `dpkg-deb -x`), BlueZ's source tarball, parts of OpenJDK 17's `src.zip`, and npm packages
# (`npm pack`). Needs Debian's and npm's registries, about 300 MB of disk and a few minutes. Checked on 2026-11-25:
# with these sources, `npx tsx scripts/trainLanguageModel.ts ROOT` writes the committed model byte for byte.
set -euo pipefail
root="${1:-/work/scratch/debs}"
mkdir -p "$root"/{downloads,t,tune2,c,cpp,npm,java-tune,java-tune2}
cd "$root/downloads"

unpack_into() { # unpack_into DIR PACKAGE...: downloads each package and unpacks it into DIR
  local dir="$1"
  shift
  apt-get download "$@"
  for package in "$@"; do dpkg-deb -x "$(ls "${package}"_*.deb | head -1)" "$dir"; done
}
unpack_into ../t golang-github-stretchr-testify-dev golang-github-sirupsen-logrus-dev golang-github-google-go-cmp-dev \
  golang-github-spf13-pflag-dev golang-golang-x-sync-dev golang-github-gorilla-websocket-dev librust-serde-json-dev \
  librust-anyhow-dev librust-rand-core-dev ruby-rack ruby-thor php-symfony-console php-guzzlehttp-psr7 bluez-source \
  ansible-core libjs-bootstrap libjs-bootstrap4 libjs-jquery-ui sphinx-rtd-theme-common fonts-font-awesome
# Go packages and SQL scripts the model does not train on, where the rules of src/domain/LanguageLines.ts were
# checked (scripts/tuneGoLines.ts, scripts/tuneSqlScripts.ts; MariaDB's tests for SQL written in lower case, and
# PostgreSQL extensions written in PL/pgSQL for procedural bodies, LedgerSMB's for column lists and rows of values), and
# C and C++ headers for the C++ syntax of src/domain/LanguageFamilies.ts (scripts/tuneFamilySyntax.ts), YAML data
# and configuration (scripts/tuneYamlDocuments.ts); the CSS of libjs packages (with the npm stylesheets below,
# scripts/tuneStylesheets.ts).
unpack_into ../tune2 golang-github-spf13-viper-dev golang-github-urfave-cli-dev golang-github-pelletier-go-toml-dev \
  golang-github-prometheus-client-golang-dev golang-github-gin-gonic-gin-dev roundcube-core icinga2-ido-pgsql \
  icinga2-ido-mysql pdns-backend-pgsql pdns-backend-mysql pdns-backend-sqlite3 mariadb-test-data \
  libasio-dev libcereal-dev libeigen3-dev libglm-dev libtbb-dev libyaml-cpp-dev \
  libcurl4-openssl-dev libevent-dev libgit2-dev libpng-dev libuv1-dev \
  ruby-countries ruby-github-linguist ruby-rubocop-rspec \
  postgresql-15-partman postgresql-15-pgtap postgresql-15-periods postgresql-15-orafce postgresql-15-pgq3 ledgersmb \
  libjs-bootstrap5 libjs-select2.js libjs-chosen libjs-sphinxdoc libjs-jquery-tablesorter libjs-bootswatch
unpack_into ../cpp nlohmann-json3-dev libfmt-dev googletest catch2 libspdlog-dev
unpack_into jdk openjdk-17-source

tar -xjf ../t/usr/src/bluez.tar.bz2 -C ../c
src_zip="$(find jdk -name src.zip | head -1)"
rm -rf java-base && unzip -q -o "$src_zip" 'java.base/java/net/*' 'java.base/java/time/*' 'java.base/java/nio/*' \
  'java.base/java/text/*' 'java.base/java/math/*' -d java-base
cp -r java-base/java.base/java/* ../java-tune/
unzip -q -o "$src_zip" 'java.logging/*' 'java.sql/*' 'java.net.http/*' 'jdk.httpserver/*' -d ../java-tune2

pack_into() { # pack_into DIR SPEC...: packs each npm package into DIR/scope-name-version, the folder scripts read
  local dir="$1"
  shift
  mkdir -p "$dir"
  for spec in "$@"; do
    local folder tarball
    folder="$dir/$(echo "$spec" | sed 's#^@##; s#/#-#; s#@#-#')"
    mkdir -p "$folder"
    tarball="$(cd "$dir" && npm pack "$spec" --silent | tail -1)"
    tar -xzf "$dir/$tarball" -C "$folder"
    rm "$dir/$tarball"
  done
}
pack_into ../npm express@4.22.3 fp-ts@2.16.11 immer@10.2.0 lodash@4.18.1 mobx@6.16.1 @reduxjs/toolkit@2.14.0 \
  @tanstack/form-core@1.33.5 @tanstack/query-core@5.108.0 @tanstack/router-core@1.171.39 @tanstack/table-core@8.21.3 \
  @trpc/client@11.25.2 @trpc/server@11.25.2 type-fest@4.41.0
# Stylesheets written with custom properties and nesting, where scripts/tuneStylesheets.ts checks its rule.
pack_into ../tune2/npm open-props@1.7.7 water.css@2.1.1 modern-normalize@3.0.1
echo "tuning sources in $root"
