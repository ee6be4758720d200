# Sourced by the scripts that build (Tools/release-build.sh, Tools/test.sh,
# Tools/extension-tests.sh): flags every one of their builds shares.
#
# lld, the toolchain's own linker, links the static release executable and
# the large debug test binary several times faster than the system default,
# and every rebuild links again; the binaries are the same programs
# (docs/DEPENDENCIES.md, "Linking: lld").
link_flags=(-Xswiftc -use-ld=lld)
