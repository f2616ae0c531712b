"""Print CMAKE_ARGS for building llama.cpp on this CPU: its instruction sets, AMX always off.

A native build (-march=native) takes ggml's AMX path on some Xeons and crashes at the first decode
(ggml-org/llama.cpp#20824). So on x86-64 the flags are derived from /proc/cpuinfo instead.
PAPERCHAT_CUDA=1 adds a CUDA build (needs the CUDA toolkit); PAPERCHAT_CMAKE_ARGS overrides all.
"""

from __future__ import annotations

import os
import platform
from pathlib import Path

# cpuinfo flag(s) -> ggml CMake option, in ggml's own order. Every option is set explicitly:
# with GGML_NATIVE=OFF ggml would otherwise default some (SSE42, BMI2) to ON.
X86_FLAGS: dict[str, tuple[str, ...]] = {
    "GGML_SSE42": ("sse4_2",),
    "GGML_AVX": ("avx",),
    "GGML_AVX_VNNI": ("avx_vnni",),
    "GGML_AVX2": ("avx2",),
    "GGML_BMI2": ("bmi2",),
    "GGML_FMA": ("fma",),
    "GGML_F16C": ("f16c",),
    # ggml's AVX512 build uses F, CD, VL, DQ and BW together
    "GGML_AVX512": ("avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw"),
    "GGML_AVX512_VBMI": ("avx512f", "avx512vbmi"),
    "GGML_AVX512_VNNI": ("avx512f", "avx512_vnni"),
    "GGML_AVX512_BF16": ("avx512f", "avx512_bf16"),
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
        args += [f"-D{opt}={'ON' if flags.issuperset(need) else 'OFF'}"
                 for opt, need in X86_FLAGS.items()]
        args += [f"-D{opt}=OFF" for opt in AMX_OFF]
    if os.environ.get("PAPERCHAT_CUDA") == "1":
        args.append("-DGGML_CUDA=on")
    return " ".join(args)


if __name__ == "__main__":
    print(cmake_args())
