#!/bin/sh
# SPDX-License-Identifier: MIT
# kiln-vm-kernel.sh: fetch and cache the guest kernel of conformance/vm.
#
#   kiln-vm-kernel.sh [CACHE_DIR]      prints the kernel directory on success
#
# The guest is Debian's linux-image-6.12 from bookworm-security: unlike
# bookworm's 6.1 it has udmabuf and the system dma-heap built in and vgem as a
# module. vkms is not enabled in Debian's config, so it is built here out of
# tree from linux-source-6.12 of exactly the same version, against the
# extracted linux-headers and linux-kbuild packages. Nothing is installed:
# every package is fetched with `apt-get download` and unpacked with dpkg-deb
# into a scratch directory that is removed afterwards.
#
# The kernel directory (CACHE_DIR/<release>/, about 75 MB) holds:
#   vmlinux (uncompressed ELF, booted through PVH: no in-guest decompression)
#   or vmlinuz, config, VERSION, modules/*.ko and modules/order (the modules
#   the guest loads, dependencies first).
#
# When the host's apt sources have no bookworm-security (the suite that
# carries 6.12), or its lists are stale, a private apt state under
# CACHE_DIR/apt is used, pointing at the security archive next to the host's
# Debian mirror; no system file is touched (KILN_VM_APT=private forces that
# path, to test it). Exit status: 0 ready, 77 the kernel cannot be obtained
# here (the reason is printed: callers report the VM tests as skipped), 1 a
# real error.
set -eu

CACHE=${1:-${KILN_VM_CACHE:-/var/tmp/kiln-vm}}
MODULES="vgem vkms"
note() { echo "kiln-vm-kernel: $*" >&2; }
skip() { echo "kiln-vm-kernel: cannot get the guest kernel: $*" >&2; exit 77; }

mkdir -p "$CACHE"
APT_PRIVATE=$CACHE/apt
apt_private() {  # apt-get/apt-cache with the private state
   cmd=$1; shift
   "$cmd" -o Dir::Etc::sourcelist="$APT_PRIVATE/sources.list" -o Dir::Etc::sourceparts=- \
      -o Dir::State::Lists="$APT_PRIVATE/lists" -o Dir::Cache="$APT_PRIVATE/cache" \
      -o Debug::NoLocking=1 "$@"
}

# The security archive's URI: next to the host's main Debian mirror.
security_uri() {
   uri=$(grep -rhE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null |
         grep -o 'https\?://[^ ]*/debian/\?$' | head -n1 || true)
   [ -n "$uri" ] || uri=http://deb.debian.org/debian
   echo "${uri%/}-security"
}

# Which package: what linux-image-6.12-amd64 depends on.
resolve_kpkg() {  # $1 = apt-cache command (apt-cache or "apt_private apt-cache")
   $1 depends linux-image-6.12-amd64 2>/dev/null |
      sed -n 's/^ *Depends: \(linux-image-6\.12\.[^ ]*-amd64\)$/\1/p' | head -n1
}

APT="apt-get" APTC="apt-cache"
if [ -s "$CACHE/current" ] && [ -s "$CACHE/$(cat "$CACHE/current")/ready" ]; then
   echo "$CACHE/$(cat "$CACHE/current")"
   exit 0
fi
command -v apt-get >/dev/null 2>&1 || skip "no apt-get on this machine"
use_private_apt() {
   note "using a private apt state for bookworm-security ($(security_uri))"
   mkdir -p "$APT_PRIVATE/lists/partial" "$APT_PRIVATE/cache/archives/partial"
   echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $(security_uri) bookworm-security main" \
      > "$APT_PRIVATE/sources.list"
   apt_private apt-get update -qq >&2 2>/dev/null ||
      skip "apt-get update of $(security_uri) bookworm-security failed (no network to the Debian mirror?)"
   APT="apt_private apt-get" APTC="apt_private apt-cache"
   KPKG=$(resolve_kpkg "$APTC")
   [ -n "$KPKG" ] || skip "bookworm-security has no linux-image-6.12-amd64"
}
KPKG=
[ "${KILN_VM_APT:-}" = private ] || KPKG=$(resolve_kpkg apt-cache)
if [ -z "$KPKG" ]; then
   note "the host's apt sources have no linux-image-6.12"
   use_private_apt
fi
KREL=${KPKG#linux-image-}   # 6.12.117+deb12-amd64
KABI=${KREL%-amd64}         # 6.12.117+deb12
KDIR=$CACHE/$KREL
if [ -s "$KDIR/ready" ]; then
   echo "$KREL" > "$CACHE/current"
   echo "$KDIR"
   exit 0
fi
VER=$($APTC policy "$KPKG" 2>/dev/null | sed -n 's/^ *Candidate: //p')
[ -n "$VER" ] && [ "$VER" != "(none)" ] || skip "no candidate version of $KPKG"
for tool in dpkg-deb make objcopy xz zstd gcc-12; do
   command -v $tool >/dev/null 2>&1 || skip "$tool is not installed (see .ci/packages)"
done

# One builder at a time (several test runs may start together).
exec 9>"$CACHE/.lock"
flock 9
if [ -s "$KDIR/ready" ]; then echo "$KDIR"; exit 0; fi

t0=$(date +%s)
note "building the guest kernel cache for $KPKG $VER in $KDIR"
W=$(mktemp -d "$CACHE/build.XXXXXX")
trap 'rm -rf "$W"' EXIT
cd "$W"
download() {
   $APT download "$KPKG=$VER" "linux-headers-$KREL=$VER" "linux-headers-$KABI-common=$VER" \
      "linux-kbuild-$KABI=$VER" "linux-source-6.12=$VER" >download.log 2>&1
}
if ! download; then
   # The host's lists may name a version the mirror no longer has.
   if [ "$APT" = apt-get ]; then
      note "download with the host's apt lists failed; retrying with fresh lists"
      use_private_apt
      VER=$($APTC policy "$KPKG" 2>/dev/null | sed -n 's/^ *Candidate: //p')
      KREL=${KPKG#linux-image-} KABI=${KREL%-amd64} KDIR=$CACHE/${KPKG#linux-image-}
   fi
   download || { cat download.log >&2; skip "apt-get download of the 6.12 kernel packages failed"; }
fi
mkdir img hdr src out out/modules vkms
dpkg-deb -x linux-image-*.deb img
for d in linux-headers-*.deb linux-kbuild-*.deb; do dpkg-deb -x "$d" hdr; done
cp "img/boot/config-$KREL" out/config
cp "img/boot/vmlinuz-$KREL" out/vmlinuz
# The bzImage carries a zstd-compressed ELF vmlinux; booting that directly
# (PVH entry) skips the guest's decompressor.
if grep -q '^CONFIG_PVH=y' out/config; then
   off=$(LC_ALL=C grep -obUaP '\x28\xb5\x2f\xfd' out/vmlinuz | head -n1 | cut -d: -f1 || true)
   if [ -n "$off" ]; then
      tail -c +$((off + 1)) out/vmlinuz | zstd -dcq 2>/dev/null > out/vmlinux || true
      [ "$(head -c 4 out/vmlinux | od -An -c | tr -d ' ')" = '177ELF' ] || rm -f out/vmlinux
   fi
fi
[ -s out/vmlinux ] && rm out/vmlinuz

# vkms, out of tree.
dpkg-deb --fsys-tarfile linux-source-6.12_*.deb |
   tar -xO ./usr/src/linux-source-6.12.tar.xz | xz -dc |
   tar -x -C src --wildcards 'linux-source-6.12/drivers/gpu/drm/vkms/*'
cp src/linux-source-6.12/drivers/gpu/drm/vkms/* vkms/
H=$W/hdr/usr/src/linux-headers-$KREL
sed -i "s|^include /usr/src/|include $W/hdr/usr/src/|" "$H/Makefile"
make -s -C "$H" M="$W/vkms" CONFIG_DRM_VKMS=m CONFIG_DEBUG_INFO_BTF_MODULES= modules >vkms.log 2>&1 ||
   { cat vkms.log >&2; echo "kiln-vm-kernel: building vkms.ko failed" >&2; exit 1; }
strip --strip-debug vkms/vkms.ko

# The modules the guest loads and their dependencies (from each module's
# .modinfo: the package ships no depmod output), dependencies first.
find "img/lib/modules/$KREL/kernel" -name '*.ko.xz' > pool
echo "$W/vkms/vkms.ko" >> pool
: > order
add_module() {
   local m f deps d
   m=$(echo "$1" | tr - _)
   grep -qx "$m" order && return 0
   f=$(awk -v m="$m" '{ n = $0; sub(/.*\//, "", n); sub(/\.ko(\.xz)?$/, "", n); gsub(/-/, "_", n) }
                      n == m { print; exit }' pool)
   [ -n "$f" ] || return 0  # built in

   case "$f" in *.xz) xz -dc "$f" > "out/modules/$m.ko" ;; *) cp "$f" "out/modules/$m.ko" ;; esac
   deps=$(objcopy -O binary -j .modinfo "out/modules/$m.ko" /dev/stdout | tr '\0' '\n' |
          sed -n 's/^depends=//p' | tr , ' ')
   for d in $deps; do add_module "$d"; done
   echo "$m" >> order
}
for m in $MODULES; do add_module "$m"; done
cp order out/modules/order
echo "$KPKG $VER" > out/VERSION
date +%s > out/ready
rm -rf "$KDIR"
mv out "$KDIR"
echo "$KREL" > "$CACHE/current"
note "ready in $(($(date +%s) - t0)) s: $(du -sh "$KDIR" | cut -f1) in $KDIR"
echo "$KDIR"
