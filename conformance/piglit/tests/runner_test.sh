#!/bin/sh
# SPDX-License-Identifier: MIT
# piglit-run.sh on a fake piglit tree whose "tests" are shell scripts with
# known results: piglit's result rules (PIGLIT: lines, subtests, exit status,
# signals, timeouts), the set filter, and the expectation comparison
# (improved / regressed / changed, exit status).
#   runner_test.sh PIGLIT_RUN
set -u
runner=$1
dir=$(mktemp -d "${TMPDIR:-/tmp}/piglit-runner-test.XXXXXX")
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/bin" "$dir/tests"
tool() { printf '#!/bin/sh\n%s\n' "$2" > "$dir/bin/$1"; chmod +x "$dir/bin/$1"; }
tool t-pass 'echo "PIGLIT: {\"result\": \"pass\" }"'
tool t-fail 'echo "Probe at (1,1): wrong"; echo "PIGLIT: {\"result\": \"fail\" }"; exit 1'
tool t-skip 'echo "Test requires GL 9.9"; echo "PIGLIT: {\"result\": \"skip\" }"'
tool t-warn 'echo "PIGLIT: {\"result\": \"pass\" }"; exit 3'
tool t-crash 'echo "about to abort"; kill -ABRT $$'
tool t-hang 'sleep 30'
tool t-sub 'echo "PIGLIT: {\"subtest\": {\"a\" : \"pass\"}}"; echo "PIGLIT: {\"subtest\": {\"b\" : \"fail\"}}"; exit 1'
tool t-args '[ "$1" = "x y" ] && [ "$2" = "-auto" ] && [ "$3" = "-fbo" ] && echo "PIGLIT: {\"result\": \"pass\" }"'
test_xml() { printf '<Test type="gl" name="%s"><option name="command" value="[%s]" /><option name="run_concurrent" value="True" /></Test>' "$1" "$2"; }
{
  printf '<?xml version="1.0"?><PiglitTestList name="opengl">'
  test_xml 'fake@pass' "'t-pass'"
  test_xml 'fake@fail' "'t-fail'"
  test_xml 'fake@skip' "'t-skip'"
  test_xml 'fake@warn' "'t-warn'"
  test_xml 'fake@crash' "'t-crash'"
  test_xml 'fake@hang' "'t-hang'"
  test_xml 'fake@sub, with comma' "'t-sub'"
  test_xml 'fake@args &lt;q&gt;' "'t-args', 'x y'"
  test_xml 'other@pass' "'t-pass'"
  printf '<Test type="gl" name="fake@glx-only"><option name="require_platforms" value="[&apos;glx&apos;]" /><option name="command" value="[&apos;t-pass&apos;]" /><option name="run_concurrent" value="True" /></Test>'
  printf '</PiglitTestList>'
} | gzip > "$dir/tests/opengl.xml.gz"
printf '<PiglitTestList name="shader"></PiglitTestList>' | gzip > "$dir/tests/shader.xml.gz"

fail=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }
run() { PIGLIT_DIR=$dir "$runner" -d llvmpipe -j 3 -t 2 -o "$dir/out" "$@" > "$dir/log" 2>&1; echo $?; }
result() { awk -F '\t' -v n="$1" '$1 == n { print $2 }' "$dir/out/results.tsv"; }

rc=$(run -w "$dir/written.txt" 'all-of:^fake@')
check "a run with failures and no expectations exits 1" '[ "$rc" = 1 ]'
check "the set filter kept 8 tests (not other@, not glx-only)" '[ "$(wc -l < "$dir/out/results.tsv")" = 8 ]'
for t in pass fail skip warn crash; do check "fake@$t is $t" '[ "$(result fake@$t)" = $t ]'; done
check "a test past its timeout is timeout" '[ "$(result fake@hang)" = timeout ]'
check "a failing subtest fails the test" '[ "$(result "fake@sub, with comma")" = fail ]'
check "arguments with spaces, XML entities, -auto -fbo" '[ "$(result "fake@args <q>")" = pass ]'
check "the summary counts" 'grep -q "^pass  *2$" "$dir/log" && grep -q "^total  *8$" "$dir/log"'
check "the written file lists the 6 non-passing tests" '[ "$(grep -vc "^#" "$dir/written.txt")" = 6 ]'
check "a crash's reason names the signal" 'grep -q "^fake@crash,Crash # SIGABRT: about to abort$" "$dir/written.txt"'

rc=$(run -e "$dir/written.txt" 'all-of:^fake@')
check "the same results against the written file exit 0" '[ "$rc" = 0 ] && grep -q "0 improved, 0 regressed, 0 changed" "$dir/log"'

{ grep -v '^fake@fail,' "$dir/written.txt" | sed 's/^fake@skip,Skip/fake@skip,Fail/'; echo 'fake@pass,Fail # was broken'; } > "$dir/edited.txt"
rc=$(run -e "$dir/edited.txt" 'all-of:^fake@')
check "an edited file: exit 1" '[ "$rc" = 1 ]'
check "a listed test that passes is improved" 'grep -q "^improved  fake@pass " "$dir/log"'
check "an unlisted failure is regressed" 'grep -q "^regressed fake@fail: Fail # Probe at (1,1): wrong" "$dir/log"'
check "another status is changed" 'grep -q "^changed   fake@skip: Fail -> Skip" "$dir/log"'

[ $fail -ne 0 ] && { echo "---- last log"; cat "$dir/log"; }
echo "runner_test: $([ $fail -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed")"
exit $fail
