#!/bin/sh
# SPDX-License-Identifier: MIT
# kiln-spirv from the outside: exit statuses, messages, files. Every bad
# input must end in a message and status 1-3, never a signal.
# usage: kiln_spirv_test.sh KILN_SPIRV MODULE_DIR
set -u
tool=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

# expect NAME STATUS PATTERN COMMAND...: runs COMMAND, checks its exit
# status and that stdout+stderr match PATTERN (grep -E; '' for any).
expect() {
  name=$1 want=$2 pattern=$3
  shift 3
  "$@" >"$tmp/out" 2>&1
  got=$?
  if [ "$got" -ne "$want" ]; then
    echo "FAIL $name: exit status $got, want $want"; sed 's/^/  | /' "$tmp/out" | head -20
    fail=$((fail + 1)); return
  fi
  if [ -n "$pattern" ] && ! grep -Eq "$pattern" "$tmp/out"; then
    echo "FAIL $name: output does not match /$pattern/"; sed 's/^/  | /' "$tmp/out" | head -20
    fail=$((fail + 1)); return
  fi
  echo "ok   $name"
  pass=$((pass + 1))
}

vert=$dir/clip_cull.vert.spv
frag=$dir/interp.frag.spv

expect help 0 'usage: kiln-spirv' "$tool" --help
expect list-passes 0 'depth-range' "$tool" --list-passes
expect no-input 2 'no input file' "$tool"
expect two-inputs 2 'more than one input' "$tool" "$vert" "$frag"
expect bad-option 2 'usage' "$tool" --no-such-option "$vert"

expect translate-validate 0 '' "$tool" --validate -o "$tmp/a.spv" "$vert"
expect output-written 0 '' test -s "$tmp/a.spv"
# The tool's own output read back gives itself again.
expect second-trip 0 '' "$tool" --validate -o "$tmp/b.spv" "$tmp/a.spv"
expect second-trip-same 0 '' cmp "$tmp/a.spv" "$tmp/b.spv"

expect print-ir 0 'IR after spirv_to_nir' "$tool" --print "$frag"
expect dis 0 'OpEntryPoint Fragment' "$tool" --dis "$frag"
expect pass-print 0 'IR after depth-range' "$tool" --print --pass depth-range --validate "$vert"
expect pass-options 0 'IR after clip-vertex' \
  "$tool" --print --pass clip-vertex:planes=0x3,ubo=0.5 --validate "$vert"
expect pass-list 0 'IR after dce' "$tool" --print --pass depth-range,dce "$vert"
expect pass-unknown 2 'unknown pass' "$tool" --pass no-such-pass "$vert"
expect pass-bad-options 1 'pass flatshade' "$tool" --pass flatshade:banana "$frag"
expect pass-fails 1 'pass split-xfb' "$tool" --pass split-xfb:b0@0=loc7 "$vert"
expect stage-explicit 0 '' "$tool" --stage vert --entry main "$vert"
expect stage-unknown 2 'unknown stage' "$tool" --stage pixel "$vert"
expect stage-missing 1 'no entry point' "$tool" --stage frag "$vert"
expect entry-missing 1 "no entry point named 'nope'" "$tool" --entry nope "$vert"
expect target-each 0 '' "$tool" --validate -t vulkan1.2 "$vert"
expect target-unknown 2 'unknown target' "$tool" -t vulkan9.9 "$vert"
expect strip-names 0 '' sh -c "\"$tool\" --strip-names --dis \"$vert\" | grep -q OpName && exit 1 || exit 0"

expect missing-file 1 'No such file' "$tool" "$tmp/nothing.spv"
printf 'this is not a shader\n' >"$tmp/text.spv"
expect garbage 1 'neither SPIR-V nor SPIR-V assembly' "$tool" "$tmp/text.spv"
: >"$tmp/empty.spv"
expect empty 1 '' "$tool" "$tmp/empty.spv"
head -c 30 "$vert" >"$tmp/odd.spv"
expect odd-size 1 'whole number of SPIR-V words' "$tool" "$tmp/odd.spv"
head -c 200 "$vert" >"$tmp/truncated.spv"
expect truncated 1 'word' "$tool" "$tmp/truncated.spv"
# A corrupted word in the middle: an error with its offset, no crash.
cp "$vert" "$tmp/corrupt.spv"
printf '\377\377\377\377' | dd of="$tmp/corrupt.spv" bs=4 seek=40 conv=notrunc 2>/dev/null
"$tool" "$tmp/corrupt.spv" >"$tmp/out" 2>&1
st=$?
if [ "$st" -le 3 ]; then echo "ok   corrupt (status $st)"; pass=$((pass + 1));
else echo "FAIL corrupt: status $st"; fail=$((fail + 1)); fi

cat >"$tmp/asm.spvasm" <<'ASM'
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
ASM
expect assembly 0 'OpEntryPoint GLCompute' "$tool" --validate --dis "$tmp/asm.spvasm"
expect write-fails 1 '' "$tool" -o "$tmp/no/such/dir/out.spv" "$vert"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
