#!/bin/sh
# SPDX-License-Identifier: MIT
# piglit-run.sh: runs a set of piglit tests (the Debian package) on surfaceless
# EGL, on kiln or on a Mesa peer, N at a time, printing progress, a summary, and
# what improved or regressed against an expectation file (docs/piglit.md).
#
#   piglit-run.sh [options] SET
#     SET              xfb | glsl | egl | ci | all-of:REGEX (see docs/piglit.md)
#     -d DRIVER        kiln (default, through kiln-run), llvmpipe, zink-lavapipe
#     -j N             parallel jobs (default: the number of CPUs)
#     -b BUILD         kiln's build directory (default: <top>/build)
#     -e FILE          expectation file ("name,Status # reason" per non-passing
#                      test; default conformance/piglit/expectations/DRIVER-SET.txt,
#                      none when it does not exist: every test is expected to pass)
#     -w FILE          write the run's non-passing tests as an expectation file
#     -o DIR           keep results and logs there (default: a temporary folder)
#     -t SECONDS       per-test timeout (default 120)
#     -q               no per-test progress lines
# Exits 0 when every result matches its expectation, 1 when any differs (a
# regression, or a listed test that now passes: delete its line), 2 on misuse.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/conformance/piglit
piglit=${PIGLIT_DIR:-/usr/lib/x86_64-linux-gnu/piglit}

# --one: the per-test worker that xargs starts; arguments are the run folder,
# the timeout and one line of the test list (name<TAB>argv).
if [ "${1:-}" = --one ]; then
   out=$2 timeout_s=$3 line=$4
   # The shell's own "Aborted"-style notices for crashing tests would
   # interleave with the progress lines; the test's output is in its log.
   exec 2>/dev/null
   name=${line%%	*}
   argv=${line#*	}
   log=$out/logs/$(printf '%s' "$name" | tr -c 'A-Za-z0-9_.-' '_').log
   start=$(date +%s.%N)
   status=0
   ( cd "$piglit" && eval "exec timeout -k 5 $timeout_s $KILN_PIGLIT_PREFIX $argv" ) > "$log" 2>&1 \
      || status=$?
   end=$(date +%s.%N)
   # piglit's own rules (framework/test/base.py): the last PIGLIT: line's
   # result, any failing subtest makes the test fail, a signal is a crash, a
   # non-zero exit turns pass into warn and anything else into fail.
   result=$(sed -n 's/^PIGLIT: *{ *"result" *: *"\([a-z]*\)".*/\1/p' "$log" | tail -n 1)
   subfail=$(grep -c '^PIGLIT: *{ *"subtest" *: *{.*: *"\(fail\|crash\)"' "$log" || true)
   if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
      result=timeout
   elif [ "$status" -gt 128 ]; then
      result=crash
   elif [ -z "$result" ]; then
      if grep -q '^PIGLIT: *{ *"subtest"' "$log"; then
         if [ "$subfail" -gt 0 ]; then result=fail; else result=pass; fi
      else
         result=fail
      fi
   fi
   if [ "$status" -ne 0 ] && [ "$result" != crash ] && [ "$result" != timeout ]; then
      if [ "$result" = pass ]; then result=warn; else result=fail; fi
   fi
   [ "$result" = pass ] && [ "$subfail" -gt 0 ] && result=fail
   # Why it did not pass: the last line the test printed that says so
   # (fail, error, expected, probe, requires, ...), else its last words;
   # Mesa's warning about XDG_RUNTIME_DIR, printed by every run, is none.
   why=
   if [ "$result" != pass ]; then
      why=$(grep -v -e '^PIGLIT:' -e 'XDG_RUNTIME_DIR' "$log" | grep -i -E 'fail|error|expect|probe|requires|support|abort' | tail -n 1)
      [ -n "$why" ] || why=$(grep -v '^PIGLIT:' "$log" | grep '[A-Za-z]' | tail -n 1)
      # piglit tries several contexts before giving up: name them.
      if grep -q 'Failed to create any GL context' "$log"; then
         why="no GL context of: $(sed -n 's/.*Failed to create waffle_[a-z]* for \(.*\) Context$/\1/p' "$log" | paste -sd ',' -)"
      fi
      why=$(printf '%s' "$why" | tr '\t' ' ' | cut -c1-120)
      [ -n "$why" ] || [ "$result" = crash ] || why="the test printed no reason"
      [ "$result" = timeout ] && why="timed out after ${timeout_s}s"
      if [ "$result" = crash ]; then
         sig=$(kill -l $((status - 128)) 2>/dev/null || echo "?")
         why="SIG$sig${why:+: $why}"
      fi
   else
      rm -f "$log"
   fi
   secs=$(echo "$end - $start" | bc)
   printf '%s\t%s\t%s\t%s\n' "$name" "$result" "$secs" "$why" >> "$out/results.tsv"
   if [ -z "${KILN_PIGLIT_QUIET:-}" ]; then
      done_n=$(wc -l < "$out/results.tsv")
      printf '[%d/%d] %-7s %s\n' "$done_n" "$(cat "$out/total")" "$result" "$name"
   fi
   exit 0
fi

usage() { sed -n '3,19p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

driver=kiln jobs=$(nproc) build=$top/build expect= write= outdir= timeout_s=120 quiet=
while getopts d:j:b:e:w:o:t:qh opt; do
   case $opt in
      d) driver=$OPTARG;; j) jobs=$OPTARG;; b) build=$OPTARG;; e) expect=$OPTARG;;
      w) write=$OPTARG;; o) outdir=$OPTARG;; t) timeout_s=$OPTARG;; q) quiet=1;;
      *) usage;;
   esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
set_name=$1

case $set_name in
   xfb)  regex='^spec@(ext_transform_feedback[^@]*|arb_transform_feedback(2|3|_instanced|_overflow_query))@|xfb';;
   glsl) regex='^spec@glsl-1\.(30|40|50)@';;
   egl)  regex='^spec@egl';;
   ci)   regex=;;
   all-of:*) regex=${set_name#all-of:};;
   *) echo "piglit-run: unknown set '$set_name'" >&2; usage;;
esac

# The environment that picks the driver. Peers get Mesa's EGL vendor only,
# kiln gets kiln-run's (the Khronos loader and glvnd pointed at the build).
lvp_icd=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
mesa_egl=/usr/share/glvnd/egl_vendor.d/50_mesa.json
case $driver in
   kiln)
      [ -x "$build/shared/wrapper/kiln-run" ] || { echo "piglit-run: no $build/shared/wrapper/kiln-run" >&2; exit 2; }
      # gl_compat: zgl's partial compatibility contexts, which shader_runner
      # asks GLSL 1.30 tests for (docs/zink-gl.md says what they lack).
      KILN_PIGLIT_PREFIX="env KILN_DEBUG=gl_compat${KILN_DEBUG:+,$KILN_DEBUG} '$build/shared/wrapper/kiln-run'";;
   llvmpipe)
      KILN_PIGLIT_PREFIX="env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe __EGL_VENDOR_LIBRARY_FILENAMES=$mesa_egl";;
   zink-lavapipe)
      KILN_PIGLIT_PREFIX="env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=zink VK_ICD_FILENAMES=$lvp_icd VK_DRIVER_FILES=$lvp_icd __EGL_VENDOR_LIBRARY_FILENAMES=$mesa_egl";;
   *) echo "piglit-run: unknown driver '$driver'" >&2; usage;;
esac
# PIGLIT_SOURCE_DIR: what piglit's framework gives tests that load data
# files (framework/options.py).
export KILN_PIGLIT_PREFIX PIGLIT_PLATFORM=surfaceless_egl PIGLIT_SOURCE_DIR="$piglit"
[ -n "$quiet" ] && export KILN_PIGLIT_QUIET=1
[ -z "$expect" ] && [ -f "$here/expectations/$driver-$set_name.txt" ] && expect=$here/expectations/$driver-$set_name.txt

if [ -z "$outdir" ]; then
   outdir=$(mktemp -d "${TMPDIR:-/tmp}/kiln-piglit.XXXXXX")
   trap 'rm -rf "$outdir"' EXIT
fi
mkdir -p "$outdir/logs"
: > "$outdir/results.tsv"

# The test list: piglit's generated XML (one <Test> per test) as
# "name<TAB>concurrent<TAB>argv" lines, argv shell-quoted, with the arguments
# piglit's framework adds (framework/test/piglit_test.py, shader_test.py):
# bin/ before the program, -auto, and -fbo for tests that run concurrently.
# Tests whose require_platforms omit surfaceless_egl (or whose
# exclude_platforms name it) are left out, as piglit skips them unrun.
zcat "$piglit/tests/opengl.xml.gz" "$piglit/tests/shader.xml.gz" | sed 's/<Test /\n<Test /g' | awk -v root="$piglit" '
   function unxml(s) {
      gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s);
      gsub(/&apos;/, "\047", s); gsub(/&amp;/, "\\&", s); return s
   }
   function opt(line, key,    m) {
      if (match(line, "<option name=\"" key "\" value=\"[^\"]*\"")) {
         m = substr(line, RSTART, RLENGTH); sub(/^[^=]*=[^=]*=\"/, "", m); sub(/\"$/, "", m)
         return unxml(m)
      }
      return ""
   }
   /^<Test / {
      match($0, /name="[^"]*"/); name = unxml(substr($0, RSTART + 6, RLENGTH - 7))
      type = $0; sub(/^<Test type="/, "", type); sub(/".*/, "", type)
      req = opt($0, "require_platforms"); excl = opt($0, "exclude_platforms")
      if (req != "" && req !~ /surfaceless_egl/) next
      if (excl ~ /surfaceless_egl/) next
      conc = opt($0, "run_concurrent") == "True"
      cmd = opt($0, "command"); sub(/^\[/, "", cmd); sub(/\]$/, "", cmd); gsub(/\047, \047/, "\047 \047", cmd)
      # cmd is now "\047prog\047 \047arg\047 ...": put bin/ before the program.
      sub(/^\047/, "\047" root "/bin/", cmd)
      if (type == "shader") {
         sub(/ \047/, " \047" root "/", cmd); cmd = cmd " -auto -fbo"
      } else if (type == "gl_builtin") {
         sub(/ \047/, " \047" root "/tests/", cmd); cmd = cmd (conc ? " -auto -fbo" : " -auto")
      } else {
         cmd = cmd (conc ? " -auto -fbo" : " -auto")
      }
      print name "\t" conc "\t" cmd
   }' > "$outdir/all.tsv"

if [ "$set_name" = ci ]; then
   grep -v '^#' "$here/ci-tests.txt" | grep -v '^$' > "$outdir/ci-names"
   awk -F '\t' 'NR == FNR { want[$0] = 1; next } $1 in want' "$outdir/ci-names" "$outdir/all.tsv" > "$outdir/set.tsv"
   missing=$(( $(wc -l < "$outdir/ci-names") - $(wc -l < "$outdir/set.tsv") ))
   [ "$missing" -eq 0 ] || { echo "piglit-run: $missing names in ci-tests.txt are not piglit tests" >&2; exit 2; }
else
   awk -F '\t' -v re="$regex" 'tolower($1) ~ re' "$outdir/all.tsv" > "$outdir/set.tsv"
fi
total=$(wc -l < "$outdir/set.tsv")
echo "$total" > "$outdir/total"
[ "$total" -gt 0 ] || { echo "piglit-run: set '$set_name' is empty" >&2; exit 2; }
echo "piglit-run: $total tests of set '$set_name' on $driver, $jobs jobs, timeout ${timeout_s}s${expect:+, expectations $expect}"

# Concurrent tests N at a time, then the others one by one (piglit runs
# tests that measure time or grab the screen alone).
start=$(date +%s)
cut -f 1,3 < "$outdir/set.tsv" > "$outdir/cmds.tsv"
awk -F '\t' '$2 == 1 { print $1 "\t" $3 }' "$outdir/set.tsv" | tr '\n' '\0' |
   xargs -0 -r -P "$jobs" -n 1 "$0" --one "$outdir" "$timeout_s"
awk -F '\t' '$2 == 0 { print $1 "\t" $3 }' "$outdir/set.tsv" | tr '\n' '\0' |
   xargs -0 -r -P 1 -n 1 "$0" --one "$outdir" "$timeout_s"
secs=$(( $(date +%s) - start ))

echo "==== piglit-run summary: set $set_name on $driver"
for s in pass fail warn skip crash timeout; do
   printf '%-8s %d\n' "$s" "$(awk -F '\t' -v s="$s" '$2 == s' "$outdir/results.tsv" | wc -l)"
done
printf '%-8s %d\n' total "$total"
printf 'time     %dm%02ds with %d jobs\n' $((secs / 60)) $((secs % 60)) "$jobs"

# Expectations: "name,Status # reason"; the name is everything before the last
# comma (piglit names may hold commas); unlisted tests are expected to pass.
cap() { awk -F '\t' '{ s = $2; $2 = toupper(substr(s, 1, 1)) substr(s, 2); print $1 "\t" $2 "\t" $4 }' OFS='\t'; }
if [ -n "$write" ]; then
   {
      echo "# piglit set '$set_name' on $driver (surfaceless EGL), written by piglit-run.sh -w."
      echo "# One \"name,Status # reason\" line per test that does not pass; unlisted tests pass."
      cap < "$outdir/results.tsv" | awk -F '\t' '$2 != "Pass" { print $1 "," $2 " # " $3 }' | sort
   } > "$write"
   echo "wrote $write"
fi
rc=0
if [ -n "$expect" ]; then
   sed -e '/^#/d' -e '/^$/d' -e 's/ #.*$//' "$expect" |
      awk '{ i = match($0, /,[^,]*$/); print substr($0, 1, i - 1) "\t" substr($0, i + 1) }' > "$outdir/expect.tsv"
   cap < "$outdir/results.tsv" | awk -F '\t' '
      NR == FNR { want[$1] = $2; next }
      { e = ($1 in want) ? want[$1] : "Pass"
        if ($2 == e) next
        if ($2 == "Pass") print "improved  " $1 " (listed " e ": delete its line)"
        else if (e == "Pass") print "regressed " $1 ": " $2 " # " $3
        else print "changed   " $1 ": " e " -> " $2 " # " $3 }' "$outdir/expect.tsv" - > "$outdir/diff.txt"
   improved=$(grep -c '^improved' "$outdir/diff.txt" || true)
   regressed=$(grep -c '^regressed' "$outdir/diff.txt" || true)
   changed=$(grep -c '^changed' "$outdir/diff.txt" || true)
   cat "$outdir/diff.txt"
   echo "against $(basename "$expect"): $improved improved, $regressed regressed, $changed changed status"
   [ -s "$outdir/diff.txt" ] && rc=1
else
   notpass=$(awk -F '\t' '$2 != "pass"' "$outdir/results.tsv" | wc -l)
   echo "no expectation file: $notpass tests did not pass"
   [ "$notpass" -eq 0 ] || rc=1
fi
exit $rc
