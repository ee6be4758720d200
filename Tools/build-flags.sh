# Sourced by the scripts that build (Tools/release-build.sh, Tools/test.sh,
# Tools/extension-tests.sh): flags every one of their builds shares.
#
# lld, the toolchain's own linker, links the static release executable and
# the debug test binary about three times faster than the system default,
# on every first build; the binaries are the same programs.
# docs/BENCHMARKS.md does not time links: docs/TESTING.md's first-run
# figures show the builds they are part of.
link_flags=(-Xswiftc -use-ld=lld)
