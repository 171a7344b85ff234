#!/bin/busybox sh
# SPDX-License-Identifier: MIT
# /init of the kiln-vm guest (PID 1, busybox only): mount the usual file
# systems, load the DRM modules (vgem, vkms and their dependencies; udmabuf
# and the system dma-heap are built into the kernel), run /kiln-vm/cmd with
# the /kiln-vm/env variables, report its exit status on the console, power
# off. A panic reboots, which -no-reboot turns into qemu exiting.
/bin/busybox --install -s /bin
export PATH=/bin:/sbin:/usr/bin:/usr/sbin HOME=/root
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs shm /dev/shm
# No tmpfs on /tmp: the initramfs root is already writable RAM, and test
# files are placed at their host paths, which may be under /tmp (a CI clone
# in /tmp/...): a mount there would hide them.
mkdir -p /tmp
for m in $(cat /kiln-vm/modules/order); do
   insmod /kiln-vm/modules/$m.ko || echo "kiln-vm guest: insmod $m failed"
done
# Shared libraries sit where they do on the host (Debian's multiarch dirs).
export LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu
. /kiln-vm/env
echo "@@KILN_VM_START@@"
cd /
sh /kiln-vm/cmd
rc=$?
echo "@@KILN_VM_EXIT=$rc@@"
poweroff -f
