#!/usr/bin/env bash
# Builds the npm tarballs of Epistemic Fold for the DeepSeek Harness:
#   - one platform package per target, @epistemicfold/ef-<os>-<arch>, holding
#     the prebuilt `ef` binary (bin/ef or bin/ef.exe), with `os`/`cpu` fields
#     so npm installs only the matching one (the way esbuild ships binaries);
#   - the plugin, @epistemicfold/dsh-plugin, listing every platform package
#     as an optional dependency.
# Usage: scripts/pack.sh OUT_DIR [os/arch ...]
# Targets default to linux, darwin and windows × amd64 and arm64. Run from
# anywhere; needs go and npm. Version: dsh-plugin/package.json's.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$here/.." && pwd)"
out="${1:?usage: scripts/pack.sh OUT_DIR [os/arch ...]}"
shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
version="$(node -p "require('$here/package.json').version")"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

for t in "${targets[@]}"; do
  goos="${t%/*}"
  goarch="${t#*/}"
  case "$goos" in linux|darwin) nodeos="$goos" ;; windows) nodeos=win32 ;; *) echo "unknown os $goos" >&2; exit 2 ;; esac
  case "$goarch" in amd64) cpu=x64 ;; arm64) cpu=arm64 ;; *) echo "unknown arch $goarch" >&2; exit 2 ;; esac
  exe=ef
  [ "$goos" = windows ] && exe=ef.exe
  pkg="$stage/ef-$goos-$goarch"
  mkdir -p "$pkg/bin"
  echo "== ef for $goos/$goarch"
  (cd "$repo" && CGO_ENABLED=0 GOOS="$goos" GOARCH="$goarch" go build -trimpath -ldflags="-s -w" -o "$pkg/bin/$exe" ./cmd/ef)
  cat > "$pkg/package.json" <<JSON
{
  "name": "@epistemicfold/ef-$goos-$goarch",
  "version": "$version",
  "description": "The Epistemic Fold ef binary for $goos/$goarch (used by @epistemicfold/dsh-plugin).",
  "license": "Apache-2.0",
  "os": ["$nodeos"],
  "cpu": ["$cpu"],
  "files": ["bin/"],
  "preferUnplugged": true
}
JSON
  cp "$repo/LICENSE" "$pkg/LICENSE"
  (cd "$out" && npm pack --silent "$pkg" >/dev/null)
done

echo "== plugin"
plugin="$stage/dsh-plugin"
mkdir -p "$plugin"
cp -R "$here/lib" "$here/cordis.patch.yml" "$here/README.md" "$here/package.json" "$plugin/"
cp "$repo/LICENSE" "$plugin/LICENSE"
node -e '
const fs = require("fs"); const p = process.argv[1]; const v = process.argv[2]
const pkg = JSON.parse(fs.readFileSync(p, "utf8"))
delete pkg.devDependencies; delete pkg.scripts
pkg.optionalDependencies = {}
for (const os of ["linux", "darwin", "windows"]) for (const arch of ["amd64", "arm64"]) pkg.optionalDependencies[`@epistemicfold/ef-${os}-${arch}`] = v
fs.writeFileSync(p, JSON.stringify(pkg, null, 2) + "\n")
' "$plugin/package.json" "$version"
(cd "$out" && npm pack --silent "$plugin" >/dev/null)
ls -l "$out"
