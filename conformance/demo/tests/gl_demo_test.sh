#!/bin/sh
# SPDX-License-Identifier: MIT
# The GL main job: on llvmpipe (Mesa's EGL) it must exit 0, check its
# transform-feedback capture and write a picture; with MODE kiln it must
# also render through kiln's EGL and GL and give llvmpipe's picture within
# rounding.
#   gl_demo_test.sh KILN_RUN KILN_GL_DEMO OUT_DIR PNG_COMPARE kiln|llvmpipe-only
set -u
run=$1 demo=$2 out=$3 compare=$4 mode=$5
mesa_egl=/usr/share/glvnd/egl_vendor.d/50_mesa.json
fail=0
log=$(__EGL_VENDOR_LIBRARY_FILENAMES=$mesa_egl LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe \
      "$demo" -o "$out/gl-demo-llvmpipe.png" 2>&1); rc=$?
printf '%s\n' "$log"
[ $rc -eq 0 ] || { echo "FAIL: kiln-gl-demo exited $rc on llvmpipe"; echo "0 passed, 1 failed"; exit 1; }
printf '%s\n' "$log" | grep -q "GL_RENDERER: llvmpipe" || { echo "FAIL: not rendered by llvmpipe"; fail=1; }
printf '%s\n' "$log" | grep -q "transform feedback: [1-9][0-9]* vertices captured" ||
   { echo "FAIL: no transform-feedback check"; fail=1; }
if [ "$mode" = kiln ]; then
   log=$("$run" "$demo" -o "$out/gl-demo-kiln.png" 2>&1); rc=$?
   printf '%s\n' "$log"
   [ $rc -eq 0 ] || { echo "FAIL: kiln-gl-demo exited $rc on kiln"; fail=1; }
   printf '%s\n' "$log" | grep -q "through kiln's EGL" || { echo "FAIL: not through kiln's EGL"; fail=1; }
   [ $rc -eq 0 ] && { "$compare" "$out/gl-demo-kiln.png" "$out/gl-demo-llvmpipe.png" 3 5 || fail=1; }
else
   echo "kiln's GL is not built (no zink/gl zgl): llvmpipe only"
fi
[ $fail -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $fail
