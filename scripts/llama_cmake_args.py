"""Print CMAKE_ARGS for building llama.cpp on this CPU: its instruction sets, AMX always off.

A native build (-march=native) takes ggml's AMX path on some Xeons and crashes at the first decode
(ggml-org/llama.cpp#20824). So on x86-64 the flags are derived from /proc/cpuinfo instead.
PAPERCHAT_CUDA=1 adds a CUDA build (needs the CUDA toolkit); PAPERCHAT_CMAKE_ARGS overrides all.
"""

from __future__ import annotations

import os
import platform
from pathlib import Path

# cpuinfo flag -> ggml CMake option, in ggml's own order.
X86_FLAGS = {
    "avx": "GGML_AVX",
    "avx2": "GGML_AVX2",
    "fma": "GGML_FMA",
    "f16c": "GGML_F16C",
    "avx512f": "GGML_AVX512",
    "avx512vbmi": "GGML_AVX512_VBMI",
    "avx512_vnni": "GGML_AVX512_VNNI",
    "avx512_bf16": "GGML_AVX512_BF16",
}
AMX_OFF = ["GGML_AMX_TILE", "GGML_AMX_INT8", "GGML_AMX_BF16"]


def cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def cmake_args() -> str:
    if override := os.environ.get("PAPERCHAT_CMAKE_ARGS"):
        return override
    args: list[str] = []
    if platform.machine().lower() in {"x86_64", "amd64"}:
        flags = cpu_flags()
        args.append("-DGGML_NATIVE=OFF")
        args += [f"-D{opt}={'ON' if flag in flags else 'OFF'}" for flag, opt in X86_FLAGS.items()]
        args += [f"-D{opt}=OFF" for opt in AMX_OFF]
    if os.environ.get("PAPERCHAT_CUDA") == "1":
        args.append("-DGGML_CUDA=on")
    return " ".join(args)


if __name__ == "__main__":
    print(cmake_args())
