#!/usr/bin/env bash
# Real-window smoke test of the built program: start dist/tabletop-arena on a virtual X
# screen (Xvfb), wait for its window, press Return three times (title -> game select ->
# setup Start) and click once in a corner, taking a screenshot after each step; check that
# every screen is drawn, that each Return changed the screen, that the program printed no
# traceback and is still running. Screenshots and the program's output are left
# in out/smoke/ (screenshot.png is the last one). Fails with one line on stderr.
#
# Environment: BINARY (default dist/tabletop-arena), PYTHON (one with pygame-ce, default
# .venv/bin/python), SMOKE_OUT (default out/smoke), SMOKE_PAUSE (seconds between steps, 2).
# Installs Xvfb, xdotool and scrot with apt-get when they are missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

BINARY=${BINARY:-dist/tabletop-arena}
PYTHON=${PYTHON:-.venv/bin/python}
OUT=${SMOKE_OUT:-out/smoke}
PAUSE=${SMOKE_PAUSE:-2}
WIDTH=1280
HEIGHT=720

fail() {
  echo "smoke test FAILED: $*" >&2
  exit 1
}

install_tools() {
  command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v scrot >/dev/null \
    && return 0
  command -v apt-get >/dev/null || fail "Xvfb, xdotool and scrot are missing and there is no apt-get"
  echo "installing xvfb, xdotool and scrot with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null || fail "apt-get update did not work"
  apt-get install -y -qq --no-install-recommends xvfb xdotool scrot >/dev/null \
    || fail "apt-get could not install xvfb, xdotool and scrot"
}

[[ -x "$BINARY" ]] || fail "no executable $BINARY (run 'make dist' first)"
[[ -x "$PYTHON" ]] || fail "no Python at $PYTHON to check the screenshots (run 'make test' first)"
install_tools

mkdir -p "$OUT"
rm -f "$OUT"/*.png "$OUT"/program.log
work=$(mktemp -d)
xvfb_pid=""
program_pid=""

stop_program() {
  [[ -n "$program_pid" ]] || return 0
  local children=()
  mapfile -t children < <(pgrep -P "$program_pid")  # the one-file bootloader's Python child
  kill "$program_pid" "${children[@]}" 2>/dev/null || true
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    kill -0 "$program_pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -9 "$program_pid" "${children[@]}" 2>/dev/null || true
  wait "$program_pid" 2>/dev/null || true
  program_pid=""
}

cleanup() {
  stop_program
  if [[ -n "$xvfb_pid" ]]; then
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# Xvfb chooses a free display itself and writes its number to the given descriptor;
# -noreset keeps its state (the pointer) when a client such as xdotool disconnects.
Xvfb -displayfd 3 -screen 0 "${WIDTH}x${HEIGHT}x24" -nolisten tcp -noreset \
  3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 50); do
  [[ -s "$work/display" ]] && break
  kill -0 "$xvfb_pid" 2>/dev/null || fail "Xvfb did not start: $(tail -n 1 "$work/xvfb.log")"
  sleep 0.2
done
[[ -s "$work/display" ]] || fail "Xvfb did not report a display within 10 s"
DISPLAY=":$(head -n 1 "$work/display")"
export DISPLAY
echo "Xvfb on $DISPLAY"
# Xvfb puts the pointer in the middle of the screen, where it would hover (and so focus) a
# button; park it in the top-left corner before the program starts.
xdotool mousemove 0 0

alive() {
  kill -0 "$program_pid" 2>/dev/null \
    || fail "the program exited during '$1'; last line of $OUT/program.log: $(tail -n 1 "$OUT/program.log")"
}

shot() {  # shot NAME: screenshot the whole virtual screen to $OUT/NAME.png
  alive "screenshot $1"
  scrot --overwrite "$OUT/$1.png" 2>>"$work/scrot.log" || fail "scrot could not take $1.png"
}

# A home of its own, so that settings and saves never touch the user's.
mkdir -p "$work/home"
HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share" \
  "$BINARY" >"$OUT/program.log" 2>&1 &
program_pid=$!

# Find the window by process: the one-file bootloader runs the program in a child process,
# and SDL marks its window with that process's id (_NET_WM_PID).
window=""
for _ in $(seq 180); do
  alive "waiting for the window"
  for pid in "$program_pid" $(pgrep -P "$program_pid" || true); do
    window=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -n 1 || true)
    [[ -n "$window" ]] && break 2
  done
  sleep 0.5
done
[[ -n "$window" ]] || fail "the program showed no window within 90 s"
echo "window $window: $(xdotool getwindowname "$window")"

# No window manager runs, so give the window the keyboard.
xdotool windowfocus "$window" 2>/dev/null || true
sleep "$PAUSE"
shot 1-title
for screen in 2-game-select 3-setup 4-table; do
  alive "pressing Return"
  xdotool key --clearmodifiers Return
  sleep "$PAUSE"
  shot "$screen"
done
# One click in the bottom-left corner, where no screen puts a control.
xdotool mousemove --window "$window" 6 $((HEIGHT - 6)) click 1
sleep "$PAUSE"
shot screenshot
alive "the final check"

# Every screen is drawn, each Return changed the screen, and the last is not the title.
check() {  # check SHOT [EARLIER]
  "$PYTHON" build/check_screenshot.py "$OUT/$1.png" ${2:+--differs-from "$OUT/$2.png"} \
    >/dev/null 2>"$work/check.log" || fail "$(cat "$work/check.log")"
}
check 1-title
check 2-game-select 1-title
check 3-setup 2-game-select
check 4-table 3-setup
check screenshot 1-title
if grep -q '^Traceback' "$OUT/program.log"; then
  grep -A 30 '^Traceback' "$OUT/program.log" >&2 || true
  fail "the program printed a traceback (above; the whole output is in $OUT/program.log)"
fi
stop_program
echo "smoke test passed: screenshots in $(cd "$OUT" && pwd)/ (last: screenshot.png)"
