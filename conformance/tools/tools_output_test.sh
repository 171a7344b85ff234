#!/bin/bash
# SPDX-License-Identifier: MIT
# The tools' output writing and input byte order (issue 16), for kiln-spirv
# and kiln-zink-lower:
#   - a write failure (missing directory, a full device) is a non-zero exit
#     with a message on stderr, nothing about it on stdout;
#   - -o on a symbolic link writes the file it names and keeps the link; on
#     a FIFO or /dev/null writes through and never replaces it;
#   - a module in the other byte order is taken by both, as by the driver
#     (one policy: spirv_byte_order() in shared/spirv/spirv_info.h).
# Run in build-asan/ as well (suite 'unit'), where LeakSanitizer checks that
# the tools free what they read.
# usage: tools_output_test.sh KILN_SPIRV KILN_ZINK_LOWER MODULE.spv
set -u
spirv=$1 lower=$2 module=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # description, condition command...
  local what=$1; shift
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; fails=$((fails + 1)); fi
}
has_error() { [ -s "$tmp/err" ] && ! grep -qi "cannot write\|No such file\|No space" "$tmp/out"; }

cat > "$tmp/p.vert" <<'GLSL'
#version 330
in vec4 pos;
void main() { gl_Position = pos; }
GLSL
cat > "$tmp/p.frag" <<'GLSL'
#version 330
out vec4 color;
void main() { color = vec4(1.0); }
GLSL

# ---- kiln-zink-lower -o DIR
"$lower" -o "$tmp/missing" "$tmp/p.vert" "$tmp/p.frag" > "$tmp/out" 2> "$tmp/err"
rc=$?
check "zink-lower: -o a missing directory fails" [ $rc -ne 0 ]
check "zink-lower: ... with the reason on stderr only" has_error
mkdir "$tmp/d"
"$lower" -o "$tmp/d" "$tmp/p.vert" "$tmp/p.frag" > "$tmp/out" 2> "$tmp/err"
check "zink-lower: -o DIR writes the modules" [ $? -eq 0 -a -s "$tmp/d/vertex.spv" ]
echo old > "$tmp/target"
rm "$tmp/d/vertex.spv"
ln -s "$tmp/target" "$tmp/d/vertex.spv"
"$lower" -o "$tmp/d" "$tmp/p.vert" "$tmp/p.frag" > /dev/null 2> "$tmp/err"
check "zink-lower: a link in DIR stays a link" [ -L "$tmp/d/vertex.spv" ]
check "zink-lower: ... and the file it names is written" cmp -s "$tmp/d/vertex.spv" "$tmp/d/vertex.second.spv"
rm "$tmp/d/fragment.spv"
mkfifo "$tmp/d/fragment.spv"
timeout 20 cat "$tmp/d/fragment.spv" > "$tmp/fifo_out" &  # a writer that never comes: fails, not hangs
reader=$!
"$lower" -o "$tmp/d" "$tmp/p.vert" "$tmp/p.frag" > /dev/null 2> "$tmp/err"
wait $reader
check "zink-lower: a FIFO in DIR stays a FIFO" [ -p "$tmp/d/fragment.spv" ]
check "zink-lower: ... and gets the module" cmp -s "$tmp/fifo_out" "$tmp/d/fragment.second.spv"

# ---- kiln-spirv -o FILE
"$spirv" -o "$tmp/missing/x.spv" "$module" > "$tmp/out" 2> "$tmp/err"
rc=$?
check "kiln-spirv: -o in a missing directory fails" [ $rc -ne 0 ]
check "kiln-spirv: ... with the reason on stderr only" has_error
# Device nodes through links in $tmp: a tool that replaces its output (the
# old tmp + rename) then replaces the link, never /dev/null itself.
ln -s /dev/full "$tmp/full"
ln -s /dev/null "$tmp/null"
if [ -c /dev/full ] && [ -w /dev/full ]; then
  "$spirv" -o "$tmp/full" "$module" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  check "kiln-spirv: -o /dev/full (through a link) fails" [ $rc -ne 0 ]
  check "kiln-spirv: ... with the reason on stderr only" has_error
  "$spirv" --print "$module" > /dev/full 2> "$tmp/err"
  check "kiln-spirv: --print to a full stdout fails" [ $? -ne 0 -a -s "$tmp/err" ]
  "$lower" --print "$tmp/p.vert" "$tmp/p.frag" > /dev/full 2> "$tmp/err"
  check "zink-lower: --print to a full stdout fails" [ $? -ne 0 -a -s "$tmp/err" ]
fi
"$spirv" -o "$tmp/null" "$module" > /dev/null 2> "$tmp/err"
check "kiln-spirv: -o /dev/null works and keeps the device" [ $? -eq 0 -a -L "$tmp/null" -a -c /dev/null ]
echo old > "$tmp/target2"
ln -s "$tmp/target2" "$tmp/link.spv"
"$spirv" -o "$tmp/link.spv" "$module" > /dev/null 2> "$tmp/err"
check "kiln-spirv: -o LINK keeps the link" [ $? -eq 0 -a -L "$tmp/link.spv" ]
"$spirv" -o "$tmp/plain.spv" "$module" > /dev/null 2> "$tmp/err"
check "kiln-spirv: ... and writes the file it names" cmp -s "$tmp/target2" "$tmp/plain.spv"
ln -s "$tmp/nowhere/x" "$tmp/dangling.spv"
"$spirv" -o "$tmp/dangling.spv" "$module" > /dev/null 2> "$tmp/err"
check "kiln-spirv: -o a dangling link fails, the link stays" [ $? -ne 0 -a -L "$tmp/dangling.spv" ]

# ---- byte order: the same module byte-swapped gives the same output
python3 -c 'import sys,array; a=array.array("I"); a.frombytes(open(sys.argv[1],"rb").read()); a.byteswap(); open(sys.argv[2],"wb").write(a.tobytes())' \
  "$module" "$tmp/swapped.spv"
"$spirv" -o "$tmp/from_swapped.spv" "$tmp/swapped.spv" > /dev/null 2> "$tmp/err"
check "kiln-spirv: a byte-swapped module is taken" [ $? -eq 0 ]
check "kiln-spirv: ... and gives the same output" cmp -s "$tmp/from_swapped.spv" "$tmp/plain.spv"
cp "$tmp/swapped.spv" "$tmp/x.compute.spv"
"$lower" --vulkan --no-lower "$tmp/x.compute.spv" > /dev/null 2> "$tmp/err"
check "zink-lower: a byte-swapped module is taken" [ $? -eq 0 ]

echo "$fails failed"
[ $fails -eq 0 ]
