#!/usr/bin/env bash
# Installs Facet for one user: the release binary, shell completions (bash,
# zsh, fish) and the man page, in the standard places under a prefix.
#   bash Tools/install.sh [--prefix DIR] [--keep-debug-info]   (default: ~/.local)
# The binary is installed stripped of its debug information and symbol
# table, more than half of the built file and read only by a debugger;
# --keep-debug-info keeps them beside, in PREFIX/lib/debug/facet.debug,
# linked from the binary so gdb finds them.
# FACET_INSTALL_BINARY=PATH installs that binary instead of building one
# (the test suite installs the binary it already built).
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: bash Tools/install.sh [--prefix DIR] [--keep-debug-info]   (default: ~/.local)"
prefix="$HOME/.local"
keep_debug=false
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --keep-debug-info) keep_debug=true; shift ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "install.sh: unexpected '$1'" >&2; echo "$usage" >&2; exit 2 ;;
  esac
done
case $prefix in /*) ;; *) prefix="$PWD/$prefix" ;; esac

if [ -n "${FACET_INSTALL_BINARY:-}" ]; then
  binary=$FACET_INSTALL_BINARY
else
  bash Tools/install-deps.sh run
  # The release build leaves debug information out unless it is to be kept.
  if $keep_debug; then
    binary="$(FACET_DEBUG_INFO=1 bash Tools/release-build.sh)"
  else
    binary="$(bash Tools/release-build.sh)"
  fi
fi

bin="$prefix/bin"
man="$prefix/share/man/man1"
bash_dir="$prefix/share/bash-completion/completions"
zsh_dir="$prefix/share/zsh/site-functions"
fish_dir="$prefix/share/fish/vendor_completions.d"
install -d "$bin" "$man" "$bash_dir" "$zsh_dir" "$fish_dir"
# Written beside and renamed into place, so a running facet keeps its file.
strip -o "$bin/.facet.new" "$binary"
if $keep_debug; then
  install -d "$prefix/lib/debug"
  objcopy --only-keep-debug "$binary" "$prefix/lib/debug/facet.debug"
  objcopy --add-gnu-debuglink="$prefix/lib/debug/facet.debug" "$bin/.facet.new"
fi
chmod 0755 "$bin/.facet.new"
mv -f "$bin/.facet.new" "$bin/facet"

# The scripts and the page come from the installed binary itself, so they
# match its screens. It runs against a scratch data folder: installing must
# not create the user's database.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
generate() {  # generate FILE ARGS…: facet ARGS… into FILE, mode 0644
  local file=$1; shift
  FACET_HOME="$scratch" "$bin/facet" "$@" > "$scratch/out"
  install -m 0644 "$scratch/out" "$file"
}
generate "$bash_dir/facet" completion bash
generate "$zsh_dir/_facet" completion zsh
generate "$fish_dir/facet.fish" completion fish
generate "$man/facet.1" help --man

echo "Installed $bin/facet, its man page and bash/zsh/fish completions under $prefix." >&2
case ":$PATH:" in *":$bin:"*) ;; *) echo "Add $bin to PATH to run 'facet'." >&2 ;; esac
echo "zsh: add $zsh_dir to fpath (before compinit) if it is not there." >&2
